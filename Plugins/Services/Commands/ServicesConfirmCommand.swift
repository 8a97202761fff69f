import ShopPluginAPI

/// `services confirm`: names the choice — the step after the screen's "Select" button.
struct ServicesConfirmCommand: Command {
    let spec = CommandSpec(
        path: ["services", "confirm"], abstract: "Confirm the selection: name every selected service",
        discussion:
            "Single mode: 'Selected: TITLE'. Multi mode: every title, then the count and the total price. The "
            + "word before the titles is the catalog's selectedActionTitle when it has one. The result is a "
            + "record {ids, titles, count, total}. With nothing selected it is an error and nothing changes.",
        examples: [
            Example("services select windows; services confirm"),
            Example("services mode multi; services select 1; services select 3; services confirm"),
        ], fields: ["ids", "titles", "count", "total"])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let state = ServicesState(invocation)
        let selection = try state.selection()
        let index = try state.index()
        let services = selection.ids.compactMap { id in index.position(of: id).flatMap { Service(index.items[$0]) } }
        guard !services.isEmpty else { throw ServicesError.nothingSelected }
        let value = Value.record(
            Record(pairs: [
                ("ids", .list(services.map { .string($0.id) })), ("titles", .list(services.map { .string($0.title) })),
                ("count", .int(services.count)), ("total", .int(services.reduce(0) { $0 &+ $1.price })),
            ]))
        let view = ConfirmationView(
            services: services, mode: selection.mode, word: try state.catalogInfo().selectedActionTitle)
        return CommandResult(value, view: view)
    }
}
