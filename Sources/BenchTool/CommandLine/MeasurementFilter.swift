/// Chooses measurements and counts by name: a substring, or a glob when the pattern has `*` or `?`;
/// alternatives separated by `|`, any of which may match.
///
/// Names look like `phase.read.tracked(largest-strict)`, so a plain pattern such as `phase.read`
/// matches every name containing it. A pattern with `*` (any run of characters, dots and parentheses
/// included) or `?` (exactly one character) is a glob and must match the whole name:
/// `phase.read.*(largest-strict)`. Matching is case-sensitive, because names are join keys.
struct MeasurementFilter: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as given on the command line.
    let pattern: String


    /// Whether `name` is chosen: by any of the pattern's alternatives.
    func matches(_ name: String) -> Bool {
        pattern.split(separator: "|", omittingEmptySubsequences: false).contains { alternative in
            // An alternative with `*` or `?` is a glob; one without, a substring.
            alternative.contains("*") || alternative.contains("?")
                ? Self.glob(Array(alternative.unicodeScalars), matches: Array(name.unicodeScalars)) : name.contains(alternative)
        }
    }

    var description: String { pattern }

    /// Iterative wildcard matching with one backtrack point: the last `*` seen and where it resumed.
    private static func glob(_ pattern: [Unicode.Scalar], matches name: [Unicode.Scalar]) -> Bool {
        var patternIndex = 0
        var nameIndex = 0
        var starIndex: Int?
        var resumeIndex = 0
        while nameIndex < name.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "?" || pattern[patternIndex] == name[nameIndex] {
                patternIndex += 1
                nameIndex += 1
            } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                starIndex = patternIndex
                resumeIndex = nameIndex
                patternIndex += 1
            } else if let star = starIndex {
                // Let the last `*` swallow one more character and try again from there.
                patternIndex = star + 1
                resumeIndex += 1
                nameIndex = resumeIndex
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
