import ShopValues
import Testing

@testable import ShopFormats

/// CSV per RFC 4180, read and written (`from csv`, `to csv`, `open`, `save`).
@Suite struct CSVTests {
    private func read(_ text: String) throws(CSVError) -> String {
        JSONWriter.compact(.list(try CSVTableReader.read(Array(text.utf8))))
    }

    @Test(arguments: [
        ("a,b\n1,x\n", #"[{"a":1,"b":"x"}]"#),
        ("a,b\r\n1,x\r\n2,y", #"[{"a":1,"b":"x"},{"a":2,"b":"y"}]"#),
        ("\u{FEFF}name,qty\r\nbolt,12\r\n", #"[{"name":"bolt","qty":12}]"#),
        ("a,b,c\n-3,2.50,1e3\n", #"[{"a":-3,"b":2.50,"c":1e3}]"#),
        ("zip,id\n007,0\n", #"[{"zip":"007","id":0}]"#),
        ("a,b\n,\"\"\n", #"[{"a":null,"b":""}]"#),
        ("a,b\n\"12\",true\n", #"[{"a":"12","b":true}]"#),
        ("q\n\"say \"\"hi\"\", then, go\"\n", #"[{"q":"say \"hi\", then, go"}]"#),
        ("note,n\n\"two\r\nlines\",1\n", #"[{"note":"two\r\nlines","n":1}]"#),
        ("a,b\n1,2\n\n3,4\n\n", #"[{"a":1,"b":2},{"a":3,"b":4}]"#),
        ("a,b\r1,2\r", #"[{"a":1,"b":2}]"#),
        ("a,,c\n1,2,3\n", #"[{"a":1,"column2":2,"c":3}]"#),
        ("a\n", "[]"),
        ("", "[]"),
        ("2024,1.50\nx,y\n", #"[{"2024":"x","1.50":"y"}]"#),
        ("a,b\nx,\n", #"[{"a":"x","b":null}]"#),
        ("n\n99999999999999999999\n", #"[{"n":"99999999999999999999"}]"#),
    ])
    func readsCellsTypedAsWords(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test(arguments: [
        ("a,b\n1,2,3\n", CSVError(line: 2, column: 5, problem: .cellCount(found: 3, expected: 2))),
        ("a,b\n1\n", CSVError(line: 2, column: 2, problem: .cellCount(found: 1, expected: 2))),
        ("a,b\n1,2\n\"3,4\n5,6\n", CSVError(line: 3, column: 1, problem: .unclosedQuote)),
        ("a,b\n\"x\"y,2\n", CSVError(line: 2, column: 4, problem: .textAfterQuote)),
        (
            "id,name,id\n1,2,3\n",
            CSVError(line: 1, column: 9, problem: .repeatedHeader(name: "id", firstCell: 1, cell: 3))
        ),
        ("a,b\n\"two\nlines\",2,3\n", CSVError(line: 3, column: 10, problem: .cellCount(found: 3, expected: 2))),
        ("é,b\nü,1,2\n", CSVError(line: 2, column: 5, problem: .cellCount(found: 3, expected: 2))),
    ])
    func badRowsNameTheirLineAndColumn(text: String, expected: CSVError) {
        #expect(throws: expected) { try CSVTableReader.read(Array(text.utf8)) }
    }

    @Test func anUnclosedQuoteSaysSoInOneLine() {
        let error = CSVError(line: 3, column: 1, problem: .unclosedQuote)
        #expect(error.description == "line 3, column 1: unclosed quote: the quoted cell that starts here never ends")
    }

    @Test func writtenCSVReadsBackToTheSameValues() throws {
        let rows: Value = [
            .record(Record(["id": "007", "title": "Wash, dry", "price": 890, "note": .null, "empty": ""])),
            .record(Record(["id": "12", "title": "-4.5"])),
            .record(Record(["id": "x\"y", "title": "two\nlines", "price": 2.5, "tags": ["a"]])),
        ]
        guard case .success(let text) = CSVWriter.text(rows) else {
            Issue.record("expected CSV text")
            return
        }
        #expect(
            text == """
                id,title,price,note,empty,tags
                007,"Wash, dry",890,,"",
                12,"-4.5",,,,
                "x""y","two
                lines",2.5,,,"[""a""]"

                """)
        let back = try CSVTableReader.read(Array(text.utf8))
        #expect(back.first?.recordValue?["id"] == "007")
        #expect(back.first?.recordValue?["empty"] == "")
        #expect(back.first?.recordValue?["note"] == .null)
        #expect(back[1].recordValue?["id"] == "12")
        #expect(back[1].recordValue?["title"] == "-4.5")
        #expect(back.last?.recordValue?["title"] == "two\nlines")
        #expect(back.last?.recordValue?["price"] == 2.5)
    }

    @Test func aListMixingRecordsAndValuesNamesTheFirstOtherItem() {
        #expect(CSVWriter.text([.record(Record(["a": 1])), 2]) == .failure(CSVWriter.MixedItems(item: 2, got: 2)))
        #expect(CSVWriter.text(["a", 1]) == .success("value\na\n1\n"))
    }
}
