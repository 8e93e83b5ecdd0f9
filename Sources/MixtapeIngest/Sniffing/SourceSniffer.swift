/// Tells what a file is from its first bytes (spec/sources.md: "a source is recognised by its
/// content, never by its extension alone"). A registry: one row per kind, tried in order, the
/// first that recognises the head wins; strong signatures (magic bytes) come before weak ones
/// (an MPEG frame sync, "it is text"). Adding a kind is adding a row.
public enum SourceSniffer {
    /// One kind and how to recognise it: nil when the head is not of this kind.
    struct Row: Sendable {
        let recognise: @Sendable (FileHead) -> ContentKind?

        /// A row for a fixed kind.
        init(_ kind: ContentKind, when test: @escaping @Sendable (FileHead) -> Bool) {
            recognise = { test($0) ? kind : nil }
        }

        /// A row whose kind depends on the head (the Ogg codec, an XML root's name).
        init(recognise: @escaping @Sendable (FileHead) -> ContentKind?) { self.recognise = recognise }
    }

    /// What the file at `path` is. Throws `SourceReadError` when it cannot be read.
    public static func recognise(path: String) throws -> ContentKind {
        let kind = recognise(try FileHead.read(path: path))
        return kind == sqlite ? DatabaseSniffer.recognise(path: path) : kind
    }

    /// What a file with this head is.
    public static func recognise(_ head: FileHead) -> ContentKind {
        for row in rows {
            if let kind = row.recognise(head) { return kind }
        }
        return .other("binary", "a binary file of a kind mixtape does not know")
    }

    /// An SQLite database, before `DatabaseSniffer` reads its schema to say whose it is.
    static let sqlite = ContentKind.other("sqlite", "an SQLite database")

    static let rows: [Row] = [
        // An empty or blank .m3u/.pls is an empty playlist, not "an empty file".
        Row(.m3u) { ["m3u", "m3u8"].contains($0.pathExtension) && $0.isBlank },
        Row(.pls) { $0.pathExtension == "pls" && $0.isBlank },
        Row(.other("empty", "an empty file")) { $0.bytes.isEmpty },
        Row(sqlite) { $0.has("SQLite format 3\0") },
        Row(.media("mp3", "an MP3 file")) { $0.has("ID3") },
        // foobar2000 1.x's playlists folder and .fpl files, and 2.x's index.txt (text, below).
        Row(.foobar2000) { $0.has(FPLIndexDat.magic) },
        Row(.other("foobar2000-fpl", "a playlist file of foobar2000 1.x's playlists-v1.4 folder",
                   advice: foobar2000Folder)) { $0.has(FPLPlaylistFile.magic) },
        Row(.other("fpl", "a foobar2000 playlist saved as .fpl, a layout mixtape does not read",
                   advice: "save it from foobar2000 as .m3u8 (File > Save playlist) and index that, "
                       + "or index foobar2000's playlists-v2.0 folder")) { $0.has(exportedFPL) },
        Row(.other("foobar2000-index", "a foobar2000 playlist index.dat of a layout mixtape does not read",
                   advice: "save the playlists from foobar2000 as .m3u8 (File > Save playlist) and index those")) { head in
            otherFoobar2000Indexes.contains { head.has($0) }
        },
        Row(.media("flac", "a FLAC file")) { $0.has("fLaC") },
        Row(recognise: oggKind),
        Row(.media("wav", "a WAV file")) { $0.has("RIFF") && $0.has("WAVE", at: 8) },
        Row(.media("avi", "an AVI video")) { $0.has("RIFF") && $0.has("AVI ", at: 8) },
        Row(.media("aiff", "an AIFF file")) { $0.has("FORM") && ($0.has("AIFF", at: 8) || $0.has("AIFC", at: 8)) },
        Row(recognise: isoMediaKind),
        Row(recognise: matroskaKind),
        Row(.media("asf", "a Windows Media (ASF: WMA/WMV) file")) {
            $0.has([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11])
        },
        Row(.media("ape", "a Monkey's Audio (APE) file")) { $0.has("MAC ") },
        Row(.media("wavpack", "a WavPack file")) { $0.has("wvpk") },
        Row(.other("jpeg", "a JPEG image")) { $0.has([0xFF, 0xD8, 0xFF]) },
        Row(.other("png", "a PNG image")) { $0.has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) },
        Row(.other("gif", "a GIF image")) { $0.has("GIF87a") || $0.has("GIF89a") },
        Row(.other("zip", "a ZIP archive", advice: "unpack it and index what it holds")) {
            $0.has([0x50, 0x4B, 0x03, 0x04]) || $0.has([0x50, 0x4B, 0x05, 0x06])
        },
        Row(.other("pdf", "a PDF document")) { $0.has("%PDF-") },
        Row(.serato) { isSerato($0, naming: "Serato Scratch LIVE Database") },
        Row(.seratoCrate) { isSerato($0, naming: "Crate") },
        Row(recognise: xmlKind),
        Row(.foobar2000) { $0.looksLikeText && Foobar2000IndexText.looksLikeIndex($0.bytes, isWholeFile: $0.isWholeFile) },
        Row(.other("fplite", "a playlist file of foobar2000 2.x's playlists-v2.0 folder (.fplite)",
                   advice: foobar2000Folder)) { $0.pathExtension == "fplite" && $0.looksLikeText },
        Row(.pls) { ["pls"].contains($0.pathExtension) && $0.looksLikeText && isPLS($0) },
        Row(.m3u) { ["m3u", "m3u8"].contains($0.pathExtension) && $0.looksLikeText },
        Row(.media("mp3", "an MP3 file")) { isMPEGAudio($0, layer3Only: true) },
        Row(.media("aac", "an AAC (ADTS) file")) { isMPEGAudio($0, layer3Only: false) },
        Row(.other("text", "a text file that is not a playlist or library export")) { $0.looksLikeText },
    ]

    /// Advice for one of the playlist files of foobar2000's playlists folders.
    static let foobar2000Folder = "index the folder it is in (or the index.txt / index.dat there), which names every playlist"

    /// The magic of a playlist foobar2000 saves as `.fpl` (File > Save playlist).
    static let exportedFPL: [UInt8] = [0xE1, 0xA0, 0x9C, 0x91, 0xF8, 0x3C, 0x77, 0x42,
                                       0x85, 0x2C, 0x3B, 0xCC, 0x14, 0x01, 0xD3, 0xF2]
    /// The magics of `index.dat` files of other foobar2000 versions than the one
    /// `FPLIndexDat` reads, known from public readers; no real one was at hand to check.
    static let otherFoobar2000Indexes: [[UInt8]] = [
        [0x9B, 0x27, 0xCE, 0xF0, 0xF7, 0xB2, 0xB6, 0x46, 0x9A, 0xCA, 0x0F, 0x02, 0x2B, 0x2D, 0x9C, 0x78],
        [0x40, 0xAB, 0x5C, 0x42, 0x61, 0x5F, 0x34, 0x4E, 0xA6, 0x0D, 0xCA, 0x40, 0x81, 0x23, 0xF6, 0xAD],
    ]

    /// An Ogg stream, named by the codec of its first packet.
    private static func oggKind(_ head: FileHead) -> ContentKind? {
        guard head.has("OggS") else { return nil }
        if head.contains("OpusHead", within: 128) { return .media("opus", "an Ogg Opus file") }
        if head.contains("vorbis", within: 128) { return .media("ogg", "an Ogg Vorbis file") }
        if head.contains("FLAC", within: 128) { return .media("oga", "an Ogg FLAC file") }
        return .media("ogg", "an Ogg file")
    }

    /// ISO base media (`ftyp` at offset 4): M4A/M4B audio, QuickTime, MP4 video.
    private static func isoMediaKind(_ head: FileHead) -> ContentKind? {
        guard head.has("ftyp", at: 4) else { return nil }
        if head.has("M4A ", at: 8) || head.has("M4B ", at: 8) || head.has("M4P ", at: 8) {
            return .media("m4a", "an M4A (MP4 audio) file")
        }
        if head.has("qt  ", at: 8) { return .media("mov", "a QuickTime (MOV) video") }
        return .media("mp4", "an MP4 file")
    }

    private static func matroskaKind(_ head: FileHead) -> ContentKind? {
        guard head.has([0x1A, 0x45, 0xDF, 0xA3]) else { return nil }
        return head.contains("webm", within: 64) ? .media("webm", "a WebM file") : .media("mkv", "a Matroska (MKV) file")
    }

    /// XML, by its root element: the library kinds, XSPF and WPL playlists (which need their
    /// extension too), a bare plist `<dict>` with `Tracks`, or XML of another kind.
    private static func xmlKind(_ head: FileHead) -> ContentKind? {
        guard case .root(let root, let tracks) = head.xml else {
            if head.xml == .incomplete {
                return .other("xml", "XML whose root element is not within its first \(FileHead.longSize >> 20) MiB")
            }
            return nil
        }
        switch root {
        case "plist": return .itunes
        case "dict" where tracks != false: return .itunes
        case "dict": return .other("plist", "a property list <dict> without a Tracks key (not an iTunes export)")
        case "DJ_PLAYLISTS": return .rekordbox
        case "NML": return .traktor
        case "rhythmdb": return .rhythmbox
        case "VirtualDJ_Database": return .virtualdj
        case "playlist" where head.pathExtension == "xspf": return .xspf
        case "smil" where head.pathExtension == "wpl": return .wpl
        default:
            let shown = String(root.prefix(60).map { $0.isASCII && !$0.isWhitespace ? $0 : "?" })
            return .other("xml", "XML whose root element is <\(shown)>")
        }
    }

    /// A Serato file: a `vrsn` record first (4-byte tag, 4-byte big-endian length) whose
    /// UTF-16 big-endian text holds `text` (`2.0/Serato Scratch LIVE Database`, `1.0/Serato
    /// ScratchLive Crate`, `… Smart Crate`).
    private static func isSerato(_ head: FileHead, naming text: String) -> Bool {
        guard head.has("vrsn"), head.bytes.count >= 8 else { return false }
        let length = head.bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard length <= 1024, head.bytes.count >= 8 + length else { return false }
        let wanted = Array(("Serato" as String).utf16) , named = Array(text.utf16)
        var units: [UInt16] = []
        for index in stride(from: 8, to: 8 + length - 1, by: 2) {
            units.append(UInt16(head.bytes[index]) << 8 | UInt16(head.bytes[index + 1]))
        }
        func contains(_ needle: [UInt16]) -> Bool {
            guard units.count >= needle.count else { return false }
            return (0...(units.count - needle.count)).contains { units[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        return contains(wanted) && contains(named)
    }

    /// A PLS: a `[playlist]` section line (any case) among its first lines; some writers put
    /// a MIME-type line before it (Amarok's test data does).
    private static func isPLS(_ head: FileHead) -> Bool {
        let text = String(decoding: XMLRootSkim.asciiView(of: head.bytes).prefix(4096), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).prefix(8).contains { line in
            line.filter { !$0.isWhitespace && $0 != "\u{FEFF}" }.lowercased() == "[playlist]"
        }
    }

    /// An MPEG audio frame header at the start (a file with no ID3 tag): 11 sync bits, a valid
    /// version, a layer (III for MP3; none, i.e. ADTS, for AAC), and a valid bit rate index.
    private static func isMPEGAudio(_ head: FileHead, layer3Only: Bool) -> Bool {
        guard head.bytes.count >= 4, head.bytes[0] == 0xFF, head.bytes[1] & 0xE0 == 0xE0 else { return false }
        let version = (head.bytes[1] >> 3) & 0x03
        let layer = (head.bytes[1] >> 1) & 0x03
        if layer3Only {
            return version != 1 && layer == 1 && head.bytes[2] >> 4 != 0x0F
        }
        return layer == 0 && (head.bytes[1] & 0xF0) == 0xF0
    }
}
