import JSON

/// Where a recorded response's error paths lead in its own data: to a field it holds (or beneath a
/// null one, which takes the error), to a root field it does not hold, or past what it holds.
///
/// The normalizer counts an error no field takes as unplaced. For an error whose path names a root
/// field the data does not hold, that is what the response means: an error of the response, not of a
/// record (`spec/unplaced-errors`), and the spec says so as it loads. A path that enters the data and
/// then names nothing there (a list index past the end, a key the object lacks) is a mistake in the
/// recording: counted as unplaced, it would change what a scenario measures without a word, so the
/// spec is refused.
public enum ErrorPaths {
    /// What one error's path leads to, when not to a field the response holds.
    public enum Finding: Hashable, Sendable {
        /// The path's first step names a root field the data does not hold: counted as unplaced.
        case rootFieldNotHeld(error: Int, path: String)
        /// The path enters the data and then names nothing it holds; `why` says what is there instead.
        case beyondData(error: Int, path: String, why: String)
    }

    /// The findings of every error of `response` (a whole response: `data` and `errors`) whose path
    /// does not lead to a field its data holds, in the errors' order. A response without data, or an
    /// error without a path, has none.
    public static func findings(in response: JSONValue) -> [Finding] {
        guard let data = response["data"], data != .null, let errors = response["errors"]?.elements else { return [] }
        return errors.enumerated().compactMap { index, error in
            guard let path = error["path"]?.elements, !path.isEmpty else { return nil }
            return finding(index, path, in: data)
        }
    }

    private static func finding(_ index: Int, _ path: [JSONValue], in data: JSONValue) -> Finding? {
        let text = path.map(step).joined(separator: ".")
        var here = data
        for (position, element) in path.enumerated() {
            // Beneath a null the null field takes the error, as Relay collects it on the null parent.
            if here == .null { return nil }
            let reached = path[..<position].map(step).joined(separator: ".")
            let place = reached.isEmpty ? "the data" : reached
            switch element {
            case .string(let key):
                guard let members = here.members else { return .beyondData(error: index, path: text, why: "\(place) is not an object") }
                guard let next = members.first(where: { $0.key == key })?.value else {
                    if position == 0 { return .rootFieldNotHeld(error: index, path: text) }
                    return .beyondData(error: index, path: text, why: "\(place) has no '\(key)'")
                }
                here = next
            case .int(let listIndex):
                guard let elements = here.elements else { return .beyondData(error: index, path: text, why: "\(place) is not a list") }
                guard elements.indices.contains(listIndex) else {
                    return .beyondData(error: index, path: text, why: "\(place) has \(elements.count) item\(elements.count == 1 ? "" : "s")")
                }
                here = elements[listIndex]
            default:
                // The normalizer refuses such a path as a malformed response, with its own line.
                return nil
            }
        }
        return nil
    }

    private static func step(_ element: JSONValue) -> String {
        switch element {
        case .string(let key): key
        case .int(let index): "\(index)"
        default: "?"
        }
    }
}
