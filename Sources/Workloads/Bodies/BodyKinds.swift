import Runtime
import Synchronization

/// The kinds of body a scenario renders: what a view tree over an operation reads.
public enum BodyKinds {
    /// A body that reads only the handle's phase: a loading overlay, an error banner.
    public static func phase(_ handle: Handle, name: String = "phase") -> Body {
        Body(name) { Sink.keep(handle.phase.name) }
    }

    /// A row: reads `fields` (eight, in the bench's row) of one record through a lens. A field error
    /// under `@throwOnFieldError` ends the row's read, as a throwing view body would.
    public static func row(_ lens: Lens, fields: [Lens.FieldKey], name: String) -> Body {
        Body(name) {
            do {
                for field in fields { Sink.keep(try lens.scalar(field)) }
            } catch {
                Sink.keep(error)
            }
        }
    }

    /// A fragment's own body: reads everything its fragment selects on the record, through the
    /// fragment's lens, as `Lens.read()` does.
    public static func fragment(_ lens: Lens, name: String) -> Body {
        Body(name) {
            do { Sink.keep(try lens.read()) } catch { Sink.keep(error) }
        }
    }

    /// An operation's own body: reads the phase and, when ready, follows `path` (object fields, then a
    /// list field last) to the list its rows show, as a list view's body does before handing each row
    /// its lens.
    public static func list(_ handle: Handle, path: [String], name: String = "list") -> Body {
        Body(name) {
            guard case .ready(let lens) = handle.phase else { return }
            do { Sink.keep(try follow(lens, path)?.count) } catch { Sink.keep(error) }
        }
    }

    /// The lenses at the end of `path`: object fields, then a list field last.
    public static func follow(_ lens: Lens, _ path: [String]) throws(LensError) -> [Lens?]? {
        guard let last = path.last else { return nil }
        var current = lens
        for key in path.dropLast() {
            guard let next = try current.object(key) else { return nil }
            current = next
        }
        return try current.list(last)
    }
}

/// Keeps what a body read observable to nobody, so a body's reads are not optimized away.
enum Sink {
    private static let kept = Atomic<Int>(0)

    @inline(never)
    static func keep<Value>(_ value: Value) {
        withUnsafePointer(to: value) { _ = kept.wrappingAdd(Int(bitPattern: $0) & 1, ordering: .relaxed) }
    }
}
