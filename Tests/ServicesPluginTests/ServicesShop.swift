import ShopPluginAPI
import ShopRendering
import ShopTestSupport
import ShopVerbs
import Testing

@testable import ServicesPlugin

/// A test session with the services plugin, a folder for catalog files, and a look at the
/// whole services state.
struct ServicesShop {
    let session: TestSession
    /// The folder relative paths start from.
    var folder: String { session.stateDirectory }

    init(width: Int = 80, style: TerminalStyle = .plain, plugin: ServicesPlugin = ServicesPlugin()) throws {
        session = try TestSession(plugins: [plugin], width: width, style: style)
    }

    /// Runs commands and returns what they printed.
    @discardableResult
    func run(_ text: String) async -> String {
        await session.run(text)
    }

    /// Writes `text` to `name` in the working folder; returns the name.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try FileSystem.writeAtomically(Array(text.utf8), to: folder + "/" + name)
        return name
    }

    /// Every services key as `state get` shows it in JSON, one per line.
    func state() async -> String {
        var lines: [String] = []
        for key in ["services.items", "services.selected", "services.mode", "services.catalog"] {
            lines.append("\(key)=\(await session.json(key))")
        }
        return lines.joined(separator: "\n")
    }
}

/// A small catalog in the `{"services": …}` shape.
let errandsJSON = """
    {"services": [
      {"id": "keys", "name": "Key cutting", "price": 350, "icon": "🔑"},
      {"id": "shoes", "name": "Shoe repair", "price": 1100, "icon": "👞", "isSelected": true},
      {"id": 7, "name": "Trouser hemming", "price": 600, "description": "Any length."}
    ]}
    """

/// A small catalog in the `{"status", "result": …}` shape.
let salonJSON = """
    {"status": "ok", "result": {"title": "Услуги", "actionTitle": "Выбрать", "selectedActionTitle": "Выбрано",
      "list": [
        {"id": 101, "title": "Стрижка", "description": "С мытьём головы.",
         "icon": {"52x52": "https://example.invalid/a-52.png", "104x104": "https://example.invalid/a-104.png"},
         "price": "1 200 ₽", "isSelected": false},
        {"id": 102, "title": "Маникюр", "icon": {"52x52": "https://example.invalid/b-52.png"},
         "price": "356 ₽", "isSelected": true},
        {"id": 103, "title": "Окрашивание", "description": null, "icon": null, "price": "3 500 ₽",
         "isSelected": true}
      ]}}
    """
