import Foundation
import NewsPlugin
import ShopTestSupport
import Testing

@Suite struct InlineImageProtocolTests {
    @Test(
        arguments: [
            (["TERM": "xterm-kitty"], InlineImageProtocol.kitty),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty),
            (["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], .kitty),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm2),
            (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .iterm2),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .iterm2),
            (["TERM": "xterm-256color"], nil),
            (["TERM": "dumb", "TERM_PROGRAM": "iTerm.app"], nil),
            (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], nil),
            (["TERM": "screen-256color", "TERM_PROGRAM": "iTerm.app"], nil),
            ([:], nil),
        ] as [([String: String], InlineImageProtocol?)])
    func theProtocolIsDetectedFromTheEnvironment(environment: [String: String], expected: InlineImageProtocol?) {
        #expect(InlineImageProtocol.detect(environment: environment) == expected)
    }

    @Test func kittyChunksBase64PNGIntoGraphicsCommands() throws {
        let png = FixtureImages.png(width: 48, height: 48)  // about 7 kB: 9.3 k base64 characters, 3 chunks
        let sequence = try #require(InlineImageProtocol.kitty.encode(png, format: .png, widthInCells: 20))
        let commands = sequence.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }
        try #require(commands.count == (Data(png).base64EncodedString().count + 4095) / 4096)
        try #require(commands.count == 3)
        #expect(commands[0].hasPrefix("\u{1B}_Ga=T,f=100,c=20,m=1;"))
        #expect(commands[1].hasPrefix("\u{1B}_Gm=1;"))
        #expect(commands[2].hasPrefix("\u{1B}_Gm=0;"))
        let payloads = commands.map { $0.split(separator: ";", maxSplits: 1)[1] }
        #expect(Data(base64Encoded: payloads.joined()).map { Array($0) } == png)
        #expect(payloads.dropLast().allSatisfy { $0.count == 4096 })
    }

    @Test func aSmallPNGIsOneKittyCommand() throws {
        let png = FixtureImages.png(width: 2, height: 2)
        let sequence = try #require(InlineImageProtocol.kitty.encode(png, format: .png))
        #expect(sequence == "\u{1B}_Ga=T,f=100,m=0;\(Data(png).base64EncodedString())\u{1B}\\")
    }

    @Test func kittyCannotShowJPEG() {
        #expect(InlineImageProtocol.kitty.encode(FixtureImages.jpeg, format: .jpeg) == nil)
    }

    @Test func iTerm2SendsTheWholeFileInOneSequence() throws {
        let jpeg = FixtureImages.jpeg
        let sequence = try #require(InlineImageProtocol.iterm2.encode(jpeg, format: .jpeg))
        #expect(
            sequence
                == "\u{1B}]1337;File=inline=1;size=\(jpeg.count);preserveAspectRatio=1:\(Data(jpeg).base64EncodedString())\u{07}"
        )
    }
}
