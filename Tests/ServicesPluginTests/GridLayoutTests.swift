import ShopLanguage
import ShopRendering
import Testing

@testable import ServicesPlugin

@Suite struct GridLayoutTests {
    @Test(arguments: [(40, 1), (60, 2), (80, 3), (100, 3), (120, 4), (200, 7)])
    func theColumnCountFollowsTheWidth(width: Int, columns: Int) async throws {
        #expect(CardGridView.columns(for: width) == columns)
        let shop = try ServicesShop(width: width)
        let lines = await shop.run("services list").split(separator: "\n").map(String.init)
        let topBorders = lines.filter { $0.hasPrefix("╭") || $0.hasPrefix("┏") }
        #expect(topBorders.count == (6 + columns - 1) / columns)
        #expect(topBorders[0].filter { $0 == "╭" }.count == min(columns, 6))
    }

    @Test(arguments: [40, 80, 120])
    func noLineIsWiderThanTheTerminalAndRowsLineUp(width: Int) async throws {
        let shop = try ServicesShop(width: width)
        await shop.run("services mode multi; services select 2; services select 6")
        let lines = await shop.run("services list").split(separator: "\n").map(String.init)
        for line in lines {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
        var rows: [[String]] = []
        for line in lines.dropFirst() {
            guard let first = line.first, "╭│╰┏┃┗".contains(first) else { continue }
            if first == "╭" || first == "┏" { rows.append([]) }
            rows[rows.count - 1].append(line)
        }
        #expect(rows.count == (6 + CardGridView.columns(for: width) - 1) / CardGridView.columns(for: width))
        for row in rows {
            #expect(Set(row.map { DisplayWidth.of($0) }).count == 1, "\(row)")
        }
    }

    @Test func at40ColumnsTheCardsStackAndTheFooterWraps() async throws {
        let shop = try ServicesShop(width: 40)
        await shop.run("services select 1")
        let printed = await shop.run("services list")
        #expect(
            printed.hasPrefix(
                """
                Services · 6 services · pick one
                ┏━ 1 ━━━━━━━━━━━━━━━━━━━━━━ ✓ ━┓
                ┃ 🪟  Window cleaning          ┃
                ┃     1 500 ₽                  ┃
                ┗━━━━━━━━━━━━━━━━━━━━ windows ━┛
                ╭─ 2 ──────────────────────────╮
                """))
        #expect(printed.hasSuffix("✓ Window cleaning · 1 500 ₽\n[ Selected ] services confirm\n"))
        await shop.run("services clear")
        #expect(await shop.run("services list").hasSuffix("\nnothing selected\n[ Select ] services select ID\n"))
    }

    @Test func at120ColumnsFourCardsShareARow() async throws {
        let shop = try ServicesShop(width: 120)
        let lines = await shop.run("services list").split(separator: "\n").map(String.init)
        #expect(
            lines[1]
                == "╭─ 1 ──────────────────────╮  ╭─ 2 ──────────────────────╮  ╭─ 3 ──────────────────────╮  "
                + "╭─ 4 ──────────────────────╮")
        #expect(lines[5] == "╭─ 5 ──────────────────────╮  ╭─ 6 ──────────────────────╮")
    }

    @Test func longTitlesWrapToTwoLinesAndTheRowKeepsOneHeight() async throws {
        let shop = try ServicesShop()
        try shop.write(
            """
            {"services": [
              {"id": "a", "name": "Short", "price": 1, "icon": "🅰️"},
              {"id": "b", "name": "A rather long title that will not fit on one card line", "price": 2},
              {"id": "c", "name": "Мойка окон с двух сторон", "price": 3, "icon": "👨‍👩‍👧"}
            ]}
            """, to: "long.json")
        await shop.run("services load long.json")
        #expect(
            await shop.run("services list") == """
                Services · 3 services · pick one
                ╭─ 1 ───────────────────╮  ╭─ 2 ───────────────────╮  ╭─ 3 ───────────────────╮
                │ 🅰️  Short             │  │ 💼  A rather long     │  │ 👨‍👩‍👧  Мойка окон с двух │
                │                       │  │     title that will … │  │     сторон            │
                │     1 ₽               │  │     2 ₽               │  │     3 ₽               │
                ╰─────────────────── a ─╯  ╰─────────────────── b ─╯  ╰─────────────────── c ─╯
                nothing selected — [ Select ] services select ID

                """)
    }

    @Test func aHugeCatalogShowsItsFirstCardsAndCountsTheRest() async throws {
        let shop = try ServicesShop()
        let items = (1...100).map { "{\"id\": \"s\($0)\", \"name\": \"Service \($0)\", \"price\": \($0)}" }
        try shop.write("{\"services\": [" + items.joined(separator: ",") + "]}", to: "hundred.json")
        await shop.run("services load hundred.json")
        let lines = await shop.run("services list").split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 8 * 4 + 2)
        #expect(
            lines[lines.count - 2]
                == "… 76 more — narrow them with 'services list | where …', or see one with 'services show ID'")
        #expect(await shop.run("services list | count") == "100\n")
    }
}
