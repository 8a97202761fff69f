extension Argument {
    /// An argument that takes every remaining word and needs at least one (`select FIELD…`):
    /// the binder reports it missing, and usage shows it without brackets.
    public init<Element>(atLeastOne name: String, _ abstract: String, completion: CompletionSource? = nil)
    where T == [Element] {
        argumentSpec = ArgumentSpec(
            name, abstract, type: Element.valueType, isOptional: false, isVariadic: true,
            completion: completion ?? Element.defaultCompletion)
    }
}
