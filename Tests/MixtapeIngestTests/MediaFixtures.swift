import Foundation
import MixtapeCore
import Testing

/// Real, tagged media files made at test time in a fresh temporary folder, so the TagLib
/// adapter is tested against what encoders really write, with no binary fixtures in the
/// repository. Needs `sox` (FLAC, Ogg Vorbis, WAV) and `lame` (MP3), the Debian packages of the
/// same names, which `scripts/install-deps.sh` installs. ffmpeg would add MP4/M4A but pulls in
/// about 100 packages, so MP4 is not covered here.
final class MediaFixtures {
    /// The formats sox and lame can write (see `make` for how each is tagged).
    enum Format: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case flac, ogg, mp3, wav
        var testDescription: String { rawValue }
    }

    /// A tool the fixtures need is not installed.
    struct MissingTool: Error, CustomStringConvertible {
        let tool: String
        var description: String {
            "\(tool) is not installed: run scripts/install-deps.sh (or apt-get install \(tool)) "
                + "to test the TagLib reader on real files"
        }
    }

    /// A tool ran but failed.
    struct ToolFailure: Error, CustomStringConvertible {
        let description: String
    }

    // The values written into every tagged fixture. Non-ASCII on purpose: TagLib must hand back
    // UTF-8 whatever the tag's own encoding (Vorbis: UTF-8; ID3v2 here: UTF-16).
    static let title = "Fixture Title Ω"
    static let artist = "Ärtist"
    static let album = "The Älbum"
    static let albumArtist = "Album Ärtist"
    static let genre = "Jazz"
    static let comment = "Made by the tests"
    static let seconds = 2

    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "mixtape-taglib-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The tags every fixture must read back as (audio properties not included).
    static let expectedTags = TagSet([
        .title: .text(title), .artist: .text(artist), .album: .text(album), .albumArtist: .text(albumArtist),
        .genre: .text(genre), .comments: .text(comment), .year: .integer(2001), .trackNumber: .integer(3),
        .trackCount: .integer(12), .discNumber: .integer(1), .discCount: .integer(2),
    ])

    /// The bit rate `format`'s fixture must report, when the encoder makes it exact (PCM and
    /// constant-rate MP3); FLAC and Vorbis rates depend on the encoder version.
    static func expectedBitRate(_ format: Format) -> Int64? {
        switch format {
        case .wav: 1411
        case .mp3: 128
        case .flac, .ogg: nil
        }
    }

    /// Writes a tagged `name.<format>` of `seconds` of 44.1 kHz 16-bit stereo sine and returns
    /// its path. The tag layouts differ on purpose, as taggers in the wild do: FLAC writes
    /// totals inside the positions ("3/12"), Ogg in TRACKTOTAL / DISCTOTAL; MP3 has an ID3v2.3
    /// tag in UTF-16, and WAV the same tag in an `id3 ` chunk (what Music.app and most taggers
    /// write; TagLib 1.x's C API reads no RIFF INFO tag from WAV, only ID3v2).
    func make(_ format: Format, name: String = "tagged") throws -> String {
        let path = folder + "/" + name + "." + format.rawValue
        switch format {
        case .flac:
            try sine(to: path, comments: vorbisComments(track: "3/12", disc: "1/2", date: "2001-05-03"))
        case .ogg:
            try sine(to: path, comments: vorbisComments(track: "3", disc: "1", date: "2001")
                + ["TRACKTOTAL=12", "DISCTOTAL=2"])
        case .mp3:
            let wave = folder + "/" + name + "-source.wav"
            try sine(to: wave, comments: [])
            try MediaFixtures.run("lame", [
                "--quiet", "-t", "-b", "128", "--cbr", "--id3v2-only", "--id3v2-utf16",
                "--tt", Self.title, "--ta", Self.artist, "--tl", Self.album, "--tg", Self.genre,
                "--tc", Self.comment, "--ty", "2001", "--tn", "3/12",
                "--tv", "TPE2=\(Self.albumArtist)", "--tv", "TPOS=1/2", wave, path,
            ])
        case .wav:
            let tag = try MediaFixtures.id3v2Tag(ofMP3: make(.mp3, name: name + "-tag"))
            try sine(to: path, comments: [])
            try appendChunk("id3 ", tag, to: path)
        }
        return path
    }

    /// Writes `bytes` as `name` in the folder and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func vorbisComments(track: String, disc: String, date: String) -> [String] {
        ["TITLE=\(Self.title)", "ARTIST=\(Self.artist)", "ALBUM=\(Self.album)", "ALBUMARTIST=\(Self.albumArtist)",
         "GENRE=\(Self.genre)", "COMMENT=\(Self.comment)", "DATE=\(date)", "TRACKNUMBER=\(track)",
         "DISCNUMBER=\(disc)"]
    }

    /// sox writes the sine; for FLAC and Ogg it stores each comment line as a Vorbis comment.
    private func sine(to path: String, comments: [String]) throws {
        var arguments = ["-n", "-r", "44100", "-c", "2", "-b", "16"]
        if !comments.isEmpty {
            let commentFile = path + ".comments"
            try (comments.joined(separator: "\n") + "\n").write(toFile: commentFile, atomically: true, encoding: .utf8)
            arguments += ["--comment-file", commentFile]
        }
        // Half volume: a full-scale sine makes sox warn about clipping when it dithers.
        try MediaFixtures.run("sox", arguments + [path, "synth", String(Self.seconds), "sine", "440", "vol", "0.5"])
    }

    /// Appends a RIFF chunk (padded to an even size) and fixes the RIFF size in the header.
    private func appendChunk(_ id: String, _ body: [UInt8], to path: String) throws {
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes += Array(id.utf8) + MediaFixtures.littleEndian(UInt32(body.count)) + body
        if body.count % 2 == 1 { bytes.append(0) }
        bytes.replaceSubrange(4..<8, with: MediaFixtures.littleEndian(UInt32(bytes.count - 8)))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The ID3v2 tag at the start of the MP3 at `path`: the 10-byte header plus the size it
    /// states (a "synchsafe" integer, seven bits per byte).
    private static func id3v2Tag(ofMP3 path: String) throws -> [UInt8] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 10, bytes.starts(with: Array("ID3".utf8)) else {
            throw ToolFailure(description: "lame wrote no ID3v2 tag into \(path)")
        }
        let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
        return Array(bytes.prefix(10 + size))
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// Where `tool` is on the PATH, or nil.
    static func locate(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` in a UTF-8 locale (lame converts tag text from the locale's encoding).
    private static func run(_ tool: String, _ arguments: [String]) throws {
        guard let executable = locate(tool) else { throw MissingTool(tool: tool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")) failed: "
                + String(decoding: message, as: UTF8.self))
        }
    }
}
