import ShopPluginAPI

extension Interpreter {
    /// The surroundings every command of this session sees now.
    var invocationContext: Invocation.Context {
        if let cached = cachedInvocationContext { return cached }
        let context = Invocation.Context(
            environment: environment, console: console, baseDirectory: baseDirectory, format: format,
            objects: sessionObjects)
        cachedInvocationContext = context
        return context
    }
}
