import Foundation
import ShopFormats
import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ShopWire

/// docs/PLUGIN-PROTOCOL.md and the typed wire cannot drift: every JSON example of the page is
/// read with the type its method names (an answer with the type of the request before it with
/// the same id) and written again, giving the example's very text; the manifest example is
/// read as a manifest, every field it gives written back the same.
@Suite struct ProtocolDocumentTests {
    static let path =
        FilePath.directory(of: FilePath.directory(of: FilePath.directory(of: #filePath))) + "/docs/PLUGIN-PROTOCOL.md"

    /// The page's ```json blocks, each one JSON value, in order.
    static func examples() throws -> [(line: Int, value: Value)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var examples: [(line: Int, value: Value)] = []
        var block: (start: Int, lines: [Substring])?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if block == nil, trimmed == "```json" {
                block = (number + 2, [])
            } else if let open = block, trimmed == "```" {
                examples.append((open.start, try Value(json: open.lines.joined(separator: "\n"))))
                block = nil
            } else {
                block?.lines.append(line)
            }
        }
        return examples
    }

    @Test func everyExampleIsReadByItsTypeAndWrittenBackTheSame() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 20, "the page's examples were found")
        var methods: [Int: String] = [:]
        for (line, example) in examples {
            let written: Value
            switch try WireMessage(json: example) {
            case .request(let id, let method, let params):
                methods[id] = method
                written = try Self.request(method, params)
            case .notification(let method, let params):
                written = try Self.notification(method, params)
            case .response(let id, .result(let result)):
                let method = try #require(methods[id], "line \(line): an answer to no request before it")
                written = try Self.answer(to: method, result)
            case .response(_, .error(let error)):
                written = try Self.error(error)
            }
            #expect(
                JSONWriter.compact(written) == JSONWriter.compact(Self.part(of: example)),
                "line \(line) of docs/PLUGIN-PROTOCOL.md")
        }
    }

    /// The part of a message the typed value writes: its params, result or error.
    private static func part(of message: Value) -> Value {
        let record = message.recordValue
        return record?["params"] ?? record?["result"] ?? record?["error"] ?? .null
    }

    private static func request(_ method: String, _ params: Value) throws -> Value {
        if let request = try HostRequest(method: method, params: params) {
            switch request {
            case .initialize(let initialize): return initialize.json
            case .manifest: return ManifestRequest().json
            case .run(let run): return run.json
            case .complete(let complete): return complete.json
            case .shutdown: return ShutdownRequest().json
            }
        }
        guard case .stateGet(let get)? = try PluginRequest(method: method, params: params) else {
            throw WireFormatError(path: "method", "'\(method)' is no request of the protocol")
        }
        return get.json
    }

    private static func notification(_ method: String, _ params: Value) throws -> Value {
        if case .cancel(let cancel)? = try HostNotification(method: method, params: params) { return cancel.json }
        switch try PluginNotification(method: method, params: params) {
        case .output(let output)?: return output.json
        case .progress(let progress)?: return progress.json
        case .log(let log)?: return log.json
        case nil: throw WireFormatError(path: "method", "'\(method)' is no notification of the protocol")
        }
    }

    private static func answer(to method: String, _ result: Value) throws -> Value {
        switch WireMethod(rawValue: method) {
        case .initialize?: return try InitializeResult(json: result).json
        case .manifest?:
            let answer = try ManifestAnswer(json: result)
            let manifest = try PluginManifest(json: answer.manifest)
            try expectWritten(answer.manifest, within: manifest.json, path: "manifest")
            return answer.json
        case .run?: return try RunResult(json: result).json
        case .complete?: return try CompleteResult(json: result).json
        case .stateGet?: return try StateGetResult(json: result).json
        case .shutdown?: return Nothing(json: result).json
        default: throw WireFormatError(path: "result", "'\(method)' is answered by nothing")
        }
    }

    private static func error(_ error: WireError) throws -> Value {
        var typed = error
        switch WireErrorCode(rawValue: error.code) {
        case .commandFailed?: typed.data = try error.data.map { try FailureData(json: $0).json }
        case .unsupportedProtocol?: typed.data = try error.data.map { try UnsupportedProtocolData(json: $0).json }
        case .methodNotFound?, .invalidParams?, .cancelled?: break
        case nil: throw WireFormatError(path: "error.code", "\(error.code) is no code of the protocol")
        }
        return typed.json
    }

    /// Every field `example` gives is in `encoded` with the same value: the manifest codec
    /// writes its defaults too, so the example need not.
    private static func expectWritten(_ example: Value, within encoded: Value, path: String) throws {
        switch (example, encoded) {
        case (.record(let given), .record(let written)):
            for (name, value) in given.fields {
                let place = "\(path).\(name)"
                let counterpart = try #require(written[name], "\(place) is not written back: a field the codec lacks")
                try expectWritten(value, within: counterpart, path: place)
            }
        case (.list(let given), .list(let written)):
            #expect(given.count == written.count, "\(path)")
            for (index, pair) in zip(given, written).enumerated() {
                try expectWritten(pair.0, within: pair.1, path: "\(path)[\(index)]")
            }
        default:
            let same = example == encoded || (example.doubleValue != nil && example.doubleValue == encoded.doubleValue)
            #expect(same, "\(path): \(example.quoted) is written back as \(encoded.quoted)")
        }
    }

    @Test func theMethodsAndCodesOfThePageAreTheTypedOnes() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        for method in WireMethod.allCases { #expect(text.contains("| `\(method.rawValue)` |"), "\(method)") }
        for code in WireErrorCode.allCases { #expect(text.contains("| `\(code.rawValue)` |"), "\(code)") }
        for feature in WireFeature.allCases { #expect(text.contains("| `\(feature.rawValue)` |"), "\(feature)") }
    }

    @Test func theContextOfTheRunExampleIsWhatTheHostSends() throws {
        let params = try #require(
            try Self.examples().compactMap { example -> Value? in
                guard case .request(_, "run", let params) = try WireMessage(json: example.value) else { return nil }
                return params
            }.first)
        let documented = params.recordValue?["context"]?.recordValue?.fields.map(\.name)
        let sent = RunContext(
            baseDirectory: "/", width: 80, color: false, format: .table, interactive: false, now: 0
        ).json.recordValue?.fields.map(\.name)
        #expect(documented == sent)
        #expect(documented == ["baseDirectory", "width", "color", "format", "interactive", "now"])
    }
}
