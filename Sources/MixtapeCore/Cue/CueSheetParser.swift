/// Reads the text of a cue sheet (`.cue`, or an embedded `CUESHEET` tag) into a `CueSheet`.
/// Pure: bytes in, values out, so every rule is tested from tables and fuzzed.
///
/// What it takes, line by line (commands ignore ASCII case, values may be quoted or not):
/// - `FILE name type`: a new audio file; its tracks follow. Several are allowed.
/// - `TRACK nn AUDIO`: a track of the current file. Data tracks (`MODE1/2352`, `CDG`, ...)
///   are skipped without a word: they are not audio.
/// - `INDEX 01 mm:ss:ff` (75 frames a second): where the track starts. Other indexes
///   (`00`, the pregap) are not where the track's music starts and are ignored. A track whose
///   `INDEX 01` comes after the next `FILE` line (Exact Audio Copy's sheets for one file per
///   track, with the gaps appended to the file before) starts in that next file.
/// - `TITLE`, `PERFORMER`, `SONGWRITER`: the track's inside a track, else the album's.
/// - `REM DATE` (its first four digits: the year) and `REM GENRE`.
/// - `CATALOG`, `CDTEXTFILE`, `FLAGS`, `ISRC`, `PREGAP`, `POSTGAP` and other `REM`s:
///   valid, not used.
///
/// Problems never lose the rest of the sheet: an unknown command, a bad time, a track without
/// `INDEX 01`, a repeated track number or a start before the previous track's is a warning
/// with its line, and only that track (or line) is skipped. A text with no audio track at all
/// (random bytes, a text file named `.cue`) is malformed: the caller indexes the audio whole.
public enum CueSheetParser {
    /// Reads `bytes` (UTF-8 with or without a BOM, else Windows-1252 with a warning).
    public static func read(bytes: [UInt8]) -> CueSheetReading {
        let decoded = PlaylistFileText.decoding(bytes)
        var state = State()
        if decoded.isWindows1252 {
            state.warnings.append(.init(line: 0, message: "not valid UTF-8; read as Windows-1252"))
        }
        var number = 0
        for line in decoded.text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd) {
            number += 1
            state.take(CueLine(line), at: number)
        }
        return state.finish(lineCount: number)
    }

    private static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }

    /// The highest track number taken: the format stops at 99; rips of longer sets go on.
    static let highestTrack: Int64 = 999

    /// `mm:ss:ff` in milliseconds (minutes may exceed 99), or nil.
    static func milliseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) }),
              let minutes = Int64(parts[0]), let seconds = Int64(parts[1]), let frames = Int64(parts[2]),
              seconds < 60, frames < 75 else { return nil }
        return (minutes * 60 + seconds) * 1000 + (frames * 1000) / 75
    }

    /// The parse in progress.
    private struct State {
        var files: [CueSheet.File] = []
        var album = CueSheet.Album()
        var track: PendingTrack?
        var warnings: [CueSheetReading.Problem] = []
        /// The first line that was no cue command at all, for a malformed sheet's location.
        var firstUnknown: Int?
        var sawFile = false

        /// A track whose `INDEX 01` may still come.
        struct PendingTrack {
            var track: CueSheet.Track
            var hasStart = false
            /// An `INDEX 01` was there but unreadable (already warned about).
            var hadBadStart = false
            var isAudio: Bool
            /// Its number is out of range (already warned about): it only cuts the track above.
            var badNumber = false
        }

        mutating func take(_ line: CueLine, at number: Int) {
            guard let command = line.command else { return }
            switch command {
            case "FILE": file(line, at: number)
            case "TRACK": startTrack(line, at: number)
            case "INDEX": index(line, at: number)
            case "TITLE", "PERFORMER", "SONGWRITER": text(command, line.value(), at: number)
            case "REM": remark(line)
            case "CATALOG", "CDTEXTFILE", "FLAGS", "ISRC", "PREGAP", "POSTGAP": break
            default:
                if firstUnknown == nil { firstUnknown = number }
                warnings.append(.init(line: number, message: "unknown cue sheet command '\(line.words[0])'; line skipped"))
            }
        }

        mutating func file(_ line: CueLine, at number: Int) {
            // Exact Audio Copy's "gaps appended" sheets put a track's INDEX 00 at the end of the
            // previous file and its INDEX 01 after the next FILE line: the track goes on there.
            var carried: PendingTrack?
            if let pending = track, pending.isAudio, !pending.hasStart, !pending.hadBadStart {
                carried = pending
                track = nil
            }
            defer { if let carried { track = carried } }
            endTrack()
            guard let name = line.fileName(), !name.isEmpty else {
                warnings.append(.init(line: number, message: "FILE without a file name; its tracks are skipped"))
                files.append(CueSheet.File(name: "", album: album, line: number))
                return
            }
            sawFile = true
            files.append(CueSheet.File(name: name, album: album, line: number))
        }

        mutating func startTrack(_ line: CueLine, at number: Int) {
            endTrack()
            guard line.words.count >= 3, let value = Int64(line.words[1]) else {
                warnings.append(.init(line: number, message: "TRACK needs a number and a type (TRACK 01 AUDIO); track skipped"))
                track = PendingTrack(track: CueSheet.Track(number: 0, startMs: 0, line: number), isAudio: false)
                return
            }
            let isAudio = line.words[2].uppercased() == "AUDIO"
            track = PendingTrack(track: CueSheet.Track(number: value, startMs: 0, line: number), isAudio: isAudio)
            if !(1...CueSheetParser.highestTrack).contains(value) {
                // Its INDEX 01 still ends the track above (`File.cuts`), which otherwise ran on
                // over this one's audio, and every track after it to the end of the file.
                warnings.append(.init(line: number, message:
                    "TRACK \(line.words[1]): track numbers go from 1 to \(CueSheetParser.highestTrack); track skipped"))
                track?.badNumber = true
            }
        }

        mutating func index(_ line: CueLine, at number: Int) {
            guard track != nil else {
                warnings.append(.init(line: number, message: "INDEX outside a TRACK; line skipped"))
                return
            }
            guard line.words.count >= 2, line.words[1] == "01" || line.words[1] == "1" else { return }
            guard line.words.count == 3, let start = CueSheetParser.milliseconds(line.words[2]) else {
                warnings.append(.init(line: number, message: "INDEX 01 needs a time mm:ss:ff (frames 0-74); track skipped"))
                track?.hadBadStart = true
                return
            }
            track?.track.startMs = start
            track?.hasStart = true
        }

        mutating func text(_ command: String, _ value: String?, at number: Int) {
            guard let value, !value.isEmpty else { return }
            if track != nil {
                switch command {
                case "TITLE": track?.track.title = value
                case "PERFORMER": track?.track.performer = value
                default: track?.track.songwriter = value
                }
                return
            }
            switch command {
            case "TITLE": album.title = value
            case "PERFORMER": album.performer = value
            default: album.songwriter = value
            }
            // Album lines between FILE and its first TRACK describe that file too.
            if let last = files.indices.last, files[last].tracks.isEmpty { files[last].album = album }
        }

        mutating func remark(_ line: CueLine) {
            guard line.words.count >= 2, let value = line.value(after: 2), !value.isEmpty else { return }
            switch line.words[1].uppercased() {
            case "DATE":
                let digits = value.prefix(while: \.isASCIIDigit)
                if digits.count == 4, let year = Int64(digits), year > 0 { album.year = year }
            case "GENRE":
                album.genre = value
            default:
                return
            }
            if track == nil, let last = files.indices.last, files[last].tracks.isEmpty { files[last].album = album }
        }

        /// Files away the pending track, or says why it cannot be used.
        mutating func endTrack() {
            guard let pending = track else { return }
            track = nil
            guard pending.isAudio, pending.track.number > 0 || pending.badNumber else { return }
            let number = pending.track.line
            guard let last = files.indices.last, !files[last].name.isEmpty else {
                if files.isEmpty, !pending.badNumber {
                    warnings.append(.init(line: number, message: "TRACK before any FILE; track skipped"))
                }
                return
            }
            if pending.badNumber {
                if pending.hasStart { files[last].cuts.append(pending.track.startMs) }
                return
            }
            guard pending.hasStart else {
                if pending.hadBadStart { return }
                return warnings.append(.init(line: number, message: "TRACK \(pending.track.number) has no INDEX 01; track skipped"))
            }
            if files[last].tracks.contains(where: { $0.number == pending.track.number }) {
                files[last].cuts.append(pending.track.startMs)
                return warnings.append(.init(line: number, message: "TRACK \(pending.track.number) repeated; track skipped"))
            }
            if let previous = files[last].tracks.last, previous.startMs >= pending.track.startMs {
                return warnings.append(.init(line: number,
                    message: "TRACK \(pending.track.number) starts before the track above it ends; track skipped"))
            }
            files[last].tracks.append(pending.track)
        }

        mutating func finish(lineCount: Int) -> CueSheetReading {
            endTrack()
            let usable = files.filter { !$0.tracks.isEmpty }
            guard !usable.isEmpty else {
                let reason = sawFile ? "no audio track with an INDEX 01" : "not a cue sheet (no FILE line)"
                let line = firstUnknown ?? (lineCount > 0 ? 1 : 0)
                // Text that is no cue sheet at all gets one message, not one per line.
                let said = sawFile ? warnings : warnings.filter { $0.line == 0 }
                return CueSheetReading(sheet: nil, malformed: .init(line: line, message: reason + "; the audio is indexed whole"),
                                       warnings: said)
            }
            return CueSheetReading(sheet: CueSheet(files: usable), warnings: warnings)
        }
    }
}

/// One line of a cue sheet cut into words; a quoted value is one word without its quotes.
struct CueLine {
    /// The words, quotes removed.
    var words: [String] = []
    /// Whether each word was quoted.
    var quoted: [Bool] = []

    init(_ line: Substring) {
        var current = ""
        var inQuotes = false
        var wasQuoted = false
        var started = false
        for character in line {
            if character == "\"" {
                inQuotes.toggle()
                wasQuoted = true
                started = true
            } else if !inQuotes && (character == " " || character == "\t") {
                if started { words.append(current); quoted.append(wasQuoted) }
                current = ""
                started = false
                wasQuoted = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current); quoted.append(wasQuoted) }
    }

    /// The command, upper-cased, or nil for a blank line.
    var command: String? { words.first?.uppercased() }

    /// The value after the command (words from `start`): a quoted word as it is, or the
    /// unquoted words joined by single spaces (`PERFORMER Some Band`).
    func value(after start: Int = 1) -> String? {
        guard words.count > start else { return nil }
        if quoted[start] { return words[start] }
        return words[start...].joined(separator: " ")
    }

    /// `FILE "name" TYPE` or `FILE name TYPE` (an unquoted name may hold spaces; the last
    /// word is the type when there are several) or `FILE name` with no type.
    func fileName() -> String? {
        guard words.count >= 2 else { return nil }
        if quoted[1] || words.count == 2 { return words[1] }
        return words[1..<(words.count - 1)].joined(separator: " ")
    }
}

extension Character {
    /// 0–9 only (not other scripts' digits).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
