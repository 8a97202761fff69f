/// The operator of `where` is a choice of its spellings.
extension ComparisonOperator: ChoiceArgument {}
