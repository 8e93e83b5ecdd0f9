import ArgumentParser
import MixtapeApp
import MixtapeCore

/// `mixtape search [QUERY...]`: matching items, best first; no query lists every item in
/// library order. Exit 1 when nothing matches, like `fzf --filter`.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print matching items, best first (all items in library order without a query).")

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: RecordOutputOptions
    @OptionGroup var list: ItemListOptions

    @Argument(help: ArgumentHelp("Query terms (see the query language).", valueName: "query"))
    var query: [String] = []

    func validate() throws {
        if !query.isEmpty {
            throw ValidationError("query terms are not supported yet; `mixtape search` without a "
                                  + "query lists every item, and --sort/--limit shape the list")
        }
    }

    func run() throws {
        let queries = LibraryQueries(libraryPath: libraryOptions.libraryPath)
        let items = try queries.items(sort: list.sortOrder, limit: list.limit)
        let writer = RecordWriter()
        let template = list.template
        for item in items {
            writer.write(output.json ? item.jsonLine : template.render(item), terminator: output.terminator)
        }
        writer.flush()
        if items.isEmpty {
            if !libraryOptions.quiet, !queries.indexExists || list.limit != 0 {
                Messages.info("mixtape: nothing to list: the index at \(libraryOptions.libraryPath) has no items; "
                              + "add a library with `mixtape index PATH/TO/Library.xml`")
            }
            throw CommandFailure(status: .noMatch)
        }
    }
}
