import BenchKit

/// One scenario (by its place among the run's selected scenarios) under one strategy.
struct CountingItem: Hashable, Sendable {
    let scenario: Int
    let strategy: FigureStrategy
}
