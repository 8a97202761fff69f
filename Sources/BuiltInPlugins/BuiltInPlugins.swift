import FeedPlugin
import NewsPlugin
import ServicesPlugin
import ShopPluginAPI

/// The plugins compiled into `shop`: the one list that the executable and every test that
/// goes through all plugins read. A new built-in plugin is added here and to the
/// `builtInPlugins` array of `Package.swift`.
public enum BuiltInPlugins {
    /// Every built-in plugin, in the order `help` lists them.
    public static var all: [any Plugin] { [ServicesPlugin(), FeedPlugin(), NewsPlugin()] }
}
