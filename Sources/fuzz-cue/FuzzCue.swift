import FuzzReplay
import MixtapeCore

/// Any bytes as a cue sheet (a `.cue` file or an embedded `CUESHEET` tag): the parser never
/// throws, so the target checks it never crashes or hangs, that a reading is either a sheet or
/// malformed, that every line it names is in the text, that the tracks it keeps are usable
/// (numbered, starts increasing within a file), and that splitting a file by them gives ranges
/// that end after they start and inside the file.
@main
enum FuzzCue {
    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        // The same bytes as FLAC metadata blocks: a native CUESHEET's tracks start increasing.
        if let native = FLACCueSheet.file(fromMetadata: bytes) {
            fuzzCheck(zip(native.tracks, native.tracks.dropFirst()).allSatisfy { $0.startMs < $1.startMs },
                      "native cue sheet starts not increasing")
        }
        let reading = CueSheetParser.read(bytes: bytes)
        fuzzCheck((reading.sheet == nil) != (reading.malformed == nil), "a reading is a sheet or malformed, not both")
        let lines = bytes.count { $0 == 0x0a || $0 == 0x0d } + 1
        for problem in reading.warnings + (reading.malformed.map { [$0] } ?? []) {
            fuzzCheck(problem.line >= 0 && problem.line <= lines, "line \(problem.line) of \(lines): \(problem.message)")
        }
        guard let sheet = reading.sheet else { return }
        // A file length the input chooses, so some tracks fall past the end.
        let length = Int64(bytes.first ?? 0) * 10_000
        for file in sheet.files {
            fuzzCheck(!file.tracks.isEmpty, "a kept file has tracks")
            for (earlier, later) in zip(file.tracks, file.tracks.dropFirst()) {
                fuzzCheck(earlier.startMs < later.startMs, "starts increase")
            }
            var whole = MediaItem(id: ItemID(rawValue: "file:fuzz"))
            whole.durationMs = length
            let (items, beyond) = CueSplit.items(of: whole, file: file)
            fuzzCheck(items.count + beyond.count == file.tracks.count, "every track is an item or past the end")
            for item in items {
                guard let start = item.startMs, let end = item.endMs, let duration = item.durationMs else {
                    return fuzzCheck(false, "a track with a known file length has a range")
                }
                fuzzCheck(start < end && end <= length && duration == end - start, "range \(start)..\(end) in \(length)")
            }
        }
    }
}
