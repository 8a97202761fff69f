/// Objects that plugins keep for the length of one session: caches, network clients, a
/// guard against overlapping loads.
///
/// A plugin value is shared by every session of a process (`shop test` runs several
/// sessions at once), so what belongs to one session and is not plain state data lives
/// here: at most one object per plugin and type, made on first use and released with the
/// session. Anything `undo` must restore belongs in state keys instead.
///
/// Commands reach it through ``Invocation/sessionObject(_:)``.
public final class SessionObjects {
    private struct Key: Hashable {
        var owner: String
        var type: ObjectIdentifier
    }

    private var objects: [Key: any Sendable] = [:]

    public init() {}

    /// The object of type `Object` that `owner` keeps, made by `make` when there is none yet.
    public func object<Object: AnyObject & Sendable>(owner: String, make: () -> Object) -> Object {
        let key = Key(owner: owner, type: ObjectIdentifier(Object.self))
        if let existing = objects[key] as? Object { return existing }
        let made = make()
        objects[key] = made
        return made
    }
}
