import CSQLite
import ShopKit
