/// Text that was laid out already.
struct TextView: ValueView {
    let render: @Sendable (RenderContext) -> String

    func render(in context: RenderContext) -> String {
        render(context)
    }
}
