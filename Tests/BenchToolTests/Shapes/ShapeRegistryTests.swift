import Foundation
import Harness
import Testing

@testable import BenchTool

/// A shape is declared once: the registry in force gives its name, summary, colour and place to
/// everything that lists the shapes (a registry of a test's own: `FifthShapeTests`).
struct ShapeRegistryTests {
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
