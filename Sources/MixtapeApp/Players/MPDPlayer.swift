import Foundation
import MixtapeCore

/// MPD through its text protocol, at the address `$MPD_HOST`/`$MPD_PORT` give (see
/// `MPDAddress`). Files are sent relative to MPD's music directory, which MPD tells a client on a
/// local socket (`config`); otherwise it is read from MPD's config file, looked for where MPD
/// looks (`$XDG_CONFIG_HOME/mpd/mpd.conf`, `~/.mpdconf`, `~/.mpd/mpd.conf`, `/etc/mpd.conf`).
/// A file outside it goes by its absolute path over a local socket (MPD allows that to local
/// clients) and cannot be played over TCP. Verified with MPD 0.23.
struct MPDPlayer: Player {
    let name = "mpd"
    let environment: PlayerEnvironment

    func play(_ request: PlayRequest) throws(PlayerError) -> [String] {
        let (client, address) = try connect()
        let music = try musicDirectory(client, needed: request.entries.contains { !LocationEncoder.hasScheme($0.path) })
        var notes: [String] = []
        var entries: [(entry: PlaylistEntry, uri: String)] = []
        var outside: [String] = []
        for entry in request.entries {
            if let uri = MPDCommands.uri(for: entry.path, musicDirectory: music, local: address.isLocal) {
                entries.append((entry, uri))
            } else {
                outside.append(entry.path)
            }
        }
        if !outside.isEmpty {
            notes.append("\(outside.count) outside MPD's music directory (\(music ?? "unknown")), which MPD "
                         + "plays only to clients on its local socket: left out (first: \(outside[0]))")
        }
        guard !entries.isEmpty else { throw .refused(notes.joined()) }
        let status = try client.answer("status")
        let current = status["song"].flatMap { Int($0) }
        if request.mode == .replace { _ = try client.answer("clear") }
        let lines = MPDCommands.additions(entries.map(\.uri),
                                          at: MPDCommands.insertionPoint(mode: request.mode, currentSong: current))
        let ids = try client.list(lines).map { $0["Id"] ?? "" }
        let ranges = zip(entries, ids).compactMap { MPDCommands.range($0.0.entry, id: $0.1) }
        if !ranges.isEmpty { _ = try client.list(ranges) }
        if request.mode == .replace || status["state"] == "stop", let first = ids.first {
            _ = try client.answer("playid \(first)")
        }
        return notes
    }

    func stop() throws(PlayerError) {
        _ = try connect().client.answer("stop")
    }

    /// The first address that answers, after the password when it has one.
    private func connect() throws(PlayerError) -> (client: MPDClient, address: MPDAddress) {
        let candidates = MPDAddress.candidates(environment: environment.variables)
        for address in candidates {
            let connection: PlayerConnection? = switch address.endpoint {
            case .socket(let path): PlayerConnection.unix(path)
            case .tcp(let host, let port): PlayerConnection.tcp(host: host, port: port)
            }
            guard let connection else { continue }
            let client = try MPDClient(connection: connection)
            if let password = address.password { _ = try client.answer("password " + MPDCommands.quoted(password)) }
            return (client, address)
        }
        let tried = candidates.map(\.display).joined(separator: ", ")
        throw .unreachable("cannot reach MPD at \(tried): start mpd (apt-get install mpd) or set MPD_HOST")
    }

    /// MPD's music directory: its own answer, else its config file's; nil when neither says
    /// (then only absolute paths over a local socket play).
    private func musicDirectory(_ client: MPDClient, needed: Bool) throws(PlayerError) -> String? {
        guard needed else { return nil }
        if let answer = try? client.answer("config"), let folder = answer["music_directory"] { return folder }
        let variables = environment.variables
        let home = variables["HOME"]
        var files: [String] = []
        if let config = variables["XDG_CONFIG_HOME"], !config.isEmpty { files.append(config + "/mpd/mpd.conf") }
        if let home { files += [home + "/.config/mpd/mpd.conf", home + "/.mpdconf", home + "/.mpd/mpd.conf"] }
        files.append("/etc/mpd.conf")
        for file in files {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
               let folder = MPDCommands.musicDirectory(inConfig: text, home: home) {
                return folder
            }
        }
        return nil
    }
}

/// Commands and answers on an MPD connection: `key: value` lines up to `OK`, or an `ACK` error.
private final class MPDClient {
    let connection: PlayerConnection

    init(connection: PlayerConnection) throws(PlayerError) {
        self.connection = connection
        let greeting = try connection.readLine()
        guard greeting.hasPrefix("OK MPD ") else {
            throw .unreachable("\(connection.peer) is not MPD (it said \"\(greeting.prefix(60))\")")
        }
    }

    /// Runs one command; its answer's fields (the last value of each key).
    func answer(_ command: String) throws(PlayerError) -> [String: String] {
        try connection.send(PathBytes.bytes(command))
        return try records(until: "OK", command: command).last ?? [:]
    }

    /// Runs `commands` as one command list; one record per command (`list_OK` ends each).
    func list(_ commands: [String]) throws(PlayerError) -> [[String: String]] {
        try connection.send(Array("command_list_ok_begin".utf8))
        for command in commands { try connection.send(PathBytes.bytes(command)) }
        try connection.send(Array("command_list_end".utf8))
        return try records(until: "OK", command: commands.first ?? "")
    }

    private func records(until end: String, command: String) throws(PlayerError) -> [[String: String]] {
        var records: [[String: String]] = []
        var current: [String: String] = [:]
        while true {
            let line = try connection.readLine()
            if line == end { return current.isEmpty ? records : records + [current] }
            if line == "list_OK" { records.append(current); current = [:]; continue }
            if line.hasPrefix("ACK ") { throw .refused("MPD refused " + MPDClient.explained(line)) }
            guard let colon = line.range(of: ": ") else { continue }
            current[String(line[..<colon.lowerBound])] = String(line[colon.upperBound...])
        }
    }

    /// An `ACK [50@3] {addid} No such song` with what to do about it.
    private static func explained(_ ack: String) -> String {
        let text = ack.dropFirst(4).drop { $0 != "]" }.dropFirst().drop { $0 == " " }
        if ack.hasPrefix("ACK [50@") {
            return text + " (a file MPD's database does not have yet: `mpc update`)"
        }
        return String(text)
    }
}
