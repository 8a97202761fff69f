/// Text that was laid out already (help pages): plain text in every format, through the
/// pager at the prompt when taller than the screen.
package struct TextView: ValueView {
    let render: @Sendable (RenderContext) -> String

    package init(render: @escaping @Sendable (RenderContext) -> String) {
        self.render = render
    }

    package var isPlainText: Bool { true }
    package var pagesWhenTall: Bool { true }

    package func render(in context: RenderContext) -> String {
        render(context)
    }
}
