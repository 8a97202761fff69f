import ShopPluginAPI

/// The fields Tab offers after `join RIGHT --on FIELD … |`: the input's, then those of the
/// records RIGHT names (a variable), each the input has already prefixed with `right_`.
/// `join SEP` makes a string: none.
enum JoinResultFields {
    @Sendable static func fields(_ request: ResultFieldsRequest) -> [String] {
        guard request.words.contains("--on"), let right = request.words.first.flatMap(request.value(of:)) else {
            return []
        }
        let left = request.inputFields ?? []
        let taken = Set(left)
        return left + ResultFieldsRequest.fields(of: right).map { taken.contains($0) ? "right_" + $0 : $0 }
    }
}
