import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `watch --log-format`.
enum WatchLogFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

/// How `watch` logs on stderr: a line per event. As text, each is led by the local time (a
/// terminal shows no other; the journal adds its own, which is harmless). As JSON, one object
/// per line with `time` (RFC 3339, UTC), `level` (info, warning, error), `event` (started,
/// caught_up, batch, busy, warning, error, saved_export, saved_sync, stopped), `message` (the text line)
/// and the counts as numbers, so a log tool need not parse sentences.
struct WatchLogLine: Sendable {
    var quiet: Bool
    var format: WatchLogFormat
    /// Said when watching starts, since it may come from the config file.
    var debounce: Double

    /// One record: what the text line says, and the fields JSON adds.
    struct Record {
        var level = "info"
        var event: String
        var message: String
        var counts: [(String, Int)] = []
        var sources: [String]?
        var seconds: Double?
    }

    func print(_ entry: WatchLog) {
        for record in records(entry) where !quiet || record.level == "error" {
            emit(record)
        }
    }

    func records(_ entry: WatchLog) -> [Record] {
        switch entry {
        case let .started(sources, folders, pollSeconds):
            let what = sources.counted("source")
            let message = if let folders {
                "watching \(what) (\(folders.counted("folder"))), "
                    + "debounce \(WatchLogLine.seconds(debounce))"
            } else {
                "polling \(what) every \(WatchLogLine.seconds(pollSeconds ?? 0))"
            }
            return [Record(event: "started", message: message,
                           counts: [("sources", sources)] + (folders.map { [("folders", $0)] } ?? []))]
        case .caughtUp(let report):
            let summary = Record(event: "caught_up", message: "up to date: " + IndexOutput(report: report, json: false, quiet: false).summaryLine,
                                 counts: WatchLogLine.counts(report), seconds: report.seconds)
            return problems(report) + [summary] + savedExports(report) + savedSyncs(report)
        case let .applied(report, sources, events, overflowed):
            var records = problems(report)
            if overflowed {
                records.append(Record(level: "warning", event: "overflow", message:
                    "the kernel's event queue overflowed (fs.inotify.max_queued_events); every source was rescanned"))
            }
            records.append(Record(event: "batch", message: WatchLogLine.batchLine(report, sources: sources, events: events),
                                  counts: [("events", events)] + WatchLogLine.counts(report), sources: sources,
                                  seconds: report.seconds))
            return records + savedExports(report) + savedSyncs(report)
        case .busy(let message):
            return [Record(event: "busy", message: message)]
        case let .notWatched(folder, reason):
            return [Record(level: "warning", event: "warning", message:
                "warning: cannot watch \(PathBytes.escaped(folder)): \(reason); skipped (changes below it are not seen)")]
        case .stopping:
            return [Record(event: "stopped", message: "stopped")]
        }
    }

    /// Errors, and warnings (at most 20 of them, unless `-v`).
    private func problems(_ report: IndexReport) -> [Record] {
        report.failures.map { Record(level: "error", event: "error", message: "error: \($0.message)") }
            + IndexOutput.warningLines(report).map { Record(level: "warning", event: "warning", message: "warning: " + $0) }
    }

    private func savedExports(_ report: IndexReport) -> [Record] {
        SavedExportLines.lines(report.savedExports, quiet: false).map {
            Record(level: $0.isError ? "error" : "info", event: "saved_export", message: $0.text)
        }
    }

    private func savedSyncs(_ report: IndexReport) -> [Record] {
        SavedSyncLines.lines(report.savedSyncs, quiet: false).map {
            Record(level: $0.isWarning ? "warning" : "info", event: "saved_sync",
                   message: $0.isWarning ? "warning: " + $0.text : $0.text)
        }
    }

    private static func counts(_ report: IndexReport) -> [(String, Int)] {
        [("added", report.added), ("updated", report.updated), ("removed", report.removed), ("moved", report.moved),
         ("warnings", report.warnings.count), ("failed", report.failures.count)]
    }

    /// `batch of 14 events: /srv/music: 2 added, 1 updated, 0 removed, 1 moved, 1 playlist file
    /// read in 0.030 s`
    /// (the sources by path when there are at most two, else how many).
    static func batchLine(_ report: IndexReport, sources: [String], events: Int) -> String {
        var line = events > 0 ? "batch of \(events.counted("event")): " : "changes: "
        line += sources.count <= 2 ? sources.joined(separator: ", ") : sources.count.counted("source")
        line += ": \(report.added.grouped) added, \(report.updated.grouped) updated, \(report.removed.grouped) removed"
        if report.moved > 0 { line += ", \(report.moved.grouped) moved" }
        if report.playlistFilesRead > 0 {
            line += ", \(report.playlistFilesRead.counted("playlist file")) read"
        }
        if !report.warnings.isEmpty {
            line += ", " + report.warnings.count.counted("warning")
        }
        if !report.failures.isEmpty { line += ", \(report.failures.count) failed" }
        return line + String(format: " in %.3f s", report.seconds)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func emit(_ record: Record) {
        switch format {
        case .text:
            var now = time(nil)
            var parts = tm()
            localtime_r(&now, &parts)
            Messages.info(String(format: "%02d:%02d:%02d ", parts.tm_hour, parts.tm_min, parts.tm_sec) + record.message)
        case .json:
            Messages.info(json(record))
        }
    }

    private func json(_ record: Record) -> String {
        var writer = JSONObjectWriter()
        let now = Date().timeIntervalSince1970
        writer.add("time", string: Timestamp(rawValue: Int64(now)).rfc3339)
        writer.add("level", string: record.level)
        writer.add("event", string: record.event)
        writer.add("message", string: record.message)
        for (key, value) in record.counts { writer.add(key, int: Int64(value)) }
        if let sources = record.sources { writer.add("sources", strings: sources) }
        if let seconds = record.seconds { writer.add("seconds", raw: String(format: "%.3f", seconds)) }
        return writer.result
    }
}
