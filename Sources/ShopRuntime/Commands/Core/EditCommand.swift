import ShopPluginAPI

/// `edit`: opens the last block typed (or, with none, the last command) in the user's editor,
/// and runs what is saved, as Alt-E does for the line being typed.
struct EditCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["edit"], abstract: "Edit the last block in $VISUAL or $EDITOR, then run it",
        discussion: """
            The editor is $VISUAL, else $EDITOR, else 'editor', else 'vi'. What is saved runs as if typed, \
            and Up recalls it; an empty file runs nothing. Alt-E or Ctrl-X Ctrl-E do the same for the line \
            being typed. At the interactive prompt only.
            """,
        history: .never)

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        guard let screen = invocation.console.screen else {
            throw CommandFailure("edit works at the interactive prompt only")
        }
        let block = try session.history.entries(in: .all, matching: "\n", limit: 1).last
        guard let entry = try block ?? session.history.entries(in: .all, matching: nil, limit: 1).last else {
            throw CommandFailure("edit: there is no command to edit yet")
        }
        try screen.edit(entry.text)
        return nil
    }
}
