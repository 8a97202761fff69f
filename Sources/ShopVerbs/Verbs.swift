import ShopPluginAPI

/// The data verbs, in the order `help` lists them: the runtime registers them beside its own
/// commands, by their names alone (`where`, not a plugin's `NAME VERB`).
public enum Verbs {
    /// Every verb.
    public static let all: [any Command] =
        [
            WhereCommand(), EachCommand(), SortCommand(), TakeCommand(), SkipCommand(), CountCommand(), GetCommand(),
            FindCommand(), ToJSONCommand(), ToCSVCommand(), ToJSONLinesCommand(), FromJSONCommand(),
            FromJSONLinesCommand(),
            SelectCommand(), RejectCommand(), FirstOrLastCommand(.first), FirstOrLastCommand(.last), ReverseCommand(),
            UniqCommand(), FlattenCommand(), LengthCommand(), GroupCommand(),
        ] + AggregateCommand.Kind.allCases.map(AggregateCommand.init) + [
            InsertOrUpdateCommand(.insert), InsertOrUpdateCommand(.update), RenameCommand(), AppendCommand(),
            SplitCommand(), JoinCommand(), ReplaceCommand(), LinesCommand(),
            TrimCommand(), ToMarkdownCommand(), FromCSVCommand(), OpenCommand(), SaveCommand(), SQLCommand(),
            HTTPRequestCommand(.get), HTTPRequestCommand(.post), HTTPRecordCommand(), HTTPReplayCommand(),
            HTTPLiveCommand(), ChartCommand(),
            ExpandCommand(), PageCommand(), ClearCommand(), DescribeCommand(), ColumnsCommand(),
        ] + IntoCommand.Kind.allCases.map(IntoCommand.init) + [
            DateNowCommand(), DateTruncCommand(), DatePartCommand(),
            StrCaseCommand(.upcase), StrCaseCommand(.downcase), StrLengthCommand(), StrSubstringCommand(),
            StrAffixCommand(.startsWith), StrAffixCommand(.endsWith), StrPadCommand(), StrReplaceCommand(),
        ]
}
