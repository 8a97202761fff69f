import ShopValues
import Testing

@testable import ShopFormats

@Suite struct JSONMemberNamesTests {
    private static let names = JSONMemberNames(["id", "title"])

    /// The (index, value) of each member of `text`'s object, in order.
    private func members(_ text: String) throws(JSONError) -> [(Int?, Value)] {
        try JSONReader.withReader(over: Array(text.utf8)) { reader throws(JSONError) in
            var read: [(Int?, Value)] = []
            try reader.readObject(Self.names) { index, reader throws(JSONError) in
                read.append((index, try reader.readValue()))
            }
            return read
        }
    }

    @Test func eachNameIsGivenByItsIndexAndOthersAsNil() throws {
        let read = try members(#"{"title": "a", "extra": [1], "id": 7, "\u0069d2": null}"#)
        #expect(read.map(\.0) == [1, nil, 0, nil])
        #expect(read.map(\.1) == [.string("a"), .list([1]), .int(7), .null])
        #expect(try members(#"{"\u0069d": 3}"#).map(\.0) == [0], "a name written with escapes is the same name")
        #expect(try members("{}").isEmpty)
    }

    @Test func namesInAnyOrderAndNamesThatStartAnotherAreToldApart() throws {
        let names = JSONMemberNames(["id", "idx", "title", "x"])
        let text = #"[{"id": 1, "idx": 2, "title": 3}, {"title": 4, "x": 5, "idx": 6, "i": 7, "id": 8}, {"x": 9}]"#
        let read = try JSONReader.withReader(over: Array(text.utf8)) { reader throws(JSONError) in
            var read: [[Int?]] = []
            try reader.readArray { _, reader throws(JSONError) in
                var indexes: [Int?] = []
                try reader.readObject(names) { index, reader throws(JSONError) in
                    indexes.append(index)
                    try reader.skipValue()
                }
                read.append(indexes)
            }
            return read
        }
        #expect(read == [[0, 1, 2], [2, 3, 1, nil, 0], [3]])
    }

    /// Names of every length around the two words a member's start is compared in, written
    /// compact, spaced, escaped and near the end of the input: each is found as the reader
    /// that makes a string of every name finds it.
    @Test(arguments: [
        #"{"a":1,"bcdefghijklm":2,"bcdefghijklmn":3,"bcdefghijklmno":4,"x":5}"#,
        #"{"bcdefghijklmno":4,"bcdefghijklmn":3,"bcdefghijklm":2,"a":1}"#,
        #"{ "a" :1 , "bcdefghijklm"  :  2,"bcdefghijklmn":3,"other":[{"a":0}],"bcdefghijklmno" : 4}"#,
        #"{"a":1,"a2":9,"bcdefghijklm":{"a":1,"a":1}}"#, #"{"a":1}"#, #"{"x":1,"a":2}"#,
        #"{"a":1,"a":2}"#, #"{"bcdefghijklm":1,"bcdefghijklm":2}"#, #"{"a":1,"bcdefghijklmno":2,"a":3}"#,
    ])
    func aMemberIsFoundAsByItsName(text: String) {
        let names = ["a", "bcdefghijklm", "bcdefghijklmn", "bcdefghijklmno"]
        let memberNames = JSONMemberNames(names)
        func read(_ body: (inout JSONReader, inout [String]) throws(JSONError) -> Void) -> Result<[String], JSONError> {
            Result { () throws(JSONError) in
                try JSONReader.withReader(over: Array(text.utf8)) { reader throws(JSONError) in
                    var read: [String] = []
                    try body(&reader, &read)
                    return read
                }
            }
        }
        let byIndex = read { reader, read throws(JSONError) in
            try reader.readObject(memberNames) { index, reader throws(JSONError) in
                read.append("\(index.map(String.init) ?? "-")=\(try reader.readValue())")
            }
        }
        let byName = read { reader, read throws(JSONError) in
            try reader.readObject { name, reader throws(JSONError) in
                read.append("\(names.firstIndex(of: name).map(String.init) ?? "-")=\(try reader.readValue())")
            }
        }
        switch (byIndex, byName) {
        case (.success(let left), .success(let right)): #expect(left == right)
        case (.failure(let left), .failure(let right)): #expect(left.description == right.description)
        default: Issue.record("one read failed and the other did not: \(byIndex) \(byName)")
        }
    }

    @Test func noNamesAtAllFindsNone() throws {
        let read = try JSONReader.withReader(over: Array(#"{"a":1,"b":2}"#.utf8)) { reader throws(JSONError) in
            var indexes: [Int?] = []
            try reader.readObject(JSONMemberNames([])) { index, reader throws(JSONError) in
                indexes.append(index)
                try reader.skipValue()
            }
            return indexes
        }
        #expect(read == [nil, nil])
    }

    @Test(arguments: [
        (#"{"id": 1, "id": 2}"#, "duplicate key 'id' at the top level (line 1, column 11)"),
        (#"{"\u0069d": 1, "id": 2}"#, "duplicate key 'id' at the top level (line 1, column 16)"),
        (#"{"x": 1, "y": 2, "x": 3}"#, "duplicate key 'x' at the top level (line 1, column 18)"),
        (#"{"x": 1, "x": 3}"#, "duplicate key 'x' at the top level (line 1, column 10)"),
        (
            #"{"a long name not looked for": 1, "a long name not looked for": 3}"#,
            "duplicate key 'a long name not looked for' at the top level (line 1, column 35)"
        ),
        (#"{"title": 1, "tit\u006ce": 3}"#, "duplicate key 'title' at the top level (line 1, column 14)"),
        (
            #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10, "k": 11, "l": 12, "m": 13, "a": 0}"#,
            "duplicate key 'a' at the top level (line 1, column 110)"
        ),
        (#"{"id": [1, tru]}"#, "unexpected 't' at id[1] (line 1, column 12)"),
        (#"{"x": {"a" 1}}"#, "expected ':' after member name at x (line 1, column 12)"),
        (#"{"id": 1"#, "unexpected end of JSON at the top level (line 1, column 9)"),
        (#"{"id": 1,}"#, "expected a member name in quotes at the top level (line 1, column 10)"),
        // A name not looked for is read in one pass, its errors as any string's.
        (#"{"x\#ty": 1}"#, "control character in string at the top level (line 1, column 4)"),
        (#"{"x\qy": 1}"#, "invalid escape 'q' at the top level (line 1, column 5)"),
        (#"{"unknown"#, "unterminated string at the top level (line 1, column 10)"),
    ])
    func badObjectsAreTheErrorsReadObjectGives(text: String, message: String) {
        var error: JSONError?
        do { _ = try members(text) } catch let caught { error = caught }
        #expect(error?.description == message)
        var plain: JSONError?
        do { _ = try Value(json: text) } catch let caught { plain = caught }
        #expect(plain?.problem == error?.problem)
    }
}
