import Foundation
import MixtapeCore
@testable import MixtapeIngest
import Testing

/// A plist whose root is a bare `<dict>` (no `<plist>` around it, as some tools rewrite an
/// export) reads as Python's plistlib reads it: as that dict, so exactly as its `<plist>` twin.
@Suite("ITunesLibraryReader: a bare <dict> root")
struct ITunesBareDictTests {
    static let sample = RealData.packageRoot.appendingPathComponent("samples/Library.xml").path

    /// `xml` with its `<plist ...>` and `</plist>` tags removed (and its DOCTYPE, if asked).
    static func bare(_ xml: String, keepDoctype: Bool = true) -> String {
        var text = xml.replacingOccurrences(of: #"<plist[^>]*>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "</plist>", with: "")
        if !keepDoctype {
            text = text.replacingOccurrences(of: #"<!DOCTYPE[^>]*>"#, with: "", options: .regularExpression)
        }
        return text
    }

    @Test("the sample library and its bare twins give the same items and playlists", arguments: [true, false])
    func sameAsTwin(keepDoctype: Bool) throws {
        let xml = try String(contentsOfFile: Self.sample, encoding: .utf8)
        let twin = try ITunesXML.read(xml)
        let bare = try ITunesXML.read(Self.bare(xml, keepDoctype: keepDoctype))
        #expect(!Self.bare(xml).contains("<plist"))
        #expect(twin.items.count > 3)
        #expect(bare.items == twin.items)
        #expect(bare.summary.playlists == twin.summary.playlists)
        #expect(bare.summary.applicationVersion == twin.summary.applicationVersion)
    }

    @Test("a bare root cut short, or followed by a second root, is malformed with its position", arguments: [
        ("<?xml version=\"1.0\"?>\n<dict>\n<key>Tracks</key><dict>\n", "3:24", "ends inside <dict>"),
        ("<?xml version=\"1.0\"?>\n<dict><key>Tracks</key><dict/></dict>\n<dict/>", "3:1", "malformed XML"),
        ("<?xml version=\"1.0\"?>\n<array/>", "2:1", "expected <plist> (or a bare <dict>)"),
    ])
    func malformed(xml: String, position: String, reason: String) {
        do {
            _ = try ITunesXML.read(xml, name: "/m/bare.xml")
            Issue.record("accepted: \(xml)")
        } catch let error as MalformedSourceError {
            #expect(error.reason.contains(reason), "\(error)")
            #expect(error.position.description.hasPrefix("/m/bare.xml:" + position), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
