import Testing

@testable import ShopFormats
@testable import ShopValues

/// The table readers against the plain readers: the same values, fields and errors, in one
/// part and in several; numbers kept as written.
@Suite struct TableReaderTests {
    /// CSV files as usual tools write them, and some they should not.
    static let csvFiles = [
        "version,code,id,phone,price,zero,big,flag,name\n4.10,007,12345678901234567890,+79161234567,1.50,-0,1e5,true,\"a, b\"\n5.10,010,2,+7,2.25,3,2,false,x\n",
        "a,b\n1,x\n2,y\n",
        // Cells longer than the eight bytes the tokenizer looks at together, ending anywhere in them.
        "name,note;x\nabcdefghijklmnop,qrstuvwxyzabcdefgh;1\r\nÅÅÅÅÅÅÅÅÅÅ,1234567890123;2\n12345678,87654321;3\n1234567,123456789\n",
        "a,b\r\n1,2.5\r\n3,\r\n",
        "n\n1\n2.0\n3.25\n-0\n100\n",
        "q,r\n\"say \"\"hi\"\"\",1\n\"two\nlines\",2\n\"\",3\n",
        "a,b,c\n1,\"2\",true\n4,5,false\n",
        "x\n9007199254740993\n1.5\n",
        "city,n\nÅre,1\nAthens,2\nÅre,3\n",
        "a,,c\n1,2,3\n",
        "only\n",
        "\u{FEFF}k,v\n1,2\n\n\n3,4\n",
        "a;b\n1;2\n",
        "a,b\n1,2,3\n",
        "a,b\n1\n",
        "a,b\n\"x\"y,2\n",
        "a,a\n1,2\n",
        "a,b\n1,\"2\n",
        "t\nTrue\ntrue\n",
        "e\n1e999\n2\n",
        "m\n0.0001\n0.00001\n123456789012345678.5\n-0.0\n5.00\n",
    ]

    /// The records the plain reader gives, as compact JSON, or its error.
    private func plain(_ text: String, _ options: CSVOptions) -> String {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            do {
                let (_, records) = try PlainCSVReader.read(buffer, options: options)
                return JSONWriter.compact(.list(records))
            } catch {
                return "error: \(error)"
            }
        }
    }

    @Test(arguments: csvFiles)
    func csvTablesAreThePlainReadersRecords(text: String) async throws {
        for options in [
            CSVOptions(), CSVOptions(isFlexible: true), CSVOptions(hasHeader: false, isFlexible: true),
            CSVOptions(infersTypes: false), CSVOptions(separator: UInt8(ascii: ";")),
        ] {
            let expected = plain(text, options)
            for parts in 1...3 {
                let table: String
                do {
                    table = JSONWriter.compact(
                        .list(try await CSVTableReader.read(Array(text.utf8), options: options, parts: parts)))
                } catch {
                    table = "error: \(error)"
                }
                #expect(table == expected, "parts \(parts), \(options)")
            }
        }
    }

    @Test func csvKeepsEveryNumberAsWritten() throws {
        let text = CSVTableReaderTestsData.realWorld
        let rows = try CSVTableReader.read(Array(text.utf8))
        guard case .success(let written) = CSVWriter.text(.list(rows)) else {
            Issue.record("expected CSV")
            return
        }
        #expect(written == text)
        let first = try #require(rows.first?.recordValue)
        #expect(first["version"] == .double(4.1))
        #expect(first["version"]?.plainText == "4.10")
        #expect(first["code"] == "007")
        #expect(first["id"] == "12345678901234567890")
        #expect(first["phone"] == "+79161234567")
        #expect(first["flag"] == true)
    }

    @Test func typesAreDecidedByTheWholeColumn() throws {
        let rows = try CSVTableReader.read(Array("code,n,m\n1,1,1\n2,2.5,x\n007,3,3\n".utf8))
        #expect(rows.map { $0.recordValue?["code"] } == ["1", "2", "007"])
        #expect(rows.map { $0.recordValue?["n"]?.typeName } == ["double", "double", "double"])
        #expect(rows.map { $0.recordValue?["m"] } == ["1", "x", "3"])
    }

    /// JSON texts: tables of one shape and of several, and what is no table.
    static let jsonTexts = [
        #"[{"a":1,"b":"x"},{"a":2,"b":"y"},{"a":3,"b":"z"},{"a":4,"b":"w"},{"a":5,"b":"v"},{"a":6,"b":"u"},{"a":7,"b":"t"},{"a":8,"b":"s"}]"#,
        #"[{"a":1},{"b":2},{"a":3,"b":4},{"b":5,"a":6},{},{"a":null},{"a":1.50},{"a":-0},{"a":1e5}]"#,
        #"[{"a":1},{"a":"x"},{"a":[1,2]},{"a":{"b":1}},{"a":true},{"a":2.5},{"a":null},{"a":3},{"a":"é"}]"#,
        #"[{"s":"tab\tx"},{"s":"\u00e9"},{"s":"plain"},{"s":"q\"q"},{"s":""},{"s":"\ud83d\ude00"},{"s":"x"},{"s":"y"}]"#,
        #"[{"a":1},2,{"a":3}]"#,
        #"{"services":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}]}"#,
        #"[{"a":1,"a":2}]"#,
        #"[{"a":1},{"a":2},{"a":3},{"a":4},{"a":5},{"a":6},{"a":7},{"a":99999999999999999999}]"#,
        #"[{"a":1},{"a":2},{"a":3},{"a":4},{"a":5},{"a":6},{"a":7},{"a":8}] x"#,
        #"[{"a":1},{"a":2},{"a":3},{"a":4},{"a":5},{"a":6},{"a":7},{"a":01}]"#,
        #"[{"a":[{"b":1},{"b":2},{"b":3},{"b":4},{"b":5},{"b":6},{"b":7},{"b":8}]}]"#,
        #"[]"#, #"[{}]"#, #"{"a":[]}"#, "  [ { \"a\" : 1 } , { \"a\" : 2 } ]  ",
        #" { "a\"b\u00e9" : [{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}] } "#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}],"more":1}"#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}],}"#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}]} x"#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}]"#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9},2]}"#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9},{"id":01}]}"#,
        #"{"s\ud800":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}]}"#,
        #"{"s":[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}],"s":[{"id":0}]}"#,
        #"{1:[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6},{"id":7},{"id":8},{"id":9}]}"#,
        // Rows that leave the shape of the row before: after a field, at the end, by a repeat.
        #"[{"a":1,"b":2},{"a":3,"b":4},{"a":5},{"a":6,"b":7,"c":8},{"b":9,"a":0},{"a":1,"c":2},{"a":3,"b":4},{"a":5,"b":6}]"#,
        #"[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"b":6},{"a":7,"b":8},{"a":9,"b":0},{"a":1,"b":2},{"a":3,"b":4},{"a":5,"a":6}]"#,
        #"[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"b":6},{"a":7,"b":8},{"a":9,"b":0},{"a":1,"b":2},{"a":3,"b":4},{"a":5,"b":6,"b":7}]"#,
        // Whole numbers at the edges of the quick read: zero, signs, 17 and 18 digits, 64 bits.
        #"[{"n":0},{"n":-5},{"n":12345678901234567},{"n":123456789012345678},{"n":-12345678901234567},{"n":9223372036854775807},{"n":-9223372036854775808},{"n":7},{"n":-0},{"n":10}]"#,
        #"[{"n":1},{"n":2},{"n":3},{"n":4},{"n":5},{"n":6},{"n":7},{"n":8},{"n":1.0},{"n":2E1},{"n":0.5}]"#,
        #"[{"n":1},{"n":2},{"n":3},{"n":4},{"n":5},{"n":6},{"n":7},{"n":8},{"n":00}]"#,
        #"[{"n":1},{"n":2},{"n":3},{"n":4},{"n":5},{"n":6},{"n":7},{"n":8},{"n":-}]"#,
        #"[{"n":1},{"n":2},{"n":3},{"n":4},{"n":5},{"n":6},{"n":7},{"n":8},{"n":12x}]"#,
    ]

    @Test(arguments: jsonTexts)
    func jsonTablesAreThePlainReadersValues(text: String) async throws {
        let expected: String
        do {
            expected = JSONWriter.compact(try Value(plainJSON: Array(text.utf8)))
        } catch {
            expected = "error: \(error)"
        }
        let fast: String
        do {
            fast = JSONWriter.compact(try Value(json: text))
        } catch {
            fast = "error: \(error)"
        }
        #expect(fast == expected)
        for parts in 2...3 {
            let parallel: String
            do {
                parallel = JSONWriter.compact(try await JSONDocument.read(Array(text.utf8), parts: parts))
            } catch {
                parallel = "error: \(error)"
            }
            #expect(parallel == expected, "parts \(parts)")
        }
    }

    @Test func aRecordOfATableKeepsItsFieldsInOrderAndAbsentFieldsAbsent() throws {
        let value = try Value(
            json: #"[{"a":1,"b":2},{"b":3,"a":4},{"a":5},{"a":6},{"a":7},{"a":8},{"a":9},{"b":null}]"#)
        let list = try #require(value.listValue)
        #expect(list.table != nil)
        #expect(list[1].recordValue?.names.names == ["b", "a"])
        #expect(list[2].recordValue?["b"] == nil)
        #expect(list[7].recordValue?["b"] == .null)
        #expect(list[7].recordValue?["a"] == nil)
    }

    @Test(arguments: [
        ("{\"a\":1}\n{\"a\":2}\n", #"[{"a":1},{"a":2}]"#),
        ("{\"a\":1}\n\n  \n{\"b\":2}", #"[{"a":1},{"b":2}]"#),
        ("1\n\"x\"\n{\"a\":1}\n", #"[1,"x",{"a":1}]"#),
        ("{\"a\":1}\r\n{\"a\":2}\r\n", #"[{"a":1},{"a":2}]"#),
        ("", "[]"),
    ])
    func jsonLinesAreOneValueALine(text: String, expected: String) async throws {
        for parts in 1...3 {
            #expect(
                JSONWriter.compact(.list(try await JSONLinesReader.read(Array(text.utf8), parts: parts))) == expected)
        }
    }

    @Test func aBadJSONLineIsNamedByItsNumber() async {
        let text = "{\"a\":1}\n{\"a\":2}\n\n{\"a\":3,}\n{\"a\":4}\n"
        for parts in 1...3 {
            await #expect(throws: JSONLinesError.self) {
                try await JSONLinesReader.read(Array(text.utf8), parts: parts)
            }
            do {
                _ = try await JSONLinesReader.read(Array(text.utf8), parts: parts)
            } catch {
                #expect("\(error)" == "line 4: expected a member name in quotes at the top level (line 4, column 8)")
            }
        }
    }

    @Test func aDecimalOfAtMostFifteenDigitsIsKeptAsItsFractionDigits() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            let fraction = Int.random(in: 0...min(digits, 6), using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            while text.count > 1, text.first == "0", text.count > fraction + 1 { text.removeFirst() }
            if fraction > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -fraction)) }
            if text.first == "." { text = "0" + text }
            if Bool.random(using: &generator) { text = "-" + text }
            var bytes = text
            let reading = bytes.withUTF8 { NumberSpelling.read($0) }
            switch reading {
            case .int(let int, let canonical)?:
                #expect(canonical == (DecimalText.string(of: int) == text), "\(text)")
            case .double(let double, let spelling)?:
                #expect(double == Double(text), "\(text)")
                let canonical = Number.double(double).text == text
                switch spelling {
                case .canonical: #expect(canonical, "\(text)")
                case .fractionDigits(let count):
                    #expect(!canonical, "\(text)")
                    #expect(NumberTexts.decimal(double, fractionDigits: count) == text, "\(text)")
                case .other: #expect(!canonical, "\(text)")
                }
            default:
                Issue.record("\(text) did not read")
            }
        }
    }
}

/// A CSV file as a usual tool writes it, every cell of which must come back as it was.
enum CSVTableReaderTestsData {
    static let realWorld = """
        version,code,id,phone,price,zero,big,flag,name,note
        4.10,007,12345678901234567890,+79161234567,1.50,-0,1e5,true,Oskar,"Bag, no box"
        5.10,010,2,+7,2.25,3,2,false,Júlia,
        6.10,123,3,+44,100,0,1E+3,true,"Anna ""Ann"" Lee","two
        lines"

        """
}
