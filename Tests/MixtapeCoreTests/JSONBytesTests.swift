import MixtapeCore
import Testing

/// `search --json` appends each item's JSON straight to its output buffer (`appendJSON`) and
/// writes dates digit by digit (`appendRFC3339`): both must give exactly the bytes of the
/// String forms they replace on the hot path.
@Suite("JSON bytes: appendJSON and appendRFC3339 equal jsonLine and rfc3339")
struct JSONBytesTests {
    /// An item with every field set to `value` of the field's type (texts with characters that
    /// need escaping, a non-UTF-8 path byte, accents), or every field unknown.
    static func item(filled: Bool, number: Int64, text: String) -> MediaItem {
        var item = MediaItem(id: ItemID(rawValue: "itunes:\(number)"))
        guard filled else { return item }
        for field in Field.allCases where field != .id {
            switch field.type {
            case .text: field.set(.text(text), on: &item)
            case .integer: field.set(.integer(number), on: &item)
            case .bool: field.set(.bool(number % 2 == 0), on: &item)
            case .timestamp: field.set(.timestamp(Timestamp(rawValue: number)), on: &item)
            }
        }
        return item
    }

    @Test("every field, of every type, as jsonLine writes it", arguments: [
        (true, Int64(0), "plain"), (true, Int64(-1), "quote \" backslash \\ tab \t newline \n del \u{7f}"),
        (true, Int64(1_700_000_000), "Beyonce\u{301} Sigur Rós 東京"), (true, Int64(-62_135_596_800), ""),
        (true, Int64.max / 1_000_000, "Caf" + PathBytes.string([0xE9]) + " del Mar"),
        (false, Int64(42), ""), (true, Int64.min / 1_000_000, "\u{1}"),
    ])
    func sameAsJSONLine(filled: Bool, number: Int64, text: String) {
        let item = Self.item(filled: filled, number: number, text: text)
        var bytes: [UInt8] = []
        item.appendJSON(to: &bytes)
        #expect(bytes == Array(item.jsonLine.utf8))
    }

    @Test("an item known by several sources or ids writes them, as jsonLine does")
    func identity() {
        var item = Self.item(filled: true, number: 7, text: "x")
        item.sources = ["/a.xml", "/b.xml"]
        item.aliases = [ItemID(rawValue: "folder:1")]
        var bytes: [UInt8] = []
        item.appendJSON(to: &bytes)
        #expect(bytes == Array(item.jsonLine.utf8))
    }

    @Test("numbers as String writes them", arguments: [
        Int64(0), 1, -1, 9, 10, -10, 99, 100, 1_000_000, 1_700_000_000, -62_135_596_800, Int64.max, Int64.min,
    ])
    func digits(value: Int64) {
        var bytes: [UInt8] = [0x78]
        MediaItem.appendDigits(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
    }

    @Test("dates of every era, as the String form padded them", arguments: [
        Int64(0), 1, 59, 86_399, 86_400, 951_782_400, 1_700_000_000, -1, -86_401, -62_135_596_800,
        -62_198_755_200, -100_000_000_000, 253_402_300_799, 253_402_300_800, 10_000_000_000_000,
    ])
    func rfc3339(seconds: Int64) {
        let time = Timestamp(rawValue: seconds)
        var bytes: [UInt8] = []
        time.appendRFC3339(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == time.rfc3339)
        #expect(time.rfc3339 == Self.reference(time))
    }

    /// The String-built form `rfc3339` had before it was written digit by digit.
    static func reference(_ time: Timestamp) -> String {
        let raw = time.rawValue
        let days = raw >= 0 ? raw / 86_400 : (raw - 86_399) / 86_400
        let secondOfDay = raw - days * 86_400
        let (y, m, d) = Timestamp.civilFromDays(days)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }
}
