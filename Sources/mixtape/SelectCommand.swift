import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore
import MixtapeStore

/// `mixtape select add|remove|toggle|clear|list`: the saved selection, from scripts.
struct SelectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Edit or print the saved selection (item identities, in the order selected).",
        subcommands: [Edit<AddVerb>.self, Edit<RemoveVerb>.self, Edit<ToggleVerb>.self, Clear.self, List.self])

    /// `add`, `remove`, `toggle`: one command shape, three verbs, each reporting what it did
    /// (`SelectionReport`) and each with `--dry-run`.
    protocol Verb { static var edit: SelectionEdit { get }; static var abstract: String { get } }
    enum AddVerb: Verb { static let edit = SelectionEdit.add; static let abstract = "Select the matching items (appended in search order)." }
    enum RemoveVerb: Verb { static let edit = SelectionEdit.remove; static let abstract = "Deselect the matching items." }
    enum ToggleVerb: Verb { static let edit = SelectionEdit.toggle; static let abstract = "Select unselected matches, deselect selected ones." }

    struct Edit<V: Verb>: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: V.edit.rawValue, abstract: V.abstract)
        }

        @OptionGroup var libraryOptions: LibraryOptions

        @Option(name: .customLong("id"), parsing: .upToNextOption,
                help: ArgumentHelp("Item ids, as `search --json` prints them.", valueName: "id"))
        var ids: [String] = []

        @Flag(help: "Show what would be added or removed, and save nothing.")
        var dryRun = false

        @Argument(help: ArgumentHelp("A query, as for `search`.", valueName: "query"), completion: Completions.query)
        var query: [String] = []

        func validate() throws {
            if query.isEmpty && ids.isEmpty { throw ValidationError("give a query or --id ID...") }
        }

        func run() throws {
            let parsed = query.isEmpty ? nil : try QueryWords.parse(query)
            let outcome = try EditSelection(libraryPath: libraryOptions.libraryPath).run(
                V.edit, query: parsed, ids: ids.map(ItemID.init(rawValue:)),
                now: Timestamp.current, dryRun: dryRun, shown: libraryOptions.verbose ? .max : SelectionReport.shown)
            for id in outcome.unknown { Messages.error("no item \(id) in the index; skipped") }
            if !libraryOptions.quiet {
                for line in SelectionReport(outcome: outcome, dryRun: dryRun).lines { Messages.info(line) }
            }
            if !outcome.unknown.isEmpty && outcome.added + outcome.removed == 0 {
                throw CommandFailure(status: .noMatch)
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the selection.")
        @OptionGroup var libraryOptions: LibraryOptions

        func run() throws {
            let outcome = try EditSelection(libraryPath: libraryOptions.libraryPath).run(
                .clear, query: nil, ids: [], now: Timestamp(rawValue: 0))
            if !libraryOptions.quiet { Messages.info("\(outcome.removed.grouped) removed; 0 selected") }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Print the selection in the order items were selected; gone items are flagged missing.")

        @OptionGroup var libraryOptions: LibraryOptions
        @OptionGroup var output: RecordOutputOptions

        @Option(help: ArgumentHelp("One line per item from {field} placeholders (JSON key names).",
                                   valueName: "template"))
        var format = "{artist} - {title} - {album}"

        func validate() throws {
            do { _ = try FormatTemplate(format) } catch { throw ValidationError("\(error)") }
        }

        func run() throws {
            let template = (try? FormatTemplate(format)) ?? .standard
            let entries = try EditSelection(libraryPath: libraryOptions.libraryPath).list()
            let writer = RecordWriter()
            for entry in entries {
                writer.write(line(entry, template: template), terminator: output.terminator)
            }
            writer.flush()
        }

        /// An item's JSON or line; a missing item is its id, flagged, since nothing else is known.
        private func line(_ entry: EditSelection.Entry, template: FormatTemplate) -> String {
            if let item = entry.item {
                return output.json ? item.jsonLine : template.render(item)
            }
            if output.json {
                var writer = JSONObjectWriter()
                writer.add("id", string: entry.id.rawValue)
                writer.add("missing", bool: true)
                return writer.result
            }
            return "\(entry.id.rawValue) (missing)"
        }
    }
}
