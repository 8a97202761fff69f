/// The registry's commands that a line's first words resolved to lately, for a line's command
/// that has no ``ResolutionCache`` (one outside a block): a script calls the same few commands
/// over and over, and comparing short names costs less than hash lookups (a group's command
/// such as `news more` takes two).
///
/// Sound because a session's registry never changes and comes before the user's commands.
struct RecentCommands {
    private struct Entry {
        let name: String
        /// The group's verb the command was found under; nil for a one-word name, which
        /// resolves the same whatever follows it.
        let verb: String?
        let command: RegisteredCommand
    }

    private var entries = InlineArray<8, Entry?>(repeating: nil)

    /// The command a line starting with `name` resolved to, and how many words its name takes,
    /// if it is kept; `verb` (the line's second word) is asked for only when `name` alone is
    /// not kept. Mutating, though it changes nothing: read from the interpreter's property, a
    /// non-mutating call copied all eight entries first.
    mutating func command(named name: String, verb: () -> String?) -> (RegisteredCommand, Int)? {
        if let entry = entries[Self.slot(of: name, verb: nil)], entry.verb == nil, entry.name == name {
            return (entry.command, 1)
        }
        guard let verb = verb(), let entry = entries[Self.slot(of: name, verb: verb)], entry.verb == verb,
            entry.name == name
        else { return nil }
        return (entry.command, 2)
    }

    /// Keeps what `name` (and `verb`, for a group's command named by two words) resolved to,
    /// in place of the name kept in its slot.
    mutating func keep(_ command: RegisteredCommand, named name: String, verb: String? = nil) {
        entries[Self.slot(of: name, verb: verb)] = Entry(name: name, verb: verb, command: command)
    }

    /// A name's slot, from its length and first byte (`set`, `echo`, `undo` differ in both),
    /// and its verb's (`news more`, `news list`).
    private static func slot(of name: String, verb: String?) -> Int {
        let utf8 = name.utf8
        var slot = utf8.count &+ Int(utf8.first ?? 0)
        if let verb = verb?.utf8 { slot = slot &+ verb.count &* 3 &+ Int(verb.first ?? 0) &+ 1 }
        return slot & 7
    }
}
