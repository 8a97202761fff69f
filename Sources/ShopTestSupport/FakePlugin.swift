import Foundation
import Glibc
import ShopPluginAPI

/// A plugin process that misbehaves on purpose, for the host's fault tests: the executable
/// `shop-fake-plugin` runs ``main()``, and `SHOP_FAKE_PLUGIN` names what it does wrong.
///
/// Without faults it is a well-behaved plugin named `fake` (`SHOP_FAKE_NAME` renames it)
/// with the commands `fake echo TEXT`, `fake work` (answers after `SHOP_FAKE_WORK_MS`
/// milliseconds, sending `progress` every 100 ms) and `fake count`; it reads the keys listed
/// in `SHOP_FAKE_READS` (comma-separated; default `services.selected`). Each start appends a
/// line to the file `SHOP_FAKE_STARTS`, when set. With `SHOP_FAKE_FAULT_ONCE=N`, only the
/// first N processes (by that file) misbehave, so tests can show that the next start works.
///
/// ```swift
/// let environment = ["SHOP_FAKE_PLUGIN": FakePlugin.Fault.crashMidCall.rawValue]
/// ```
public enum FakePlugin {
    /// What the fake does wrong.
    public enum Fault: String, Sendable, CaseIterable {
        /// Exits with status 3 when asked to run a command, after a line on stderr.
        case crashMidCall = "crash-mid-call"
        /// As ``crashMidCall``, leaving a child (`sleep 120`) that holds its stdout and stderr
        /// open; the child's pid goes to the file `SHOP_FAKE_CHILD` names.
        case crashLeavingChild = "crash-leaving-child"
        /// Never answers `run`, ignores `cancel`, SIGTERM too.
        case hang
        /// Never answers `run` until `cancel`, then answers it with error -32800.
        case hangUntilCancel = "hang-until-cancel"
        /// Writes `Loading…` on stdout before answering `run`.
        case loadingOnStdout = "loading-on-stdout"
        /// Speaks protocol 2 only.
        case protocolTwoOnly = "protocol-2-only"
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
        var calls = 0
        var waiting: Int?
        var cache: [String: Value] = [:]
        while let line = readLine(strippingNewline: true) {
            guard let message = try? Value(json: line), let record = message.recordValue else { continue }
            let id = record["id"]?.intValue
            let params = record["params"]?.recordValue
            switch record["method"]?.stringValue {
            case "initialize":
                guard let id else { continue }
                if fault == .exitDuringHandshake {
                    warn("fake: leaving during the handshake")
                    exit(1)
                }
                if fault == .protocolTwoOnly {
                    send(id: id, error: -32002, message: "protocol 2 only", data: object(["protocolVersions": [2]]))
                    continue
                }
                send(
                    id: id,
                    result: object([
                        "protocolVersion": 1, "plugin": object(["name": .string(name), "version": "1.2.3"]),
                        "features": ["state-cache"],
                    ]))
            case "manifest":
                guard let id else { continue }
                send(id: id, result: object(["manifest": manifest(name: name, fault: fault)]))
            case "run":
                guard let id else { continue }
                calls += 1
                // Keep the values sent, as a plugin using `state-cache` does.
                for (key, entry) in params?["state"]?.recordValue?.fields ?? [] {
                    if let value = entry.recordValue?["value"] { cache[key] = value }
                }
                let command = params?["command"]?.listValue?.last?.stringValue ?? ""
                switch fault {
                case .crashMidCall?:
                    warn("fake: boom")
                    exit(3)
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
                    // Written by hand: encoding 20 MB through JSONWriter takes seconds in a debug build.
                    write(
                        "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"result\":{\"value\":\""
                            + String(repeating: "x", count: 20_000_000) + "\"}}\n")
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
                            method: "progress",
                            params: object([
                                "id": .int(id), "message": "working",
                                "fraction": .double(Double(waited) / Double(workMilliseconds)),
                            ]))
                    }
                    send(id: id, result: object(["value": .int(waited)]))
                case "count":
                    send(id: id, result: object(["value": .int(calls)]))
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
            case "complete":
                guard let id else { continue }
                let prefix = params?["prefix"]?.stringValue ?? ""
                let candidates = ["alpha", "beta"].filter { $0.hasPrefix(prefix) }.map(Value.string)
                send(id: id, result: object(["candidates": .list(candidates)]))
            case "cancel":
                if let waiting, params?["id"]?.intValue == waiting {
                    send(id: waiting, error: -32800, message: "cancelled", data: nil)
                }
                waiting = nil
            case "shutdown":
                guard let id else { continue }
                send(id: id, result: .null)
                if fault != .ignoresShutdown { exit(0) }
            default:
                if let id { send(id: id, error: -32601, message: "unknown method", data: nil) }
            }
        }
        while fault == .ignoresShutdown { sleep(1) }
        exit(0)
    }

    /// The fake's manifest, broken as `fault` says.
    static func manifest(name: String, fault: Fault?) -> Value {
        let text = object([
            "name": "TEXT", "abstract": "what to echo", "kind": "string", "optional": false, "variadic": false,
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
        return object([
            "name": .string(name), "version": "1.2.3", "summary": "A plugin for the host's tests",
            "stateKeys": [object(["key": .string(key), "abstract": "bumps so far", "type": "int", "initial": 0])],
            "reads": .list(reads.map(Value.string)),
            "commands": .list(
                [
                    object([
                        "path": echoPath, "abstract": "Echo the text",
                        "arguments": fault == .manifestOptionalFirst ? [optional, text] : [text],
                        "examples": [object(["command": .string("\(name) echo hi")])],
                    ]),
                    object(["path": [.string(name), "bump"], "abstract": "Add one to fake.count"]),
                    object([
                        "path": [.string(name), "work"], "abstract": "Work a while, with progress", "timeoutSeconds": 1,
                    ]),
                    object(["path": [.string(name), "count"], "abstract": "How many calls this process answered"]),
                ] + extra),
        ])
    }

    private static func send(id: Int, result: Value) {
        write(JSONWriter.compact(object(["jsonrpc": "2.0", "id": .int(id), "result": result])) + "\n")
    }

    private static func send(id: Int, error code: Int, message: String, data: Value?) {
        var error: [(String, Value)] = [("code", .int(code)), ("message", .string(message))]
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
