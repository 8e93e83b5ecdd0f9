import MixtapeCore
@testable import MixtapeIngest
import Testing

/// A sink that writes down what it sees, as a reader would use it.
private final class RecordingSink: XMLEventSink {
    var events: [String] = []
    var text = XMLTextBuffer()
    var failOn: String?

    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
        if name.string == failOn { return context.fail("refused <\(name.string)>") }
        var line = "\(depth)<\(name.string)"
        for index in 0..<attributes.count {
            line += " \(attributes.name(at: index).string)=\(attributes.value(at: index).string)"
        }
        events.append(line)
        text.begin()
    }

    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {
        let body = text.take().trimmingBlanks
        events.append("\(depth)>\(name.string)" + (body.isEmpty ? "" : " '\(body)'"))
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, context: XMLEventContext) { text.append(bytes) }
}

@Suite("XML event stream: the libxml2 base of the DJ and Rhythmbox readers")
struct XMLEventStreamTests {
    private static func read(_ xml: String, sink: RecordingSink = RecordingSink()) throws -> [String] {
        try XMLEventStream.read(bytes: Array(xml.utf8), name: "t.xml", into: sink)
        return sink.events
    }

    private static func error(_ xml: String, sink: RecordingSink = RecordingSink()) -> MalformedSourceError? {
        do {
            _ = try read(xml, sink: sink)
            return nil
        } catch {
            return error as? MalformedSourceError
        }
    }

    @Test func deliversElementsAttributesAndText() throws {
        let events = try Self.read("<?xml version=\"1.0\"?>\n<A x=\"1 &amp; 2\" y='&lt;&#246;'><B>t&amp;u</B><C/></A>")
        #expect(events == ["1<A x=1 & 2 y=<ö", "2<B", "2>B 't&u'", "2<C", "2>C", "1>A"])
    }

    @Test("every &amp; in an attribute is one &, whatever surrounds it; a written &#38; stays text")
    func ampersandsInAttributes() throws {
        let events = try Self.read("<A x=\"&amp;\" y=\"a&amp;&amp;b &amp;#38; c&amp;\" z=\"&#38;#38\" w=\"Ünlü &amp; Señor\"/>")
        #expect(events == ["1<A x=& y=a&&b &#38; c& z=&#38 w=Ünlü & Señor", "1>A"])
    }

    @Test func attributeValueConversions() throws {
        final class Values: XMLEventSink {
            var seen: [String] = []
            func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
                guard name.is("T") else { return }
                seen = [String(describing: attributes["a"]?.integer), String(describing: attributes["b"]?.integer),
                        String(describing: attributes["c"]?.decimal), String(describing: attributes["d"]?.nonBlank),
                        String(describing: attributes["missing"]?.string)]
            }
            func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {}
        }
        let sink = Values()
        try XMLEventStream.read(bytes: Array("<T a=\" -42 \" b=\"4x\" c=\"4,5\" d=\"  \"/>".utf8), name: "t", into: sink)
        #expect(sink.seen == ["Optional(-42)", "nil", "Optional(4.5)", "nil", "nil"])
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<!DOCTYPE A [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<A>&xxe;</A>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE A SYSTEM \"file:///etc/passwd\">\n<A>&xxe;</A>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE A [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
            + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]>\n<A x=\"&c;\">&c;</A>",
        "<A>&undefined;</A>",
    ])
    func refusesEntities(_ xml: String) {
        let error = Self.error(xml)
        #expect(error != nil)
        #expect(error?.position.file == "t.xml")
    }

    @Test func truncatedDocumentIsLocated() throws {
        let error = try #require(Self.error("<A>\n  <B x=\"1\"/>\n  <B x=\"2\"/>\n"))
        #expect(error.reason.contains("ends inside <A>"))
        #expect(error.position.line >= 3)
    }

    @Test func cutInsideATagIsLocated() throws {
        let error = try #require(Self.error("<A>\n  <B x=\"1"))
        #expect(error.position.line == 2)
    }

    @Test func sinkFailureStopsTheParseAtItsPlace() throws {
        let sink = RecordingSink()
        sink.failOn = "C"
        let error = try #require(Self.error("<A>\n<B/>\n<C/>\n<D/>\n</A>", sink: sink))
        #expect(error.reason == "refused <C>")
        #expect(error.position.line == 3)
        #expect(!sink.events.contains { $0.contains("D") })
    }

    @Test func deepNestingIsRefused() throws {
        let depth = XMLEventContext.maxDepth + 1
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let error = try #require(Self.error(xml))
        #expect(error.reason.contains("deeper"))
    }

    @Test(arguments: ["", "   ", "not xml at all"])
    func emptyOrNotXMLIsAnError(_ text: String) {
        #expect(Self.error(text) != nil)
    }

    @Test func afterChunkRunsAndItsErrorsPropagate() throws {
        struct Stop: Error {}
        let xml = "<A>" + String(repeating: "<B x=\"0123456789\"/>", count: 40_000) + "</A>"
        var chunks = 0
        try XMLEventStream.read(bytes: Array(xml.utf8), name: "t", into: RecordingSink()) { chunks += 1 }
        #expect(chunks >= 3)
        #expect(throws: Stop.self) {
            try XMLEventStream.read(bytes: Array(xml.utf8), name: "t", into: RecordingSink()) { throw Stop() }
        }
    }
}

/// `DeclaredCount` sizes a reader's tables from a collection's own entry count, which the file
/// may lie about: only positive whole numbers count, and never beyond the cap.
@Suite("A collection's declared entry count")
struct DeclaredCountTests {
    private final class Counts: XMLEventSink {
        var counts: [Int?] = []
        func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext) {
            guard name.is("C") else { return }
            counts.append(DeclaredCount(attributes["n"])?.capacity)
        }
        func endElement(_ name: XMLName, depth: Int, context: XMLEventContext) {}
    }

    @Test func sizesWithinTheCap() throws {
        let sink = Counts()
        let xml = "<R><C n='100000'/><C n='0'/><C n='-5'/><C n='12x'/><C/><C n='99999999999'/></R>"
        try XMLEventStream.read(bytes: Array(xml.utf8), name: "t.xml", into: sink)
        #expect(sink.counts == [100_000, nil, nil, nil, nil, DeclaredCount.cap])
    }
}
