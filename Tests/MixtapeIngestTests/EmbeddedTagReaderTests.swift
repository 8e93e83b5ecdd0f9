import Foundation
import MixtapeCore
@testable import MixtapeIngest
import Testing

/// The TagLib adapter against real files that sox and lame write at test time (see
/// `MediaFixtures`): every field read back, files TagLib cannot use, and readers on several
/// threads at once. A missing tool fails the test with the package to install, never a pass.
@Suite("Embedded tags: TagLib reader")
struct EmbeddedTagReaderTests {
    let fixtures: MediaFixtures

    init() throws { fixtures = try MediaFixtures() }

    @Test("every field reads back", arguments: MediaFixtures.Format.allCases)
    func readsEveryField(format: MediaFixtures.Format) throws {
        guard let path = makeOrRecord(format) else { return }
        let reading = EmbeddedTagReader.read(path: path)
        #expect(reading.isValid)

        // Tags: exactly what was written, less what this TagLib's C API cannot read at all.
        let readable = EmbeddedTagReader.readableFields
        let expected = MediaFixtures.expectedTags.values.filter { readable.contains($0.key) }
        let audio: Set<Field> = [.durationMs, .bitRate, .sampleRate]
        #expect(reading.tags.values.filter { !audio.contains($0.key) } == expected)

        // Audio properties: milliseconds, so an MP3's encoder delay and padding show (2,038 ms).
        let expectedMs = Int64(MediaFixtures.seconds) * 1000
        guard case .integer(let milliseconds)? = reading.tags[.durationMs] else {
            Issue.record("no duration")
            return
        }
        #expect(abs(milliseconds - expectedMs) <= 100, "\(milliseconds) ms")
        #expect(reading.tags[.sampleRate] == .integer(44100))
        if let bitRate = MediaFixtures.expectedBitRate(format) {
            #expect(reading.tags[.bitRate] == .integer(bitRate))
        } else if case .integer(let bitRate)? = reading.tags[.bitRate] {
            #expect(bitRate > 0)
        } else {
            Issue.record("no bit rate for \(format)")
        }
    }

    @Test("the fields this TagLib can read follow its C API")
    func readableFieldsFollowTheAPI() {
        let basic: Set<Field> = [.title, .artist, .album, .genre, .comments, .year, .trackNumber,
                                 .durationMs, .bitRate, .sampleRate]
        let propertyMap: Set<Field> = [.albumArtist, .trackCount, .discNumber, .discCount]
        let expected = EmbeddedTagReader.readsPropertyMap ? basic.union(propertyMap) : basic
        #expect(EmbeddedTagReader.readableFields == expected)
    }

    @Test("a file with audio but no tags is valid and has only audio properties")
    func untaggedFile() throws {
        guard let tagged = makeOrRecord(.mp3) else { return }
        // lame's source WAV, written without any tag.
        let untagged = tagged.replacingOccurrences(of: "tagged.mp3", with: "tagged-source.wav")
        let reading = EmbeddedTagReader.read(path: untagged)
        #expect(reading.isValid)
        #expect(Set(reading.tags.values.keys) == [.durationMs, .bitRate, .sampleRate])
    }

    @Test("names with spaces and non-ASCII characters open")
    func unusualFileName() throws {
        guard let path = makeOrRecord(.flac, name: "Ä b — ü") else { return }
        let reading = EmbeddedTagReader.read(path: path)
        #expect(reading.isValid)
        #expect(reading.tags[.title] == .text(MediaFixtures.title))
    }

    /// Bytes TagLib opens (or refuses) without finding audio or tags, under names that make it
    /// try its parsers.
    static let corrupt: [(name: String, bytes: [UInt8])] = [
        ("noise.mp3", noise(count: 4096, seed: 1)),
        ("noise.flac", noise(count: 4096, seed: 2)),
        ("noise.ogg", noise(count: 4096, seed: 3)),
        ("noise.m4a", noise(count: 4096, seed: 4)),
        ("header-only.flac", Array("fLaC".utf8) + noise(count: 64, seed: 5)),
        ("empty.mp3", []),
        ("text.wav", Array("not audio at all\n".utf8)),
    ]

    @Test("corrupt files are not valid, and do not crash", arguments: corrupt.map(\.name))
    func corruptFile(name: String) throws {
        let bytes = try #require(Self.corrupt.first { $0.name == name }).bytes
        let reading = EmbeddedTagReader.read(path: try fixtures.write(name, bytes))
        #expect(!reading.isValid)
        #expect(reading.tags.isEmpty)
    }

    @Test("a folder named like a media file is not valid")
    func folderPath() throws {
        let path = fixtures.folder + "/album.mp3"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(EmbeddedTagReader.read(path: path) == .unreadable)
    }

    @Test("missing files and unknown types are not valid",
          arguments: ["missing.mp3", "missing.flac", "missing.xyz", "no-extension", "/no/such/folder/x.ogg", ""])
    func missingFile(name: String) {
        let path = name.hasPrefix("/") || name.isEmpty ? name : fixtures.folder + "/" + name
        #expect(EmbeddedTagReader.read(path: path) == .unreadable)
    }

    /// 2,000 reads: without `TagLibGate`'s lock this run crashed every time on the development
    /// machine (double free in TagLib's shared string list); 100 reads were not enough.
    @Test("readers on four threads get what one reader gets")
    func concurrentReaders() throws {
        let made = MediaFixtures.Format.allCases.compactMap { makeOrRecord($0) }
        guard made.count == MediaFixtures.Format.allCases.count else { return }
        let files = made + [try fixtures.write("noise.mp3", Self.noise(count: 4096, seed: 1)),
                            fixtures.folder + "/missing.flac"]
        let serial = files.map(EmbeddedTagReader.read(path:))

        let results = ThreadResults()
        let threads = (0..<4).map { index in
            Thread {
                // Each thread starts at a different file, so different parsers overlap.
                for round in 0..<500 {
                    let position = (index + round) % files.count
                    results.append(position, EmbeddedTagReader.read(path: files[position]))
                }
                results.finish()
            }
        }
        threads.forEach { $0.start() }
        results.waitForAll(4)
        let readings = results.readings
        #expect(readings.count == 2000)
        for (position, reading) in readings where reading != serial[position] {
            Issue.record("\(files[position]) read differently on a thread: \(reading)")
        }
    }

    /// The fixture for `format`, or nil after recording an issue that names the missing tool.
    private func makeOrRecord(_ format: MediaFixtures.Format, name: String = "tagged") -> String? {
        do {
            return try fixtures.make(format, name: name)
        } catch {
            Issue.record("cannot make the \(format) fixture: \(error)")
            return nil
        }
    }

    /// Deterministic noise (a xorshift generator), so a corrupt case fails the same way each run.
    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}

/// What the reader threads found, gathered under a lock, and a count of threads done.
private final class ThreadResults: @unchecked Sendable {
    private let condition = NSCondition()
    private var found: [(Int, EmbeddedTagReading)] = []
    private var finished = 0

    func append(_ position: Int, _ reading: EmbeddedTagReading) {
        condition.withLock { found.append((position, reading)) }
    }

    func finish() {
        condition.withLock {
            finished += 1
            condition.broadcast()
        }
    }

    func waitForAll(_ threads: Int) {
        condition.withLock {
            while finished < threads { condition.wait() }
        }
    }

    var readings: [(Int, EmbeddedTagReading)] { condition.withLock { found } }
}
