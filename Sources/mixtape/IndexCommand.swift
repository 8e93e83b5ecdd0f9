import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore
import MixtapeStore

/// `mixtape index [SOURCE...]`: add sources and bring the index up to date.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Add sources and bring the index up to date.",
        discussion: """
            A SOURCE is a library export or database (iTunes / Music.app, rekordbox, Traktor, \
            Rhythmbox, VirtualDJ, Serato, an Engine DJ m.db; a Strawberry or Clementine \
            database, read-only and safe while the player runs), a \
            playlist file, foobar2000's playlists (its playlists-v2.0 folder or the index.txt \
            in it; 1.x's playlists-v1.4 or its index.dat), \
            or a folder of media files (with XMP, .nfo and .info.json sidecars, \
            embedded tags, playlist files and cue sheets); docs/sources.md says what each gives \
            and what its ids survive. With no SOURCE, every \
            recorded source is brought up to date: the form to run from cron (with none recorded \
            yet, it says where each application keeps its library; --discover finds them). An \
            unchanged \
            export (same size and modification time; for an m.db, its -wal too) is not read again, nor is an unchanged \
            file of a folder; an export that fails to parse changes nothing and exits 65 with \
            file:line:column (a database: file and table). A bad media file or sidecar is a warning (exit 0; 65 with --strict).
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Argument(help: ArgumentHelp("Library exports, playlist files or media folders to add or refresh.", valueName: "source"))
    var sources: [String] = []

    @Flag(help: "Print one JSON object with the counts instead of a summary line.")
    var json = false

    @Option(help: ArgumentHelp("Seconds to wait for another index/watch run to finish.", valueName: "seconds"))
    var wait: Double = 60

    @Flag(help: "Re-read every source even if it has not changed.")
    var full = false

    @Flag(help: "Treat warnings (a bad media file or sidecar) as errors: exit 65.")
    var strict = false

    @Flag(help: ArgumentHelp(
        "Look for the applications' libraries where they keep them and offer those not indexed yet.",
        discussion: "On a terminal it asks before indexing them; otherwise it prints them and the command that would."))
    var discover = false

    func validate() throws {
        if wait < 0 || !wait.isFinite { throw ValidationError("--wait takes seconds, 0 or more") }
        if discover, !sources.isEmpty { throw ValidationError("--discover finds the sources itself: give no SOURCE with it") }
        // `""` would be the current folder: what an unset shell variable gives, never a choice.
        if sources.contains(where: \.isEmpty) { throw ValidationError("a SOURCE is empty (an unset shell variable?): name a file or folder") }
    }

    func run() throws {
        var sources = sources
        if discover {
            let offer = LibraryOffer.find(libraryPath: libraryOptions.libraryPath)
            offer.print(json: json, quiet: libraryOptions.quiet)
            guard !json, offer.accepted() else { return }
            sources = offer.fresh.map(\.path)
        }
        var useCase = IndexSources(libraryPath: libraryOptions.libraryPath, sources: sources)
        useCase.defaultSources = Settings.current.sources
        useCase.now = Timestamp.current
        useCase.full = full
        useCase.wait = wait
        let progress = ProgressLine(enabled: !libraryOptions.quiet && !json && Messages.decorated)
        useCase.progress = { source, items in progress.show(source: source, items: items) }
        let report = try useCase.run()
        progress.clear()
        if sources.isEmpty, report.sources == 0, !json, !libraryOptions.quiet { LibraryOffer.printFirstSteps() }
        IndexOutput(report: report, json: json, quiet: libraryOptions.quiet).print()
        if let status = IndexOutput.exitStatus(for: report) { throw CommandFailure(status: status) }
        if strict, !report.warnings.isEmpty { throw CommandFailure(status: .malformedData) }
        if report.savedExports.contains(where: \.failed) { throw CommandFailure(status: .cannotWrite) }
    }
}

/// How an index report reads on stdout and stderr.
struct IndexOutput {
    var report: IndexReport
    var json: Bool
    var quiet: Bool
    /// Warnings past this many are summed up in one line: a library with 5,000 duplicated ids
    /// should not bury the summary.
    static let warningsShown = 20

    func print() {
        for failure in report.failures { Messages.error(failure.message) }
        if !quiet {
            for warning in IndexOutput.warningLines(report) { Messages.warning(warning) }
        }
        for line in SavedExportLines.lines(report.savedExports, quiet: quiet) { line.print() }
        for line in SavedSyncLines.lines(report.savedSyncs, quiet: quiet) { line.print() }
        if !quiet { printRelocations() }
        if json {
            Swift.print(jsonLine)
        } else if !quiet {
            Swift.print(summaryLine)
        }
    }

    /// What relocation found for each library source whose outcome changed this run: a
    /// warning when none of a source's files is here, else what was found by which rule.
    private func printRelocations() {
        for outcome in report.relocations where outcome.changed {
            let summary = outcome.summary
            let lines = RelocationLines.lines(source: outcome.source, kind: outcome.kind, summary: summary)
            guard let first = lines.first else { continue }
            if summary.found == 0 { Messages.warning(first) } else { Messages.info(first) }
            for line in lines.dropFirst() { Messages.info(line) }
        }
    }

    /// The warnings to show: every one with `-v`, else the first `warningsShown` and a line
    /// that counts the rest. Shared by `index` and `watch`'s log.
    static func warningLines(_ report: IndexReport) -> [String] {
        let shown = Messages.style.verbose ? report.warnings.count : warningsShown
        var lines = report.warnings.prefix(shown).map { "\($0)" }
        if report.warnings.count > shown {
            lines.append("… and \((report.warnings.count - shown).grouped) more (-v shows them all)")
        }
        return lines
    }

    var jsonLine: String {
        var writer = JSONObjectWriter()
        for (key, value) in [("items", report.items), ("added", report.added), ("updated", report.updated),
                             ("removed", report.removed), ("unchanged", report.unchanged),
                             ("playlists", report.playlists), ("sources", report.sources),
                             ("skipped", report.skipped), ("warnings", report.warnings.count),
                             ("moved", report.moved), ("skipped_sidecars", report.skippedSidecars),
                             ("playlist_files_read", report.playlistFilesRead)] {
            writer.add(key, int: Int64(value))
        }
        let errors = report.failures.map { failure -> String in
            var error = JSONObjectWriter()
            error.add("source", string: failure.path)
            error.add("message", string: failure.message)
            if case .malformed(let malformed) = failure.reason {
                error.add("line", int: Int64(malformed.position.line))
                error.add("column", int: Int64(malformed.position.column))
            }
            return error.result
        }
        writer.add("errors", raw: "[" + errors.joined(separator: ",") + "]")
        writer.add("warning_messages", strings: report.warnings.map(\.description))
        writer.add("saved_exports", raw: SavedExportLines.json(report.savedExports))
        writer.add("saved_syncs", raw: SavedSyncLines.json(report.savedSyncs))
        writer.add("seconds", raw: String(format: "%.3f", report.seconds))
        return writer.result
    }

    var summaryLine: String {
        var line = "indexed \(report.sources.counted("source")): \(report.items.counted("item")) "
            + "(\(report.added.grouped) added, \(report.updated.grouped) updated, \(report.removed.grouped) removed, "
            + "\(report.unchanged.grouped) unchanged"
            + (report.sharedWithAnotherSource > 0 ? "; \(report.sharedWithAnotherSource.grouped) listed by two sources" : "")
            + "), \(report.playlists.counted("playlist"))"
        if !report.warnings.isEmpty { line += ", " + report.warnings.count.counted("warning") }
        if report.moved > 0 { line += ", \(report.moved.grouped) moved" }
        if report.skippedSidecars > 0 { line += ", \(report.skippedSidecars.counted("sidecar")) without media skipped" }
        if !report.failures.isEmpty { line += ", \(report.failures.count) failed" }
        return line + String(format: " in %.2f s", report.seconds)
    }

    /// The exit code a report calls for: a missing named source outranks malformed data,
    /// since it usually means a typo in a script.
    static func exitStatus(for report: IndexReport) -> ExitStatus? {
        var status: ExitStatus?
        for failure in report.failures {
            switch failure.reason {
            case .missing, .unreadable: return .missingInput
            case .malformed: status = .malformedData
            case .unsupported: status = status ?? .usage
            }
        }
        return status
    }
}

/// A one-line, self-overwriting progress note on a terminal's stderr, at most ten times a
/// second. Drawn only when stderr is a terminal and NO_COLOR is unset.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private var lastDrawn = 0.0
    private var drawn = false
    private let lock = NSLock()

    init(enabled: Bool) { self.enabled = enabled }

    func show(source: String, items: Int) {
        // The name as every message shows it (`Messages.write`); the escapes around it are ours.
        show("  reading \(TerminalText.visible(PathBytes.escaped((source as NSString).lastPathComponent))): \(items.counted("item"))")
    }

    /// Draws `text` (already made visible), unless a line was drawn less than 0.1 s ago.
    /// Called from several threads (`sync`'s writers), hence the lock.
    func show(_ text: String) {
        guard enabled else { return }
        lock.withLock {
            let now = Date().timeIntervalSince1970
            guard now - lastDrawn >= 0.1 else { return }
            lastDrawn = now
            drawn = true
            FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
        }
    }

    func clear() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
