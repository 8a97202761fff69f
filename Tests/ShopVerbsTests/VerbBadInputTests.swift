import Glibc
import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// Every bad input of the verbs: one clear `error:` line, and the state as it was.
@Suite struct VerbBadInputTests {
    /// A session with a variable, a counter and files to open in its working folder.
    private func session() async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()])
        let folder = shop.stateDirectory
        try FileSystem.writeAtomically(Array("a,b\n1,2\n".utf8), to: folder + "/good.csv")
        try FileSystem.writeAtomically([], to: folder + "/empty.json")
        try FileSystem.writeAtomically(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], to: folder + "/photo.png")
        try FileSystem.writeAtomically(Array("ab\n".utf8) + [0, 1, 2], to: folder + "/data.bin")
        _ = FileSystem.createDirectory(folder + "/folder")
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        try FileSystem.writeAtomically(Array("{\"a\": 1".utf8), to: folder + "/cut.json")
        try FileSystem.writeAtomically(Array("a,b\n1,\"2\n".utf8), to: folder + "/cut.csv")
        await shop.run(
            """
            counter add 2 --quiet
            set items '[{"name":"bolt","price":1},{"name":"nut","price":"cheap"}]'
            set words '["a","b"]'
            set numbers '[3,1,2]'
            """)
        return shop
    }

    @Test(arguments: [
        ("echo $words | from json | sum", "error: sum: item 1 is a string ('a'), not a number"),
        ("echo $items | from json | sum price", "error: sum: 'price' of item 2 is a string ('cheap'), not a number"),
        ("echo $items | from json | avg price", "error: avg: 'price' of item 2 is a string ('cheap'), not a number"),
        ("echo $items | from json | select name prise", "error: select: no field 'prise' (did you mean 'price'?)"),
        ("echo $items | from json | get nmae", "error: get: no field 'nmae' (did you mean 'name'?)"),
        ("echo $items | from json | where nmae == bolt", "error: where: no field 'nmae' (did you mean 'name'?)"),
        ("echo $numbers | from json | where a > 1", "error: where: item 1 is an int, not a record"),
        ("echo $items | from json | sort pirce desc", "error: sort: no field 'pirce' (did you mean 'price'?)"),
        ("echo $items | from json | sort price desc title", "error: sort: no field 'title' (fields: name, price)"),
        ("echo $items | from json | where title == bolt", "error: where: no field 'title' (fields: name, price)"),
        (
            "[{a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11}] | get zzz",
            "error: get: no field 'zzz' (fields: a, b, c, d, e, f, g, h, i, j, …)"
        ),
        ("echo $items | from json | group nam", "error: group: no field 'nam' (did you mean 'name'?)"),
        ("echo $items | from json | uniq nme", "error: uniq: no field 'nme' (did you mean 'name'?)"),
        ("echo $items | from json | reject nme", "error: reject: no field 'nme' (did you mean 'name'?)"),
        ("echo $items | from json | first -1", "error: first: N must be 0 or more, got -1"),
        ("echo $items | from json | last -3", "error: last: N must be 0 or more, got -3"),
        ("echo '[]' | from json | first", "error: first: the list is empty"),
        (
            "echo $numbers | from json | group",
            "error: group: needs records and a FIELD to group by; to count plain values, use 'uniq --count'"
        ),
        ("echo $numbers | from json | select a", "error: select: item 1 is an int, not a record"),
        ("echo $numbers | from json | sort a", "error: sort: item 1 is an int, not a record"),
        (
            #"echo "a,b\n1,\"2\n3,4" | from csv"#,
            "error: from csv: line 2, column 3: unclosed quote: the quoted cell that starts here never ends"
        ),
        (
            #"echo "a,b\n1,2,3" | from csv"#,
            "error: from csv: line 2, column 5: 3 cells, but the header has 2 (--flexible reads rows of other lengths)"
        ),
        ("open folder", "error: open: cannot read 'folder': is a folder"),
        (
            "open photo.png",
            "error: open: 'photo.png' is not text (invalid UTF-8 on line 1); open reads JSON, CSV and text files"
        ),
        (
            "open data.bin",
            "error: open: 'data.bin' is not text (a NUL byte on line 2); open reads JSON, CSV and text files"
        ),
        ("open empty.json", "error: open: 'empty.json' is empty"),
        (
            #"echo '[{"a":"x"},{"a":"y"}]' | from json | chart"#,
            "error: chart: no field holds numbers (fields: a); name one: chart FIELD --by LABEL"
        ),
        (
            "echo $items | from json | chart price",
            "error: chart: 'price' of item 2 is a string ('cheap'), not a number"
        ),
        ("echo $items | from json | chart prce", "error: chart: no field 'prce' (did you mean 'price'?)"),
        ("echo $items | from json | chart price --by nam", "error: chart: no field 'nam' (did you mean 'name'?)"),
        ("save out.json", "error: 'save' needs input: use it after '|', as in 'services list | save …'"),
        (
            "echo $numbers | save /dev/null",
            "error: save: cannot write '/dev/null': not a regular file (a character device)"
        ),
        ("echo $numbers | save fifo", "error: save: cannot write 'fifo': not a regular file (a FIFO)"),
        ("echo $numbers | save folder", "error: save: cannot write 'folder': not a regular file (a folder)"),
        (
            "echo $numbers | save good.csv",
            "error: save: cannot write 'good.csv': the file exists; add --force to replace it"
        ),
        (
            "echo $numbers | save out.yaml --as yml",
            "error: save: --as must be one of json, jsonl, csv, tsv, md, text, sqlite, got 'yml' (did you mean 'md'?)"
        ),
        ("open missing.csv", "error: open: cannot read 'missing.csv': no such file"),
        (
            "open /dev/zero",
            "error: open: cannot read '/dev/zero': not a regular file (a character device); open reads files, and standard input as '-'"
        ),
        (
            "open /dev/urandom",
            "error: open: cannot read '/dev/urandom': not a regular file (a character device); open reads files, and standard input as '-'"
        ),
        (
            "open fifo",
            "error: open: cannot read 'fifo': not a regular file (a FIFO); open reads files, and standard input as '-'"
        ),
        (
            "open good.csv --max-size 4",
            "error: open: cannot read 'good.csv': larger than 4 bytes, the most that is read; --max-size reads more"
        ),
        (
            "open good.csv --max-size lots",
            "error: open: --max-size must be a size such as 500KB, 20MB or 4GB, got 'lots'"
        ),
        ("open cut.json", "error: open: 'cut.json': unexpected end of JSON at the top level (line 1, column 8)"),
        (
            "open cut.csv",
            "error: open: 'cut.csv': line 2, column 3: unclosed quote: the quoted cell that starts here never ends"
        ),
        ("open good.csv --as yaml", "error: open: --as must be one of json, jsonl, csv, tsv, text, sqlite, got 'yaml'"),
        (
            "open -",
            "error: open: standard input holds no data here; pipe it into 'shop -c', as in: curl … | shop -c 'open - --as json'"
        ),
        (
            "echo $items | from json | rename name price",
            "error: rename: field 'price' exists already; reject it first, or choose another name"
        ),
        ("echo $items | from json | rename nam title", "error: rename: no field 'nam' (did you mean 'name'?)"),
        (
            "echo $items | from json | insert price 2",
            "error: insert: field 'price' exists already; to change it, use 'update price …'"
        ),
        ("echo $items | from json | update prce 2", "error: update: no field 'prce' (did you mean 'price'?)"),
        ("echo $numbers | from json | insert a 1", "error: insert: item 1 is an int, not a record"),
        (
            "echo $numbers | from json | first | length",
            "error: length: expected a list, a record or a string, got an int"
        ),
        ("echo $words | from json | trim | join , | sum", "error: sum: expected a list, got a string"),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        let shop = try await session()
        await shop.expectOneLineFailure(line, expected, keeping: "state save state.json --force; vars; counter")
    }
}
