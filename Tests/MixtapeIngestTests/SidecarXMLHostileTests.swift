import MixtapeCore
import MixtapeIngest
import Testing

/// Sidecars written to attack an XML parser: nothing may be loaded or expanded, nothing may
/// crash, and each attack ends as a warning.
@Suite("XML sidecars: hostile input")
struct SidecarXMLHostileTests {
    /// Each reader under test, by name.
    static let readers: [String] = ["xmp", "nfo"]

    static func read(_ reader: String, _ text: String) -> SidecarReading {
        reader == "xmp" ? SidecarXML.xmp(text) : SidecarXML.nfo(text)
    }

    static func document(_ reader: String, doctype: String, title: String) -> String {
        let root = reader == "xmp" ? "x:xmpmeta" : "movie"
        let body = reader == "xmp"
            ? SidecarXML.packet(attributes: "xmpDM:album=\"\(title)\"").split(separator: "\n").dropFirst().joined(separator: "\n")
            : "<movie><title>\(title)</title></movie>"
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE \(root) \(doctype)>\n" + body
    }

    static let attacks: [(doctype: String, title: String)] = [
        ("[<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]", "&xxe;"),
        ("PUBLIC \"-//X//DTD X//EN\" \"http://example.invalid/x.dtd\" [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]", "&xxe;"),
        ("[<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]", "x&p;"),
        ("[<!ENTITY internal \"expanded\">]", "&internal;"),
        ("[]", "&undefined;"),
    ]

    @Test(arguments: readers, attacks.indices)
    func refusesEntities(_ reader: String, _ index: Int) throws {
        let attack = Self.attacks[index]
        let reading = Self.read(reader, Self.document(reader, doctype: attack.doctype, title: attack.title))
        for value in reading.tags.values.values {
            #expect(!value.plainText.contains("root:") && !value.plainText.contains("expanded"), "\(value)")
        }
        let warning = try #require(reading.warnings.first)
        #expect((warning.position?.line ?? 0) > 0, "\(warning)")
    }

    @Test("an external DTD is never loaded", arguments: readers)
    func ignoresExternalDTD(_ reader: String) {
        let reading = Self.read(reader, Self.document(reader, doctype: "SYSTEM \"file:///etc/passwd\"", title: "Safe"))
        #expect(reading.tags[reader == "xmp" ? .album : .title] == .text("Safe"))
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    }

    @Test("billion laughs stays bounded", arguments: readers)
    func survivesBillionLaughs(_ reader: String) throws {
        var dtd = "[<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let reading = Self.read(reader, Self.document(reader, doctype: dtd + "]", title: "&lol9;"))
        #expect(reading.tags.values.values.allSatisfy { $0.plainText.count < 100 })
        #expect(!reading.warnings.isEmpty)
    }

    @Test("deep nesting stops with a warning", arguments: readers, [200, 100_000])
    func survivesDeepNesting(_ reader: String, _ depth: Int) throws {
        let deep = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let text = reader == "xmp" ? SidecarXML.packet(body: "<xmp:Deep>\(deep)</xmp:Deep>") : "<movie>\(deep)</movie>"
        let warning = try #require(Self.read(reader, text).warnings.first)
        #expect(warning.message.contains("nested") || warning.message.contains("depth"), "\(warning)")
        #expect((warning.position?.line ?? 0) > 0)
    }

    @Test("a file too large for a sidecar is not parsed")
    func refusesHugeFile() throws {
        let bytes = Array("<movie><plot>".utf8) + [UInt8](repeating: 0x41, count: 9 << 20) + Array("</plot></movie>".utf8)
        let reading = NFOSidecarReader.read(bytes: bytes, name: "big.nfo")
        #expect(reading.tags.isEmpty)
        let warning = try #require(reading.warnings.first)
        #expect(warning.message.contains("too large"))
    }

    @Test("deterministic garbage never crashes and always warns", arguments: readers)
    func survivesGarbage(_ reader: String) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<(round * 7 % 500) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            let reading = reader == "xmp" ? XMPSidecarReader.read(bytes: bytes, name: "g")
                : NFOSidecarReader.read(bytes: bytes, name: "g")
            #expect(!reading.warnings.isEmpty && !reading.isMediaSidecar)
        }
    }
}
