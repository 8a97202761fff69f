/// Why a state value is not what a `news.*` key holds, in a few words.
struct NewsValueError: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
