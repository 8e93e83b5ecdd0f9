import Foundation
import MixtapeCore
import MixtapeIngest
import Testing

/// One inline XMP packet and the tags it must give, exactly.
struct XMPCase: Sendable, CustomTestStringConvertible {
    let label: String
    let xml: String
    let expected: [Field: FieldValue]
    var testDescription: String { label }
}

/// The XMP field mapping, for every form RDF/XML lets a writer choose.
@Suite("XMP sidecar reader")
struct XMPSidecarReaderTests {
    static let fields: [XMPCase] = [
        XMPCase(label: "dc:title prefers x-default", xml: SidecarXML.packet(body: """
            <dc:title><rdf:Alt><rdf:li xml:lang="de">Titel</rdf:li><rdf:li xml:lang="x-default">Title</rdf:li></rdf:Alt></dc:title>
            """), expected: [.title: .text("Title")]),
        XMPCase(label: "dc:title without x-default takes the first", xml: SidecarXML.packet(body: """
            <dc:title><rdf:Alt><rdf:li xml:lang="fr">Titre</rdf:li><rdf:li xml:lang="de">Titel</rdf:li></rdf:Alt></dc:title>
            """), expected: [.title: .text("Titre")]),
        XMPCase(label: "dc:title as an attribute", xml: SidecarXML.packet(attributes: "dc:title=\"Plain &amp; simple\""),
                expected: [.title: .text("Plain & simple")]),
        XMPCase(label: "dc:creator joins every item", xml: SidecarXML.packet(body: """
            <dc:creator><rdf:Seq><rdf:li>Alice</rdf:li><rdf:li> Bob </rdf:li><rdf:li>Alice</rdf:li></rdf:Seq></dc:creator>
            """), expected: [.artist: .text("Alice, Bob")]),
        XMPCase(label: "xmpDM:artist wins over dc:creator", xml: SidecarXML.packet(attributes: "xmpDM:artist=\"The Band\"", body: """
            <dc:creator><rdf:Seq><rdf:li>Photographer</rdf:li></rdf:Seq></dc:creator>
            """), expected: [.artist: .text("The Band")]),
        XMPCase(label: "xmpDM text fields as attributes", xml: SidecarXML.packet(attributes: """
            xmpDM:album="Album" xmpDM:albumArtist="Various" xmpDM:genre="Jazz" xmpDM:composer="Monk"
            """), expected: [.album: .text("Album"), .albumArtist: .text("Various"), .genre: .text("Jazz"),
                             .composer: .text("Monk")]),
        XMPCase(label: "xmpDM text fields as elements", xml: SidecarXML.packet(body: """
            <xmpDM:album>Album</xmpDM:album><xmpDM:albumArtist>Various</xmpDM:albumArtist>
            <xmpDM:genre>Jazz</xmpDM:genre><xmpDM:composer>Monk</xmpDM:composer>
            """), expected: [.album: .text("Album"), .albumArtist: .text("Various"), .genre: .text("Jazz"),
                             .composer: .text("Monk")]),
        XMPCase(label: "genre written as a Bag is joined", xml: SidecarXML.packet(body: """
            <xmpDM:genre><rdf:Bag><rdf:li>Jazz</rdf:li><rdf:li>Bop</rdf:li></rdf:Bag></xmpDM:genre>
            """), expected: [.genre: .text("Jazz, Bop")]),
        XMPCase(label: "trackNumber 3/12 and discNumber 1/2",
                xml: SidecarXML.packet(attributes: "xmpDM:trackNumber=\"3/12\" xmpDM:discNumber=\"1/2\""),
                expected: [.trackNumber: .integer(3), .trackCount: .integer(12), .discNumber: .integer(1),
                           .discCount: .integer(2)]),
        XMPCase(label: "plain trackNumber element", xml: SidecarXML.packet(body: "<xmpDM:trackNumber> 7 </xmpDM:trackNumber>"),
                expected: [.trackNumber: .integer(7)]),
        XMPCase(label: "trackNumber 0 means unknown", xml: SidecarXML.packet(attributes: "xmpDM:trackNumber=\"0\""),
                expected: [:]),
        XMPCase(label: "duration struct as attributes, scale 1/1000", xml: SidecarXML.packet(body: """
            <xmpDM:duration xmpDM:value="215000" xmpDM:scale="1/1000"/>
            """), expected: [.durationMs: .integer(215_000)]),
        XMPCase(label: "duration struct as parseType Resource, scale 1/44100", xml: SidecarXML.packet(body: """
            <xmpDM:duration rdf:parseType="Resource"><xmpDM:value>441000</xmpDM:value><xmpDM:scale>1/44100</xmpDM:scale></xmpDM:duration>
            """), expected: [.durationMs: .integer(10_000)]),
        XMPCase(label: "duration struct in a nested rdf:Description", xml: SidecarXML.packet(body: """
            <xmpDM:duration><rdf:Description xmpDM:value="1001" xmpDM:scale="1/30000"/></xmpDM:duration>
            """), expected: [.durationMs: .integer(33)]),
        XMPCase(label: "duration struct without a scale is seconds", xml: SidecarXML.packet(body: """
            <xmpDM:duration xmpDM:value="12"/>
            """), expected: [.durationMs: .integer(12_000)]),
        XMPCase(label: "duration as plain seconds", xml: SidecarXML.packet(attributes: "xmpDM:duration=\"215.5\""),
                expected: [.durationMs: .integer(215_500)]),
        XMPCase(label: "duration as a clock time", xml: SidecarXML.packet(body: "<xmpDM:duration>0:03:35</xmpDM:duration>"),
                expected: [.durationMs: .integer(215_000)]),
        XMPCase(label: "releaseDate gives the year", xml: SidecarXML.packet(attributes: "xmpDM:releaseDate=\"1999-04-01\""),
                expected: [.year: .integer(1999)]),
        XMPCase(label: "Rating 4 stars", xml: SidecarXML.packet(attributes: "xmp:Rating=\"4\""), expected: [.rating: .integer(80)]),
        XMPCase(label: "Rating 2.5 stars", xml: SidecarXML.packet(body: "<xmp:Rating>2.5</xmp:Rating>"),
                expected: [.rating: .integer(50)]),
        XMPCase(label: "Rating 0 is unrated", xml: SidecarXML.packet(attributes: "xmp:Rating=\"0\""), expected: [:]),
        XMPCase(label: "Rating -1 is rejected", xml: SidecarXML.packet(attributes: "xmp:Rating=\"-1\""), expected: [:]),
        XMPCase(label: "old xap: prefix, same URI", xml: SidecarXML.packet(attributes: "xap:Rating=\"3\"",
                                                                          namespaces: "xmlns:xap=\"\(SidecarXML.basic)\""),
                expected: [.rating: .integer(60)]),
        XMPCase(label: "xap-era Dynamic Media URI", xml: SidecarXML.packet(
                    attributes: "xapDM:album=\"Old\"", namespaces: "xmlns:xapDM=\"http://ns.adobe.com/xap/1.0/DynamicMedia/\""),
                expected: [.album: .text("Old")]),
        XMPCase(label: "a familiar prefix bound to another URI is not that schema", xml: SidecarXML.packet(
                    attributes: "xmpDM:album=\"No\" xmp:Rating=\"5\"",
                    namespaces: "xmlns:xmpDM=\"http://example.com/other/\" xmlns:xmp=\"\(SidecarXML.dublinCore)\""),
                expected: [:]),
        XMPCase(label: "unusual prefixes for rdf and dc", xml: """
            <z:RDF xmlns:z="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:d="\(SidecarXML.dublinCore)">
             <z:Description><d:title><z:Alt><z:li xml:lang="x-default">Odd</z:li></z:Alt></d:title></z:Description>
            </z:RDF>
            """, expected: [.title: .text("Odd")]),
        XMPCase(label: "several rdf:Descriptions", xml: """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:xmp="\(SidecarXML.basic)" xmp:Rating="5"/>
             <rdf:Description rdf:about="" xmlns:xmpDM="\(SidecarXML.dynamicMedia)"><xmpDM:album>A</xmpDM:album></rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """, expected: [.rating: .integer(100), .album: .text("A")]),
        XMPCase(label: "nested xmpDM fields are not the file's own", xml: SidecarXML.packet(body: """
            <xmpDM:Tracks><rdf:Bag><rdf:Description xmpDM:trackName="Markers">
             <xmpDM:markers><rdf:Seq><rdf:Description xmpDM:name="Intro" xmpDM:duration="5"/></rdf:Seq></xmpDM:markers>
            </rdf:Description></rdf:Bag></xmpDM:Tracks>
            """), expected: [:]),
    ]

    @Test(arguments: fields)
    func mapsField(_ test: XMPCase) {
        let reading = SidecarXML.xmp(test.xml)
        #expect(reading.tags == TagSet(test.expected))
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    }

    /// A media sidecar needs at least one top-level xmpDM property.
    @Test(arguments: [
        (SidecarXML.packet(attributes: "xmp:Rating=\"3\"", body: "<dc:title><rdf:Alt><rdf:li>Sunset</rdf:li></rdf:Alt></dc:title>"), false),
        (SidecarXML.packet(body: "<dc:creator><rdf:Seq><rdf:li>Me</rdf:li></rdf:Seq></dc:creator>"), false),
        (SidecarXML.packet(attributes: "xmpDM:audioSampleRate=\"48000\""), true),
        (SidecarXML.packet(body: "<xmpDM:artist>Band</xmpDM:artist>"), true),
        (SidecarXML.packet(body: "<xmp:Extra rdf:parseType=\"Resource\"><xmpDM:album>Hidden</xmpDM:album></xmp:Extra>"), false),
    ])
    func decidesMediaSidecar(_ xml: String, _ isMedia: Bool) {
        #expect(SidecarXML.xmp(xml).isMediaSidecar == isMedia)
    }

    static let title = "Café Ünïcode ♫"
    static let titlePacket = SidecarXML.packet(attributes: "xmpDM:album=\"\(title)\"")
    static let bareRDF = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description \(SidecarXML.namespaces) xmpDM:album="\(title)"/></rdf:RDF></x:xmpmeta>
        """

    @Test("UTF-8 without the xpacket wrapper, UTF-8 with a BOM, UTF-16 LE and BE with a BOM", arguments: [
        Array(bareRDF.utf8),
        [0xEF, 0xBB, 0xBF] + Array(titlePacket.utf8),
        SidecarXML.utf16(titlePacket, littleEndian: true),
        SidecarXML.utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + titlePacket, littleEndian: false),
    ])
    func readsEncodings(_ bytes: [UInt8]) {
        let reading = XMPSidecarReader.read(bytes: bytes, name: "a.xmp")
        #expect(reading.tags[.album] == .text(Self.title))
        #expect(reading.isMediaSidecar)
        #expect(reading.warnings.isEmpty, "\(reading.warnings)")
    }

    @Test("an unreadable value is skipped with a warning at the property")
    func warnsAboutUnreadableValues() throws {
        let xml = SidecarXML.packet(body: """
            <xmpDM:album>Kept</xmpDM:album>
            <xmpDM:trackNumber>three</xmpDM:trackNumber>
            <xmp:Rating>9</xmp:Rating>
            <xmpDM:duration xmpDM:value="x" xmpDM:scale="1/1000"/>
            """)
        let reading = SidecarXML.xmp(xml)
        #expect(reading.tags == TagSet([.album: .text("Kept")]))
        #expect(reading.warnings.map(\.message) == [
            "xmpDM:trackNumber \"three\" is not a number; ignored",
            "xmpDM:duration \"x × 1/1000\" is not a duration; ignored",
            "xmp:Rating \"9\" is not a rating from -1 to 5; ignored",
        ])
        let lines = reading.warnings.compactMap { $0.position?.line }
        #expect(lines == [6, 8, 7])
    }

    @Test("a truncated packet keeps what came before the break")
    func keepsFieldsBeforeAnError() throws {
        let full = SidecarXML.packet(body: "<xmpDM:album>Early</xmpDM:album>\n<xmpDM:artist>Cut</xmpDM:artist>")
        let cut = String(full[..<full.range(of: "Cut")!.upperBound])
        let reading = SidecarXML.xmp(cut, name: "cut.xmp")
        #expect(reading.tags[.album] == .text("Early"))
        let warning = try #require(reading.warnings.first)
        #expect(warning.message.hasPrefix("malformed XML:"))
        #expect(warning.position?.file == "cut.xmp" && (warning.position?.line ?? 0) > 0)
    }

    @Test("junk after the packet is reported but the packet counts")
    func reportsTrailingContent() throws {
        let reading = SidecarXML.xmp(SidecarXML.packet(attributes: "xmpDM:album=\"A\"") + "\ngarbage")
        #expect(reading.tags[.album] == .text("A"))
        let warning = try #require(reading.warnings.first)
        #expect(warning.message.contains("after the end of the XMP packet"))
        #expect(warning.position?.line == 10)
    }

    @Test("XML that is not XMP, and an empty file", arguments: [
        ("<html><body>hi</body></html>", "not an XMP packet"),
        ("", "empty file"),
    ])
    func rejectsNonXMP(_ text: String, _ message: String) throws {
        let reading = SidecarXML.xmp(text)
        #expect(reading.tags.isEmpty && !reading.isMediaSidecar)
        let warning = try #require(reading.warnings.first)
        #expect(warning.message.contains(message))
        #expect(warning.position?.line == 1)
    }
}
