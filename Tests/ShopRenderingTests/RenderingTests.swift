import Testing

@testable import ShopRendering
@testable import ShopValues

@Suite struct RenderingTests {
    @Test(arguments: [
        ("plain", "plain"), ("tab\there", "tab    here"), ("\u{1B}[2J", "␛[2J"), ("bell\u{07}", "bell␇"),
        ("del\u{7F}", "del␡"), ("c1\u{9B}31m", "c1\u{FFFD}31m"), ("rtl\u{202E}txt", "rtl\u{FFFD}txt"),
        ("line\nbreak", "line␊break"), ("émoji 👍🏽", "émoji 👍🏽"),
    ])
    func sanitizerMakesControlCharactersInert(input: String, expected: String) {
        #expect(Sanitizer.inert(input) == expected)
    }

    @Test func sanitizerCanKeepNewlines() {
        #expect(Sanitizer.inert("a\r\nb\u{1B}", keepNewlines: true) == "a\nb␛")
    }

    @Test func truncateAndPadCountDisplayColumns() {
        #expect(TextLayout.truncate("hello world", to: 8) == "hello w…")
        #expect(TextLayout.truncate("日本語テキスト", to: 7) == "日本語…")
        #expect(TextLayout.pad("日本", to: 6) == "日本  ")
        #expect(TextLayout.pad("7", to: 3, alignment: .right) == "  7")
        #expect(TextLayout.pad("ab", to: 5, alignment: .center) == " ab  ")
    }

    @Test func wrapBreaksAtSpacesAndSplitsLongWords() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
        #expect(TextLayout.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
    }

    @Test func aHundredThousandCharacterParagraphWrapsInOnePass() {
        let paragraph = String(repeating: "word ", count: 20_000)
        let lines = TextLayout.wrap(paragraph, width: 80)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(lines.joined(separator: " ").split(separator: " ").count == 20_000)
    }

    @Test func tablesFitTheWidthAndAlignNumbers() {
        let table = Table(
            headers: ["id", "title", "price"],
            rows: [["1", "Deep cleaning of the whole flat", "1500"], ["2", "Ironing", "90"]],
            alignments: [.right, .left, .right])
        #expect(
            table.render(width: 80, style: .plain) == """
                id │ title                           │ price
                ───┼─────────────────────────────────┼──────
                 1 │ Deep cleaning of the whole flat │  1500
                 2 │ Ironing                         │    90
                """)
        #expect(
            table.render(width: 30, style: .plain) == """
                id │ title             │ price
                ───┼───────────────────┼──────
                 1 │ Deep cleaning of… │  1500
                 2 │ Ironing           │    90
                """)
    }

    @Test func recordsAndListsRenderByShape() {
        let context = RenderContext(width: 80, style: .plain, format: .table)
        #expect(ValueRenderer.render(.list([]), in: context) == "(empty)")
        #expect(ValueRenderer.render(.list(["a", 1, .null]), in: context) == "a\n1\nnull")
        let record = Value.record(Record(["name": "shop", "tags": ["a", "b"]]))
        #expect(
            ValueRenderer.render(record, in: context) == """
                name  shop
                tags  [2 items]
                """)
        #expect(
            ValueRenderer.render(record, in: RenderContext(width: 80, style: .plain, format: .plain))
                == "name\tshop\ntags\t[\"a\",\"b\"]")
        #expect(
            ValueRenderer.render(record, in: RenderContext(width: 80, style: .plain, format: .json))
                == "{\"name\":\"shop\",\"tags\":[\"a\",\"b\"]}")
    }

    @Test func stylesFollowTheColourDepth() {
        let color = RGBColor(red: 255, green: 128, blue: 0)
        #expect(
            TerminalStyle(depth: .trueColor).apply([.foreground(color)], to: "x") == "\u{1B}[38;2;255;128;0mx\u{1B}[0m")
        #expect(TerminalStyle(depth: .ansi256).apply([.background(color)], to: "x") == "\u{1B}[48;5;208mx\u{1B}[0m")
        #expect(TerminalStyle(depth: .ansi16).apply([.foreground(color)], to: "x") == "\u{1B}[33mx\u{1B}[0m")
        #expect(TerminalStyle.plain.apply([.bold, .foreground(color)], to: "x") == "x")
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color"]) == .ansi256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(RGBColor(hex: "#1e90ff") == RGBColor(red: 30, green: 144, blue: 255))
        #expect(RGBColor(hex: "#12345") == nil)
    }

    @Test(arguments: [
        (2026, 1, 15, "Thursday"), (2026, 1, 19, "Monday"), (2000, 2, 29, "Tuesday"), (1970, 1, 1, "Thursday"),
        (1969, 12, 31, "Wednesday"), (2100, 3, 1, "Monday"), (2024, 12, 31, "Tuesday"),
    ])
    func calendarDatesKnowTheirWeekday(year: Int, month: Int, day: Int, weekday: String) {
        let date = CalendarDate(year: year, month: month, day: day)
        #expect(date.weekdayName == weekday)
        #expect(CalendarDate(daysSince1970: date.daysSince1970) == date)
    }

    @Test(arguments: [-400, -100, -1, 0, 1, 100, 1600, 1700, 1900, 1970, 2000, 2023, 2024, 2100, 2400, 9999])
    func aDateIsValidExactlyWhenItsDayNumberGivesItBack(year: Int) {
        for month in 0...13 {
            for day in -1...32 {
                let date = CalendarDate(year: year, month: month, day: day)
                let roundTrips =
                    (1...12).contains(month) && day >= 1
                    && CalendarDate(daysSince1970: date.daysSince1970) == date
                #expect(date.isValid == roundTrips, "\(year)-\(month)-\(day)")
            }
        }
    }

    @Test(arguments: [
        ("2026-01-15T10:00:00Z", 1_768_471_200.0), ("2026-01-15", 1_768_435_200),
        ("2026-01-14T00:00:00", 1_768_348_800),
        ("2026-01-15T13:00:00+03:00", 1_768_471_200), ("2026-01-15T10:00:00.5Z", 1_768_471_200.5),
    ])
    func timestampsParseWithoutLocales(text: String, seconds: Double) {
        #expect(Timestamp.parse(text) == seconds)
    }

    @Test(arguments: ["", "2026-13-01", "2026-02-30", "2026-01-15T25:00", "15/01/2026", "2026-01-15T10:00:00Q"])
    func malformedTimestampsAreRefused(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }
}

/// Tables that fit: never wider than the width, columns dropped from the right
/// and named on one line, nested values by their size.
@Suite struct TableFitTests {
    private func widest(_ text: String) -> Int {
        text.split(separator: "\n").map { DisplayWidth.of($0) }.max() ?? 0
    }

    @Test(arguments: [20, 33, 40, 57, 80, 120])
    func aWideTableNeverPassesTheWidth(width: Int) {
        let headers = [
            "id", "title", "description", "publishedDate", "url", "fullUrl", "titleImageUrl", "categoryType",
        ]
        let row = [
            "5000", "Shop 4.2 is out: faster checkout", "The cart now remembers what you left in it",
            "2026-01-15T09:30:00",
            "https://news.example/5000", "https://news.example/articles/5000", "https://img.example/5000.png",
            "release",
        ]
        let text = Table(headers: headers, rows: [row, row]).render(width: width, style: .plain)
        #expect(widest(text) <= width)
        #expect(text.split(separator: "\n").last?.hasPrefix("… ") == (width < 104))
    }

    @Test func droppedFieldsAreNamedInRecordOrderAndKeptOnesStayReadable() {
        let table = Table(
            headers: ["id", "title", "description", "url", "categoryType"],
            rows: [
                [
                    "1", "A rather long title here", "An even longer description of it all", "https://x.example/1",
                    "promo",
                ]
            ])
        #expect(
            table.render(width: 50, style: .plain) == """
                id │ title         │ description   │ url
                ───┼───────────────┼───────────────┼──────────────
                1  │ A rather lon… │ An even long… │ https://x.ex…
                … 1 more field: categoryType (select to choose)
                """)
        #expect(
            table.render(width: 40, style: .plain) == """
                id │ title            │ description
                ───┼──────────────────┼─────────────────
                1  │ A rather long t… │ An even longer …
                … 2 more fields: url, categoryType (sel…
                """)
    }

    @Test func aNarrowWidthCutsNamesInTheRecordView() {
        let record = Value.record(Record(["description": "a b"]))
        #expect(
            ValueRenderer.render(record, in: RenderContext(width: 24, style: .plain, format: .table))
                == "descrip…  a b")
    }

    @Test func oneDroppedFieldIsAField() {
        let table = Table(headers: ["name", "note"], rows: [["a name that is long", "a note that is long too"]])
        #expect(
            table.render(width: 24, style: .plain) == """
                name
                ───────────────────
                a name that is long
                … 1 more field: note (s…
                """)
    }

    @Test func narrowColumnsKeepTheirWidthAndWideOnesShrink() {
        let table = Table(headers: ["n", "text"], rows: [["1", String(repeating: "x", count: 100)]])
        let text = table.render(width: 30, style: .plain)
        #expect(text.split(separator: "\n")[2] == "1 │ " + String(repeating: "x", count: 25) + "…")
    }

    @Test func nestedValuesShowTheirSize() {
        let context = RenderContext(width: 80, style: .plain, format: .table)
        let rows: Value = [
            .record(Record(["name": "a", "tags": ["x", "y", "z"], "meta": .record(Record(["k": 1]))])),
            .record(Record(["name": "b", "tags": ["x"], "meta": .record(Record(["k": 1, "l": 2]))])),
        ]
        #expect(
            ValueRenderer.render(rows, in: context) == """
                name │ tags      │ meta
                ─────┼───────────┼───────────
                a    │ [3 items] │ {1 field}
                b    │ [1 item]  │ {2 fields}
                """)
    }

    @Test func aRecordShowsOneFieldPerLineWrappedToTheWidth() {
        let context = RenderContext(width: 36, style: .plain, format: .table)
        let record = Value.record(
            Record(["id": "laundry", "description": "Washed, dried and ironed within a day", "tags": ["a"]]))
        #expect(
            ValueRenderer.render(record, in: context) == """
                id           laundry
                description  Washed, dried and
                             ironed within a day
                tags         [1 item]
                """)
    }
}
