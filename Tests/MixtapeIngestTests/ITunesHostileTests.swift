import MixtapeCore
import MixtapeIngest
import Testing

/// Inputs written to attack an XML parser: nothing may be loaded, expanded or crash.
@Suite("iTunes reader: hostile XML")
struct ITunesHostileTests {
    private static func track(name: String) -> String {
        "<dict><key>Tracks</key><dict><key>1</key><dict><key>Persistent ID</key><string>AA</string>"
            + "<key>Name</key><string>\(name)</string></dict></dict></dict></plist>"
    }

    static let externalEntities: [String] = [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<plist version=\"1.0\">"
            + track(name: "&xxe;"),
        // With an external DTD named, libxml2 only warns about an undeclared entity.
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
            + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\" [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
            + "<plist version=\"1.0\">" + track(name: "&xxe;"),
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"file:///etc/passwd\">\n<plist version=\"1.0\">" + track(name: "&xxe;"),
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>\n<plist version=\"1.0\">"
            + track(name: "x&p;"),
        "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">" + track(name: "&undefined;"),
    ]

    @Test(arguments: externalEntities)
    func refusesEntities(_ xml: String) {
        do {
            let (items, _) = try ITunesXML.read(xml)
            Issue.record("read \(items.count) items, first title \(items.first?.title ?? "-")")
        } catch let error as MalformedSourceError {
            #expect(!error.reason.contains("root:"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("billion laughs stays bounded")
    func survivesBillionLaughs() {
        var dtd = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            dtd += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\(dtd)]>\n<plist version=\"1.0\">" + Self.track(name: "&lol9;")
        #expect(throws: MalformedSourceError.self) { _ = try ITunesXML.read(xml) }
    }

    @Test("100,000 levels of nesting fail without a crash")
    func survivesDeepNesting() {
        let depth = 100_000
        let xml = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>Deep</key>"
            + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</dict></plist>"
        do {
            _ = try ITunesXML.read(xml)
            Issue.record("read a document nested \(depth) deep")
        } catch let error as MalformedSourceError {
            // libxml2's own limit (256 without XML_PARSE_HUGE) or ours, whichever comes first.
            #expect(error.reason.contains("depth") || error.reason.contains("too deeply"), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("deterministic garbage never crashes and always throws")
    func rejectsGarbage() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<(round * 7 % 500) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            #expect(throws: MalformedSourceError.self) { _ = try ITunesLibraryReader.read(bytes: bytes, name: "g") }
        }
    }
}
