import ShopLanguage
import ShopPluginAPI

/// Help text built from command metadata: the command list and one command's page.
///
/// Metadata can come from outside (an outside plugin's manifest, a `def` in a state file, a
/// commands-folder file), so its text is laid out as the sanitizer shows it, as data is.
public enum Help {
    /// A titled list of commands.
    public struct Section: Sendable {
        public var title: String
        public var commands: [CommandSpec]
    }

    /// The sections of `help`: core commands, pipeline verbs, then each plugin.
    public static func sections(of registry: CommandRegistry) -> [Section] {
        let core = registry.coreCommands.map(\.spec)
        var sections = [
            Section(title: "Core commands", commands: core.filter { $0.input != .required }),
            Section(title: "Pipeline verbs (after '|')", commands: core.filter { $0.input == .required }),
        ]
        for plugin in registry.plugins {
            sections.append(
                Section(
                    title: "\(plugin.name) \(plugin.version) — \(plugin.summary)", commands: plugin.commands.map(\.spec)
                ))
        }
        return sections
    }

    /// The list of commands as lines fitted to `width`.
    static func overview(_ sections: [Section], width: Int, style: TerminalStyle) -> String {
        let usageWidth = min(
            28, sections.flatMap(\.commands).map { DisplayWidth.of(Sanitizer.inert($0.usage)) }.max() ?? 0)
        let room = max(20, width - usageWidth - 4)
        var lines: [String] = []
        for section in sections {
            if !lines.isEmpty { lines.append("") }
            lines.append(style.bold(Sanitizer.inert(section.title)))
            for spec in section.commands {
                let indent = String(repeating: " ", count: usageWidth + 4)
                let usage = Sanitizer.inert(spec.usage)
                var abstract = TextLayout.wrap(Sanitizer.inert(spec.abstract), width: room)
                if DisplayWidth.of(usage) > usageWidth {
                    lines.append("  " + usage)
                } else {
                    lines.append("  \(TextLayout.pad(usage, to: usageWidth))  \(abstract.removeFirst())")
                }
                lines += abstract.map { indent + $0 }
            }
        }
        lines.append("")
        lines.append("Type 'help COMMAND' for a command's arguments and examples, 'help language' for the language.")
        return lines.joined(separator: "\n")
    }

    /// One command's page: usage, abstract, discussion, arguments, options, examples.
    static func page(_ spec: CommandSpec, width: Int, style: TerminalStyle) -> String {
        let shown = { (text: String) in Sanitizer.inert(text) }
        var lines = [style.bold(shown(spec.usage)), "  " + shown(spec.abstract)]
        if !spec.aliases.isEmpty { lines.append("  Also: " + shown(spec.aliases.joined(separator: ", "))) }
        if let discussion = spec.discussion {
            lines.append("")
            lines += TextLayout.wrap(Sanitizer.inert(discussion, keepNewlines: true), width: max(20, width - 2)).map {
                "  " + $0
            }
        }
        switch spec.input {
        case .required: lines += ["", "  Reads the input of a pipeline: use it after '|'."]
        case .optional: lines += ["", "  Can also read the input of a pipeline."]
        case .none: break
        }
        let argumentRows = spec.arguments.map { (shown($0.name + ($0.isVariadic ? "…" : "")), shown($0.abstract)) }
        let optionRows = spec.options.map {
            (shown($0.name + ($0.valueName.map { " " + $0 } ?? "")), shown($0.abstract))
        }
        for (title, rows) in [("Arguments", argumentRows), ("Options", optionRows)] where !rows.isEmpty {
            let nameWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
            lines += ["", style.bold(title + ":")]
            lines += rows.map { "  \(TextLayout.pad($0.0, to: nameWidth))  \($0.1)" }
        }
        if !spec.examples.isEmpty {
            lines += ["", style.bold("Examples:")]
            for example in spec.examples {
                lines.append("  " + shown(example.command + (example.abstract.map { "    # " + $0 } ?? "")))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The metadata as a value, for `--format json`.
    static func value(of spec: CommandSpec) -> Value {
        .record(
            Record(pairs: [
                ("command", .string(spec.name)), ("usage", .string(spec.usage)), ("abstract", .string(spec.abstract)),
                ("aliases", .list(spec.aliases.map(Value.string))),
                (
                    "arguments",
                    .list(
                        spec.arguments.map {
                            .record(Record(["name": .string($0.name), "about": .string($0.abstract)]))
                        })
                ),
                (
                    "options",
                    .list(
                        spec.options.map { .record(Record(["name": .string($0.name), "about": .string($0.abstract)])) })
                ),
                ("examples", .list(spec.examples.map { .string($0.command) })),
            ]))
    }
}
