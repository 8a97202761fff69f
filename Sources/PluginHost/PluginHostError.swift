import ShopPluginAPI

/// What went wrong with an outside plugin, as one line that names it.
///
/// The session prints it after `error: `; the state is unchanged and the next call starts
/// the plugin again (unless it is disabled).
public enum PluginHostError: Error, Equatable, CustomStringConvertible {
    /// The executable could not be started.
    case cannotStart(plugin: String, path: String, reason: String)
    /// Spawn plus `initialize` took longer than the limit.
    case startTimeout(plugin: String, seconds: Int)
    /// The process ended while the host waited for it: how, during which request, and the
    /// last line of its stderr.
    case exited(plugin: String, how: String, during: String, lastError: String?)
    /// A line on stdout that is not a JSON object, or one over the length limit.
    case nonProtocolText(plugin: String, text: String)
    /// A JSON object that is not a valid message.
    case malformedMessage(plugin: String, reason: String)
    /// A response to a request the host never sent.
    case unknownResponse(plugin: String, id: Int)
    /// No protocol version in common.
    case unsupportedProtocol(plugin: String, version: String?, speaks: [Int], host: String, hostSpeaks: [Int])
    /// The answer to `initialize` is not what the protocol says.
    case handshakeFailed(plugin: String, reason: String)
    /// The plugin calls itself by another name than the one it was registered or loaded as.
    case nameMismatch(expected: String, actual: String)
    /// No answer within the call's time, with no `progress` either.
    case timeout(plugin: String, request: String, seconds: Double)
    /// Three crashes within a minute: the session no longer starts it.
    case disabled(plugin: String)
    /// The host stopped the process (the session ended) while a request waited.
    case stopped(plugin: String)
    /// The third crash within a minute: this one, and the plugin is now disabled.
    indirect case crashedAndDisabled(PluginHostError)
    /// A registered plugin's cached manifest broke a rule where it was read on first use.
    case damagedManifest(plugin: String, path: String, ManifestError)

    public var description: String {
        switch self {
        case .cannotStart(let plugin, let path, let reason):
            return "plugin \(plugin): cannot start '\(path)': \(reason)"
        case .startTimeout(let plugin, let seconds):
            return "plugin \(plugin) did not start within \(seconds) s (see 'plugin log \(plugin)')"
        case .exited(let plugin, let how, let during, let lastError):
            let quote = lastError.map { "; its last words: '\(Self.shortened($0))'" } ?? ""
            return "plugin \(plugin) \(how) during '\(during)'\(quote) (see 'plugin log \(plugin)')"
        case .nonProtocolText(let plugin, let text):
            return
                "plugin \(plugin) wrote non-protocol text on stdout: '\(Self.shortened(text))' (write logs to stderr)"
        case .malformedMessage(let plugin, let reason):
            return "plugin \(plugin) sent a malformed message: \(reason)"
        case .unknownResponse(let plugin, let id):
            return "plugin \(plugin) answered request \(id), which it was never sent"
        case .unsupportedProtocol(let plugin, let version, let speaks, let host, let hostSpeaks):
            let theirs = speaks.isEmpty ? "no protocol version shop knows" : "protocol " + Self.list(speaks)
            return "plugin \(plugin)\(version.map { " " + $0 } ?? "") speaks \(theirs); this shop \(host) speaks "
                + Self.list(hostSpeaks)
        case .handshakeFailed(let plugin, let reason):
            return "plugin \(plugin) failed the handshake: \(reason)"
        case .nameMismatch(let expected, let actual):
            return "plugin \(expected) calls itself '\(actual)'; add it again under its own name"
        case .timeout(let plugin, let request, let seconds):
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return "plugin \(plugin) did not answer '\(request)' within \(shown) s"
        case .disabled(let plugin):
            return "plugin \(plugin) is disabled for this session after 3 crashes within a minute "
                + "(see 'plugin log \(plugin)')"
        case .stopped(let plugin):
            return "plugin \(plugin) was stopped"
        case .crashedAndDisabled(let crash):
            return crash.description + "; after 3 crashes within a minute it is disabled for this session"
        case .damagedManifest(let plugin, let path, let error):
            return "plugin \(plugin): its cached manifest is damaged (\(error)); add it again: plugin add \(path)"
        }
    }

    /// The plugin the error is about.
    public var plugin: String {
        switch self {
        case .cannotStart(let plugin, _, _), .startTimeout(let plugin, _), .exited(let plugin, _, _, _),
            .nonProtocolText(let plugin, _), .malformedMessage(let plugin, _), .unknownResponse(let plugin, _),
            .unsupportedProtocol(let plugin, _, _, _, _), .handshakeFailed(let plugin, _),
            .nameMismatch(let plugin, _), .timeout(let plugin, _, _), .disabled(let plugin), .stopped(let plugin),
            .damagedManifest(let plugin, _, _):
            plugin
        case .crashedAndDisabled(let crash): crash.plugin
        }
    }

    /// Whether the plugin broke (a crash or a protocol error), which counts towards disabling it.
    var isCrash: Bool {
        switch self {
        case .exited, .nonProtocolText, .malformedMessage, .unknownResponse, .startTimeout: true
        default: false
        }
    }

    /// Text quoted in a message: one line, at most 60 characters.
    static func shortened(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }

    private static func list(_ versions: [Int]) -> String {
        versions.map(String.init).joined(separator: ", ")
    }
}
