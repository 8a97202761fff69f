print("shop")
