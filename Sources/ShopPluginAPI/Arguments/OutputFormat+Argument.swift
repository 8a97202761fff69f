import ShopRendering

/// `format` and `--format` take one of the formats' names.
extension OutputFormat: ChoiceArgument {}
