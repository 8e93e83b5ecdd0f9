import Foundation
import MixtapeApp
import MixtapeCore

/// What `sync` says: with `--dry-run`, each step on stdout (`transcode  PATH  ←  FILE`) and
/// the room it needs; after a run, one summary line on stderr and a warning per file that
/// could not be made; with `--json`, one object on stdout either way.
struct SyncReportLines {
    let report: SyncDevice.Report
    let quiet: Bool

    func print(json: Bool) {
        if json {
            FileHandle.standardOutput.write(Data((object() + "\n").utf8))
        } else if report.outcome == nil {
            printPlan()
        }
        for path in report.notHere.prefix(20) { Messages.warning("\(path) is chosen but not here; not synced") }
        if report.notHere.count > 20 { Messages.warning("\(report.notHere.count - 20) more chosen files are not here") }
        for failure in report.outcome?.failed ?? [] {
            Messages.warning("\(failure.file) cannot be transcoded, so it is not on the device: \(failure.reason)")
        }
        for refusal in report.outcome?.refused ?? [] {
            Messages.warning("the device refuses the name \(refusal.destination) (\(refusal.reason)), so it is not there; "
                             + "if its driver takes no accents or other letters outside ASCII, --ascii writes names it takes")
        }
        if !json, !quiet, let outcome = report.outcome { Messages.info(summary(outcome)) }
    }

    /// `sync /media/stick (fat names): 2 transcoded, 1 copied, … (14 MB written)`.
    func summary(_ outcome: SyncDevice.Outcome) -> String {
        var parts: [String] = []
        if outcome.transcoded > 0 { parts.append("\(outcome.transcoded.grouped) transcoded") }
        if outcome.copied > 0 { parts.append("\(outcome.copied.grouped) copied") }
        if outcome.renamed > 0 { parts.append("\(outcome.renamed.grouped) renamed") }
        if outcome.deleted > 0 { parts.append("\(outcome.deleted.grouped) deleted") }
        if outcome.playlists > 0 { parts.append(outcome.playlists.counted("playlist") + " written") }
        if !outcome.failed.isEmpty { parts.append("\(outcome.failed.count.grouped) failed") }
        if !outcome.refused.isEmpty { parts.append("\(outcome.refused.count.grouped) refused by the device") }
        parts.append("\(report.plan.unchanged.count.grouped) unchanged")
        return "sync \(report.destination) (\(report.names.rawValue) names): " + parts.joined(separator: ", ")
            + " (\(outcome.bytesWritten.byteSize) written)"
    }

    private func printPlan() {
        var lines: [String] = []
        for step in report.plan.steps {
            switch step {
            case .copy(let choice, let path): lines.append("copy       \(path)  ←  \(choice.file)")
            case .transcode(let choice, let path): lines.append("transcode  \(path)  ←  \(choice.file)")
            case .rename(let from, let to): lines.append("rename     \(from)  →  \(to)")
            case .delete(let path): lines.append("delete     \(path)")
            case .writePlaylist(let path, _): lines.append("playlist   \(path)")
            }
        }
        let free = report.freeBytes.map { ", \($0.byteSize) free" } ?? ""
        let room = report.bytesNeeded >= 0 ? "needs about \(report.bytesNeeded.byteSize)" : "frees about \((-report.bytesNeeded).byteSize)"
        lines.append("dry run for \(report.destination) (\(report.names.rawValue) names): \(report.plan.steps.count.counted("step")), "
                     + "\(report.plan.unchanged.count.grouped) unchanged; \(room)\(free)")
        // Paths are the device's and the index's: shown as every message shows them.
        let text = lines.map { TerminalText.visible(PathBytes.escaped($0)) }.joined(separator: "\n") + "\n"
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The report as one JSON object (keys in the man page's `sync` section).
    private func object() -> String {
        var writer = JSONObjectWriter()
        writer.add("destination", string: report.destination)
        writer.add("names", string: report.names.rawValue)
        writer.add("dry_run", bool: report.outcome == nil)
        writer.add("chosen", int: Int64(report.chosen))
        var copied: [String] = [], transcoded: [String] = [], deleted: [String] = [], playlists: [String] = []
        var renamed: [String] = []
        for step in report.plan.steps {
            switch step {
            case .copy(_, let path): copied.append(path)
            case .transcode(_, let path): transcoded.append(path)
            case .delete(let path): deleted.append(path)
            case .writePlaylist(let path, _): playlists.append(path)
            case .rename(let from, let to):
                var pair = JSONObjectWriter()
                pair.add("from", string: from)
                pair.add("to", string: to)
                renamed.append(pair.result)
            }
        }
        let failed = Set((report.outcome?.failed ?? []).map(\.destination) + (report.outcome?.refused ?? []).map(\.destination))
        writer.add("copied", strings: copied.filter { !failed.contains($0) })
        writer.add("transcoded", strings: transcoded.filter { !failed.contains($0) })
        writer.add("renamed", raw: "[" + renamed.joined(separator: ",") + "]")
        writer.add("deleted", strings: deleted)
        writer.add("playlists", strings: playlists)
        writer.add("unchanged", int: Int64(report.plan.unchanged.count))
        writer.add("not_here", strings: report.notHere)
        let failures = (report.outcome?.failed ?? []).map { failure in
            var object = JSONObjectWriter()
            object.add("file", string: failure.file)
            object.add("reason", string: failure.reason)
            return object.result
        }
        writer.add("failed", raw: "[" + failures.joined(separator: ",") + "]")
        writer.add("refused", strings: (report.outcome?.refused ?? []).map(\.destination))
        writer.add("bytes_needed", int: report.bytesNeeded)
        writer.add("bytes_free", int: report.freeBytes)
        writer.add("bytes_written", int: report.outcome?.bytesWritten)
        return writer.result
    }
}
