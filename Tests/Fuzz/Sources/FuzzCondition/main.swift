import FuzzSupport
import ShopLanguage
import ShopValues

/// The condition parser, as `where`, `expect`, `if` and `while` read it: any text parses
/// without crashing or hanging, however deep or long, and every condition read nests no
/// deeper than the language's one limit (so that checking it, and freeing it, stay shallow).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard UTF8Text.firstInvalidOffset(in: bytes) == nil else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    let script = Parser.parse("where \(text)\nif \(text)\n  echo\nend\n", file: "fuzz", syntax: ConditionSyntax())
    for step in script.steps {
        for statement in step.statements {
            for condition in conditions(in: statement) where depth(of: condition) > Parser.maximumNesting + 1 {
                fail("a condition \(depth(of: condition)) levels deep")
            }
        }
    }
    return 0
}

/// Reads the words after `where` as a condition, as a session's commands do.
struct ConditionSyntax: CallSyntax {
    func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax? {
        words.first?.bareText == "where" ? ArgumentSyntax(command: "where", start: 1, form: .condition) : nil
    }
}

func conditions(in statement: Statement) -> [Condition] {
    switch statement {
    case .pipeline(let pipeline):
        pipeline.commands.compactMap { call in
            if case .condition(let condition)? = call.argument { condition } else { nil }
        }
    case .conditional(let conditional): conditional.branches.map(\.condition)
    default: []
    }
}

/// How many nodes deep the condition is.
func depth(of condition: Condition) -> Int {
    switch condition {
    case .truth, .comparison: 1
    case .not(let inner): 1 + depth(of: inner)
    case .and(let conditions), .or(let conditions): 1 + (conditions.map(depth(of:)).max() ?? 0)
    }
}

runFuzzer()
