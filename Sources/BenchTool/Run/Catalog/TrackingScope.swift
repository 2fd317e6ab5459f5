import Observation

/// A body's tracking scope as the bench times it: open a scope, read, close it (which registers an
/// observer for every channel read), and cancel it, as the change that re-runs a body would.
///
/// Observation removes a scope's observers only when one of its channels changes; a timing loop that
/// never fired them would pile up millions of observers and time that pile-up instead. Every timed
/// scope therefore also reads a channel of its own, and fires it once the scope is closed. So a
/// tracked figure is the whole life of a scope over what it read; `tracking-scope.empty` is that life
/// over nothing but the cancel channel, the floor under every tracked figure.
final class TrackingScope {
    private let registrar = ObservationRegistrar()

    /// A driver with a cancel channel of its own; one serves every scope a measurement opens, one after
    /// another.
    init() {}

    /// The cancel channel.
    private var channel: Int {
        registrar.access(self, keyPath: \.channel)
        return 0
    }

    /// Runs `read` inside a fresh tracking scope, closes the scope and cancels it; returns what
    /// `read` returned.
    @inline(never)
    func track<Value>(_ read: () -> Value) -> Value {
        let value = withObservationTracking({ () -> Value in
            _ = channel
            return read()
        }, onChange: {})
        registrar.withMutation(of: self, keyPath: \.channel) {}
        return value
    }
}

extension TrackingScope: Observable {}

/// The floor under the runtime's reads: eight plain `@Observable` properties, read as a row body
/// reads eight fields.
@Observable
final class ObservableRow {
    var f0 = "Rick Sanchez"
    var f1 = "Alive"
    var f2 = "Human"
    var f3 = ""
    var f4 = "Male"
    var f5 = "https://rickandmortyapi.com/api/character/avatar/1.jpeg"
    var f6 = "2017-11-04T18:48:46.250Z"
    var f7 = "1"

    /// A row of values shaped like the fixtures' first character, Rick Sanchez, so its strings are a real
    /// row's lengths.
    init() {}

    /// Reads all eight, as a row body does.
    @inline(never)
    func readAll() -> Int {
        f0.utf8.count &+ f1.utf8.count &+ f2.utf8.count &+ f3.utf8.count
            &+ f4.utf8.count &+ f5.utf8.count &+ f6.utf8.count &+ f7.utf8.count
    }
}
