import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// `join` of two tables (columns gathered by the matched rows) gives what the same join of
/// their records in arrays gives: nulls, absent fields, duplicate keys, keys of mixed types.
@Suite struct TableJoinTests {
    /// A session whose folder holds tables to join: JSON lists of records of several shapes
    /// and CSV files.
    private func session() async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()], format: .json)
        let folder = shop.stateDirectory
        let left = """
            [{"id":1,"a":"one"},{"id":2,"b":true},{"a":"no id"},{"id":null,"a":"null id"},
             {"id":"007","a":"text"},{"id":7,"a":"int"},{"id":7.0,"a":"whole double"},{"id":2,"a":"two again"},
             {"b":false,"id":3.5},{"id":9,"t":"left t"}]
            """
        let right = """
            [{"id":2,"t":"two"},{"id":7,"t":"seven"},{"id":2,"t":"two again","a":"clash"},{"id":"007","t":"text"},
             {"id":null,"t":"null id"},{"t":"no id"},{"id":3.5,"t":"half"},{"id":11,"t":"unmatched"}]
            """
        try FileSystem.writeAtomically(Array(left.utf8), to: folder + "/left.json")
        try FileSystem.writeAtomically(Array(right.utf8), to: folder + "/right.json")
        let leftCSV = "id,a,n\n007,text,1\n7,int,2\n,null,3\n2,two,4\n2,two again,5\n12,lone,6\n"
        let rightCSV = "key,id,t\n7,1,seven\n2,2,two\n007,3,text\n,4,null\n2,5,two again\n40,6,unmatched\n"
        try FileSystem.writeAtomically(Array(leftCSV.utf8), to: folder + "/left.csv")
        try FileSystem.writeAtomically(Array(rightCSV.utf8), to: folder + "/right.csv")
        return shop
    }

    static let joins = [
        ("left.json", "right.json", "--on id"),
        ("left.json", "right.json", "--on id --left"),
        ("left.json", "right.json", "--on id --right"),
        ("left.json", "right.json", "--on id --outer"),
        ("left.json", "right.json", "--on a --right-on t --outer"),
        ("left.csv", "right.csv", "--on id"),
        ("left.csv", "right.csv", "--on id --right-on key --left"),
        ("left.csv", "right.csv", "--on a --right-on t --right"),
        ("left.csv", "right.csv", "--on id --right-on key --outer"),
        ("left.csv", "right.json", "--on id --outer"),
        ("right.csv", "left.json", "--on key --right-on id --left"),
    ]

    @Test(arguments: joins)
    func aJoinOfTablesGivesWhatItsRecordsGive(left: String, right: String, options: String) async throws {
        let shop = try await session()
        await shop.run("set tableRight $(open \(right)); set recordsRight $(open \(right) | reverse | reverse)")
        let tables = await shop.run("open \(left) | join $tableRight \(options)")
        let records = await shop.run("open \(left) | reverse | reverse | join $recordsRight \(options)")
        #expect(tables == records)
        #expect(!tables.hasPrefix("error"), "\(tables)")
        #expect(tables.count > 2, "\(tables)")
        // The table read column by column, as verbs over tables read it, gives the same too.
        let fields = "where t != null | sort id | to csv"
        #expect(
            await shop.run("open \(left) | join $tableRight \(options) | \(fields)")
                == (await shop.run("open \(left) | reverse | reverse | join $recordsRight \(options) | \(fields)")))
    }

    @Test func aJoinOfTablesFailsAsItsRecordsFail() async throws {
        let shop = try await session()
        await shop.run("set tableRight $(open right.json); set recordsRight $(open right.json | reverse | reverse)")
        for options in ["--on idd", "--on id --right-on tt"] {
            let tables = await shop.run("open left.json | join $tableRight \(options)")
            #expect(tables.hasPrefix("error: join:"))
            #expect(tables == (await shop.run("open left.json | reverse | reverse | join $recordsRight \(options)")))
        }
    }
}
