/// A set of one store's records, one bit per record index: what a verdict walk read, kept on a root so
/// that a commit touching none of it leaves the verdict as it was.
///
/// Records are dense (`RecordRef.index` indexes the store's array) and never removed, so a bitmap is
/// exact, and the test a commit makes per record it touched is a load and a mask. A ref beyond the
/// bitmap (a record made after the set was filled) is not in it.
struct RecordSet {
    private var words: ContiguousArray<UInt64> = []

    /// An empty set.
    init() {}

    /// Whether `ref` is in the set.
    @inline(__always)
    func contains(_ ref: RecordRef) -> Bool {
        let word = Int(ref.index) &>> 6
        return word < words.count && words[word] & Self.bit(ref) != 0
    }

    /// Whether any of `refs` is in the set.
    /// - Complexity: O(`refs.count`), stopping at the first found.
    func containsAny(of refs: [RecordRef]) -> Bool {
        for ref in refs where contains(ref) { return true }
        return false
    }

    /// Adds `ref`, growing the set as needed; returns whether it was not in the set before.
    @discardableResult
    mutating func insert(_ ref: RecordRef) -> Bool {
        let word = Int(ref.index) &>> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        let bit = Self.bit(ref)
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        return true
    }

    /// Takes `ref` out of the set.
    mutating func remove(_ ref: RecordRef) {
        let word = Int(ref.index) &>> 6
        if word < words.count { words[word] &= ~Self.bit(ref) }
    }

    /// Empties the set, makes room for refs below `count`, and lets `body` fill it through a writer
    /// that checks nothing, for a walk that marks every record it enters.
    ///
    /// The storage is kept from one fill to the next when its size is right, so refilling a root's set
    /// at each walk allocates only when the store has grown past it.
    /// - Precondition: `body` inserts only refs below `count`: the store makes no record during a walk.
    mutating func refill<Result>(below count: Int, _ body: (Writer) -> Result) -> Result {
        let needed = max(1, (count + 63) &>> 6)
        if words.count == needed {
            words.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            words = ContiguousArray(repeating: 0, count: needed)
        }
        return words.withUnsafeMutableBufferPointer { buffer in
            body(Writer(words: buffer.baseAddress!, count: buffer.count))
        }
    }

    @inline(__always)
    private static func bit(_ ref: RecordRef) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: ref.index & 63) }

    /// Inserts into a set's words in place, for the span of `refill(below:_:)`: a walk marks a record per
    /// object it enters, so the mark is an or into memory, with no uniqueness or bounds check.
    struct Writer {
        fileprivate let words: UnsafeMutablePointer<UInt64>
        fileprivate let count: Int

        /// Adds `ref`.
        @inline(__always)
        func insert(_ ref: RecordRef) {
            let word = Int(ref.index) &>> 6
            assert(word < count, "a record made during a walk")
            words[word] |= RecordSet.bit(ref)
        }
    }
}
