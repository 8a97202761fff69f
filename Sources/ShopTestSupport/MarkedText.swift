/// Text with numbered position markers (`1️⃣`, `2️⃣`, …) taken out and remembered, so a test
/// can say where in its input an error must point.
///
/// ```swift
/// let marked = MarkedText("echo 1️⃣\"abc")
/// marked.text                 // echo "abc
/// marked.locations["1️⃣"]      // line 1, column 6
/// ```
public struct MarkedText: Sendable {
    /// The text without markers.
    public let text: String
    /// Each marker's line and column (1-based, counted in Unicode scalars as diagnostics are).
    public let locations: [String: (line: Int, column: Int)]

    /// The markers understood, in order.
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    public init(_ marked: String) {
        var text = ""
        var locations: [String: (line: Int, column: Int)] = [:]
        var line = 1
        var column = 1
        var rest = Substring(marked)
        while let character = rest.first {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                locations[marker] = (line, column)
                rest = rest.dropFirst(marker.count)
                continue
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
            rest = rest.dropFirst()
        }
        self.text = text
        self.locations = locations
    }
}
