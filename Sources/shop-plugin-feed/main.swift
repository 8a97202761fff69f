import FeedPlugin
import ShopPluginKit

await PluginServer.serve(FeedPlugin())
