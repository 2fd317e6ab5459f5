/// A record's identity in the normalized store: `Character:1`, `client:root:characters(page:1)`.
public struct RecordID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The id's text.
    public var rawValue: String

    /// An id of `rawValue` as is: nothing parses it, so the normalizer's `Type:id` and `client:` forms are
    /// convention only.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// An id written as a literal, `"Character:1"`, as tests and `root` write them.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The id's text.
    public var description: String { rawValue }

    public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id of the root record, under which every query's root fields are stored.
    public static let root: RecordID = "client:root"
}

/// A record's position in one store: what a link holds, so following a link is an array index.
///
/// A ref is meaningful only in the store that made it. Records are never removed from that array (a
/// deleted record keeps its ref, empty), so a ref stays valid for the store's lifetime.
public struct RecordRef: Hashable, Sendable, Comparable {
    /// The index into the store's records.
    public let index: Int32

    init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }

    public static func < (lhs: RecordRef, rhs: RecordRef) -> Bool { lhs.index < rhs.index }
}

/// A field's storage key, interned by a store: a small integer naming `name` or `characters(page:1)`.
public struct FieldID: Hashable, Sendable {
    /// The index into the store's table of storage keys.
    public let index: Int32

    init(_ index: Int) { self.index = Int32(truncatingIfNeeded: index) }
}
