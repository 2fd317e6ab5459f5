/// The stored properties that key a record's field channels: one byte each, never read or written.
///
/// Observation keys a tracked read by its key path, and a tracking scope hashes and compares that key
/// path where it records the access, where the registrar files the scope's observer and where the
/// scope is cancelled. A key path to a stored property is a single component holding an offset, so it
/// hashes and compares as a plain `@Observable` property's does, as a code-generated runtime's would
/// (it has a stored property per field). A subscript key path, `\Record.[channel: id]`, hashes its
/// argument through `Hashable` and compares it through `Equatable` witnesses, and a tuple element,
/// `\Record.channels.N`, is a second component: both cost more per tracked read, in instructions and
/// in time (docs/tracked-key-paths.md). Field ids beyond these properties fall back to the subscript,
/// which keeps every channel distinct however many storage keys a store interns.
///
/// The properties are `let`s of a superclass so that `Record` stays readable: `\Record.c0` is still one
/// stored component. Each costs the record a byte.
public class RecordChannels {
    /// The existence channel's property: see `Record.readExists(_:)`.
    let existence: UInt8 = 0
    let c0: UInt8 = 0, c1: UInt8 = 0, c2: UInt8 = 0, c3: UInt8 = 0, c4: UInt8 = 0, c5: UInt8 = 0, c6: UInt8 = 0, c7: UInt8 = 0
    let c8: UInt8 = 0, c9: UInt8 = 0, c10: UInt8 = 0, c11: UInt8 = 0, c12: UInt8 = 0, c13: UInt8 = 0, c14: UInt8 = 0, c15: UInt8 = 0
    let c16: UInt8 = 0, c17: UInt8 = 0, c18: UInt8 = 0, c19: UInt8 = 0, c20: UInt8 = 0, c21: UInt8 = 0, c22: UInt8 = 0, c23: UInt8 = 0
    let c24: UInt8 = 0, c25: UInt8 = 0, c26: UInt8 = 0, c27: UInt8 = 0, c28: UInt8 = 0, c29: UInt8 = 0, c30: UInt8 = 0, c31: UInt8 = 0
    let c32: UInt8 = 0, c33: UInt8 = 0, c34: UInt8 = 0, c35: UInt8 = 0, c36: UInt8 = 0, c37: UInt8 = 0, c38: UInt8 = 0, c39: UInt8 = 0
    let c40: UInt8 = 0, c41: UInt8 = 0, c42: UInt8 = 0, c43: UInt8 = 0, c44: UInt8 = 0, c45: UInt8 = 0, c46: UInt8 = 0, c47: UInt8 = 0
    let c48: UInt8 = 0, c49: UInt8 = 0, c50: UInt8 = 0, c51: UInt8 = 0, c52: UInt8 = 0, c53: UInt8 = 0, c54: UInt8 = 0, c55: UInt8 = 0
    let c56: UInt8 = 0, c57: UInt8 = 0, c58: UInt8 = 0, c59: UInt8 = 0, c60: UInt8 = 0, c61: UInt8 = 0, c62: UInt8 = 0, c63: UInt8 = 0

    /// The stored channels' key paths, in field-id order: field id `n` below `count` is keyed by the
    /// `n`th.
    // A key path is immutable once made; it is not Sendable only because `Record` is not.
    nonisolated(unsafe) static let keyPaths: [KeyPath<Record, UInt8>] = [
        \.c0, \.c1, \.c2, \.c3, \.c4, \.c5, \.c6, \.c7,
        \.c8, \.c9, \.c10, \.c11, \.c12, \.c13, \.c14, \.c15,
        \.c16, \.c17, \.c18, \.c19, \.c20, \.c21, \.c22, \.c23,
        \.c24, \.c25, \.c26, \.c27, \.c28, \.c29, \.c30, \.c31,
        \.c32, \.c33, \.c34, \.c35, \.c36, \.c37, \.c38, \.c39,
        \.c40, \.c41, \.c42, \.c43, \.c44, \.c45, \.c46, \.c47,
        \.c48, \.c49, \.c50, \.c51, \.c52, \.c53, \.c54, \.c55,
        \.c56, \.c57, \.c58, \.c59, \.c60, \.c61, \.c62, \.c63,
    ]

    init() {}
}
