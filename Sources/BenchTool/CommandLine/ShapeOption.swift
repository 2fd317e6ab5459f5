/// Options that choose which shapes to take: a run's (`RunOptions`), a profile's (`ProfileOptions`) and a
/// bisection's (`BisectOptions`), so that `--shape` is declared once for all.
protocol ShapeChoosing {
    /// The shapes chosen.
    var strategies: StrategySelection { get set }
}

extension RunOptions: ShapeChoosing {}
extension ProfileOptions: ShapeChoosing {}

extension CommandOption where Options: ShapeChoosing {
    /// `--shape SHAPES`, once for every command that takes shapes; `--strategy`, its old name, still
    /// reads, so older scripts and command lines keep working. A run writes it back (a fork is started
    /// with it) where it differs from the run's default.
    static var shape: Self {
        Self(
            "--shape", "SHAPES",
            help: """
                all, or shapes joined by commas, e.g. derived,root (\(default: "all"));
                both is derived,stored. The shapes: \(ShapeRegistry.list(FigureStrategy.measured)).
                A limit needs its shape and, where it compares with it, stored
                """,
            read: { given, options throws(BenchError) in options.strategies = try given.strategies() ?? options.strategies },
            value: { $0.strategies == RunOptions.defaults.strategies ? nil : $0.strategies.rawValue }
        )
        .formerly("--strategy")
    }
}
