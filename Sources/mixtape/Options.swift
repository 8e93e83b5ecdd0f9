import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `--library` and `--quiet`, which every subcommand takes.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index database.", valueName: "path"))
    var library: String?

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    /// The index path after `$MIXTAPE_LIBRARY` and the XDG defaults (spec/cli.md).
    var libraryPath: String {
        LibraryPath.resolve(explicit: library, environment: ProcessInfo.processInfo.environment)
    }
}

/// The record output flags shared by `search`, `playlists`, `sources` (spec/cli.md).
struct RecordOutputOptions: ParsableArguments {
    @Flag(help: "JSON Lines: one object per line.")
    var json = false

    @Flag(help: "Write NUL instead of newline after each record.")
    var print0 = false

    /// The byte that ends each record.
    var terminator: String { print0 ? "\0" : "\n" }
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
