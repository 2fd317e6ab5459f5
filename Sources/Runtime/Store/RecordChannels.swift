/// The computed properties that key a record's field channels: one per channel, never read.
///
/// Observation keys a tracked read by its key path, and a tracking scope hashes and compares that key
/// path where it records the access, where the registrar files the scope's observer and where the
/// scope is cancelled. The `@Observable` macro turns each stored property into a computed one over a
/// hidden backing property, so a plain `@Observable` read, and a code-generated runtime's field read,
/// is keyed by a one-component key path to a computed property, with no argument. `\Record.cN` is that
/// kind of key path. A subscript key path, `\Record.[channel: id]`, hashes its argument through
/// `Hashable` and compares it through `Equatable` witnesses, and a tuple element,
/// `\Record.channels.N`, is a second component: both cost more per tracked read. A key path to a
/// stored property (an offset) costs less than Observation's own, which would make the model's reads
/// look cheaper than a real runtime's (docs/tracked-key-paths.md). Field ids beyond these properties
/// fall back to the subscript, which keeps every channel distinct however many storage keys a store
/// interns.
///
/// The properties live in a superclass so that `Record` stays readable: `\Record.c0` is still one
/// component. Being computed, they cost a record no storage.
public class RecordChannels {
    /// The existence channel's property: see `Record.readExists(_:)`.
    var existence: UInt8 { 0 }
    var c0: UInt8 { 0 }; var c1: UInt8 { 0 }; var c2: UInt8 { 0 }; var c3: UInt8 { 0 }; var c4: UInt8 { 0 }; var c5: UInt8 { 0 }; var c6: UInt8 { 0 }; var c7: UInt8 { 0 }
    var c8: UInt8 { 0 }; var c9: UInt8 { 0 }; var c10: UInt8 { 0 }; var c11: UInt8 { 0 }; var c12: UInt8 { 0 }; var c13: UInt8 { 0 }; var c14: UInt8 { 0 }; var c15: UInt8 { 0 }
    var c16: UInt8 { 0 }; var c17: UInt8 { 0 }; var c18: UInt8 { 0 }; var c19: UInt8 { 0 }; var c20: UInt8 { 0 }; var c21: UInt8 { 0 }; var c22: UInt8 { 0 }; var c23: UInt8 { 0 }
    var c24: UInt8 { 0 }; var c25: UInt8 { 0 }; var c26: UInt8 { 0 }; var c27: UInt8 { 0 }; var c28: UInt8 { 0 }; var c29: UInt8 { 0 }; var c30: UInt8 { 0 }; var c31: UInt8 { 0 }
    var c32: UInt8 { 0 }; var c33: UInt8 { 0 }; var c34: UInt8 { 0 }; var c35: UInt8 { 0 }; var c36: UInt8 { 0 }; var c37: UInt8 { 0 }; var c38: UInt8 { 0 }; var c39: UInt8 { 0 }
    var c40: UInt8 { 0 }; var c41: UInt8 { 0 }; var c42: UInt8 { 0 }; var c43: UInt8 { 0 }; var c44: UInt8 { 0 }; var c45: UInt8 { 0 }; var c46: UInt8 { 0 }; var c47: UInt8 { 0 }
    var c48: UInt8 { 0 }; var c49: UInt8 { 0 }; var c50: UInt8 { 0 }; var c51: UInt8 { 0 }; var c52: UInt8 { 0 }; var c53: UInt8 { 0 }; var c54: UInt8 { 0 }; var c55: UInt8 { 0 }
    var c56: UInt8 { 0 }; var c57: UInt8 { 0 }; var c58: UInt8 { 0 }; var c59: UInt8 { 0 }; var c60: UInt8 { 0 }; var c61: UInt8 { 0 }; var c62: UInt8 { 0 }; var c63: UInt8 { 0 }

    /// The channels' key paths, in field-id order: field id `n` below `count` is keyed by the
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
