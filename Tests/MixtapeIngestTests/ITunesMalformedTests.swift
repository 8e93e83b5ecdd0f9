import MixtapeCore
import MixtapeIngest
import Testing

/// A document that is not a valid iTunes plist, where the reader must point, and a word the
/// message must contain.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    var label: String
    var xml: String
    var position: String
    var reason: String

    var testDescription: String { label }

    init(_ label: String, _ xml: String, at position: String, _ reason: String) {
        self.label = label
        self.xml = xml
        self.position = position
        self.reason = reason
    }
}

private let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"

let malformedCases: [MalformedCase] = [
    MalformedCase("empty file", "", at: "1:1", "empty"),
    MalformedCase("whitespace only", "  \n", at: "2:1", "malformed XML"),
    MalformedCase("not XML", "Artist,Title\nBand,Song\n", at: "1:1", "malformed XML"),
    MalformedCase("binary garbage", "\u{01}\u{02}\u{7F}PK\u{03}\u{04}", at: "1:1", "malformed XML"),
    MalformedCase("not a plist", "<?xml version=\"1.0\"?>\n<html><body/></html>", at: "2:1", "expected <plist>"),
    MalformedCase("plist holding an array", head + "<array/>\n</plist>", at: "3:1", "expected <dict>"),
    MalformedCase("plist holding nothing", head + "</plist>", at: "3:1", "holds no <dict>"),
    MalformedCase("two root values", head + "<dict/>\n<dict/>\n</plist>", at: "4:1", "more than one value"),
    MalformedCase("integer that is a word", head + "<dict>\n  <key>Major Version</key><integer>eleven</integer>\n</dict></plist>",
                  at: "4:42", "<integer>eleven</integer> is not an integer"),
    MalformedCase("empty integer", head + "<dict><key>A</key><integer></integer></dict></plist>", at: "3:28", "not an integer"),
    MalformedCase("bad real", head + "<dict><key>A</key><real>1.2.3</real></dict></plist>", at: "3:30", "not a number"),
    MalformedCase("bad date", head + "<dict><key>A</key><date>yesterday</date></dict></plist>", at: "3:34", "not an ISO 8601 date"),
    MalformedCase("impossible date", head + "<dict><key>A</key><date>2019-13-01T00:00:00Z</date></dict></plist>",
                  at: "3:45", "not an ISO 8601 date"),
    MalformedCase("key without value", head + "<dict>\n<key>Playlist Items</key></dict></plist>", at: "4:26",
                  "expected a value after <key>Playlist Items</key>, found </dict>"),
    MalformedCase("value without key", head + "<dict>\n<key>A</key><true/>\n  <array/>\n</dict></plist>", at: "5:3",
                  "expected <key> in <dict>, found <array>"),
    MalformedCase("two keys in a row", head + "<dict><key>A</key>\n<key>B</key><true/></dict></plist>", at: "4:1",
                  "expected a value after <key>A</key>, found <key>"),
    MalformedCase("unknown element", head + "<dict>\n<key>A</key><bool>1</bool></dict></plist>", at: "4:13", "unknown element <bool>"),
    MalformedCase("namespaced element", head + "<dict xmlns:x=\"urn:x\"><key>A</key><x:true/></dict></plist>",
                  at: "3:35", "unknown element"),
    MalformedCase("key in an array", head + "<dict><key>A</key><array><key>B</key></array></dict></plist>", at: "3:26", "unexpected <key> inside <array>"),
    MalformedCase("element inside a string", head + "<dict><key>A</key><string>x<dict/></string></dict></plist>",
                  at: "3:28", "unexpected <dict> inside <string>"),
    MalformedCase("text inside a dict", head + "<dict>stray</dict></plist>", at: "3:12", "unexpected text \"stray\""),
    MalformedCase("text inside true", head + "<dict><key>A</key><true>yes</true></dict></plist>", at: "3:28", "unexpected text"),
    MalformedCase("mis-nested tags", head + "<dict>\n<key>A</key><array></dict></array></plist>", at: "4:20", "mismatch"),
    MalformedCase("Tracks not a dict", head + "<dict>\n<key>Tracks</key><array/>\n</dict></plist>", at: "4:18",
                  "<key>Tracks</key> must be followed by <dict>, found <array>"),
    MalformedCase("a track not a dict", head + "<dict><key>Tracks</key><dict>\n<key>1</key><string>x</string>\n</dict></dict></plist>",
                  at: "4:13", "a track must be a <dict>, found <string>"),
    MalformedCase("Playlists not an array", head + "<dict>\n<key>Playlists</key><dict/>\n</dict></plist>", at: "4:21",
                  "must be followed by <array>"),
    MalformedCase("a playlist not a dict", head + "<dict><key>Playlists</key><array>\n<string/>\n</array></dict></plist>",
                  at: "4:1", "a playlist must be a <dict>"),
    MalformedCase("truncated", head + "<dict><key>Tracks</key><dict>\n<key>1</key><dict><key>Name</key><string>So",
                  at: "4:44", "the file ends inside <string>: the export looks truncated"),
    MalformedCase("missing </plist>", head + "<dict/>\n", at: "3:8", "the file ends inside <plist>: the export looks truncated"),
    MalformedCase("second root element", head + "<dict/></plist>\n<plist/>", at: "4:1", "malformed XML"),
]

@Suite("iTunes reader: malformed input")
struct ITunesMalformedTests {
    @Test(arguments: malformedCases)
    func rejects(_ testCase: MalformedCase) {
        do {
            let result = try ITunesXML.read(testCase.xml, name: "/in/Library.xml")
            Issue.record("read \(result.items.count) items instead of failing")
        } catch let error as MalformedSourceError {
            #expect("\(error.position.line):\(error.position.column)" == testCase.position, "\(error)")
            #expect(error.position.file == "/in/Library.xml")
            #expect(error.reason.contains(testCase.reason), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("every truncation of a valid export fails")
    func rejectsEveryTruncation() throws {
        let xml = ITunesXML.library(
            tracks: [ITunesXML.track(1, pid: "00000000000000AA", "<key>Name</key><string>Song</string>")],
            playlists: [ITunesXML.playlist(name: "P", pid: "01", trackIDs: [1])])
        let bytes = Array(xml.utf8)
        _ = try ITunesLibraryReader.read(bytes: bytes, name: "whole")
        // Everything up to `</plist>` is needed; the trailing newline is not.
        let end = bytes.count - 1
        for length in 0..<end {
            #expect(throws: MalformedSourceError.self, "length \(length)") {
                _ = try ITunesLibraryReader.read(bytes: Array(bytes[..<length]), name: "cut")
            }
        }
    }
}
