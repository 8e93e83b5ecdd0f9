import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore
import MixtapeTerminal

/// `mixtape pick [QUERY...]`: the full-screen picker (spec/picker.md). Enter saves the
/// selection (exit 0) and, with `--export` or `--print`, writes it; Esc leaves it as it was
/// (exit 130).
struct PickCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick items interactively: filter, multi-select with Tab, Enter saves the selection.",
        discussion: """
            Keys: type to filter (same query language as search). fzf's default keys edit the \
            query and move the cursor (Ctrl-B/F, Alt-B/F, Ctrl-A/E, Home/End, Ctrl-D, Ctrl-U, \
            Ctrl-W, Alt-D, Alt-Backspace, Ctrl-Y, ↑/↓, PgUp/PgDn, Ctrl-Home/Ctrl-End); Tab/Shift-Tab \
            toggle; Alt-A/Alt-U/Alt-T select/deselect/toggle all matches; Ctrl-T changes scope; \
            Ctrl-S shows only the selection; Ctrl-O the preview (Shift-↑/↓ scroll it); Alt-P plays \
            the item under the cursor, Alt-E queues, Alt-X stops; Enter accepts; Esc, Ctrl-C, \
            Ctrl-G or Ctrl-Q cancels. F1 (or ? on an empty query) lists every key. The mouse \
            clicks, double-clicks to accept, right-clicks to toggle and scrolls. Rebind keys in \
            the config file's [pick.keys]. The query, scope and cursor item are restored next time.
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Option(help: ArgumentHelp("Start in this scope: all, music, podcasts, audiobooks, movies, tv, videos.",
                               valueName: "scope"))
    var scope: Scope?

    @Flag(name: .customLong("no-restore"),
          help: "Start empty: no query, scope, cursor or selection (Enter still replaces the saved selection).")
    var noRestore = false

    @Option(help: ArgumentHelp("On Enter, also write the selection to this playlist file.", valueName: "file"))
    var export: String?

    @OptionGroup var writing: PlaylistWriteOptions

    @Flag(help: "On Enter, print the selected items' files (after --map-prefix), one per line, for a pipeline.")
    var print = false

    @Flag(name: .customLong("print-ids"), help: "On Enter, print the selected items' ids instead, one per line.")
    var printIDs = false

    @Flag(help: "With --print or --print-ids, end each line with NUL instead of a newline (for xargs -0).")
    var print0 = false

    @Option(help: ArgumentHelp("The player of the play, enqueue and stop keys: mpv, mpd, vlc or a [players.NAME] "
                               + "(default: the config file's [play] player, else mpv).", valueName: "name"),
            completion: Completions.players)
    var player: String?

    @Argument(help: ArgumentHelp("A query to start with (the query language: docs/query.md).", valueName: "query"),
              completion: Completions.query)
    var query: [String] = []

    func validate() throws {
        if let export, writing.format(for: export, fallback: PickCommand.configuredFormat) == nil {
            throw ValidationError("cannot tell the format from \(export); give --format")
        }
        // --map-prefix also rewrites the paths handed to the player, so it stands alone.
        if export == nil, writing.format != nil || writing.relative || writing.plainPaths {
            throw ValidationError("--format, --relative and --plain-paths go with --export FILE")
        }
        if print && printIDs { throw ValidationError("give --print (files) or --print-ids, not both") }
        if print0 && !(print || printIDs) { throw ValidationError("--print0 goes with --print or --print-ids") }
        if let player, PlayerRegistry.player(named: player, commands: Settings.current.players) == nil {
            throw ValidationError("no player \"\(player)\"; known: "
                                  + PlayerRegistry.names(commands: Settings.current.players).joined(separator: ", "))
        }
        try writing.validate(format: writing.format(for: export, fallback: PickCommand.configuredFormat))
    }

    func run() throws {
        let libraryPath = libraryOptions.libraryPath
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 || print || printIDs else {
            throw CommandFailure(message: Self.noTerminal, status: .usage)
        }
        if let problem = PickItems.problem(libraryPath: libraryPath) {
            throw CommandFailure(message: problem, status: .noMatch)
        }
        let outcome = try pick(libraryPath: libraryPath)
        if case .become(let command) = outcome { Self.become(command) }
        guard case .accepted(let ids) = outcome else { throw CommandFailure(status: .interrupted) }
        if print || printIDs { try printSelected(ids, libraryPath: libraryPath) }
        if let export { try write(to: export, libraryPath: libraryPath) }
    }

    /// `pick --export`'s format when neither `--format` nor the file's extension says: the
    /// config file's `[pick] format`, else its `[export] format`.
    static var configuredFormat: PlaylistFormat? { Settings.current.pick.format ?? Settings.current.export.format }

    static let noTerminal = "pick needs a terminal on standard input and output (with --print, standard input); "
        + "in scripts use `mixtape search QUERY` (and `mixtape select add QUERY`)"

    /// Runs the picker on this terminal, which is restored before anything else is printed.
    private func pick(libraryPath: String) throws -> PickItems.Outcome {
        var options = PickItems.Options(now: Timestamp.current)
        options.query = query.isEmpty ? nil : QueryArguments.join(query)
        options.scope = scope ?? Settings.current.pick.scope
        options.restore = !noRestore
        options.keyMap = PickerKeyMap.standard.applying(Settings.current.pick.keys)
        options.player = PlayerRegistry.player(named: player ?? Settings.current.play.player ?? "mpv",
                                               commands: Settings.current.players, background: true)
        options.mapping = try writing.mapping()
        // The picker always draws on a terminal: `--color`, else NO_COLOR, decides.
        if !libraryOptions.color.colors(terminal: true, environment: ProcessInfo.processInfo.environment) {
            options.palette = .monochrome
        }
        let picker = try PickItems(libraryPath: libraryPath, options: options)
        let session: TerminalSession
        do {
            // With --print, standard output may be a pipe or $(…): draw on the terminal itself.
            session = isatty(STDOUT_FILENO) == 1 ? try TerminalSession.open() : try TerminalSession.openControllingTerminal()
        } catch .notATerminal {
            throw CommandFailure(message: Self.noTerminal, status: .usage)
        } catch {
            throw CommandFailure(message: "pick cannot use this terminal (\(error)); "
                                 + "in scripts use `mixtape search QUERY`", status: .usage)
        }
        defer { session.restore() }
        return try picker.run(on: session)
    }

    /// A `become:` binding: mixtape is replaced by `sh -c command` on the terminal the picker
    /// just gave back, so the command's exit status is the one the shell sees, with the item's
    /// values in its environment (`MIXTAPE_TITLE`…, which the command refers to). Returns only
    /// when `sh` cannot be run (exit 126, as a shell says for a command it cannot execute).
    private static func become(_ expansion: PickerCommandTemplate.Expansion) -> Never {
        for (name, value) in expansion.environment { setenv(name, value, 1) }
        var arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", expansion.command].map { text in text.withCString { strdup($0) } }
        arguments.append(nil)
        execv("/bin/sh", arguments)
        let reason = String(cString: strerror(errno))
        Messages.error("cannot run /bin/sh for become: \(reason)")
        Foundation.exit(126)
    }

    /// `--print`: each selected item's file (its location after `--map-prefix`; a cloud-only
    /// item, with none, is left out), in selection order, as the line a pipeline reads;
    /// `--print-ids`: their ids. Written as `search` writes lines (`RecordWriter`).
    private func printSelected(_ ids: [ItemID], libraryPath: String) throws {
        let terminator = print0 ? "\0" : "\n"
        let writer = RecordWriter()
        defer { writer.flush() }
        guard print else {
            for id in ids { writer.write(id.rawValue, terminator: terminator) }
            return
        }
        var choice = EntryChoice(libraryPath: libraryPath, now: Timestamp.current)
        choice.source = .items(ids)
        choice.mapping = try writing.mapping()
        for entry in try choice.choose().entries { writer.write(entry.path, terminator: terminator) }
    }

    /// `--export`: the saved selection, just written by the picker, through the same writer
    /// as `export-playlist`.
    private func write(to output: String, libraryPath: String) throws {
        var export = ExportPlaylist(libraryPath: libraryPath, now: Timestamp.current)
        try writing.configure(&export, format: writing.format(for: output, fallback: PickCommand.configuredFormat) ?? .m3u8)
        try ExportCommand.mappingErrors {
            let outcome = try writing.write(export, to: output)
            ExportCommand.report(outcome, to: output, missing: writing.missingPolicy, quiet: libraryOptions.quiet)
        }
    }
}
