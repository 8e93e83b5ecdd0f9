import ArgumentParser
import MixtapeApp
import MixtapeCore

/// `mixtape saved`: the exports recorded with `export-playlist --save NAME` and the syncs
/// recorded with `sync DEST --save NAME`, which every `index` and `watch` batch runs again
/// when the index changed. Both share one set of names, so `run NAME` and `remove NAME` need
/// no kind.
struct SavedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved",
        abstract: "List, run or remove saved exports (export-playlist --save NAME) and syncs (sync --save NAME).",
        discussion: """
            A saved export is a query or playlist with its format, output file and path mapping. \
            Every successful `mixtape index` and every `watch` batch writes each saved export \
            whose content changed, atomically; one whose content is the same is not touched.
            A saved sync is a `sync` with its DEST and every setting resolved. Every `index` and \
            `watch` batch that changed the index runs each saved sync whose DEST is there (it \
            writes only what changed); one whose device is not plugged in is a note, and runs \
            at the first index after it is back.
            """,
        subcommands: [List.self, Run.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: LibraryCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List saved exports and syncs.")

        @OptionGroup var libraryOptions: LibraryOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let saved = try SavedExports(libraryPath: libraryOptions.libraryPath, now: Timestamp.current).list()
            let syncs = try SavedSyncs(libraryPath: libraryOptions.libraryPath, now: Timestamp.current).list()
            let writer = RecordWriter()
            for export in saved {
                writer.write(output.json ? List.json(export) : List.line(export), terminator: output.terminator)
            }
            for sync in syncs {
                writer.write(output.json ? List.json(sync) : List.line(sync), terminator: output.terminator)
            }
            writer.flush()
        }

        static func json(_ saved: SavedExport) -> String {
            var writer = JSONObjectWriter()
            writer.add("name", string: saved.name)
            writer.add("kind", string: SavedNames.Kind.export.rawValue)
            switch saved.source {
            case .query(let text): writer.add("query", string: text)
            case .playlist(let reference): writer.add("playlist", string: reference)
            }
            writer.add("format", string: saved.format.rawValue)
            writer.add("output", string: saved.output)
            writer.add("map_prefix", strings: saved.mapping.map { $0.from + "=" + $0.to })
            writer.add("missing", string: saved.missing.rawValue)
            writer.add("relative", bool: saved.relative)
            writer.add("plain_paths", bool: saved.plainPaths)
            return writer.result
        }

        static func json(_ saved: SavedSync) -> String {
            var writer = JSONObjectWriter()
            writer.add("name", string: saved.name)
            writer.add("kind", string: SavedNames.Kind.sync.rawValue)
            writer.add("destination", string: saved.destination)
            switch saved.source {
            case .selection: writer.add("source", string: "selection")
            case .query(let text):
                writer.add("source", string: "query")
                writer.add("query", string: text)
            case .playlists(let references):
                writer.add("source", string: "playlists")
                writer.add("playlists", strings: references)
            case .allPlaylists: writer.add("source", string: "all-playlists")
            }
            let settings = saved.settings
            writer.add("transcode", string: settings.transcode.description)
            writer.add("keep", strings: settings.keep)
            writer.add("layout", string: settings.layout.text)
            writer.add("names", string: settings.names?.rawValue)
            writer.add("stem_limit", int: settings.stemLimit.map(Int64.init))
            writer.add("art", int: settings.artPixels.map(Int64.init))
            writer.add("delete", bool: settings.delete)
            writer.add("strict", bool: settings.strict)
            writer.add("playlist_folders", bool: settings.playlistFolders)
            writer.add("ascii", bool: settings.ascii)
            return writer.result
        }

        /// `name<TAB>export<TAB>--query 'x'<TAB>m3u8 → /path`
        static func line(_ saved: SavedExport) -> String {
            let source = switch saved.source {
            case .query(let text): "--query " + text
            case .playlist(let reference): "--playlist " + reference
            }
            return "\(saved.name)\texport\t\(source)\t\(saved.format.rawValue) → \(saved.output)"
        }

        /// `name<TAB>sync<TAB>--query 'x'<TAB>mp3:V0 → /media/stick`
        static func line(_ saved: SavedSync) -> String {
            let source = switch saved.source {
            case .selection: "--selection"
            case .query(let text): "--query " + text
            case .playlists(let references): references.map { "--playlist " + $0 }.joined(separator: " ")
            case .allPlaylists: "--all-playlists"
            }
            return "\(saved.name)\tsync\t\(source)\t\(saved.settings.transcode) → \(saved.destination)"
        }
    }

    struct Run: LibraryCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run saved exports and syncs now (all, or those named): each writes only what changed.")

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("Saved export or sync names (default: all).", valueName: "name"),
                  completion: Completions.savedExports)
        var names: [String] = []

        func run() throws {
            let now = Timestamp.current
            let exports = SavedExports(libraryPath: libraryOptions.libraryPath, now: now)
            let syncs = SavedSyncs(libraryPath: libraryOptions.libraryPath, now: now)
            let knownExports = Set(try exports.list().map(\.name)), knownSyncs = Set(try syncs.list().map(\.name))
            if knownExports.isEmpty, knownSyncs.isEmpty, names.isEmpty {
                if !libraryOptions.quiet {
                    Messages.info("no saved exports or syncs yet: `mixtape export-playlist … -o FILE --save NAME` "
                                  + "or `mixtape sync DEST … --save NAME` makes one")
                }
                return
            }
            if let unknown = names.first(where: { !knownExports.contains($0) && !knownSyncs.contains($0) }) {
                throw CommandFailure(message: "no saved export or sync \"\(unknown)\"; `mixtape saved list` shows them",
                                     status: .missingInput)
            }
            let exportNames = names.filter(knownExports.contains), syncNames = names.filter(knownSyncs.contains)
            var failed = false
            if names.isEmpty ? !knownExports.isEmpty : !exportNames.isEmpty {
                let outcomes = try exports.run(names: names.isEmpty ? nil : exportNames)
                for line in SavedExportLines.lines(outcomes, quiet: libraryOptions.quiet) { line.print() }
                if !libraryOptions.quiet {
                    let written = outcomes.count { $0.written }, failures = outcomes.count { $0.failed }
                    Messages.info("\(written) written, \(outcomes.count - written - failures) unchanged, \(failures) failed")
                }
                failed = outcomes.contains(where: \.failed)
            }
            if names.isEmpty ? !knownSyncs.isEmpty : !syncNames.isEmpty {
                let outcomes = try syncs.run(names: names.isEmpty ? nil : syncNames)
                for line in SavedSyncLines.lines(outcomes, quiet: libraryOptions.quiet) { line.print() }
                if !libraryOptions.quiet { Messages.info(SavedSyncLines.counts(outcomes)) }
                failed = failed || outcomes.contains(where: \.failed)
                // A device asked for by name and not there is this run's failure; among all, a note.
                if !failed, !names.isEmpty, outcomes.contains(where: \.notThere) { throw CommandFailure(status: .missingInput) }
            }
            if failed { throw CommandFailure(status: .cannotWrite) }
        }
    }

    struct Remove: LibraryCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget saved exports and syncs (their playlist files, and the files on a device, stay).")

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("Saved export or sync names.", valueName: "name"), completion: Completions.savedExports)
        var names: [String]

        func run() throws {
            let exports = SavedExports(libraryPath: libraryOptions.libraryPath, now: Timestamp.current)
            let syncs = SavedSyncs(libraryPath: libraryOptions.libraryPath, now: Timestamp.current)
            var unknown: [String] = []
            for name in names {
                if try exports.remove(name) {
                    if !libraryOptions.quiet { Messages.info("removed saved export \(name)") }
                } else if try syncs.remove(name) {
                    if !libraryOptions.quiet { Messages.info("removed saved sync \(name)") }
                } else {
                    unknown.append(name)
                }
            }
            if !unknown.isEmpty {
                throw CommandFailure(message: "no saved export or sync " + unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                                     + "; `mixtape saved list` shows them", status: .missingInput)
            }
        }
    }
}
