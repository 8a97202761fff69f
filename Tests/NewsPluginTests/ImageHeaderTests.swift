import Foundation
import NewsPlugin
import ShopTestSupport
import Testing

@Suite struct ImageHeaderTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var data: [UInt8]
        var header: ImageHeader
        var testDescription: String { name }
    }

    static let images: [Sample] = [
        Sample(
            name: "png", data: FixtureImages.png(width: 48, height: 32),
            header: ImageHeader(format: .png, width: 48, height: 32)),
        Sample(
            name: "jpeg baseline", data: FixtureImages.jpeg, header: ImageHeader(format: .jpeg, width: 7, height: 5)),
        Sample(
            name: "jpeg progressive", data: ImageSamples.jpegProgressive9x6,
            header: ImageHeader(format: .jpeg, width: 9, height: 6)),
        Sample(name: "gif", data: ImageSamples.gif3x5, header: ImageHeader(format: .gif, width: 3, height: 5)),
        Sample(
            name: "webp VP8", data: ImageSamples.webpLossy11x7, header: ImageHeader(format: .webp, width: 11, height: 7)
        ),
        Sample(
            name: "webp VP8L", data: ImageSamples.webpLossless13x9,
            header: ImageHeader(format: .webp, width: 13, height: 9)),
        Sample(
            name: "webp VP8X", data: ImageSamples.webpExtended17x10,
            header: ImageHeader(format: .webp, width: 17, height: 10)),
        Sample(
            name: "jpeg with fill bytes and a large APP segment", data: jpegWithPadding(),
            header: ImageHeader(format: .jpeg, width: 7, height: 5)),
    ]

    @Test(arguments: images)
    func formatAndPixelSizeComeFromTheHeader(_ sample: Sample) throws {
        #expect(try ImageHeader(parsing: sample.data) == sample.header)
    }

    @Test(arguments: [
        (
            "html", Array("<!DOCTYPE html>\n<html><body>gone</body></html>".utf8),
            "not an image: text/html (starts with '<!DOCTYPE html>') from 'u'"
        ),
        (
            "html with blanks", Array("  \n<html lang=en>".utf8),
            "not an image: text/html (starts with '<html lang=en>') from 'u'"
        ),
        (
            "json", Array(#"{"error":"nope"}"#.utf8),
            #"not an image: application/json (starts with '{"error":"nope"}') from 'u'"#
        ),
        (
            "text", Array("Service Unavailable".utf8),
            "not an image: text/plain (starts with 'Service Unavailable') from 'u'"
        ),
        ("empty", [UInt8](), "not an image: an empty body from 'u'"),
        (
            "binary", [UInt8]([0x00, 0x01, 0x02, 0xFE, 0x10]),
            "not an image: unknown binary data (5 bytes starting 00 01 02 fe 10) from 'u'"
        ),
        (
            "truncated png", Array(FixtureImages.png(width: 2, height: 2).prefix(18)),
            "not an image: a damaged png header from 'u'"
        ),
        (
            "png claiming 4294967295×4294967295", claimedPNG(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF),
            "not an image: a damaged png header from 'u'"
        ),
        ("4-byte gif", Array("GIF8".utf8), "not an image: a damaged gif header from 'u'"),
        (
            "gif of an unknown version", Array("GIF85a\u{3}\u{0}\u{5}\u{0}".utf8),
            "not an image: a damaged gif header from 'u'"
        ),
        ("2-byte jpeg", [0xFF, 0xD8], "not an image: a damaged jpeg header from 'u'"),
        ("short riff", Array("RIFF\u{0}\u{0}".utf8), "not an image: a damaged webp header from 'u'"),
        (
            "jpeg without a frame", [UInt8]([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]),
            "not an image: a damaged jpeg header from 'u'"
        ),
        (
            "webp of an unknown kind", Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP9 xxxxxxxxxxxx".utf8),
            "not an image: a damaged webp header from 'u'"
        ),
    ])
    func anythingElseIsNotAnImage(name: String, data: [UInt8], message: String) {
        #expect {
            try ImageHeader(parsing: data, url: "u")
        } throws: { error in
            (error as? NewsError)?.description == message
        }
    }

    @Test func descriptionsNameFormatAndSize() {
        #expect(ImageHeader(format: .webp, width: 17, height: 10).description == "WEBP 17×10")
        #expect(ImageHeader.Format.jpeg.mediaType == "image/jpeg")
    }

    @Test func theLargestSizeAPNGCanStateIsStillAPictureSize() throws {
        let header = try ImageHeader(parsing: Self.claimedPNG(width: 0x7FFF_FFFF, height: 1))
        #expect(header == ImageHeader(format: .png, width: 2_147_483_647, height: 1))
    }

    /// A PNG whose header states `width`×`height` (the picture data is a 2×2 image's).
    private static func claimedPNG(width: UInt32, height: UInt32) -> [UInt8] {
        var data = FixtureImages.png(width: 2, height: 2)
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { data[offset + index] = UInt8(value >> (24 - 8 * UInt32(index)) & 0xFF) }
        }
        return data
    }

    /// The baseline JPEG with an extra 4 KB APP1 segment and fill bytes before its markers.
    private static func jpegWithPadding() -> [UInt8] {
        var data = [UInt8]([0xFF, 0xD8])
        data += [0xFF, 0xFF, 0xE1, 0x10, 0x02] + [UInt8](repeating: 0x41, count: 0x1000)
        data += [0xFF]
        data += FixtureImages.jpeg.dropFirst(2)
        return data
    }
}
