import ShopKit
