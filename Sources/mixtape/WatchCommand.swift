import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `mixtape watch [SOURCE...]`: keep the index up to date as sources change.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Stay running and keep the index up to date as sources change.",
        discussion: """
            Brings the sources up to date (the named ones, else every recorded source), then \
            watches them with inotify and applies each change after --debounce seconds of quiet, \
            as one batch, logging one line per batch on stderr. Files are read once they are \
            complete (closed after writing, or renamed into place); a renamed or moved file \
            keeps its id. The writer lock is taken only while a batch is applied, so a cron \
            `mixtape index` and searches run alongside. SIGTERM or SIGINT finishes the batch \
            being applied and exits 0. On file systems without inotify (NFS, SMB, FUSE), use \
            --poll. Exit 71 when the kernel's inotify limit is reached (the message says which \
            sysctl to raise).
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: ArgumentHelp("Library XML exports or media folders to watch (default: every recorded source).",
                                 valueName: "source"))
    var sources: [String] = []

    @Option(help: ArgumentHelp("Seconds of quiet before changes are applied.", valueName: "seconds"))
    var debounce: Double = 1

    @Option(help: ArgumentHelp("Check for changes every this many seconds instead of using inotify.",
                               valueName: "seconds"))
    var poll: Double?

    @Option(help: ArgumentHelp("Seconds a batch waits for another index run before trying again later.",
                               valueName: "seconds"))
    var wait: Double = 60

    func validate() throws {
        if debounce < 0 || !debounce.isFinite { throw ValidationError("--debounce takes seconds, 0 or more") }
        if let poll, poll <= 0 || !poll.isFinite { throw ValidationError("--poll takes seconds, more than 0") }
        if wait < 0 || !wait.isFinite { throw ValidationError("--wait takes seconds, 0 or more") }
    }

    func run() throws {
        var useCase = WatchSources(libraryPath: libraryOptions.libraryPath, sources: sources)
        useCase.debounce = debounce
        useCase.pollSeconds = poll
        useCase.wait = wait
        let quiet = libraryOptions.quiet
        useCase.log = { WatchLogLine.print($0, quiet: quiet) }
        try useCase.run()
    }
}

/// How `watch` logs: one line per event on stderr, each led by the local time (a terminal
/// shows no other; the journal adds its own, which is harmless).
enum WatchLogLine {
    static func print(_ entry: WatchLog, quiet: Bool) {
        switch entry {
        case let .started(sources, folders, pollSeconds):
            guard !quiet else { return }
            let what = sources == 1 ? "1 source" : "\(sources.grouped) sources"
            if let folders {
                emit("watching \(what) (\(folders.grouped) \(folders == 1 ? "folder" : "folders"))")
            } else {
                emit("polling \(what) every \(seconds(pollSeconds ?? 0))")
            }
        case .caughtUp(let report):
            report.failures.forEach { emit("error: \($0.message)") }
            guard !quiet else { return }
            warnings(report)
            emit("up to date: " + IndexOutput(report: report, json: false, quiet: false).summaryLine)
        case let .applied(report, sources, events, overflowed):
            report.failures.forEach { emit("error: \($0.message)") }
            if overflowed {
                emit("the kernel's event queue overflowed (fs.inotify.max_queued_events); every source was rescanned")
            }
            guard !quiet else { return }
            warnings(report)
            emit(batchLine(report, sources: sources, events: events))
        case .busy(let message):
            if !quiet { emit(message) }
        case .stopping:
            if !quiet { emit("stopped") }
        }
    }

    /// `batch of 14 events: /srv/music: 2 added, 1 updated, 0 removed, 1 moved in 0.030 s`
    /// (the sources by path when there are at most two, else how many).
    static func batchLine(_ report: IndexReport, sources: [String], events: Int) -> String {
        var line = events > 0 ? "batch of \(events.grouped) \(events == 1 ? "event" : "events"): " : "changes: "
        line += sources.count <= 2 ? sources.joined(separator: ", ") : "\(sources.count.grouped) sources"
        line += ": \(report.added.grouped) added, \(report.updated.grouped) updated, \(report.removed.grouped) removed"
        if report.moved > 0 { line += ", \(report.moved.grouped) moved" }
        if !report.warnings.isEmpty {
            line += report.warnings.count == 1 ? ", 1 warning" : ", \(report.warnings.count.grouped) warnings"
        }
        if !report.failures.isEmpty { line += ", \(report.failures.count) failed" }
        return line + String(format: " in %.3f s", report.seconds)
    }

    private static func warnings(_ report: IndexReport) {
        for warning in report.warnings.prefix(IndexOutput.warningsShown) { emit("warning: \(warning)") }
        if report.warnings.count > IndexOutput.warningsShown {
            emit("warning: … and \((report.warnings.count - IndexOutput.warningsShown).grouped) more")
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private static func emit(_ text: String) {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let stamp = String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
        Messages.info(stamp + " " + text)
    }
}
