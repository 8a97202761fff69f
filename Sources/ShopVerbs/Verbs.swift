/// The verbs for exploring data (SPEC §11.1), in the order `help` lists them.
enum Verbs {
    static let exploring: [any Command] =
        [
            SelectCommand(), RejectCommand(), FirstOrLastCommand(.first), FirstOrLastCommand(.last), ReverseCommand(),
            UniqCommand(), FlattenCommand(), LengthCommand(), GroupCommand(),
        ] + AggregateCommand.Kind.allCases.map(AggregateCommand.init) + [
            InsertOrUpdateCommand(.insert), InsertOrUpdateCommand(.update), RenameCommand(), AppendCommand(),
            SplitCommand(), JoinCommand(), ReplaceCommand(), LinesCommand(),
            TrimCommand(), ToMarkdownCommand(), FromCSVCommand(), OpenCommand(), SaveCommand(), ChartCommand(),
            ExpandCommand(), PageCommand(), ClearCommand(),
        ]
}
