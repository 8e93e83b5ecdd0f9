import MixtapeCore
import MixtapeIngest
import Testing

/// Text that is not JSON, or JSON that is not an info.json: never a crash, never tags, one
/// warning at the line and column where reading stopped.
@Suite("info.json sidecar: malformed and hostile input")
struct InfoJSONMalformedTests {
    @Test("malformed JSON: a warning where reading stopped, no tags", arguments: [
        ("", "1:1", "empty"),
        ("  \n  ", "2:3", "empty"),
        ("{", "1:2", "end of file"),
        (#"{"title": "abc"#, "1:15", "end of file inside a string"),
        (#"{"title": "a",}"#, "1:15", "member name"),
        (#"{"title" "a"}"#, "1:10", "':'"),
        (#"{"title": "a" "b"}"#, "1:15", "',' or '}'"),
        ("{\"a\": 1}\n{\"b\": 2}", "2:1", "after the JSON value"),
        (#"{"a": tru}"#, "1:7", "expected a JSON value"),
        (#"{"a": nul}"#, "1:7", "expected a JSON value"),
        (#"{"a": 01}"#, "1:8", "',' or '}'"),
        (#"{"a": 1.}"#, "1:9", "after '.'"),
        (#"{"a": 1e}"#, "1:9", "exponent"),
        (#"{"a": -}"#, "1:8", "digit"),
        (#"{"a": +1}"#, "1:7", "expected a JSON value"),
        (#"{"a": .5}"#, "1:7", "expected a JSON value"),
        (#"{"a": 'x'}"#, "1:7", "expected a JSON value"),
        (#"{a: 1}"#, "1:2", "member name"),
        (#"{"a": [1, 2,, 3]}"#, "1:13", "expected a JSON value"),
        (#"{"a": [1, 2}"#, "1:12", "',' or ']'"),
        (#"{"a": {"b": 1]}"#, "1:14", "',' or '}'"),
        (#"{"a": "\x"}"#, "1:8", "invalid escape"),
        (#"{"a": "\u12G4"}"#, "1:12", "hex digits"),
        ("{\"a\": \"tab\there\"}", "1:11", "control character"),
        ("{\"a\": \"line\nbreak\"}", "1:12", "control character"),
        ("{\n  \"é\": [1,,2]\n}", "2:11", "expected a JSON value"),
        ("{\r\n\"a\":\r\n}", "3:1", "expected a JSON value"),
        ("{\r\"a\":\r}", "3:1", "expected a JSON value"),
        ("\"just a string", "1:15", "end of file"),
        ("[1, 2", "1:6", "end of file inside an array"),
        ("// comment\n{}", "1:1", "expected a JSON value"),
        ("{} \u{0}", "1:4", "after the JSON value"),
    ])
    func malformed(json: String, position: String, reason: String) {
        let reading = InfoJSON.read(json)
        #expect(InfoJSON.position(reading) == position)
        #expect(reading.warnings.first?.message.contains(reason) == true, "\(reading.warnings)")
        #expect(reading.warnings.first?.position?.file == InfoJSON.name)
        #expect(reading.tags.isEmpty)
        #expect(!reading.isMediaSidecar)
    }

    @Test("invalid UTF-8 inside a string is refused at its first byte", arguments: [
        [0xFF], [0xC0, 0x80], [0xC3], [0xC3, 0x41], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x8E], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) {
        let bytes = Array(#"{"a": "é"#.utf8) + sequence + Array(#"x"}"#.utf8)
        let reading = InfoJSON.read(bytes: bytes)
        #expect(InfoJSON.position(reading) == "1:9")
        #expect(reading.warnings.first?.message.contains("UTF-8") == true)
    }

    @Test("a character cut off by the end of the file is refused where it starts")
    func truncatedMultibyte() {
        let reading = InfoJSON.read(bytes: Array(#"{"title": "caf"#.utf8) + [0xC3])
        #expect(InfoJSON.position(reading) == "1:15")
    }

    @Test("JSON that is not an object is valid but no media sidecar", arguments: [
        ("[1, 2]", "1:1", "an array"),
        ("  \"text\"", "1:3", "a string"),
        ("\n42", "2:1", "a number"),
        ("true", "1:1", "a boolean"),
        ("null", "1:1", "null"),
        (#"[{"title": "T"}]"#, "1:1", "an array"),
    ])
    func notAnObject(json: String, position: String, kind: String) {
        let reading = InfoJSON.read(json)
        #expect(!reading.isMediaSidecar)
        #expect(reading.tags.isEmpty)
        #expect(InfoJSON.position(reading) == position)
        #expect(reading.warnings.first?.message.contains(kind) == true)
    }

    @Test("nesting: 512 levels read, the 513th is refused where it opens", arguments: [
        (510, nil), (511, nil), (512, "1:518"), (100_000, "1:518"),
    ] as [(Int, String?)])
    func nesting(arrays: Int, position: String?) {
        // The top-level object is level 1, so `arrays` arrays reach level arrays + 1.
        let json = #"{"x": "# + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
            + #", "title": "T"}"#
        let reading = InfoJSON.read(json)
        if let position {
            #expect(InfoJSON.position(reading) == position)
            #expect(reading.warnings.first?.message.contains("nested deeper than 512") == true)
        } else {
            #expect(reading.warnings.isEmpty)
            #expect(reading.tags[.title] == .text("T"))
        }
    }

    @Test("deep nesting in a member that is read, in objects, and at the top", arguments: [
        #"{"artists": "# + String(repeating: "[", count: 100_000),
        #"{"artists": ["# + String(repeating: #"{"a":"#, count: 100_000),
        #"{"formats": "# + String(repeating: #"{"a":["#, count: 100_000),
        String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
    ])
    func deepNesting(json: String) {
        let reading = InfoJSON.read(json)
        #expect(reading.warnings.count == 1)
        #expect(reading.warnings.first?.message.contains("nested deeper than 512") == true)
        #expect(reading.tags.isEmpty)
    }

    @Test("huge numbers are ignored, not trapped on")
    func hugeNumbers() {
        let digits = String(repeating: "9", count: 100_000)
        let reading = InfoJSON.read(#"""
            {"duration": \#(digits), "track_number": -\#(digits), "release_year": 1e999999,
             "disc_number": -1e-999999, "upload_date": "20110502", "view_count": \#(digits).\#(digits)e\#(digits),
             "title": "T"}
            """#)
        #expect(reading.warnings.isEmpty)
        #expect(reading.tags == TagSet([.title: .text("T"), .year: .integer(2011)]))
    }

    @Test("a long string and many members read")
    func bulk() {
        let long = String(repeating: "é", count: 500_000)
        var json = #"{"title": "\#(long)""#
        for index in 0..<10_000 { json += #", "k\#(index)": [\#(index), "v", null, true, {"n": [] }]"# }
        let reading = InfoJSON.read(json + "}")
        #expect(reading.warnings.isEmpty)
        #expect(reading.tags[.title] == .text(long))
    }

    @Test("every truncation of a document warns at its end and gives no tags")
    func everyTruncation() {
        let json = "{\"title\": \"Ünïcödé 🎵\",\n \"duration\": -1.5e2, \"x\": [true, false, null, {\"y\": \"\\u00e9\"}]}"
        let bytes = Array(json.utf8)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let reading = InfoJSON.read(bytes: prefix)
            #expect(reading.tags.isEmpty, "\(length)")
            #expect(reading.warnings.count == 1, "\(length)")
            let line = prefix.split(separator: 0x0A, omittingEmptySubsequences: false).count
            #expect(reading.warnings.first?.position?.line == line, "\(length)")
        }
        #expect(InfoJSON.read(bytes: bytes).warnings.isEmpty)
    }
}
