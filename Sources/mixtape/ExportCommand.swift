import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `mixtape export-playlist`: a playlist file from the selection, a query or an iTunes
/// playlist, with paths that work where it is played.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-playlist",
        abstract: "Write a playlist from the selection (default), a --query, a --playlist or --all-playlists.",
        discussion: """
            Formats: m3u8, m3u, pls, xspf, itunes (a plist Music.app imports), rekordbox (an XML \
            collection rekordbox imports), json; the default \
            comes from the output's extension. --map-prefix /Users/sam/Music=/srv/music rewrites \
            the Mac paths of an export for the machine that plays it (longest prefix wins; NFC/NFD \
            and drive-letter case do not matter).
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Option(help: "Export the items this query finds, best first.", completion: Completions.query)
    var query: String?

    @Option(help: ArgumentHelp("An indexed playlist: name, folder path (Folder/Sub/Name) or id.", valueName: "name"),
            completion: Completions.playlists)
    var playlist: String?

    @Option(name: .customLong("all-playlists"), help: ArgumentHelp("Write every playlist under this folder.", valueName: "dir"))
    var allPlaylists: String?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The playlist file, or - for standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var writing: PlaylistWriteOptions

    @Flag(name: .customLong("include-special"), help: "With --all-playlists, also the library and iTunes' own playlists.")
    var includeSpecial = false

    @Option(help: ArgumentHelp("Also record this export under NAME: every index and watch batch writes it again "
                               + "when its content changes (mixtape saved).", valueName: "name"))
    var save: String?

    func validate() throws {
        if [query, playlist, allPlaylists].compactMap({ $0 }).count > 1 {
            throw ValidationError("give at most one of --query, --playlist and --all-playlists")
        }
        if allPlaylists == nil, output == nil { throw ValidationError("give -o FILE, or -o - for standard output") }
        if allPlaylists == nil, resolvedFormat == nil {
            throw ValidationError(output == "-" ? "-o - needs --format" : "cannot tell the format from \(output ?? ""); give --format")
        }
        try writing.validate(format: allPlaylists == nil ? resolvedFormat : writing.format)
        if let save { try validateSave(save) }
    }

    private func validateSave(_ name: String) throws {
        if let problem = SavedExport.problem(withName: name) { throw ValidationError(problem) }
        if query == nil, playlist == nil {
            throw ValidationError("--save needs --query or --playlist: the selection changes by hand, not with the "
                                  + "library (--query 'selected:yes' saves it as a query)")
        }
        if output == "-" { throw ValidationError("--save needs -o FILE: a saved export is written to a file") }
    }

    var resolvedFormat: PlaylistFormat? { writing.format(for: output) }

    func run() throws {
        // One set of names for saved exports and syncs: `saved run NAME` must mean one thing.
        if let save, try SavedNames.kind(of: save, libraryPath: libraryOptions.libraryPath) == .sync {
            throw ValidationError("a saved sync is named \"\(save)\"; give the export another name, "
                                  + "or forget the sync first (mixtape saved remove \(save))")
        }
        var export = ExportPlaylist(libraryPath: libraryOptions.libraryPath,
                                    now: Timestamp.current)
        try writing.configure(&export, format: resolvedFormat ?? .m3u8)
        if let query { export.source = .query(try QueryWords.parse([query])) }
        if let playlist { export.source = .playlist(playlist) }
        try ExportCommand.mappingErrors {
            if let allPlaylists {
                export.relativeTo = writing.relative ? allPlaylists : nil
                for (path, outcome) in try export.writeAll(into: allPlaylists, includeSpecial: includeSpecial) {
                    report(outcome, to: path)
                }
            } else if output == "-" {
                export.relativeTo = writing.relative ? FileManager.default.currentDirectoryPath : nil
                let outcome = try export.run()
                FileHandle.standardOutput.write(Data(outcome.bytes))
                report(outcome, to: "standard output")
            } else if let output {
                report(try writing.write(export, to: output), to: output)
            }
        }
        if let save, let output { try record(save, output: output) }
    }

    /// Records the export just written under `name`, with everything resolved (the absolute
    /// output path, the config file's rules merged in), so it runs the same from cron.
    private func record(_ name: String, output: String) throws {
        let source: SavedExport.Source = if let query { .query(query) } else { .playlist(playlist ?? "") }
        let saved = SavedExport(name: name, source: source, format: resolvedFormat ?? .m3u8,
                                output: PlaylistWriteOptions.absolute(output), mapping: try writing.mapping().rules,
                                missing: writing.missingPolicy, relative: writing.relative,
                                plainPaths: writing.plainPaths(for: resolvedFormat ?? .m3u8))
        let replaced = try SavedExports(libraryPath: libraryOptions.libraryPath, now: Timestamp.current).save(saved)
        if !libraryOptions.quiet {
            Messages.info("saved export \(name)\(replaced ? " (replaced)" : ""): written again after every index "
                          + "whose changes reach it; `mixtape saved list` shows it")
        }
    }

    /// Runs a playlist write, turning what can go wrong into the spec's exit codes: a named
    /// playlist that is missing or ambiguous (2), missing files with `--missing fail` (1), an
    /// output that cannot be written (73). Shared with `pick --export`.
    static func mappingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as ExportError {
            throw ExportCommand.failure(failure)
        } catch {
            throw CommandFailure(message: "\(error)", status: .cannotWrite)
        }
    }

    private func report(_ outcome: ExportPlaylist.Outcome, to destination: String) {
        ExportCommand.report(outcome, to: destination, missing: writing.missingPolicy, quiet: libraryOptions.quiet)
    }

    /// A summary and the warnings of one export, on stderr.
    static func report(_ outcome: ExportPlaylist.Outcome, to destination: String,
                       missing: ExportPlaylist.Missing, quiet: Bool) {
        for id in outcome.goneFromIndex.prefix(20) {
            Messages.warning("\(id) is selected but no longer in the index; not exported")
        }
        if outcome.wholeFileTracks > 0 {
            let tracks = outcome.wholeFileTracks == 1 ? "1 cue track is listed as its whole file"
                : "\(outcome.wholeFileTracks.grouped) cue tracks are listed as their whole files"
            Messages.warning(tracks + ": this format cannot say where a track starts (m3u8, xspf and itunes can)")
        }
        for (path, kind) in outcome.notFiles.prefix(20) {
            Messages.warning("\(PathBytes.oneLine(path)) is \(kind.description), not a music file: listed, but a player may hang on it")
        }
        if outcome.notFiles.count > 20 { Messages.warning("\(outcome.notFiles.count - 20) more entries are not music files") }
        guard !quiet else { return }
        for path in outcome.missingFiles { Messages.verbose("missing here: \(path)") }
        var notes: [String] = []
        if outcome.withoutLocation > 0 { notes.append("\(outcome.withoutLocation) without a location (cloud-only)") }
        if !outcome.missingFiles.isEmpty {
            notes.append("\(outcome.missingFiles.count) missing here (\(missing == .skip ? "skipped" : "kept"))")
        }
        if !outcome.goneFromIndex.isEmpty { notes.append("\(outcome.goneFromIndex.count) gone from the index") }
        if outcome.unwritable > 0 {
            notes.append("\(outcome.unwritable) the format cannot hold (a line break in a path; for itunes, a name that is not UTF-8; "
                         + "for rekordbox, a web stream), left out")
        }
        Messages.info("\(destination): \(outcome.entries.counted("entry", "entries"))" + (notes.isEmpty ? "" : "; " + notes.joined(separator: ", ")))
    }

    private static func failure(_ error: ExportError) -> CommandFailure {
        switch error {
        case .missingFiles(let paths):
            return CommandFailure(message: "\(paths.count.counted("file")) missing here (--missing fail):",
                                  status: .noMatch, more: paths.prefix(5).map { "  " + $0 })
        case .noPlaylist(let name, let suggestions):
            let hint = suggestions.isEmpty ? "`mixtape playlists` lists them" : "did you mean: " + suggestions.joined(separator: ", ")
            return CommandFailure(message: "no playlist \"\(name)\"; \(hint)", status: .usage)
        case .ambiguousPlaylist(let name, let candidates):
            return CommandFailure(message: "\(candidates.count) playlists are called \"\(name)\"; give --playlist the id of "
                                  + "the one you mean:", status: .usage, more: candidates.map { "  " + $0.line })
        }
    }
}

extension PlaylistFormat: ExpressibleByArgument {}
extension ExportPlaylist.Missing: ExpressibleByArgument {}
