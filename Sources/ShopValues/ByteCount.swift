/// Sizes in bytes as people write them: `1000`, `500KB`, `20 MB`, `1GB`, `2GiB`.
///
/// `K`, `M` and `G` (with or without `B`, or as `KiB`, `MiB`, `GiB`) count in 1024s, as
/// every size limit of shop does; case does not matter.
///
/// ```swift
/// ByteCount.parse("20MB")             // 20_971_520
/// ByteCount.describe(1 << 30)         // "1 GB"
/// ```
public enum ByteCount {
    /// The bytes `text` names, or nil when it is not a size (or is negative, or too large).
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.filter { $0 != " " }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let multiplier: Int
        switch trimmed.dropFirst(digits.count).lowercased() {
        case "", "b": multiplier = 1
        case "k", "kb", "kib": multiplier = 1 << 10
        case "m", "mb", "mib": multiplier = 1 << 20
        case "g", "gb", "gib": multiplier = 1 << 30
        default: return nil
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : bytes
    }

    /// `1 GB`, `100 MB`, `64 KB`, or `1000 bytes` when no unit divides it.
    public static func describe(_ bytes: Int) -> String {
        for (unit, size) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= size && bytes % size == 0
        {
            return "\(bytes / size) \(unit)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
