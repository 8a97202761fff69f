import ShopTestSupport
import Testing

@testable import ShopRendering

/// `chart`: bars in Unicode blocks with eighth-block precision, scaled to the width.
@Suite struct ChartTests {
    private func render(_ values: [Double], width: Int = 20, style: TerminalStyle = .plain) -> String {
        let bars = values.enumerated().map {
            BarChart.Bar(label: "v\($0.offset + 1)", value: $0.element, text: "\(Int($0.element))")
        }
        return BarChart(bars: bars).render(in: RenderContext(width: width, style: style, format: .table))
    }

    @Test func barsAreScaledToTheWidthInEighths() {
        // Width 20: label 2, value 2, two spaces: 14 cells for the longest bar.
        #expect(
            render([14, 7, 1, 0]) == """
                v1 ██████████████ 14
                v2 ███████         7
                v3 █               1
                v4                 0
                """)
        // Width 20 with one-digit values: 15 cells, so 1/8 of the longest is 15 eighths.
        #expect(render([8, 1]).split(separator: "\n")[1] == "v2 █▉              1")
    }

    @Test func everyEighthHasItsBlock() {
        // Width 14: 8 cells of bar, so the value k is k eighths.
        let lines = render([64, 1, 2, 3, 4, 5, 6, 7], width: 14).split(separator: "\n").dropFirst()
        #expect(lines.map { $0.dropFirst(3).prefix(1) } == ["▏", "▎", "▍", "▌", "▋", "▊", "▉"])
    }

    @Test func negativeValuesGrowLeftFromAZeroLine() {
        // Width 18: 12 cells, the zero line after 6 of them.
        #expect(
            render([6, -6, -3, 0], width: 18) == """
                v1       ██████  6
                v2 ██████       -6
                v3    ███       -3
                v4               0
                """)
    }

    @Test func anAllZeroChartDrawsNoBars() {
        #expect(render([0, 0]) == "v1                 0\nv2                 0")
    }

    @Test func coloursOnlyWhenColourIsOn() {
        #expect(!render([3, -1]).contains("\u{1B}"))
        let coloured = render([3, -1], style: TerminalStyle(depth: .ansi16))
        #expect(coloured.contains("\u{1B}["))
        #expect(EscapeStripper.strip(coloured) == render([3, -1]))
    }

    @Test func theCommandLabelsByFieldAndPassesTheValueOn() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()], width: 30)
        await shop.run(#"set rows '[{"name":"a","n":4},{"name":"bb","n":2},{"name":"c"}]'"#)
        #expect(
            await shop.run("echo $rows | from json | chart n --by name") == """
                a  █████████████████████████ 4
                bb ████████████▌             2

                """)
        #expect(await shop.run("echo $rows | from json | chart | count") == "3\n")
        #expect(await shop.run("echo '[1,2]' | from json | chart").hasPrefix("1 █"))
    }
}
