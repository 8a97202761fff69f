import ShopPluginAPI

/// The catalog `services` starts with: six home services written for this project, one 3×2
/// grid at 80 columns. Built on first use and then shared, so every session's initial
/// `services.items` is the same list (and finds the same index).
enum EmbeddedCatalog {
    /// The six services.
    static let services: [Service] = [
        Service(
            id: "windows", title: "Window cleaning",
            description: "Streak-free glass inside and out, frames and sills wiped down. Up to eight windows.",
            price: 1500, icon: "🪟"),
        Service(
            id: "laundry", title: "Wash and iron",
            description: "Up to 5 kg of clothes collected in the morning, washed, ironed and brought back folded "
                + "the next day.",
            price: 890, icon: "🧺"),
        Service(
            id: "plumber", title: "Plumber visit",
            description: "A licensed plumber within four hours for a leak, a blocked drain or a new tap. Parts "
                + "are extra.",
            price: 2400, icon: "🔧"),
        Service(
            id: "courier", title: "Same-day courier",
            description: "A parcel of up to 10 kg across town before 9 pm, with a photo at hand-over.",
            price: 650, icon: "📦"),
        Service(
            id: "dogwalk", title: "Dog walking",
            description: "An hour-long walk for one dog, with water, treats and a short note afterwards.",
            price: 700, icon: "🐕"),
        Service(
            id: "tutor", title: "Maths tutoring",
            description: "A one-hour online lesson in school maths, from fractions to exam practice.",
            price: 1200, icon: "📐"),
    ]

    /// The catalog, as `services.items` and `services.catalog` hold it before any `services load`.
    static let catalog = Catalog(
        items: ValueList(services.map(\.value)), preselected: [],
        info: CatalogInfo(source: "embedded", shape: .embedded),
        idsAreSortedASCII: false)
}
