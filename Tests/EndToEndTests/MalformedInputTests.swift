import Foundation
import Testing

/// Bad input never loses data: every malformed source exits 65 with file:line:column, and the
/// index is left exactly as it was (spec/cli.md).
@Suite("Malformed sources exit 65 and change nothing")
struct MalformedInputTests {
    /// Indexes a good library first, then the bad file; checks the message, the exit code and
    /// that every listing of the index is byte-for-byte what it was.
    static func expectRejected(_ path: String, in scratch: MixtapeProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try scratch.snapshot()
        let result = try scratch.run(["index", path])
        #expect(result.status == 65, "\(path): exit \(result.status), stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let position = try Regex(#":(\d+):(\d+): "#)
        #expect(result.stderr.contains(path + ":"), "message names the file: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(position), "message has line:column: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try scratch.snapshot() == before, "\(path) changed the index", sourceLocation: sourceLocation)
    }

    static func goodIndex() throws -> MixtapeProcess {
        let scratch = MixtapeProcess()
        let setup = try scratch.run(["index", MixtapeProcess.sample("Library.xml")])
        try #require(setup.status == 0, "\(setup.stderr)")
        return scratch
    }

    @Test("the real malformed exports in ../shared/data/real/itunes/malformed",
          .enabled(if: MixtapeProcess.shared != nil, "../shared is absent: real malformed files not checked"))
    func realMalformed() throws {
        let folder = MixtapeProcess.shared! + "/data/real/itunes/malformed"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xml") }
        #expect(files.count >= 6)
        let scratch = try MalformedInputTests.goodIndex()
        for file in files.sorted() { try MalformedInputTests.expectRejected(folder + "/" + file, in: scratch) }
    }

    @Test("our malformed samples")
    func sampleMalformed() throws {
        let folder = MixtapeProcess.sample("malformed")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xml") }
        #expect(files.count >= 8)
        let scratch = try MalformedInputTests.goodIndex()
        for file in files.sorted() { try MalformedInputTests.expectRejected(folder + "/" + file, in: scratch) }
    }

    @Test("a re-export that turns bad leaves the last good index of that source in place")
    func badReexport() throws {
        let scratch = MixtapeProcess()
        let good = try Data(contentsOf: URL(fileURLWithPath: MixtapeProcess.sample("Library.xml")))
        let path = try scratch.write("Library.xml", Array(good))
        try #require(try scratch.run(["index", path]).status == 0)
        // Truncated at many offsets, then wrongly typed: each is rejected, nothing changes.
        for fraction in [0.0, 0.01, 0.1, 0.33, 0.5, 0.77, 0.999] {
            _ = try scratch.write("Library.xml", Array(good.prefix(Int(Double(good.count) * fraction))))
            try MalformedInputTests.expectRejected(path, in: scratch)
        }
        let text = String(decoding: good, as: UTF8.self)
        let retyped = text.replacingOccurrences(of: "<key>Year</key><integer>", with: "<key>Year</key><integer>x")
        #expect(retyped != text)
        _ = try scratch.write("Library.xml", retyped)
        try MalformedInputTests.expectRejected(path, in: scratch)
        // Restored: indexed again, nothing lost.
        _ = try scratch.write("Library.xml", Array(good))
        let again = try scratch.run(["index", "--json", path])
        #expect(again.status == 0)
        #expect(again.records.first?["removed"] as? Int == 0)
    }

    @Test("generated oddities: binary, a lying UTF-16 declaration, deep nesting, a plain text file")
    func generatedOddities() throws {
        let scratch = try MalformedInputTests.goodIndex()
        var binary: [UInt8] = []
        for i in 0..<4096 { binary.append(UInt8((i * 37 + 11) % 256)) }
        let deep = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: 100_000)
        let lying = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist version=\"1.0\"><dict/></plist>"
        let cases: [(String, [UInt8])] = [
            ("binary.xml", binary),
            ("deep.xml", Array(deep.utf8)),
            ("utf16-lying.xml", Array(lying.utf8)),
            ("notes.txt", Array("Shopping list: milk, eggs\n".utf8)),
            ("array-root.xml", Array("<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>".utf8)),
            ("tracks-array.xml", Array("<plist><dict><key>Tracks</key><array/></dict></plist>".utf8)),
            ("bad-utf8.xml", Array("<plist><dict><key>Tracks</key><dict><key>1</key><dict><key>Name</key><string>".utf8)
                + [0xc3, 0x28] + Array("</string></dict></dict></dict></plist>".utf8)),
        ]
        for (name, bytes) in cases {
            try MalformedInputTests.expectRejected(try scratch.write(name, bytes), in: scratch)
        }
    }

    @Test("hostile XML: no external entity is read, no entity bomb expands")
    func hostile() throws {
        let scratch = try MalformedInputTests.goodIndex()
        for name in ["xxe.xml", "billion-laughs.xml"] {
            let path = MixtapeProcess.sample("malformed/" + name)
            let result = try scratch.run(["index", path])
            #expect(result.status == 65)
            #expect(!result.stderr.contains("root:x:0:0") && !result.stdout.contains("root:x:0:0"))
            #expect(!(try scratch.run(["search"]).stdout.contains("lollol")))
        }
    }
}
