import ArgumentParser
import MixtapeApp
import MixtapeCore

/// `mixtape saved`: the exports recorded with `export-playlist --save NAME`, which every
/// `index` and `watch` batch writes again when their content changes.
struct SavedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved",
        abstract: "List, run or remove saved exports (export-playlist --save NAME).",
        discussion: """
            A saved export is a query or playlist with its format, output file and path mapping. \
            Every successful `mixtape index` and every `watch` batch writes each saved export \
            whose content changed, atomically; one whose content is the same is not touched.
            """,
        subcommands: [List.self, Run.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: LibraryCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List saved exports.")

        @OptionGroup var libraryOptions: LibraryOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let saved = try SavedExports(libraryPath: libraryOptions.libraryPath, now: Timestamp.current).list()
            let writer = RecordWriter()
            for export in saved {
                writer.write(output.json ? List.json(export) : List.line(export), terminator: output.terminator)
            }
            writer.flush()
        }

        static func json(_ saved: SavedExport) -> String {
            var writer = JSONObjectWriter()
            writer.add("name", string: saved.name)
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

        /// `name<TAB>--query 'x'<TAB>m3u8 → /path`
        static func line(_ saved: SavedExport) -> String {
            let source = switch saved.source {
            case .query(let text): "--query " + text
            case .playlist(let reference): "--playlist " + reference
            }
            return "\(saved.name)\t\(source)\t\(saved.format.rawValue) → \(saved.output)"
        }
    }

    struct Run: LibraryCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Write saved exports now (all, or those named) if their content changed.")

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("Saved export names (default: all).", valueName: "name"),
                  completion: Completions.savedExports)
        var names: [String] = []

        func run() throws {
            let exports = SavedExports(libraryPath: libraryOptions.libraryPath, now: Timestamp.current)
            let known = Set(try exports.list().map(\.name))
            if known.isEmpty, names.isEmpty {
                if !libraryOptions.quiet { Messages.info("no saved exports yet: `mixtape export-playlist … -o FILE --save NAME` makes one") }
                return
            }
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw CommandFailure(message: "no saved export \"\(unknown)\"; `mixtape saved list` shows them", status: .missingInput)
            }
            let outcomes = try exports.run(names: names.isEmpty ? nil : names)
            for line in SavedExportLines.lines(outcomes, quiet: libraryOptions.quiet) { line.print() }
            if !libraryOptions.quiet {
                let written = outcomes.count { $0.written }, failed = outcomes.count { $0.failed }
                Messages.info("\(written) written, \(outcomes.count - written - failed) unchanged, \(failed) failed")
            }
            if outcomes.contains(where: \.failed) { throw CommandFailure(status: .cannotWrite) }
        }
    }

    struct Remove: LibraryCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget saved exports (their playlist files stay).")

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("Saved export names.", valueName: "name"), completion: Completions.savedExports)
        var names: [String]

        func run() throws {
            let exports = SavedExports(libraryPath: libraryOptions.libraryPath, now: Timestamp.current)
            var unknown: [String] = []
            for name in names {
                if try exports.remove(name) {
                    if !libraryOptions.quiet { Messages.info("removed saved export \(name)") }
                } else {
                    unknown.append(name)
                }
            }
            if !unknown.isEmpty {
                throw CommandFailure(message: "no saved export " + unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                                     + "; `mixtape saved list` shows them", status: .missingInput)
            }
        }
    }
}
