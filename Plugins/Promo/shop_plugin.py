"""Serve a shop plugin over stdin and stdout: the shop plugin protocol, version 1.

Standard library only. The protocol is docs/PLUGIN-PROTOCOL.md in shop's repository. A plugin
is a manifest (a dict, as the protocol's "Manifest" describes) and one function per command;
`serve` does the rest:

    def apply(call):
        code = call.arguments["CODE"]
        ...
        return Result(value={"code": code}, display=[f"Applied {code}"],
                      state_changes={"promo.applied": code})

    def complete(call, argument, prefix):      # for arguments with {"dynamic": true}
        return [(code, about) for code, about in CODES if code.startswith(prefix)]

    serve(MANIFEST, {("promo", "apply"): apply}, complete=complete)

A result without a value (`Result(display=[...])`, or None) is no value: shop prints its
display lines and nothing else, as for its own commands that return nothing. A completion
candidate is a word, or a (word, description) pair: the description is sent when shop lists
the `described-completions` feature, and left out otherwise.

Protocol messages go to the real stdout; `print` goes to stderr, which shop keeps for
`plugin log NAME`. With the `state-cache` feature, a key's value is sent once per
revision; `Call.state(key)` returns it from the cache, or asks shop with `state/get`.
"""

import json
import os
import sys

PROTOCOL_VERSION = 1
FEATURES = ["state-cache", "described-completions"]


class PluginError(Exception):
    """A command's failure: kind is usage, invalid-argument, not-found or failed."""

    def __init__(self, message, kind="failed", argument=None, option=None, help=None):
        super().__init__(message)
        self.message, self.kind = message, kind
        self.argument, self.option, self.help = argument, option, help


class Result:
    """What a command returns: a value (None: none), display lines, state changes, messages."""

    def __init__(self, value=None, display=None, state_changes=None, messages=None):
        self.value, self.display = value, display
        self.state_changes, self.messages = state_changes or {}, messages or []


class Call:
    """One `run` request: its command, bound arguments and options, input and state."""

    def __init__(self, connection, params):
        self.connection = connection
        self.command = tuple(params.get("command", []))
        self.arguments = params.get("arguments", {})
        self.options = params.get("options", {})
        self.input = params.get("input")
        self.context = params.get("context", {})
        self.snapshot = params.get("state", {})

    def state(self, key):
        """The value of one of the plugin's own keys or of a key it reads."""
        entry = self.snapshot.get(key)
        if entry is None:
            raise PluginError(f"'{key}' is not in this plugin's state scope")
        return self.connection.value(key, entry)


class Connection:
    """The wire: one JSON object per line, requests numbered by the side that sends them."""

    def __init__(self):
        # Keep the real stdout for messages; everything printed goes to stderr instead.
        self.output = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
        os.dup2(2, 1)
        self.input = os.fdopen(os.dup(0), "r", encoding="utf-8", newline="\n")
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        self.cache = {}  # key -> (revision, value)
        self.features = []  # those both sides listed
        self.next_id = 1

    def send(self, message):
        text = json.dumps({"jsonrpc": "2.0", **message}, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        self.output.write(text + "\n")
        self.output.flush()

    def receive(self):
        line = self.input.readline()
        return json.loads(line) if line else None

    def value(self, key, entry):
        if "value" in entry:
            self.cache[key] = (entry["revision"], entry["value"])
            return entry["value"]
        cached = self.cache.get(key)
        if cached and cached[0] == entry["revision"]:
            return cached[1]
        request_id, self.next_id = self.next_id, self.next_id + 1
        self.send({"id": request_id, "method": "state/get", "params": {"keys": [key]}})
        while True:
            message = self.receive()
            if message is None:
                sys.exit(0)
            if message.get("id") == request_id and "method" not in message:
                if "error" in message:
                    raise PluginError(message["error"].get("message", "state/get failed"))
                value = message["result"]["values"][key]
                self.cache[key] = (entry["revision"], value)
                return value


def _answer(connection, commands, params):
    call = Call(connection, params)
    handler = commands.get(call.command)
    if handler is None:
        raise PluginError(f"unknown command '{' '.join(call.command)}'", kind="usage")
    result = handler(call)
    if not isinstance(result, Result):
        result = Result(value=result)
    answer = {} if result.value is None else {"value": result.value}
    if result.display is not None:
        answer["display"] = result.display
    if result.state_changes:
        answer["stateChanges"] = [{"key": k, "value": v} for k, v in result.state_changes.items()]
    if result.messages:
        answer["messages"] = [{"level": level, "text": text} for level, text in result.messages]
    return answer


def _error(error):
    data = {"kind": error.kind}
    for name in ("argument", "option", "help"):
        if getattr(error, name):
            data[name] = getattr(error, name)
    return {"code": -32000, "message": error.message, "data": data}


def _candidate(candidate, described):
    """A word, or a (word, description) pair, as the wire writes it."""
    if isinstance(candidate, str):
        return candidate
    word, description = candidate
    return {"value": word, "description": description} if described and description else word


def serve(manifest, commands, complete=None):
    """Answers shop's requests until `shutdown` or the end of stdin."""
    connection = Connection()
    while True:
        message = connection.receive()
        if message is None:
            return
        method, request_id = message.get("method"), message.get("id")
        params = message.get("params") or {}
        if request_id is None:
            continue  # a notification: `cancel` comes too late for commands this quick
        try:
            if method == "initialize":
                identity = {"name": manifest["name"], "version": manifest["version"]}
                if PROTOCOL_VERSION not in params.get("protocolVersions", []):
                    connection.send({"id": request_id, "error": {
                        "code": -32002, "message": "no common protocol version",
                        "data": {"protocolVersions": [PROTOCOL_VERSION], "plugin": identity}}})
                    continue
                offered = params.get("features", [])
                connection.features = [name for name in FEATURES if name in offered]
                result = {"protocolVersion": PROTOCOL_VERSION, "plugin": identity,
                          "features": connection.features}
            elif method == "manifest":
                result = {"manifest": manifest}
            elif method == "run":
                result = _answer(connection, commands, params)
            elif method == "complete":
                call = Call(connection, params)
                candidates = complete(call, params.get("argument"), params.get("prefix", "")) if complete else []
                described = "described-completions" in connection.features
                result = {"candidates": [_candidate(c, described) for c in candidates]}
            elif method == "shutdown":
                connection.send({"id": request_id, "result": None})
                return
            else:
                connection.send({"id": request_id, "error": {
                    "code": -32601, "message": f"unknown method '{method}'"}})
                continue
            connection.send({"id": request_id, "result": result})
        except PluginError as error:
            connection.send({"id": request_id, "error": _error(error)})
