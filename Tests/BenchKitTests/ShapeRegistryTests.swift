import Foundation
import Harness
import Runtime
import Testing

@testable import BenchKit

/// A shape is declared once: the registry in force gives its name, summary, colour and place to
/// everything that lists the shapes, and a registry of a test's own is seen by that test alone.
struct ShapeRegistryTests {
    /// root's behaviour under another name: a shape a test can register.
    struct RootCopy: PhaseStrategy {
        let root = RootPhaseStrategy()
        var name: String { "root-copy" }
        func makeSource() -> any PhaseSource { root.makeSource() }
        func didCommit(_ commit: Commit, in environment: Environment) { root.didCommit(commit, in: environment) }
    }

    static let fifth = Shape("root-copy", summary: "root's verdict, under another name", colour: "#16a34a", behaviour: RootCopy())
    static let withFifth = ShapeRegistry(ShapeRegistry.standard.shapes + [fifth])

    @Test func theStandardShapesAreTheDecisionRecordsFourEachItsBehavioursName() {
        let standard = ShapeRegistry.standard
        #expect(standard.labels == [.derived, .stored, .root, .incremental])
        #expect(standard.fallback.label == .stored && standard.candidates.map(\.label) == [.derived, .root, .incremental])
        for shape in standard.shapes {
            #expect(shape.behaviour.name == shape.label.rawValue, "\(shape.label)")
        }
        #expect(Set(standard.shapes.map(\.colour)).count == 4, "four colours")
        #expect(FigureStrategy.measured == standard.labels && FigureStrategy.allCases == standard.labels + [.unshaped])
    }

    @Test func aRegisteredShapeIsKnownWhereItIsInForceAndNowhereElse() throws {
        #expect(FigureStrategy(rawValue: "root-copy") == nil)
        try ShapeRegistry.$current.withValue(Self.withFifth) {
            let label = try #require(FigureStrategy(rawValue: "root-copy"))
            #expect(FigureStrategy.measured.last == label && FigureStrategy.incremental < label && label < .unshaped)
            #expect(ShapePreference.summary(of: label) == "root's verdict, under another name")
            #expect(StrategySelection.all.strategies.contains(label), "all is every shape in force")
            #expect(try StrategySelection.parse("root-copy,derived").get().strategies == [.derived, label])
            #expect(HTMLPage.style.contains(".s-root-copy { fill: #16a34a; stroke: #16a34a; background: #16a34a; }"))
            #expect(CommandLineParser.helpText.hasPrefix("bench: measures the phase's shapes (derived, root, incremental, root-copy) and the stored fallback"))
            #expect(try JSONDecoder().decode([FigureStrategy].self, from: Data(#"["root-copy"]"#.utf8)) == [label])
        }
        #expect(FigureStrategy(rawValue: "root-copy") == nil, "gone with its scope")
        #expect(!HTMLPage.style.contains("root-copy"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FigureStrategy].self, from: Data(#"["root-copy"]"#.utf8)) }
    }

    /// docs/adding-a-shape.md: a fourth shape sharing the budget of the committed limits narrows every
    /// shape's first look to an interval eight forks' medians cannot give.
    @Test func aFourthShapeSharingTheBudgetAsksTheFirstLookForMoreForksThanItHas() throws {
        let looks = try #require(try LimitsFile.load(path: Synthetic.repositoryFile("limits.json")).looks)
        let today = looks.level(forks: 8, shapes: 3)
        let withAFourth = looks.level(forks: 8, shapes: 4)
        #expect(abs(today - 0.992) < 1e-9 && abs(withAFourth - 0.994) < 1e-9)
        #expect(abs(looks.level(forks: 16, shapes: 4) - 0.99675) < 1e-9)
        #expect(ForkMedians.fewest(level: today) == 8, "today's first look decides at 8 forks")
        #expect(ForkMedians.fewest(level: withAFourth) == 9, "a fourth shape's first look needs 9")
    }

    @Test func namesAndColoursAreCheckedWhereAShapeIsDeclared() {
        #expect(Shape.isName("root-copy") && Shape.isName("v2"))
        #expect(!Shape.isName("Root") && !Shape.isName("all") && !Shape.isName("unshaped") && !Shape.isName("-x") && !Shape.isName(""))
        #expect(Shape.isColour("#16a34a") && !Shape.isColour("16a34a") && !Shape.isColour("#16a34") && !Shape.isColour("#16a34g"))
    }
}
