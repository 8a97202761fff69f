/// Finds the nearest known name to a mistyped one, for "did you mean" messages.
public enum Suggestion {
    /// ` (did you mean 'NAME'?)` for a suggestion, else nothing: the one wording of every
    /// "did you mean".
    public static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The candidate closest to `name` by edit distance, when it is close enough to be a typo.
    public static func nearest(to name: String, in candidates: [String]) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, min(3, target.count / 3 + 1))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(target, Array(candidate.lowercased()), limit: limit)
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if best == nil, target.count >= 2 {
            return candidates.sorted().first { $0.lowercased().hasPrefix(name.lowercased()) }
        }
        return best?.candidate
    }

    /// Levenshtein distance with adjacent transpositions, giving up above `limit`.
    static func editDistance(_ lhs: [Character], _ rhs: [Character], limit: Int) -> Int {
        if abs(lhs.count - rhs.count) > limit { return limit + 1 }
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[rhs.count]
    }
}
