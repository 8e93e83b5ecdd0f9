import MixtapeCore

/// A player `play` can hand entries to. Each kind lives in its own file (`MPVPlayer`,
/// `MPDPlayer`, `VLCPlayer`, `CommandPlayer`) and is listed once in `PlayerRegistry`.
public protocol Player: Sendable {
    /// The name `--player` takes.
    var name: String { get }
    /// Hands `request` to the player and returns once it has the entries: how many it took,
    /// with notes for the user (a cue track played whole, `--next` appended), or throws
    /// `PlayerError`.
    func play(_ request: PlayRequest) throws(PlayerError) -> PlayerReceipt
    /// Stops what `play` started (the picker's `stop`).
    func stop() throws(PlayerError)
}

/// The players `--player` names: the built-in ones, then the config file's `[players.NAME]`.
public enum PlayerRegistry {
    /// One row per built-in player: a new player is a file and a row here.
    static let builtIn: [(name: String, make: @Sendable (PlayerEnvironment) -> any Player)] = [
        ("mpv", { MPVPlayer(environment: $0) }),
        ("mpd", { MPDPlayer(environment: $0) }),
        ("vlc", { VLCPlayer(environment: $0) }),
    ]

    /// The player called `name`, or nil when there is none (`commands` are the config file's).
    /// `background`: a command player runs detached and its next `play` or `stop` ends it (the
    /// picker), instead of in the foreground (`play`).
    public static func player(named name: String, commands: [String: PlayerCommandLine],
                              environment: PlayerEnvironment = PlayerEnvironment(),
                              background: Bool = false) -> (any Player)? {
        if let row = builtIn.first(where: { $0.name == name }) { return row.make(environment) }
        return commands[name].map { command in
            var player = CommandPlayer(name: name, command: command, environment: environment)
            if background { player.background = CommandPlayer.BackgroundProcess() }
            return player
        }
    }

    /// Every name `--player` takes, for messages.
    public static func names(commands: [String: PlayerCommandLine]) -> [String] {
        builtIn.map(\.name) + commands.keys.sorted()
    }
}
