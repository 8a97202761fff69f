import ShopPluginAPI

/// `date trunc`'s unit and `date part`'s field as arguments: kind `choice`, completing their words.
extension DateUnit: ChoiceArgument {}
extension DatePart: ChoiceArgument {}
