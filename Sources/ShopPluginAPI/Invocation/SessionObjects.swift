import Synchronization

/// Objects that plugins keep for the length of one session: caches, network clients, a
/// guard against overlapping loads.
///
/// A plugin value is shared by every session of a process (`shop test` runs several
/// sessions at once), so what belongs to one session and is not plain state data lives
/// here: at most one object per plugin and type, made on first use and released with the
/// session. Anything `undo` must restore belongs in state keys instead.
///
/// Commands reach it through ``Invocation/sessionObject(_:)``.
public final class SessionObjects: Sendable {
    private struct Key: Hashable {
        var owner: String
        var type: ObjectIdentifier
    }

    /// An object, and the same object as ``SessionEnding`` when it is one.
    private struct Kept {
        var object: any Sendable
        var ending: (any SessionEnding)?
    }

    /// Tab completion reads it from the line editor's thread, commands from the session's.
    private let objects = Mutex<[Key: Kept]>([:])

    public init() {}

    /// The object of type `Object` that `owner` keeps, made by `make` when there is none yet
    /// (one that ends with the session is made by ``endingObject(owner:make:)``).
    public func object<Object: AnyObject & Sendable>(owner: String, make: () -> Object) -> Object {
        object(owner: owner, make: make) { made in
            assert(!(made is any SessionEnding), "a SessionEnding object is made by endingObject(owner:make:)")
            return nil
        }
    }

    /// The object of type `Object` that `owner` keeps, made by `make` when there is none yet,
    /// and told when the session ends.
    ///
    /// Its own function, not a cast to ``SessionEnding`` at the end: the first cast of an
    /// object that is not one searches every protocol conformance of the program. Debug builds
    /// check that ``object(owner:make:)`` is given none.
    public func endingObject<Object: SessionEnding>(owner: String, make: () -> Object) -> Object {
        object(owner: owner, make: make) { $0 }
    }

    private func object<Object: AnyObject & Sendable>(
        owner: String, make: () -> Object, ending: (Object) -> (any SessionEnding)?
    ) -> Object {
        let key = Key(owner: owner, type: ObjectIdentifier(Object.self))
        return objects.withLock { objects in
            if let existing = objects[key]?.object as? Object { return existing }
            let made = make()
            objects[key] = Kept(object: made, ending: ending(made))
            return made
        }
    }

    /// The object of type `Object` that `owner` keeps, if it made one.
    public func existing<Object: AnyObject & Sendable>(owner: String, as type: Object.Type) -> Object? {
        objects.withLock { $0[Key(owner: owner, type: ObjectIdentifier(type))]?.object as? Object }
    }

    /// Tells every object that ends with the session (``SessionEnding``) that it ended.
    package func endAll() async {
        let ending = objects.withLock { $0.values.compactMap(\.ending) }
        await withTaskGroup(of: Void.self) { group in
            for object in ending { group.addTask { await object.sessionEnded() } }
        }
    }
}

/// A session object with work to do when its session ends: stopping a process, flushing
/// a file. Made by ``Invocation/endingSessionObject(_:)`` or
/// ``SessionObjects/endingObject(owner:make:)``.
///
/// ```swift
/// final class Connection: SessionEnding {
///     func sessionEnded() async { await close() }
/// }
/// ```
public protocol SessionEnding: AnyObject, Sendable {
    /// Called once, when the session ends.
    func sessionEnded() async
}
