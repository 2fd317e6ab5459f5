import Runtime

/// One shape of the phase, declared once: its behaviour, its name, its one-line summary, its colour and
/// its place, and everything that lists the shapes (the suite's measurements and counts, the limits
/// reader, the reports' columns and styles, the help text, the history's colours for the plots) reads
/// it from `ShapeRegistry`.
///
/// A shape's name is the word results files, limits files, `--shape` and reports use, and it must be the
/// behaviour's own `PhaseStrategy.name`: the two are checked equal when the shape is made, so a figure is
/// never labelled with another strategy's name. docs/adding-a-shape.md says how to add one.
struct Shape: Sendable {
    /// What a shape is to the decision: one a decision can ship, or the fallback every shape is
    /// compared with and that ships when none passes.
    enum Role: Sendable, Equatable {
        /// A shape a limits file may rank in its preference.
        case candidate
        /// Today's stored phase: the denominator of every ratio, and what ships when no shape passes.
        case fallback
    }

    /// The name on every figure, as results files write it (`"strategy": "root"`).
    let label: FigureStrategy
    /// What the shape is, in the words a decision line ends with ("the verdict is kept on the root,
    /// the phase derived from it").
    let summary: String
    /// Its colour in the HTML report and the history's plots, `#rrggbb`.
    let colour: String
    /// A candidate or the fallback.
    let role: Role
    /// The runtime's strategy the shape is measured and counted with.
    let behaviour: any PhaseStrategy
    /// What counting a scenario under the shape costs, against a shape whose phase bodies read a kept
    /// verdict (1): a run splits its counting between two threads by it (`SuiteRunner.shares`).
    let countingWeight: Int

    /// Declares a shape.
    ///
    /// - Precondition: `behaviour.name == name`; `name` is lowercase letters, digits and hyphens,
    ///   starting with a letter, and not a word the bench reserves (`all`, `both`, `none`, `unshaped`);
    ///   `colour` is `#` and six hexadecimal digits.
    init(_ name: String, summary: String, colour: String, role: Role = .candidate, countingWeight: Int = 1, behaviour: any PhaseStrategy) {
        precondition(behaviour.name == name, "the shape '\(name)' is declared with the behaviour of '\(behaviour.name)'")
        precondition(Self.isName(name), "'\(name)' is not a shape's name: lowercase letters, digits and hyphens, not all, both, none or unshaped")
        precondition(Self.isColour(colour), "the shape '\(name)' has colour '\(colour)', not #rrggbb")
        self.label = FigureStrategy(declared: name)
        self.summary = summary
        self.colour = colour
        self.role = role
        self.behaviour = behaviour
        self.countingWeight = countingWeight
    }

    /// Whether `name` can name a shape.
    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        let allowed = name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        return allowed && !["all", "both", "none", "unshaped"].contains(name)
    }

    /// Whether `colour` is `#rrggbb`, so a colour can go into a style sheet as it is.
    static func isColour(_ colour: String) -> Bool {
        colour.count == 7 && colour.first == "#" && colour.dropFirst().allSatisfy(\.isHexDigit)
    }
}
