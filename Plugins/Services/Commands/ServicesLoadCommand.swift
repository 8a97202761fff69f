import ShopPluginAPI

/// `services load FILE`: replaces the catalog with one read from a JSON file of either shape.
struct ServicesLoadCommand: Command {
    let spec = CommandSpec(
        path: ["services", "load"], abstract: "Load a catalog from a JSON file (either shape)",
        discussion:
            "Two shapes are read. {\"services\": [{\"id\", \"name\", \"price\": 1500, \"icon\"}]}, and "
            + "{\"status\", \"result\": {\"title\", \"actionTitle\", \"selectedActionTitle\", \"list\": [{\"id\", "
            + "\"title\", \"description\", \"icon\": {\"52x52\": URL}, \"price\": \"356 ₽\", \"isSelected\"}]}}. "
            + "Ids may be strings or whole numbers. A price is whole roubles from 0 to 1 000 000 000 000: an "
            + "integer, or text of digits in groups of three and ₽, руб. or р. (\"1 500 ₽\" is 1500; kopecks, "
            + "exponents and other words are refused). Items marked isSelected start selected "
            + "(only the first in single mode). result.title becomes the heading of 'services list', "
            + "actionTitle the button under it while nothing is selected, and selectedActionTitle the button "
            + "once something is and the word 'services confirm' starts with. Loading replaces the catalog and "
            + "the selection as one step: 'undo' brings both back. A "
            + "file that cannot be read changes nothing, and the error names the JSON path, line and column "
            + "of the problem; so does a file that changes while it is read. Example: services load ~/catalog.json",
        arguments: [Self.file])

    static let file = Argument<FilePath>("FILE", "a JSON file: {\"services\": …} or {\"status\", \"result\": …}")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let file = try invocation[Self.file]
        let (catalog, index) = try await CatalogLoader.load(path: file.absolute, name: file.text)
        let state = ServicesState(invocation)
        let mode = try state.selection().mode
        let selected = mode == .single ? Array(catalog.preselected.prefix(1)) : catalog.preselected
        try state.write(index, info: catalog.info, selected: selected)
        let count = catalog.items.count
        var message =
            "loaded \(Price.grouped(count)) \(count == 1 ? "service" : "services") (\(catalog.info.shapeDescription))"
        if catalog.preselected.count > selected.count {
            message += "; selected the first of \(catalog.preselected.count) marked isSelected (single mode)"
        } else if !selected.isEmpty {
            message += "; \(selected.count) selected"
        }
        invocation.console.message(message)
        return nil
    }
}
