/// The format and pixel size of an image, read from the first bytes of its file.
///
/// Understands PNG (`IHDR`), JPEG (the first start-of-frame marker), GIF (the logical
/// screen) and WebP (`VP8 `, `VP8L` and `VP8X` chunks). Anything else is
/// ``NewsError/notAnImage(detected:url:)`` naming what the bytes look like, such as
/// `text/html (starts with '<!DOCTYPE html>')`; bytes that start like an image but break
/// off, or claim a size no file of that format can have, are a damaged header. Nothing is
/// decoded beyond the header.
///
/// ```swift
/// let header = try ImageHeader(parsing: data)   // ImageHeader(format: .png, width: 48, height: 32)
/// ```
public struct ImageHeader: Equatable, Sendable, CustomStringConvertible {
    /// An image file format.
    public enum Format: String, Sendable, CaseIterable {
        case png, jpeg, gif, webp

        /// The format's media type, e.g. `image/png`.
        public var mediaType: String { "image/\(rawValue)" }
    }

    public var format: Format
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header of `data`; `url` only goes into the error message.
    public init(parsing data: [UInt8], url: String? = nil) throws(NewsError) {
        let bytes = ByteReader(data)
        guard let format = Self.format(startingWith: bytes) else {
            throw .notAnImage(detected: Self.describe(data), url: url)
        }
        let parsed: ImageHeader? =
            switch format {
            case .png: Self.png(bytes)
            case .jpeg: Self.jpeg(bytes)
            case .gif: Self.gif(bytes)
            case .webp: Self.webp(bytes)
            }
        guard let parsed, (1...Self.largestSide).contains(parsed.width), (1...Self.largestSide).contains(parsed.height)
        else {
            throw .notAnImage(detected: "a damaged \(format.rawValue) header", url: url)
        }
        self = parsed
    }

    /// The longest side any of the formats can state: PNG's limit of 2³¹ − 1 pixels.
    static let largestSide = Int(Int32.max)

    /// The format whose signature the bytes start with, or start to spell (`GIF8`, `‰PNG`).
    private static func format(startingWith bytes: ByteReader) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        if bytes.starts(with: Array("GIF8".utf8)) { return .gif }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count < 12 || bytes.matches(Array("WEBP".utf8), at: 8) {
            return .webp
        }
        return nil
    }

    /// `PNG 48×32`.
    public var description: String { "\(format.rawValue.uppercased()) \(width)×\(height)" }

    // MARK: - Formats

    private static func png(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.matches([0x0D, 0x0A, 0x1A, 0x0A], at: 4), bytes.uint32BE(at: 8) == 13,
            bytes.matches(Array("IHDR".utf8), at: 12),
            let width = bytes.uint32BE(at: 16), let height = bytes.uint32BE(at: 20)
        else { return nil }
        return ImageHeader(format: .png, width: Int(width), height: Int(height))
    }

    /// Walks the marker segments up to the first start-of-frame (SOF0…SOF15 but DHT,
    /// JPG and DAC), which holds the frame's height and width.
    private static func jpeg(_ bytes: ByteReader) -> ImageHeader? {
        var offset = 2
        while offset < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            var markerOffset = offset + 1
            while markerOffset < bytes.count, bytes[markerOffset] == 0xFF { markerOffset += 1 }  // fill bytes
            guard let marker = bytes.byte(at: markerOffset) else { return nil }
            offset = markerOffset + 1
            switch marker {
            case 0xD8, 0x01, 0xD0...0xD7:
                continue  // standalone markers carry no length
            case 0xD9, 0xDA:
                return nil  // end of image or start of scan before any frame header
            default:
                break
            }
            guard let length = bytes.uint16BE(at: offset), length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.uint16BE(at: offset + 3), let width = bytes.uint16BE(at: offset + 5) else {
                    return nil
                }
                return ImageHeader(format: .jpeg, width: Int(width), height: Int(height))
            }
            offset += Int(length)
        }
        return nil
    }

    private static func gif(_ bytes: ByteReader) -> ImageHeader? {
        guard bytes.matches(Array("7a".utf8), at: 4) || bytes.matches(Array("9a".utf8), at: 4),
            let width = bytes.uint16LE(at: 6), let height = bytes.uint16LE(at: 8)
        else { return nil }
        return ImageHeader(format: .gif, width: Int(width), height: Int(height))
    }

    /// `RIFF size WEBP` and then the first chunk, whose layout depends on its kind.
    private static func webp(_ bytes: ByteReader) -> ImageHeader? {
        let chunk = 12
        let data = chunk + 8
        if bytes.matches(Array("VP8 ".utf8), at: chunk) {
            // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes.
            guard bytes.matches([0x9D, 0x01, 0x2A], at: data + 3),
                let width = bytes.uint16LE(at: data + 6), let height = bytes.uint16LE(at: data + 8)
            else { return nil }
            return ImageHeader(format: .webp, width: Int(width & 0x3FFF), height: Int(height & 0x3FFF))
        }
        if bytes.matches(Array("VP8L".utf8), at: chunk) {
            // Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each.
            guard bytes.byte(at: data) == 0x2F, let bits = bytes.uint32LE(at: data + 1) else { return nil }
            return ImageHeader(format: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        }
        if bytes.matches(Array("VP8X".utf8), at: chunk) {
            // Extended: flags and reserved bytes, then canvas width-1 and height-1 in 24 bits each.
            guard let width = bytes.uint24LE(at: data + 4), let height = bytes.uint24LE(at: data + 7) else {
                return nil
            }
            return ImageHeader(format: .webp, width: Int(width) + 1, height: Int(height) + 1)
        }
        return nil
    }

    // MARK: - Not an image

    /// What non-image bytes look like: a media type and their first characters.
    private static func describe(_ data: [UInt8]) -> String {
        if data.isEmpty { return "an empty body" }
        var text = String(decoding: data.prefix(256), as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let trimmed = text.drop { $0.isWhitespace }
        let firstLine = trimmed.prefix { !$0.isNewline }
        let excerpt = firstLine.count > 32 ? String(firstLine.prefix(32)) + "…" : String(firstLine)
        let lower = trimmed.lowercased()
        let kind: String
        if lower.hasPrefix("<!doctype html") || lower.hasPrefix("<html") || lower.hasPrefix("<head")
            || lower.hasPrefix("<body")
        {
            kind = "text/html"
        } else if lower.hasPrefix("<?xml") || lower.hasPrefix("<svg") {
            kind = lower.contains("<svg") ? "image/svg+xml, which is not supported" : "text/xml"
        } else if lower.hasPrefix("{") || lower.hasPrefix("[") {
            kind = "application/json"
        } else if data.prefix(256).allSatisfy({ $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            kind = "text/plain"
        } else {
            let hex = data.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            return "unknown binary data (\(data.count) bytes starting \(hex))"
        }
        return "\(kind) (starts with '\(excerpt)')"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
