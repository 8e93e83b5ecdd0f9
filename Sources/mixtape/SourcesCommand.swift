import ArgumentParser
import MixtapeApp
import MixtapeCore
import MixtapeStore

/// `mixtape sources`: the indexed sources, and `sources remove` to forget one.
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List indexed sources with item counts and last index time.",
        subcommands: [List.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List indexed sources.")

        @OptionGroup var libraryOptions: LibraryOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let sources = try LibraryQueries(libraryPath: libraryOptions.libraryPath).sources()
            let writer = RecordWriter()
            for source in sources {
                writer.write(output.json ? List.json(source) : List.line(source), terminator: output.terminator)
            }
            writer.flush()
        }

        static func json(_ source: SourceRecord) -> String {
            var writer = JSONObjectWriter()
            writer.add("path", string: source.path)
            writer.add("kind", string: source.kind.rawValue)
            writer.add("items", int: Int64(source.itemCount))
            writer.add("playlists", int: Int64(source.playlistCount))
            writer.add("indexed_at", string: source.indexedAt?.rfc3339)
            writer.add("size", int: source.stamp?.size)
            writer.add("application_version", string: source.applicationVersion)
            writer.add("fingerprint", string: source.contentFingerprint)
            return writer.result
        }

        static func line(_ source: SourceRecord) -> String {
            let when = source.indexedAt?.rfc3339 ?? "never"
            return "\(source.path)\t\(source.itemCount.counted("item"))\t"
                + "\(source.playlistCount.counted("playlist"))\tindexed \(when)"
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget a source and every item read from it.")

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("The source path, as `mixtape sources` lists it.", valueName: "source"),
                  completion: Completions.sources)
        var source: String

        @Option(help: ArgumentHelp("Seconds to wait for another index/watch run to finish.", valueName: "seconds"))
        var wait: Double = 60

        func run() throws {
            let queries = LibraryQueries(libraryPath: libraryOptions.libraryPath)
            guard let removed = try queries.removeSource(source, wait: wait) else {
                throw CommandFailure(message: "no indexed source \(source); `mixtape sources` lists them",
                                     status: .missingInput)
            }
            if !libraryOptions.quiet {
                Messages.info("removed \(source): \(removed.counted("item"))")
            }
        }
    }
}
