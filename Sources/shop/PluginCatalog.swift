import FeedPlugin
import NewsPlugin
import ServicesPlugin
import ShopKit

/// The plugins `shop` ships with.
enum PluginCatalog {
    /// Every plugin, in the order `help` lists them.
    static var all: [any Plugin] { [ServicesPlugin(), FeedPlugin(), NewsPlugin()] }
}
