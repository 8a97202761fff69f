import ShopTestSupport

FakePlugin.main()
