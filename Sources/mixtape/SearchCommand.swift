import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// `mixtape search [QUERY...]`: matching items, best first; no query lists every item in
/// library order. Exit 1 when nothing matches, like `fzf --filter`.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print matching items, best first (all items in library order without a query).",
        discussion: """
            The query is fzf's extended syntax (fuzzy, 'exact, ^prefix, suffix$, !not, a | b) \
            matched against each item's --format line, plus field filters such as \
            year:1990..1999 rating:>=80 added:<30d kind:podcast playlist:"Road Trip".
            """)

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: RecordOutputOptions
    @OptionGroup var list: ItemListOptions

    @Option(help: ArgumentHelp("Only this kind of item: all, music, podcasts, audiobooks, movies, tv, videos.",
                               valueName: "scope"))
    var scope: Scope = .all

    @Argument(help: ArgumentHelp("Query terms and field filters (the query language: docs/query.md).", valueName: "query"),
              completion: Completions.query)
    var query: [String] = []

    func run() throws {
        let parsed = try QueryWords.parse(query, scope: scope)
        var search = SearchItems(libraryPath: libraryOptions.libraryPath, query: parsed,
                                 now: Timestamp.current)
        search.template = list.template
        search.sort = list.sortOrder
        search.limit = list.limit
        if output.json { search.outputFields = Set(Field.allCases) }
        let writer = RecordWriter()
        let (found, total) = try write(search, to: writer)
        writer.flush()
        guard found == 0 else {
            // Done: leave now rather than free 100,000 items one by one on the way out, which
            // took a tenth of a second; the kernel reclaims the memory at once.
            Foundation.exit(ExitStatus.success.rawValue)
        }
        if total == 0, !libraryOptions.quiet {
            Messages.info("mixtape: nothing to search: the index at \(libraryOptions.libraryPath) has no items; "
                          + "add a library export or a media folder with `mixtape index PATH`")
        }
        throw CommandFailure(status: .noMatch)
    }

    /// Writes what the search finds; returns how many it wrote and how many items the index
    /// has. `--json` in library order is streamed, one item at a time.
    private func write(_ search: SearchItems, to writer: RecordWriter) throws -> (found: Int, total: Int) {
        if output.json, let streamed = try search.streamRecords({ writer.writeJSON($0, terminator: output.terminator) }) {
            return (streamed.written, streamed.total)
        }
        let result = try search.run()
        if output.json {
            if result.jsonLines.count == 0 {
                for item in result.items { writer.write(item.jsonLine, terminator: output.terminator) }
            } else {
                result.jsonLines.withEveryRecord { record in
                    writer.writeRecords(count: result.jsonLines.count, terminator: output.terminatorByte, record)
                }
            }
        } else {
            for index in 0..<result.lines.count {
                result.lines.withUTF8(index) { writer.write(utf8: $0, terminator: output.terminator) }
            }
        }
        return (result.count, result.total)
    }
}

extension Scope: ExpressibleByArgument {}
