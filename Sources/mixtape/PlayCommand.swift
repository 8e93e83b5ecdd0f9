import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeConfig
import MixtapeCore

/// `mixtape play [QUERY...]`: hands items to a player (spec/cli.md `play`) and returns once
/// the player has them. A player that is missing or cannot be reached exits 69.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play the query's matches, the selection or a playlist in mpv, MPD, VLC or a command of yours.",
        discussion: """
            With no QUERY and no --playlist, plays the selection. Items go in order: a query's \
            matches best first, the selection in the order it was made, a playlist as it is.
            mpv: mixtape starts one in the background (socket in $XDG_RUNTIME_DIR/mixtape) and \
            reuses it. mpd: the MPD that $MPD_HOST and $MPD_PORT name (else its usual local \
            socket, else localhost:6600). vlc: one VLC that mixtape starts, through its remote \
            control socket (VLC does not run as root). Any other NAME: a [players.NAME] table \
            of the config file, command = ["prog", "--flag", "{files}"], run with the files in \
            place of {files} (or after the rest). [play] player = "NAME" sets the default.
            Cue tracks play only their part in mpv, MPD and VLC. Files missing here are left out.
            Exit status: 0 once the player has the items, 1 when there is nothing to play, \
            69 when the player is not installed or cannot be reached.
            """)

    @OptionGroup var libraryOptions: LibraryOptions

    @Flag(help: "Play the selection (the default without a QUERY).")
    var selection = false

    @Option(help: ArgumentHelp("An indexed playlist: name, folder path (Folder/Sub/Name) or id.", valueName: "name"),
            completion: Completions.playlists)
    var playlist: String?

    @Option(help: ArgumentHelp("mpv, mpd, vlc or a [players.NAME] of the config file (default: its [play] player, else mpv).",
                               valueName: "name"),
            completion: Completions.players)
    var player: String?

    @Flag(help: "How the items meet the player's queue.")
    var mode: PlayRequest.Mode = .replace

    @Flag(help: "Play the items in random order.")
    var shuffle = false

    @OptionGroup var prefixes: MapPrefixOptions

    @Argument(help: ArgumentHelp("Play what this query finds, best first (the query language of search).", valueName: "query"),
              completion: Completions.query)
    var query: [String] = []

    func validate() throws {
        if [!query.isEmpty, selection, playlist != nil].count(where: { $0 }) > 1 {
            throw ValidationError("give one of a QUERY, --selection and --playlist")
        }
        if PlayerRegistry.player(named: playerName, commands: Settings.current.players) == nil {
            throw ValidationError("no player \"\(playerName)\"; known: "
                                  + PlayerRegistry.names(commands: Settings.current.players).joined(separator: ", ")
                                  + " (others: a [players.NAME] table in the config file)")
        }
        try prefixes.validate()
    }

    /// `--player`, else the config file's `[play] player`, else mpv.
    var playerName: String { player ?? Settings.current.play.player ?? "mpv" }

    func run() throws {
        var choice = EntryChoice(libraryPath: libraryOptions.libraryPath, now: Timestamp.current)
        choice.mapping = try prefixes.mapping()
        if !query.isEmpty { choice.source = .query(try QueryWords.parse(query)) }
        if let playlist { choice.source = .playlist(playlist) }
        var play = PlayItems(choice: choice)
        play.mode = mode
        play.shuffle = shuffle
        guard let player = PlayerRegistry.player(named: playerName, commands: Settings.current.players) else { return }
        let outcome: PlayItems.Outcome?
        do {
            outcome = try play.run(on: player)
        } catch let error as ExportError {
            try ExportCommand.mappingErrors { throw error }
            return
        }
        guard let outcome else { throw CommandFailure(message: nothingToPlay, status: .noMatch) }
        report(outcome)
    }

    private var nothingToPlay: String {
        if !query.isEmpty { return "nothing to play: the query matched no item with a file here" }
        if let playlist { return "nothing to play: playlist \"\(playlist)\" has no entry with a music file here" }
        return "nothing to play: the selection is empty (`mixtape pick` or `mixtape select add QUERY` fills it)"
    }

    private func report(_ outcome: PlayItems.Outcome) {
        let chosen = outcome.chosen
        for id in chosen.goneFromIndex.prefix(20) { Messages.warning("\(id) is selected but no longer in the index; not played") }
        if !chosen.missingFiles.isEmpty {
            Messages.warning("\(chosen.missingFiles.count) not played: no file here (first: \(chosen.missingFiles[0]); "
                             + "--map-prefix FROM=TO rewrites paths)")
        }
        if chosen.withoutLocation > 0 { Messages.warning("\(chosen.withoutLocation) not played: no location (cloud-only)") }
        for (path, kind) in chosen.notFiles.prefix(20) {
            Messages.warning("not played: \(PathBytes.oneLine(path)) is \(kind.description), not a music file")
        }
        if chosen.notFiles.count > 20 { Messages.warning("\(chosen.notFiles.count - 20) more not played: not music files") }
        for note in outcome.notes { Messages.warning("\(playerName): \(note)") }
        guard !libraryOptions.quiet else { return }
        let entries = outcome.played.counted("entry", "entries")
        let what = switch mode {
        case .replace: "playing \(entries)"
        case .enqueue: "\(entries) added to the queue"
        case .next: "\(entries) to play next"
        }
        Messages.info("\(playerName): \(what)")
    }
}

extension PlayRequest.Mode: EnumerableFlag {
    public static func help(for value: PlayRequest.Mode) -> ArgumentHelp? {
        switch value {
        case .replace: "Replace the player's queue and start playing (the default)."
        case .enqueue: "Add to the end of the player's queue."
        case .next: "Insert after the item playing now."
        }
    }
}
