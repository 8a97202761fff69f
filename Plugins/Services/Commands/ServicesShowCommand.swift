import ShopPluginAPI

/// `services show ID`: one service in full.
struct ServicesShowCommand: Command {
    let spec = CommandSpec(
        path: ["services", "show"], abstract: "Show one service with its description",
        discussion: "The result is the service's record with its position and whether it is selected.",
        arguments: [ServiceReference.argument],
        examples: [Example("services show windows"), Example("services show 2", "the second card")],
        fields: Service.fieldNames.names + ["position", "selected"],
        fieldTypes: Service.fieldTypes.merging(["position": .int, "selected": .bool]) { first, _ in first })

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let state = ServicesState(invocation)
        let reference = try ServiceReference.resolve(try invocation[ServiceReference.argument], in: try state.index())
        let isSelected = try state.selection().contains(reference.service.id)
        let record = reference.service.value.recordValue?
            .setting("position", to: .int(reference.position + 1))
            .setting("selected", to: .bool(isSelected))
        let value = record.map(Value.record) ?? reference.service.value
        return CommandResult(value, view: ServiceCardView(reference: reference, isSelected: isSelected))
    }
}
