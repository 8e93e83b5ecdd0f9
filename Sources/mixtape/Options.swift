import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `--library`, `--quiet`, `--verbose` and `--color`, which every subcommand takes.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index database.", valueName: "path"))
    var library: String?

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Say more: which config file and index are used, every warning, every missing file.")
    var verbose = false

    @Option(help: ArgumentHelp("Colour on stderr and in the picker: auto (a terminal, and NO_COLOR unset), always or never.",
                               valueName: "when"))
    var color: ColorChoice = .auto

    /// The index path after `$MIXTAPE_LIBRARY`, the config file and the XDG defaults
    /// (spec/cli.md).
    var libraryPath: String {
        LibraryPath.resolve(explicit: library, environment: ProcessInfo.processInfo.environment,
                            configured: Settings.current.library)
    }
}

/// `--color`: whether to draw colour. `auto` follows spec/cli.md (a terminal, and `NO_COLOR`
/// unset); `always` is for pipes into `less -R`, and wins over `NO_COLOR`, as the flag is the
/// later and more specific request.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never

    /// Whether to colour a stream that is (or is not) a terminal.
    func colors(terminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: terminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}

/// The commands that take `LibraryOptions`, so `main` can apply `--color` and `--verbose`
/// before any of them runs.
protocol LibraryCommand: ParsableCommand {
    var libraryOptions: LibraryOptions { get }
}

/// The record output flags shared by `search`, `playlists`, `sources` (spec/cli.md).
struct RecordOutputOptions: ParsableArguments {
    @Flag(help: "JSON Lines: one object per line.")
    var json = false

    @Flag(help: "Write NUL instead of newline after each record.")
    var print0 = false

    /// The byte that ends each record.
    var terminator: String { print0 ? "\0" : "\n" }
    /// The same, as the byte `RecordWriter.writeRecords` puts after each record.
    var terminatorByte: UInt8 { terminator.utf8.first! }
}

/// `--format`, `--limit`, `--sort` for item lists.
struct ItemListOptions: ParsableArguments {
    @Option(help: ArgumentHelp("One line per item from {field} placeholders (JSON key names).",
                               valueName: "template"))
    var format = "{artist} - {title} - {album}"

    @Option(help: "Print at most this many items.")
    var limit: Int?

    @Option(help: ArgumentHelp("Sort by fields; a trailing - sorts descending: year-,title.",
                               valueName: "fields"))
    var sort: String?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit)") }
        do { _ = try FormatTemplate(format) } catch { throw ValidationError("\(error)") }
        if let sort {
            do { _ = try ItemSort(sort) } catch { throw ValidationError("\(error)") }
        }
    }

    var template: FormatTemplate { (try? FormatTemplate(format)) ?? .standard }
    var sortOrder: ItemSort? { sort.flatMap { try? ItemSort($0) } }
}

/// A command that reports a broken config file itself (`doctor`) instead of stopping at it.
protocol ReportsConfigProblems {}

extension IndexCommand: LibraryCommand {}
extension SyncCommand: LibraryCommand {}
extension WatchCommand: LibraryCommand {}
extension SearchCommand: LibraryCommand {}
extension PickCommand: LibraryCommand {}
extension SelectCommand.Edit: LibraryCommand {}
extension SelectCommand.Clear: LibraryCommand {}
extension SelectCommand.List: LibraryCommand {}
extension ExportCommand: LibraryCommand {}
extension PlayCommand: LibraryCommand {}
extension PlaylistsCommand: LibraryCommand {}
extension SourcesCommand.List: LibraryCommand {}
extension SourcesCommand.Remove: LibraryCommand {}
