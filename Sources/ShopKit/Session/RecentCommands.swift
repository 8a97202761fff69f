/// The registry's commands that one-word names resolved to lately, for a line's command that
/// has no ``ResolutionCache`` (one outside a block): a script calls the same few commands
/// over and over, and comparing two short names costs less than a hash lookup (callgrind,
/// 20,000 replayed lines: 642M instructions looking each line's two names up, 635M not).
///
/// Sound because a session's registry never changes and comes before the user's commands.
struct RecentCommands {
    private struct Entry {
        let name: String
        let command: RegisteredCommand
    }

    private var entries = InlineArray<8, Entry?>(repeating: nil)

    /// The command `name` resolved to, if it is kept. Mutating, though it changes nothing: read
    /// from the interpreter's property, a non-mutating call copied all eight entries first.
    mutating func command(named name: String) -> RegisteredCommand? {
        guard let entry = entries[Self.slot(of: name)], entry.name == name else { return nil }
        return entry.command
    }

    /// Keeps what `name` resolved to, in place of the name kept in its slot.
    mutating func keep(_ command: RegisteredCommand, named name: String) {
        entries[Self.slot(of: name)] = Entry(name: name, command: command)
    }

    /// A name's slot, from its length and first byte (`set`, `echo`, `undo` differ in both).
    private static func slot(of name: String) -> Int {
        let utf8 = name.utf8
        return (utf8.count &+ Int(utf8.first ?? 0)) & 7
    }
}
