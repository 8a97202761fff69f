import Foundation
import Glibc
import ShopFormats
import ShopPluginAPI
import ShopWire

/// A plugin process that misbehaves on purpose, for the host's fault tests: the executable
/// `shop-fake-plugin` runs ``main()``, and `SHOP_FAKE_PLUGIN` names what it does wrong.
///
/// Without faults it is a well-behaved plugin named `fake` (`SHOP_FAKE_NAME` renames it)
/// with the commands `fake echo TEXT` (Tab offers `alpha` and `beta`, described when the host
/// lists `described-completions`), `fake bump`, `fake work` (answers after
/// `SHOP_FAKE_WORK_MS` milliseconds, sending `progress` every 100 ms), `fake count`, `fake
/// quiet [--note TEXT]` (answers with no value, and TEXT as a display line) and `fake sent`
/// (the keys whose values the request carried); it reads the keys listed in `SHOP_FAKE_READS`
/// (comma-separated; default `services.selected`) and uses the features the host offers of
/// those in `SHOP_FAKE_FEATURES` (comma-separated; default `state-cache,described-completions`).
/// Each start appends a line to the file `SHOP_FAKE_STARTS`, when set. With
/// `SHOP_FAKE_FAULT_ONCE=N`, only the first N processes (by that file) misbehave, so tests can
/// show that the next start works.
///
/// ```swift
/// let environment = ["SHOP_FAKE_PLUGIN": FakePlugin.Fault.crashMidCall.rawValue]
/// ```
public enum FakePlugin {
    /// What the fake does wrong.
    public enum Fault: String, Sendable, CaseIterable {
        /// Exits with status 3 when asked to run a command, after a line on stderr.
        case crashMidCall = "crash-mid-call"
        /// Exits with status 3 when asked to run a command, writing nothing.
        case exitSilently = "exit-silently"
        /// Declares `fake echo` alone, and exits with status 5 (after a line on stderr) when a
        /// `run` lacks its required argument, as a plugin that trusts the protocol does.
        case strictArguments = "strict-arguments"
        /// As ``crashMidCall``, leaving a child (`sleep 120`) that holds its stdout and stderr
        /// open; the child's pid goes to the file `SHOP_FAKE_CHILD` names.
        case crashLeavingChild = "crash-leaving-child"
        /// Never answers `run`, ignores `cancel`, SIGTERM too.
        case hang
        /// Never answers `run` until `cancel`, then answers it with error -32800.
        case hangUntilCancel = "hang-until-cancel"
        /// Writes `Loading…` on stdout before answering `run`.
        case loadingOnStdout = "loading-on-stdout"
        /// Speaks protocol 2 only, and says so with its name and version.
        case protocolTwoOnly = "protocol-2-only"
        /// Answers `initialize` with protocol 2 and its name and version.
        case answersProtocolTwo = "answers-protocol-2"
        /// Sleeps 10 s before reading anything.
        case slowStart = "slow-start"
        /// Answers `run` with an id it was never sent.
        case wrongResponseID = "wrong-response-id"
        /// Answers `run` with a 20 MB line.
        case hugeLine = "huge-line"
        /// Exits while answering `initialize`.
        case exitDuringHandshake = "exit-during-handshake"
        /// Answers `run` with `NaN` as its value.
        case notANumber = "nan"
        /// Calls itself `other`.
        case wrongName = "wrong-name"
        /// Does not exit after `shutdown`, nor when stdin closes.
        case ignoresShutdown = "ignores-shutdown"
        /// `fake bump` proposes a change to `services.selected`.
        case changesForeignKey = "changes-foreign-key"
        /// `fake bump` proposes text for the int key `fake.count`.
        case breaksKeyType = "breaks-key-type"
        /// A manifest command outside the `fake` namespace.
        case manifestOutsideNamespace = "manifest-outside-namespace"
        /// Two manifest commands named `fake echo`.
        case manifestDuplicateCommand = "manifest-duplicate-command"
        /// An optional argument before a required one.
        case manifestOptionalFirst = "manifest-optional-first"
        /// A state key without the `fake.` prefix.
        case manifestKeyWithoutPrefix = "manifest-key-without-prefix"
    }

    /// The built executable.
    public static var path: String { ShopBinary.productPath("shop-fake-plugin") }

    /// Runs the fake on stdin and stdout until `shutdown` or the end of stdin.
    public static func main() -> Never {
        let environment = ProcessInfo.processInfo.environment
        var fault = environment["SHOP_FAKE_PLUGIN"].flatMap(Fault.init(rawValue:))
        let workMilliseconds = environment["SHOP_FAKE_WORK_MS"].flatMap(Int.init) ?? 0
        if let starts = environment["SHOP_FAKE_STARTS"] {
            let earlier = (try? String(contentsOfFile: starts, encoding: .utf8))?.split(separator: "\n").count ?? 0
            if let starts = environment["SHOP_FAKE_FAULT_ONCE"], earlier >= Int(starts) ?? 1 { fault = nil }
            let handle =
                FileHandle(forWritingAtPath: starts)
                ?? {
                    _ = FileManager.default.createFile(atPath: starts, contents: nil)
                    return FileHandle(forWritingAtPath: starts)
                }()
            handle?.seekToEndOfFile()
            handle?.write(Data("\(getpid())\n".utf8))
            try? handle?.close()
        }
        let name = fault == .wrongName ? "other" : environment["SHOP_FAKE_NAME"] ?? "fake"
        if fault == .slowStart { sleep(10) }
        if fault == .hang || fault == .ignoresShutdown { signal(SIGTERM, SIG_IGN) }
        let wanted = (environment["SHOP_FAKE_FEATURES"] ?? "state-cache,described-completions")
            .split(separator: ",").map(String.init)
        var features: [String] = []
        var calls = 0
        var waiting: Int?
        var cache: [String: Value] = [:]
        let identity = object(["name": .string(name), "version": "1.2.3"])
        while let line = readLine(strippingNewline: true) {
            guard let message = try? Value(json: line), let record = message.recordValue else { continue }
            let id = record["id"]?.intValue
            let params = record["params"]?.recordValue
            switch record["method"]?.stringValue.flatMap(WireMethod.init(rawValue:)) {
            case .initialize?:
                guard let id else { continue }
                if fault == .exitDuringHandshake {
                    warn("fake: leaving during the handshake")
                    exit(1)
                }
                if fault == .protocolTwoOnly {
                    send(
                        id: id, error: .unsupportedProtocol, message: "protocol 2 only",
                        data: object(["protocolVersions": [2], "plugin": identity]))
                    continue
                }
                let offered = params?["features"]?.listValue?.compactMap(\.stringValue) ?? []
                features = wanted.filter(offered.contains)
                send(
                    id: id,
                    result: object([
                        "protocolVersion": fault == .answersProtocolTwo ? 2 : 1, "plugin": identity,
                        "features": .list(features.map(Value.string)),
                    ]))
            case .manifest?:
                guard let id else { continue }
                send(id: id, result: object(["manifest": manifest(name: name, fault: fault)]))
            case .run?:
                guard let id else { continue }
                calls += 1
                // Keep the values sent, as a plugin using `state-cache` does.
                let state = params?["state"]?.recordValue?.fields ?? []
                for (key, entry) in state {
                    if let value = entry.recordValue?["value"] { cache[key] = value }
                }
                let command = params?["command"]?.listValue?.last?.stringValue ?? ""
                switch fault {
                case .crashMidCall?:
                    warn("fake: boom")
                    exit(3)
                case .exitSilently?:
                    exit(3)
                case .strictArguments? where params?["arguments"]?.recordValue?["TEXT"] == nil:
                    warn("fake: a run without TEXT")
                    exit(5)
                case .crashLeavingChild?:
                    // posix_spawn, not Foundation's Process, which puts the child in a group of its own.
                    var child: pid_t = 0
                    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("120"), nil]
                    _ = posix_spawn(&child, "/bin/sleep", nil, nil, &arguments, environ)
                    if let file = environment["SHOP_FAKE_CHILD"] {
                        _ = FileManager.default.createFile(atPath: file, contents: Data("\(child)".utf8))
                    }
                    warn("fake: boom")
                    exit(3)
                case .hang?:
                    continue
                case .hangUntilCancel?:
                    waiting = id
                    continue
                case .loadingOnStdout?:
                    write("Loading…\n")
                case .wrongResponseID?:
                    send(id: id + 100, result: object(["value": "late"]))
                    continue
                case .hugeLine?:
                    // Written by hand, the filler from bytes: JSONWriter, or `String(repeating:count:)`
                    // appending 20 million times, takes most of a second of CPU in a debug build.
                    let filler = String(
                        decoding: [UInt8](repeating: UInt8(ascii: "x"), count: 20_000_000), as: UTF8.self)
                    write("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"value\":\"" + filler + "\"}}\n")
                    continue
                case .notANumber?:
                    write("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"value\":NaN}}\n")
                    continue
                default:
                    break
                }
                switch command {
                case "work":
                    var waited = 0
                    while waited < workMilliseconds {
                        usleep(100_000)
                        waited += 100
                        send(
                            method: WireMethod.progress.rawValue,
                            params: object([
                                "id": .int(id), "message": "working",
                                "fraction": .double(Double(waited) / Double(workMilliseconds)),
                            ]))
                    }
                    send(id: id, result: object(["value": .int(waited)]))
                case "count":
                    send(id: id, result: object(["value": .int(calls)]))
                case "quiet":
                    let note = params?["options"]?.recordValue?["--note"]?.stringValue
                    send(id: id, result: note.map { object(["display": [.string($0)]]) } ?? object([:]))
                case "sent":
                    let keys = state.filter { $0.value.recordValue?["value"] != nil }.map { Value.string($0.name) }
                    send(id: id, result: object(["value": .list(keys)]))
                case "bump":
                    let count = params?["state"]?.recordValue?["fake.count"]?.recordValue?["value"]?.intValue ?? 0
                    let change: Value =
                        switch calls == 1 ? fault : nil {
                        case .changesForeignKey?: object(["key": "services.selected", "value": ["windows"]])
                        case .breaksKeyType?: object(["key": "fake.count", "value": "many"])
                        default: object(["key": "fake.count", "value": .int(count + 1)])
                        }
                    send(id: id, result: object(["value": .int(count + 1), "stateChanges": [change]]))
                default:
                    send(id: id, result: object(["value": params?["arguments"]?.recordValue?["TEXT"] ?? .null]))
                }
            case .complete?:
                guard let id else { continue }
                let prefix = params?["prefix"]?.stringValue ?? ""
                let described = features.contains(WireFeature.describedCompletions.rawValue)
                let candidates = [("alpha", "the first"), ("beta", "the second")].filter { $0.0.hasPrefix(prefix) }
                    .map { word, description in
                        described
                            ? object(["value": .string(word), "description": .string(description)]) : .string(word)
                    }
                send(id: id, result: object(["candidates": .list(candidates)]))
            case .cancel?:
                if let waiting, params?["id"]?.intValue == waiting {
                    send(id: waiting, error: .cancelled, message: "cancelled", data: nil)
                }
                waiting = nil
            case .shutdown?:
                guard let id else { continue }
                send(id: id, result: .null)
                if fault != .ignoresShutdown { exit(0) }
            default:
                if let id { send(id: id, error: .methodNotFound, message: "unknown method", data: nil) }
            }
        }
        while fault == .ignoresShutdown { sleep(1) }
        exit(0)
    }

    /// The fake's manifest, broken as `fault` says.
    static func manifest(name: String, fault: Fault?) -> Value {
        let text = object([
            "name": "TEXT", "abstract": "what to echo", "kind": "string", "optional": false, "variadic": false,
            "completion": object(["dynamic": true]),
        ])
        let optional = object([
            "name": "MORE", "abstract": "more", "kind": "string", "optional": true, "variadic": false,
        ])
        let key = fault == .manifestKeyWithoutPrefix ? "count" : name + ".count"
        let reads =
            ProcessInfo.processInfo.environment["SHOP_FAKE_READS"].map { $0.split(separator: ",").map(String.init) }
            ?? ["services.selected"]
        let echoPath: Value = fault == .manifestOutsideNamespace ? ["services", "echo"] : [.string(name), "echo"]
        var extra: [Value] = []
        if fault == .manifestDuplicateCommand {
            extra.append(object(["path": [.string(name), "echo"], "abstract": "Echo again"]))
        }
        let echo = object([
            "path": echoPath, "abstract": "Echo the text",
            "arguments": fault == .manifestOptionalFirst ? [optional, text] : [text],
            "examples": [object(["command": .string("\(name) echo hi")])],
        ])
        let others = [
            object(["path": [.string(name), "bump"], "abstract": "Add one to fake.count"]),
            object(["path": [.string(name), "work"], "abstract": "Work a while, with progress", "timeoutSeconds": 1]),
            object(["path": [.string(name), "count"], "abstract": "How many calls this process answered"]),
            object([
                "path": [.string(name), "quiet"], "abstract": "Answer with no value",
                "options": [object(["name": "--note", "value": "TEXT", "abstract": "a display line"])],
            ]),
            object(["path": [.string(name), "sent"], "abstract": "The keys whose values the request carried"]),
        ]
        return object([
            "name": .string(name), "version": "1.2.3", "summary": "A plugin for the host's tests",
            "stateKeys": [object(["key": .string(key), "abstract": "bumps so far", "type": "int", "initial": 0])],
            "reads": .list(reads.map(Value.string)),
            "commands": .list([echo] + (fault == .strictArguments ? [] : others) + extra),
        ])
    }

    private static func send(id: Int, result: Value) {
        write(JSONWriter.compact(object(["jsonrpc": "2.0", "id": .int(id), "result": result])) + "\n")
    }

    private static func send(id: Int, error code: WireErrorCode, message: String, data: Value?) {
        var error: [(String, Value)] = [("code", .int(code.rawValue)), ("message", .string(message))]
        if let data { error.append(("data", data)) }
        write(
            JSONWriter.compact(object(["jsonrpc": "2.0", "id": .int(id), "error": .record(Record(pairs: error))]))
                + "\n")
    }

    private static func send(method: String, params: Value) {
        write(JSONWriter.compact(object(["jsonrpc": "2.0", "method": .string(method), "params": params])) + "\n")
    }

    private static func object(_ fields: KeyValuePairs<String, Value>) -> Value {
        .record(Record(fields))
    }

    private static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if count <= 0 { exit(4) }
                offset += count
            }
        }
    }

    private static func warn(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
