// A plugin imports this module alone: the values it reads and returns, and the renderers its
// views draw with, come with it.
@_exported import ShopRendering
@_exported import ShopValues
