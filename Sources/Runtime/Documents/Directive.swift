/// A directive as written on an operation, fragment or selection: `@name(arg: value)`.
public struct Directive: Hashable, Sendable {
    /// The directive's name, without the `@`.
    public var name: String
    /// Its arguments, in the order written.
    public var arguments: [Argument]

    /// A directive as written, `name` without the `@`; the runtime reads only `throwOnFieldError`,
    /// `required` and `catch` (the helpers below build them) and carries any other unread.
    public init(_ name: String, arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }

    /// The value of the argument called `name`, if written.
    public func argument(_ name: String) -> InputValue? {
        arguments.first { $0.name == name }?.value
    }

    /// `@throwOnFieldError`.
    public static let throwOnFieldError = Directive("throwOnFieldError")

    /// `@required(action: ...)`.
    public static func required(_ action: RequiredAction) -> Directive {
        Directive("required", arguments: [Argument(name: "action", value: .enumValue(action.rawValue))])
    }

    /// `@catch(to: ...)`; `to` defaults to `RESULT`, as in Relay.
    public static func `catch`(to target: CatchTarget = .result) -> Directive {
        Directive("catch", arguments: [Argument(name: "to", value: .enumValue(target.rawValue))])
    }
}

/// What a `@required` field does when it is null or holds a field error.
public enum RequiredAction: String, Hashable, Sendable, CaseIterable {
    /// Null the parent, and bubble on through `@required` parents.
    case none = "NONE"
    /// As `none`, and report the missing field through the environment's log hook.
    case log = "LOG"
    /// Throw at the read.
    case `throw` = "THROW"
}

/// What a `@catch` field turns the errors beneath it into.
public enum CatchTarget: String, Hashable, Sendable, CaseIterable {
    /// The field reads as a result: its value, or the errors caught beneath it.
    case result = "RESULT"
    /// The field reads as null.
    case null = "NULL"
}

/// One `name: value` argument of a field or directive.
public struct Argument: Hashable, Sendable {
    /// The argument's name.
    public var name: String
    /// Its value; may contain variables.
    public var value: InputValue

    /// An argument as written: `value` may hold variables, which `Field.storageKey(variables:)` resolves per
    /// request.
    public init(name: String, value: InputValue) {
        self.name = name
        self.value = value
    }
}

/// Reading the runtime's own directives out of a directive list.
extension [Directive] {
    /// Whether `@throwOnFieldError` is present.
    public var hasThrowOnFieldError: Bool { contains { $0.name == "throwOnFieldError" } }

    /// The action of `@required`, when present. An absent or unknown `action` is `NONE`.
    public var requiredAction: RequiredAction? {
        guard let directive = first(where: { $0.name == "required" }) else { return nil }
        if case .enumValue(let raw)? = directive.argument("action"), let action = RequiredAction(rawValue: raw) {
            return action
        }
        return RequiredAction.none
    }

    /// The target of `@catch`, when present. An absent `to` is `RESULT`.
    public var catchTarget: CatchTarget? {
        guard let directive = first(where: { $0.name == "catch" }) else { return nil }
        if case .enumValue(let raw)? = directive.argument("to"), let target = CatchTarget(rawValue: raw) {
            return target
        }
        return .result
    }
}
