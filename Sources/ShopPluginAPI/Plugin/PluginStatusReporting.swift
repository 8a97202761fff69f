/// A plugin that says how it runs, for `plugins`: an outside plugin's protocol version and
/// whether its process runs in this session. Built-in plugins show `built-in` and `loaded`.
///
/// ```swift
/// extension OutsidePlugin: PluginStatusReporting {
///     var protocolDescription: String { "1" }
///     func state(in objects: SessionObjects) -> String { "running (pid 4242)" }
/// }
/// ```
public protocol PluginStatusReporting: Plugin {
    /// The protocol it speaks, as `plugins` shows it.
    var protocolDescription: String { get }
    /// Its state in the session whose objects these are: `stopped`, `running (pid N)`, `disabled`.
    func state(in objects: SessionObjects) -> String
}
