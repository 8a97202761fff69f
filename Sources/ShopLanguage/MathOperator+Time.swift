import ShopValues

extension Value {
    /// Whether this is a date or a duration, which `math` computes with besides numbers.
    var isTime: Bool {
        switch self {
        case .date, .duration: true
        default: false
        }
    }
}

extension MathOperator {
    /// The operator on dates and durations: a date minus a date is a duration; a date plus or
    /// minus a duration a date; durations add, subtract, and multiply or divide by a number
    /// (a duration over a duration is their ratio). Anything else is an error naming both sides.
    func applyTime(_ left: Value, _ right: Value, at location: SourceLocation) throws(Diagnostic) -> Value {
        do {
            switch (self, left, right) {
            case (.subtract, .date(let end), .date(let start)): return .duration(end.duration(since: start))
            case (.add, .date(let date), .duration(let duration)), (.add, .duration(let duration), .date(let date)):
                return .date(try date.adding(duration))
            case (.subtract, .date(let date), .duration(let duration)):
                return .date(try date.adding(.zero - duration))
            case (.add, .duration(let lhs), .duration(let rhs)): return .duration(lhs + rhs)
            case (.subtract, .duration(let lhs), .duration(let rhs)): return .duration(lhs - rhs)
            case (.multiply, .duration(let duration), _) where right.isNumber,
                (.multiply, _, .duration(let duration)) where left.isNumber:
                let factor = (right.isNumber ? right : left).doubleValue ?? 0
                return try self.duration(duration.seconds * factor, at: location)
            case (.divide, .duration(let duration), _) where right.isNumber:
                let divisor = right.doubleValue ?? 0
                guard divisor != 0 else { throw Diagnostic(.invalidExpression, "division by zero", at: location) }
                return try self.duration(duration.seconds / divisor, at: location)
            case (.divide, .duration(let lhs), .duration(let rhs)):
                guard rhs != .zero else { throw Diagnostic(.invalidExpression, "division by zero", at: location) }
                return .double(lhs / rhs)
            default:
                throw Diagnostic(.invalidExpression, "cannot \(phrase(left, right))", at: location)
            }
        } catch let error as DateError {
            throw Diagnostic(.invalidExpression, error.description, at: location)
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Diagnostic(.invalidExpression, "\(error)", at: location)
        }
    }

    /// A duration of `seconds`, or an error when it is longer than shop keeps.
    private func duration(_ seconds: Double, at location: SourceLocation) throws(Diagnostic) -> Value {
        guard let duration = Duration(secondsNumber: .double(seconds)) else {
            throw Diagnostic(.invalidExpression, "the result is too long for a duration", at: location)
        }
        return .duration(duration)
    }

    /// What the operator would do, in words: `add a list to a date`.
    func phrase(_ left: Value, _ right: Value) -> String {
        let (lhs, rhs) = (left.describedType, right.describedType)
        return switch self {
        case .add: "add \(rhs) to \(lhs)"
        case .subtract: "subtract \(rhs) from \(lhs)"
        case .multiply: "multiply \(lhs) by \(rhs)"
        case .divide: "divide \(lhs) by \(rhs)"
        case .remainder: "take the remainder of \(lhs) by \(rhs)"
        }
    }
}

extension Duration {
    /// The duration in seconds, as a double.
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
