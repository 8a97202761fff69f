import ShopPluginAPI

/// The fields Tab offers after `http get URL |`: those of the last answer from that URL in
/// this session, or of the answer the archive being replayed holds for it; `--full`'s
/// otherwise. Tab never sends a request.
enum HTTPResultFields {
    static func fields(method: HTTPRequestCommand.Method) -> @Sendable (ResultFieldsRequest) -> [String] {
        { request in
            if request[HTTPRequestCommand.full] { return HTTPAnswer.fullFields }
            guard let url = request.text(HTTPRequestCommand.url),
                let session = request.objects.existing(owner: "", as: HTTPSession.self)
            else { return [] }
            return session.fields(method: method.rawValue, url: url)
        }
    }
}
