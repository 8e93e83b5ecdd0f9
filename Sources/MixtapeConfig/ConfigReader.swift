import MixtapeCore
import MixtapeTerminal
import TOMLKit

/// Turns a parsed TOML table into `Config`, checking every key, type and value, and pointing
/// at the line of the first one that is wrong.
struct ConfigReader {
    let path: String
    let home: String?
    let lines: ConfigKeyLines

    /// The keys each table takes ("" is the root), for "unknown key" messages.
    static let known: [String: [String]] = [
        "": ["library", "sources", "export", "watch", "pick", "play", "players", "sync"],
        "export": ["format", "missing", "map-prefix", "plain-paths"],
        "watch": ["debounce"],
        "pick": ["scope", "format", "keys"],
        "play": ["player"],
    ]

    /// The keys of a `[sync.NAME]` table.
    static let syncKeys = ["dest", "query", "playlists", "all-playlists", "transcode", "keep", "layout", "names", "art",
                           "stem-limit", "playlist-folders", "ascii", "delete", "strict"]

    mutating func config(from root: TOMLTable) throws(ConfigError) -> Config {
        try checkKeys(of: root, table: "")
        var config = Config()
        config.library = try root["library"].map { value throws(ConfigError) in try path(value, key: "library") }
        if let sources = root["sources"] {
            let list = try strings(sources, table: "", key: "sources")
            config.sources = try list.map { text throws(ConfigError) in try expanded(text, table: "", key: "sources") }
        }
        if let export = try table(root, "export") {
            config.export.format = try format(export["format"], table: "export")
            config.export.missing = try choice(export["missing"], table: "export", key: "missing",
                                                 MissingFilePolicy.init(rawValue:), MissingFilePolicy.allCases)
            config.export.mapPrefix = try mapPrefix(export["map-prefix"])
            if let plain = export["plain-paths"] {
                guard let value = plain.bool else {
                    throw problem(table: "export", key: "plain-paths", "plain-paths is true or false")
                }
                config.export.plainPaths = value
            }
        }
        if let watch = try table(root, "watch"), let debounce = watch["debounce"] {
            guard let seconds = debounce.double ?? debounce.int.map(Double.init), seconds >= 0, seconds.isFinite else {
                throw problem(table: "watch", key: "debounce", "debounce takes seconds, 0 or more (such as 0.5)")
            }
            config.watch.debounce = seconds
        }
        if let pick = try table(root, "pick") {
            config.pick.scope = try choice(pick["scope"], table: "pick", key: "scope", Scope.init(rawValue:), Scope.allCases)
            config.pick.format = try format(pick["format"], table: "pick")
            config.pick.keys = try keys(pick["keys"])
        }
        config.players = try players(root["players"])
        config.sync = try syncProfiles(root["sync"])
        if let play = try table(root, "play"), let player = play["player"] {
            let name = try string(player, table: "play", key: "player")
            guard Config.builtInPlayers.contains(name) || config.players[name] != nil else {
                let known = Config.builtInPlayers + config.players.keys.sorted()
                throw problem(table: "play", key: "player", "player \"\(name)\" is not one of "
                              + known.joined(separator: ", ") + " (add a [players.\(name)] table with its command)")
            }
            config.play.player = name
        }
        return config
    }

    /// `[players.NAME] command = [...]`, one table per player; the built-in names are taken.
    private func players(_ value: (any TOMLValueConvertible)?) throws(ConfigError) -> [String: PlayerCommandLine] {
        guard let value else { return [:] }
        guard let tables = value.table else {
            throw problem(table: "", key: "players", "players holds one table per player: [players.NAME] with a command")
        }
        var result: [String: PlayerCommandLine] = [:]
        for name in tables.keys {
            let table = "players.\(name)"
            guard !Config.builtInPlayers.contains(name) else {
                throw problem(table: table, key: nil, "\(name) is built in; give your command another name")
            }
            guard let player = tables[name]?.table else {
                throw problem(table: "players", key: name, "players.\(name) must be a table: a line [players.\(name)] "
                              + "with command = [...] below")
            }
            for key in player.keys where key != "command" {
                throw problem(table: table, key: key, "unknown setting \(key) in [\(table)]; known: command")
            }
            guard let command = player["command"] else {
                throw problem(table: table, key: nil, "[\(table)] needs command = [\"program\", \"{files}\"]")
            }
            let arguments = try strings(command, table: table, key: "command")
            if let reason = PlayerCommandLine.problem(arguments) { throw problem(table: table, key: "command", reason) }
            result[name] = PlayerCommandLine(arguments: arguments)
        }
        return result
    }

    /// `[sync.NAME]`, one table per profile, each value checked as the flag checks it.
    private func syncProfiles(_ value: (any TOMLValueConvertible)?) throws(ConfigError) -> [String: Config.SyncProfile] {
        guard let value else { return [:] }
        guard let tables = value.table else {
            throw problem(table: "", key: "sync", "sync holds one table per profile: [sync.NAME] with its options")
        }
        var result: [String: Config.SyncProfile] = [:]
        for name in tables.keys {
            let table = "sync.\(name)"
            guard let settings = tables[name]?.table else {
                throw problem(table: "sync", key: name, "sync.\(name) must be a table: a line [sync.\(name)] with its options below")
            }
            for key in settings.keys where !Self.syncKeys.contains(key) {
                throw problem(table: table, key: key, "unknown setting \(key) in [\(table)]; known: " + Self.syncKeys.joined(separator: ", "))
            }
            result[name] = try syncProfile(settings, table: table)
        }
        return result
    }

    private func syncProfile(_ settings: TOMLTable, table: String) throws(ConfigError) -> Config.SyncProfile {
        var profile = Config.SyncProfile()
        profile.destination = try settings["dest"].map { value throws(ConfigError) in
            try expanded(string(value, table: table, key: "dest"), table: table, key: "dest")
        }
        profile.query = try settings["query"].map { value throws(ConfigError) in try string(value, table: table, key: "query") }
        profile.playlists = try settings["playlists"].map { value throws(ConfigError) in
            try strings(value, table: table, key: "playlists")
        } ?? []
        profile.keep = try settings["keep"].map { value throws(ConfigError) in
            try strings(value, table: table, key: "keep").map { $0.lowercased() }
        }
        if let text = try settings["transcode"].map({ value throws(ConfigError) in try string(value, table: table, key: "transcode") }) {
            do { profile.transcode = try SyncTarget(parsing: text) } catch { throw problem(table: table, key: "transcode", error.description) }
        }
        if let text = try settings["layout"].map({ value throws(ConfigError) in try string(value, table: table, key: "layout") }) {
            do { profile.layout = try DeviceLayout(text) } catch { throw problem(table: table, key: "layout", error.description) }
        }
        profile.names = try choice(settings["names"], table: table, key: "names", DeviceNames.Rules.init(rawValue:),
                                   DeviceNames.Rules.allCases)
        profile.art = try number(settings["art"], table: table, key: "art", atLeast: 16)
        profile.stemLimit = try number(settings["stem-limit"], table: table, key: "stem-limit", atLeast: 8)
        profile.allPlaylists = try flag(settings["all-playlists"], table: table, key: "all-playlists")
        profile.playlistFolders = try flag(settings["playlist-folders"], table: table, key: "playlist-folders")
        profile.ascii = try flag(settings["ascii"], table: table, key: "ascii")
        profile.delete = try flag(settings["delete"], table: table, key: "delete")
        profile.strict = try flag(settings["strict"], table: table, key: "strict")
        return profile
    }

    private func number(_ value: (any TOMLValueConvertible)?, table: String, key: String, atLeast least: Int) throws(ConfigError) -> Int? {
        guard let value else { return nil }
        guard let number = value.int, number >= least else { throw problem(table: table, key: key, "\(key) is a number, \(least) or more") }
        return number
    }

    private func flag(_ value: (any TOMLValueConvertible)?, table: String, key: String) throws(ConfigError) -> Bool? {
        guard let value else { return nil }
        guard let flag = value.bool else { throw problem(table: table, key: key, "\(key) is true or false") }
        return flag
    }

    // MARK: values

    private func table(_ root: TOMLTable, _ name: String) throws(ConfigError) -> TOMLTable? {
        guard let value = root[name] else { return nil }
        guard let table = value.table else {
            throw problem(table: "", key: name, "\(name) must be a table: a line [\(name)] with its settings below")
        }
        try checkKeys(of: table, table: name)
        return table
    }

    private func checkKeys(of table: TOMLTable, table name: String) throws(ConfigError) {
        let known = ConfigReader.known[name] ?? []
        for key in table.keys where !known.contains(key) {
            let place = name.isEmpty ? "" : " in [\(name)]"
            throw problem(table: name, key: key, "unknown setting \(key)\(place); known: " + known.joined(separator: ", "))
        }
    }

    private func string(_ value: any TOMLValueConvertible, table: String, key: String) throws(ConfigError) -> String {
        guard let text = value.string else { throw problem(table: table, key: key, "\(key) must be a string in quotes") }
        return text
    }

    private func strings(_ value: any TOMLValueConvertible, table: String, key: String) throws(ConfigError) -> [String] {
        guard let array = value.array else {
            throw problem(table: table, key: key, "\(key) must be a list of strings: [\"…\", \"…\"]")
        }
        var texts: [String] = []
        for element in array {
            guard let text = element.string else {
                throw problem(table: table, key: key, "\(key) must be a list of strings: [\"…\", \"…\"]")
            }
            texts.append(text)
        }
        return texts
    }

    private func path(_ value: any TOMLValueConvertible, key: String) throws(ConfigError) -> String {
        try expanded(string(value, table: "", key: key), table: "", key: key)
    }

    /// `~` and `~/…` with the home folder; any other path must be absolute, since commands run
    /// from cron and from any working folder.
    private func expanded(_ text: String, table: String, key: String) throws(ConfigError) -> String {
        if text == "~" || text.hasPrefix("~/"), let home, !home.isEmpty { return home + text.dropFirst() }
        guard text.hasPrefix("/") else {
            throw problem(table: table, key: key, "\(text.isEmpty ? "an empty path" : text) is not an absolute path "
                          + "(start it with / or ~/)")
        }
        return text
    }

    private func format(_ value: (any TOMLValueConvertible)?, table: String) throws(ConfigError) -> PlaylistFormat? {
        try choice(value, table: table, key: "format", PlaylistFormat.init(rawValue:), PlaylistFormat.allCases)
    }

    /// One of a fixed set of words (a format, a scope, a policy).
    private func choice<Value: RawRepresentable<String>>(
        _ value: (any TOMLValueConvertible)?, table: String, key: String,
        _ make: (String) -> Value?, _ all: [Value]
    ) throws(ConfigError) -> Value? {
        guard let value else { return nil }
        let text = try string(value, table: table, key: key)
        guard let chosen = make(text) else {
            throw problem(table: table, key: key, "\(key) \"\(text)\" is not one of " + all.map(\.rawValue).joined(separator: ", "))
        }
        return chosen
    }

    /// `[pick.keys]`: `"KEY" = "ACTION"` lines, fzf's key and action names (see
    /// `PickerKeyMap.binding`); a bad key or action stops with its line.
    private func keys(_ value: (any TOMLValueConvertible)?) throws(ConfigError) -> [PickerKeyMap.Binding] {
        guard let value else { return [] }
        guard let table = value.table else {
            throw problem(table: "pick", key: "keys", "keys must be a table: a line [pick.keys] with \"KEY\" = \"ACTION\" lines below")
        }
        var bindings: [PickerKeyMap.Binding] = []
        for key in table.keys {
            guard let action = table[key]?.string else {
                throw problem(table: "pick.keys", key: key, "the action for \(key) must be a string in quotes, such as \"select-all\"")
            }
            do {
                bindings.append(try PickerKeyMap.binding(key: key, actions: action))
            } catch {
                throw problem(table: "pick.keys", key: key, "[pick.keys] \(error)")
            }
        }
        return bindings
    }

    /// `map-prefix`: a table `{ "FROM" = "TO" }` or a list of `"FROM=TO"`, as the flag takes.
    private func mapPrefix(_ value: (any TOMLValueConvertible)?) throws(ConfigError) -> [PathMapping.Rule] {
        guard let value else { return [] }
        var rules: [PathMapping.Rule] = []
        if let table = value.table {
            for from in table.keys {
                guard let to = table[from]?.string else {
                    throw problem(table: "export", key: "map-prefix",
                                  "map-prefix maps each FROM to a TO string: { \"\(from)\" = \"/new/path\" }")
                }
                rules.append(try rule { () throws(PathMappingError) in try PathMapping.Rule(from: from, to: to) }
                    .expandingHome(home))
            }
        } else {
            for text in try strings(value, table: "export", key: "map-prefix") {
                rules.append(try rule { () throws(PathMappingError) in try PathMapping.Rule(parsing: text) }
                    .expandingHome(home))
            }
        }
        return rules
    }

    private func rule(_ make: () throws(PathMappingError) -> PathMapping.Rule) throws(ConfigError) -> PathMapping.Rule {
        do { return try make() } catch { throw problem(table: "export", key: "map-prefix", "\(error)") }
    }

    private func problem(table: String, key: String?, _ message: String) -> ConfigError {
        ConfigError(path: path, line: lines.line(table: table, key: key), message: message)
    }
}
