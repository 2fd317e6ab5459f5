import Harness

/// A field of the environment that two results files must share for a difference between them to be
/// the code's: the machine, the toolchain, the allocator, the build configuration.
///
/// `bench compare` warns on each that differs; `bench history` judges a step in wall time only between
/// runs that share every one of them, and a step in instructions only between runs of one toolchain and
/// build configuration, since those two decide which instructions run.
struct EnvironmentField: Sendable {
    /// The field's key in a results file's `environment`, as a warning names it: `cpuModel`.
    var name: String
    /// What a difference in it means, as the history says it: `another machine`.
    var difference: String
    /// The field's value in an environment.
    var value: @Sendable (MachineEnvironment) -> String

    /// The processor: the bench's description of the machine, as `bench compare` and `bench merge` read it.
    static let cpuModel = EnvironmentField(name: "cpuModel", difference: "another machine") { $0.cpuModel }
    /// The Swift toolchain, which compiles every instruction counted.
    static let toolchain = EnvironmentField(name: "toolchain", difference: "another toolchain") { $0.toolchain }
    /// The allocator serving `malloc`.
    static let allocator = EnvironmentField(name: "allocator", difference: "another allocator") { $0.allocator }
    /// `debug` or `release`.
    static let buildConfiguration = EnvironmentField(
        name: "buildConfiguration", difference: "another build configuration"
    ) { $0.buildConfiguration }

    /// Every field wall time depends on, in the order `bench compare` warns of them.
    static let wallTime: [EnvironmentField] = [cpuModel, toolchain, allocator, buildConfiguration]
    /// The fields an instruction count depends on: the code the toolchain made of the source.
    static let instructions: [EnvironmentField] = [toolchain, buildConfiguration]

    /// The first of `fields` whose value differs between `first` and `second`; `nil` when they share all.
    static func firstDifference(
        in fields: [EnvironmentField], _ first: MachineEnvironment, _ second: MachineEnvironment
    ) -> EnvironmentField? {
        fields.first { $0.value(first) != $0.value(second) }
    }
}
