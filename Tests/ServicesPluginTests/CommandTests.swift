import ShopLanguage
import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

@testable import ServicesPlugin

@Suite struct CommandTests {
    @Test func bareServicesListsTheEmbeddedCatalogAsAThreeByTwoGrid() async throws {
        let shop = try ServicesShop()
        let printed = await shop.run("services")
        #expect(
            printed == """
                Services · 6 services · pick one
                ╭─ 1 ───────────────────╮  ╭─ 2 ───────────────────╮  ╭─ 3 ───────────────────╮
                │ 🪟  Window cleaning   │  │ 🧺  Wash and iron     │  │ 🔧  Plumber visit     │
                │     1 500 ₽           │  │     890 ₽             │  │     2 400 ₽           │
                ╰───────────── windows ─╯  ╰───────────── laundry ─╯  ╰───────────── plumber ─╯
                ╭─ 4 ───────────────────╮  ╭─ 5 ───────────────────╮  ╭─ 6 ───────────────────╮
                │ 📦  Same-day courier  │  │ 🐕  Dog walking       │  │ 📐  Maths tutoring    │
                │     650 ₽             │  │     700 ₽             │  │     1 200 ₽           │
                ╰───────────── courier ─╯  ╰───────────── dogwalk ─╯  ╰─────────────── tutor ─╯
                nothing selected — [ Select ] services select ID

                """)
        #expect(await shop.run("services list") == printed)
    }

    @Test func selectedCardsAreHeavyAndCheckedAndTheFooterNamesTheChoice() async throws {
        let shop = try ServicesShop()
        await shop.run("services select laundry")
        let lines = await shop.run("services list").split(separator: "\n").map(String.init)
        #expect(lines[1] == "╭─ 1 ───────────────────╮  ┏━ 2 ━━━━━━━━━━━━━━━ ✓ ━┓  ╭─ 3 ───────────────────╮")
        #expect(lines[2] == "│ 🪟  Window cleaning   │  ┃ 🧺  Wash and iron     ┃  │ 🔧  Plumber visit     │")
        #expect(lines.last == "✓ Wash and iron · 890 ₽ — [ Selected ] services confirm")
    }

    @Test func colourHighlightsTheSelectedCardWhenTheStyleAllowsIt() async throws {
        let shop = try ServicesShop(style: TerminalStyle(depth: .trueColor))
        await shop.run("services select 1")
        let printed = await shop.run("services list")
        #expect(printed.contains("\u{1B}[1;38;2;46;160;67m┏"))
        let plain = printed.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(plain.split(separator: "\n")[1].hasPrefix("┏━ 1 ━"))
    }

    @Test func selectAcceptsAnIdOrAPositionAndSingleModeKeepsOne() async throws {
        let shop = try ServicesShop()
        #expect(await shop.run("services select windows") == "✓ selected Window cleaning (1 500 ₽)\n")
        #expect(
            await shop.run("services select 2") == "✓ selected Wash and iron (890 ₽) in place of Window cleaning\n")
        #expect(await shop.session.json("services.selected") == "[\"laundry\"]")
        #expect(await shop.run("services select laundry") == "Wash and iron is already selected\n")
    }

    @Test func multiModeKeepsSelectionOrder() async throws {
        let shop = try ServicesShop()
        await shop.run("services mode multi; services select 6; services select 1; services select 3")
        #expect(await shop.session.json("services.selected") == "[\"tutor\",\"windows\",\"plumber\"]")
    }

    @Test func deselectAndToggle() async throws {
        let shop = try ServicesShop()
        #expect(await shop.run("services deselect 1") == "Window cleaning was not selected\n")
        #expect(await shop.run("services toggle 1") == "✓ selected Window cleaning (1 500 ₽)\n")
        #expect(await shop.run("services toggle windows") == "deselected Window cleaning\n")
        await shop.run("services select 4")
        #expect(await shop.run("services deselect courier") == "deselected Same-day courier\n")
        #expect(await shop.session.json("services.selected") == "[]")
    }

    @Test func clearEmptiesTheSelection() async throws {
        let shop = try ServicesShop()
        #expect(await shop.run("services clear") == "nothing was selected\n")
        await shop.run("services mode multi; services select 1; services select 2")
        #expect(await shop.run("services clear") == "cleared the selection (2 services)\n")
        #expect(await shop.session.json("services.selected") == "[]")
    }

    @Test func modeSwitchesAndGoingToSingleKeepsTheLatestChoice() async throws {
        let shop = try ServicesShop()
        #expect(await shop.run("services mode") == "single\n")
        #expect(await shop.run("services mode single") == "the mode is already single\n")
        #expect(await shop.run("services mode multi") == "mode: multi — select any number of services\n")
        await shop.run("services select 1; services select 2; services select 3")
        #expect(await shop.run("services mode single") == "mode: single — kept Plumber visit, deselected 2 others\n")
        #expect(await shop.session.json("services.selected") == "[\"plumber\"]")
        #expect(await shop.session.json("services.mode") == "\"single\"")
    }

    @Test func confirmNamesTheChoiceInSingleMode() async throws {
        let shop = try ServicesShop()
        #expect(
            await shop.run("services select 2; services confirm")
                == "✓ selected Wash and iron (890 ₽)\nSelected: Wash and iron\n")
    }

    @Test func confirmInMultiModeNamesEveryTitleWithCountAndTotal() async throws {
        let shop = try ServicesShop()
        await shop.run("services mode multi; services select 1; services select 5; services select 2")
        #expect(
            await shop.run("services confirm") == """
                Selected: Window cleaning, Dog walking, Wash and iron
                3 services, 3 090 ₽ in total

                """)
        await shop.session.session.setFormat(.json)
        #expect(
            await shop.run("services confirm")
                == "{\"ids\":[\"windows\",\"dogwalk\",\"laundry\"],\"titles\":[\"Window cleaning\",\"Dog walking\","
                + "\"Wash and iron\"],\"count\":3,\"total\":3090}\n")
    }

    @Test func confirmWithNothingSelectedIsAnErrorAndChangesNothing() async throws {
        let shop = try ServicesShop()
        let before = await shop.state()
        #expect(await shop.run("services confirm") == "error: nothing selected\n")
        #expect(await shop.state() == before)
    }

    @Test func showDrawsOneCardAndReturnsTheRecordWithPositionAndSelection() async throws {
        let shop = try ServicesShop()
        await shop.run("services select 2")
        #expect(
            await shop.run("services show laundry") == """
                ┏━ 2 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ ✓ ━┓
                ┃ 🧺  Wash and iron                                        ┃
                ┃     890 ₽                                                ┃
                ┃                                                          ┃
                ┃ Up to 5 kg of clothes collected in the morning, washed,  ┃
                ┃ ironed and brought back folded the next day.             ┃
                ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ laundry ━┛

                """)
        await shop.session.session.setFormat(.json)
        #expect(
            await shop.run("services show 4")
                == "{\"id\":\"courier\",\"title\":\"Same-day courier\",\"description\":\"A parcel of up to 10 kg across "
                + "town before 9 pm, with a photo at hand-over.\",\"price\":650,\"icon\":\"📦\",\"position\":4,"
                + "\"selected\":false}\n")
    }

    @Test func undoRestoresTheSelectionOneCommandAtATime() async throws {
        let shop = try ServicesShop()
        await shop.run("services select 1")
        await shop.run("services select 2")
        await shop.run("services mode multi")
        await shop.run("services select 3")
        await shop.run("undo")
        #expect(await shop.session.json("services.selected") == "[\"laundry\"]")
        await shop.run("undo")
        #expect(await shop.session.json("services.mode") == "\"single\"")
        await shop.run("undo")
        #expect(await shop.session.json("services.selected") == "[\"windows\"]")
    }

    @Test func commandsThatChangeNothingLeaveNoUndoStep() async throws {
        let shop = try ServicesShop()
        await shop.run("services select 1")
        await shop.run(
            "services select 1; services deselect 2; services mode single; services toggle 3; services toggle 3")
        await shop.run("undo; undo")
        await shop.run("undo")
        #expect(await shop.session.json("services.selected") == "[]")
        #expect(await shop.run("undo") == "error: nothing to undo\n")
    }

    @Test func theListFlowsThroughPipelines() async throws {
        let shop = try ServicesShop()
        #expect(
            await shop.run("services list | where price < 1000 | sort price | get title")
                == "Same-day courier\nDog walking\nWash and iron\n")
        #expect(await shop.run("services list | count") == "6\n")
        #expect(await shop.run("services | where price > 2000 | get id") == "plumber\n")
        await shop.session.session.setFormat(.json)
        #expect(await shop.run("services list | where price < 700 | get id") == "[\"courier\"]\n")
    }

    @Test func thePlainFormatListsRowsInsteadOfCards() async throws {
        let shop = try ServicesShop()
        await shop.session.session.setFormat(.plain)
        let lines = await shop.run("services list").split(separator: "\n")
        #expect(lines.first == "id\ttitle\tdescription\tprice\ticon")
        #expect(lines.count == 7)
        #expect(lines[1].hasPrefix("windows\tWindow cleaning\t"))
    }

    @Test func stateKeysAreReadOnlyOutsideTheirCommands() async throws {
        let shop = try ServicesShop()
        #expect(
            await shop.run("set services.selected '[]'")
                == "error: 'services.selected' belongs to the services plugin; change it with 'services' commands\n")
    }

    @Test func everyServicesExampleInTheMetadataRunsInAFreshSession() async throws {
        // ExampleCheck runs the core's examples too; only this plugin's are checked here.
        let failures = try await ExampleCheck.failures(plugins: [ServicesPlugin()]).filter {
            $0.hasPrefix("services ")
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
