import Foundation
import NewsPlugin
import ShopFormats
import ShopLanguage
import ShopRendering
import ShopRuntime
import ShopTestSupport
import ShopValues
import Testing

/// A test session with the news plugin.
func newsSession(
    width: Int = 80, now: Double = TranscriptRunner.defaultNow, style: TerminalStyle = .plain,
    format: OutputFormat = .table
) throws -> TestSession {
    try TestSession(plugins: [NewsPlugin()], width: width, now: now, style: style, format: format)
}

/// The `news.*` keys as `state get` prints them in JSON, to compare before and after a command.
func newsState(_ shop: TestSession) async -> [String: String] {
    var values: [String: String] = [:]
    for key in ["news.items", "news.page", "news.total", "news.exhausted", "news.source"] {
        values[key] = await shop.json(key)
    }
    return values
}

/// What `text` prints in `--format json`.
func json(_ shop: TestSession, _ text: String) async -> String {
    await shop.session.setFormat(.json)
    let printed = await shop.run(text)
    await shop.session.setFormat(.table)
    return printed
}

/// The record `text` prints in `--format json`, parsed.
func jsonRecord(_ shop: TestSession, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async
    -> Record?
{
    let printed = await json(shop, text)
    let record = (try? Value(json: Array(printed.utf8)))?.recordValue
    #expect(record != nil, "not a record: \(printed)", sourceLocation: sourceLocation)
    return record
}
