import Foundation
import ArgumentParser
import MixtapeApp
import MixtapeCore
import MixtapeStore

/// `mixtape sources`: the indexed sources, `sources remove` to forget one, and `sources
/// relocate` to say where an export's files are on this machine.
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "List indexed sources (items, files found here, last index time); remove or relocate one.",
        subcommands: [List.self, Remove.self, Relocate.self],
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
            if source.kind != .folder {
                // json.md, "Source": what relocation found in an export or a playlist file,
                // zero before it first ran.
                let relocation = source.relocation
                writer.add("found", int: Int64(relocation?.found ?? 0))
                writer.add("missing", int: Int64(relocation?.missing ?? 0))
                writer.add("ambiguous", int: Int64(relocation?.ambiguous ?? 0))
                let rules = (relocation?.rules ?? []).map { rule in
                    var object = JSONObjectWriter()
                    object.add("from", string: rule.from)
                    object.add("to", string: rule.to)
                    object.add("entries", int: Int64(rule.entries))
                    object.add("set_by", string: rule.setBy.rawValue)
                    return object.result
                }
                writer.add("relocations", raw: "[" + rules.joined(separator: ",") + "]")
            }
            return writer.result
        }

        static func line(_ source: SourceRecord) -> String {
            let when = source.indexedAt?.rfc3339 ?? "never"
            var line = "\(source.path)\t\(source.itemCount.counted("item"))\t"
                + "\(source.playlistCount.counted("playlist"))\tindexed \(when)"
            if let relocation = source.relocation, relocation.entries > 0 {
                line += "\tfound here \(relocation.found.grouped) of \(relocation.entries.grouped)"
            }
            return line
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

    struct Relocate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "relocate",
            abstract: "Say where a library export's (or playlist file's) files are on this machine.",
            discussion: """
                Each FROM=TO rule replaces the leading FROM of the source's entries with TO, a folder \
                here: `mixtape sources relocate ~/Library.xml "C:/Users/sam/Music/iTunes/iTunes \
                Media/Music=~/Music"`. Rules are kept in the index and tried before the ones Mixtape \
                learns by itself; the source's entries are resolved again at once. `--clear` forgets \
                the rules set before.
                """)

        @OptionGroup var libraryOptions: LibraryOptions

        @Argument(help: ArgumentHelp("The library export or playlist file, as `mixtape sources` lists it.", valueName: "source"),
                  completion: Completions.sources)
        var source: String

        @Argument(help: ArgumentHelp("Where the files named under FROM are now.", valueName: "FROM=TO"))
        var rules: [String] = []

        @Flag(help: "Forget the rules set before for this source.")
        var clear = false

        @Option(help: ArgumentHelp("Seconds to wait for another index/watch run to finish.", valueName: "seconds"))
        var wait: Double = 60

        func validate() throws {
            if rules.isEmpty && !clear { throw ValidationError("give a rule FROM=TO, or --clear") }
            _ = try parsedRules()
        }

        /// The rules, TO made absolute (`~` is the home folder, as in `--map-prefix`).
        func parsedRules() throws -> [RelocationRule] {
            let home = ProcessInfo.processInfo.environment["HOME"]
            return try rules.map { argument in
                do {
                    let rule = try PathMapping.Rule(parsing: argument).expandingHome(home)
                    let to = rule.to.hasPrefix("/") ? rule.to : FileManager.default.currentDirectoryPath + "/" + rule.to
                    return RelocationRule(from: rule.from, to: to, setBy: .user)
                } catch {
                    throw ValidationError("\(error)".replacingOccurrences(of: "--map-prefix", with: "relocate"))
                }
            }
        }

        func run() throws {
            var relocate = RelocateSource(libraryPath: libraryOptions.libraryPath, source: source)
            relocate.rules = try parsedRules()
            relocate.clear = clear
            relocate.wait = wait
            let record: SourceRecord
            do {
                record = try relocate.run()
            } catch let refusal as RelocateSource.Refusal {
                throw CommandFailure(message: refusal.description, status: .usage)
            }
            guard !libraryOptions.quiet, let summary = record.relocation else { return }
            for line in RelocationLines.lines(source: record.path, kind: record.kind, summary: summary) { Messages.info(line) }
        }
    }
}
