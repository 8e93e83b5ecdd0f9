import Foundation
import MixtapeCore

/// MPD through its text protocol, at the address `$MPD_HOST`/`$MPD_PORT` give (see
/// `MPDAddress`). Files are sent relative to MPD's music directory, which MPD tells a client on a
/// local socket (`config`); otherwise it is read from MPD's config file, looked for where MPD
/// looks (`$XDG_CONFIG_HOME/mpd/mpd.conf`, `~/.mpdconf`, `~/.mpd/mpd.conf`, `/etc/mpd.conf`).
/// A file outside it goes by its absolute path over a local socket (MPD allows that to local
/// clients) and cannot be played over TCP. Verified with MPD 0.23.
///
/// The queue changes only once MPD has taken every new song: songs go in command lists well
/// under MPD's size limit, a name with a line break is left out (it would end the command and
/// the rest of the name be read as commands), and `--replace` adds the new songs after the old
/// ones and removes the old ones last, so a refusal or a lost connection leaves the queue as
/// it was.
struct MPDPlayer: Player {
    let name = "mpd"
    let environment: PlayerEnvironment

    func play(_ request: PlayRequest) throws(PlayerError) -> PlayerReceipt {
        let (client, address) = try connect()
        let music = try musicDirectory(client, needed: request.entries.contains { !LocationEncoder.hasScheme($0.path) })
        var entries: [(entry: PlaylistEntry, uri: String)] = []
        var outside: [String] = []
        var unsendable: [String] = []
        for entry in request.entries {
            if !MPDCommands.canCarry(entry.path) {
                unsendable.append(entry.path)
            } else if let uri = MPDCommands.uri(for: entry.path, musicDirectory: music, local: address.isLocal) {
                entries.append((entry, uri))
            } else {
                outside.append(entry.path)
            }
        }
        var notes: [String] = []
        if !unsendable.isEmpty {
            notes.append("\(unsendable.count) left out: a line break in the name, which MPD's protocol cannot carry "
                         + "(first: \(PathBytes.oneLine(unsendable[0])))")
        }
        if !outside.isEmpty {
            notes.append("\(outside.count) outside MPD's music directory (\(music ?? "unknown")), which MPD "
                         + "plays only to clients on its local socket: left out (first: \(PathBytes.oneLine(outside[0])))")
        }
        guard !entries.isEmpty else { throw .refused(notes.joined(separator: "; ")) }
        let status = try client.answer("status")
        let ids = try add(entries, at: MPDCommands.insertionPoint(mode: request.mode, currentSong: status["song"].flatMap { Int($0) }),
                          client: client)
        if request.mode == .replace, let deletion = MPDCommands.deletion(ofFirst: status["playlistlength"].flatMap { Int($0) } ?? 0) {
            _ = try client.answer(deletion)
        }
        if request.mode == .replace || status["state"] == "stop", let first = ids.first {
            _ = try client.answer("playid \(first)")
        }
        return PlayerReceipt(accepted: ids.count, notes: notes)
    }

    /// Adds `entries` (from `position` on, else at the end) with their ranges, in command lists
    /// MPD accepts; their ids. All or nothing: when MPD refuses one (a file its database lacks)
    /// or the connection breaks, the songs already added are taken out again, so the queue is
    /// as it was, and the error is thrown. `--replace` removes the old songs only after this.
    private func add(_ entries: [(entry: PlaylistEntry, uri: String)], at position: Int?,
                     client: MPDClient) throws(PlayerError) -> [String] {
        var added: [[String: String]] = []
        do {
            for list in MPDCommands.commandLists(MPDCommands.additions(entries.map(\.uri), at: position)) {
                try client.list(list, received: &added)
            }
            let ids = added.map { $0["Id"] ?? "" }
            let ranges = zip(entries, ids).compactMap { MPDCommands.range($0.0.entry, id: $0.1) }
            var answers: [[String: String]] = []
            for list in MPDCommands.commandLists(ranges) { try client.list(list, received: &answers) }
            return ids
        } catch {
            withdraw(added.compactMap { $0["Id"] }, client: client)
            throw error
        }
    }

    /// Takes the songs `ids` out of the queue again, on `client` or, when that connection is
    /// gone, on a new one; best effort (the error that led here is what the user hears about).
    private func withdraw(_ ids: [String], client: MPDClient) {
        guard !ids.isEmpty else { return }
        let lines = ids.map { "deleteid " + $0 }
        var answers: [[String: String]] = []
        func run(on client: MPDClient) throws(PlayerError) {
            for list in MPDCommands.commandLists(lines) { try client.list(list, received: &answers) }
        }
        do { try run(on: client) } catch {
            if let fresh = try? connect().client { try? run(on: fresh) }
        }
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
            if let password = address.password {
                guard let argument = MPDCommands.quoted(password) else {
                    throw .unreachable("the MPD password in MPD_HOST holds a line break, which MPD's protocol cannot carry")
                }
                _ = try client.answer("password " + argument)
            }
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
        var answers: [[String: String]] = []
        try records(until: "OK", into: &answers)
        return answers.last ?? [:]
    }

    /// Runs `commands` as one command list, appending to `received` one record per command
    /// as MPD answers it (`list_OK` ends each), so that after an `ACK` the caller still knows
    /// which of them took effect (MPD stops a list at the command it refuses).
    func list(_ commands: [String], received: inout [[String: String]]) throws(PlayerError) {
        try connection.send(lines: [Array("command_list_ok_begin".utf8)] + commands.map(PathBytes.bytes)
                                + [Array("command_list_end".utf8)])
        try records(until: "OK", into: &received)
    }

    /// Reads an answer up to `end`: each `list_OK` closes one record; the fields after the
    /// last one make a record too. An `ACK` throws, with the records before it kept in `into`.
    private func records(until end: String, into records: inout [[String: String]]) throws(PlayerError) {
        var current: [String: String] = [:]
        while true {
            let line = try connection.readLine()
            if line == end {
                if !current.isEmpty { records.append(current) }
                return
            }
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
