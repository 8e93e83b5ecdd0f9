import Foundation
import MixtapeCore

/// mpv through its JSON IPC socket (`--input-ipc-server`).
///
/// The socket is `RUNTIME/mpv.sock` (see `PlayerEnvironment.runtimeFolder`): an mpv that
/// mixtape started is found there and reused; otherwise one is started there, detached, idle
/// between files (`--idle`), with no terminal and no window for cover art (it still opens one
/// for a video). The user's own mpv.conf applies. Verified with mpv 0.35.
struct MPVPlayer: Player {
    let name = "mpv"
    let environment: PlayerEnvironment

    func play(_ request: PlayRequest) throws(PlayerError) -> PlayerReceipt {
        let client = try connect()
        let count = try client.property("playlist-count") as? Int ?? 0
        let position = (try client.property("playlist-pos") as? Int).flatMap { $0 >= 0 ? $0 : nil }
        try client.runAll(MPVCommands.commands(for: request, count: count, position: position))
        return PlayerReceipt(accepted: request.entries.count)
    }

    func stop() throws(PlayerError) {
        _ = try connect().run(MPVCommands.stop)
    }

    /// The mpv mixtape started, else a new one.
    private func connect() throws(PlayerError) -> MPVClient {
        let socket = try environment.runtimeFolder() + "/mpv.sock"
        if let connection = PlayerConnection.unix(socket) { return MPVClient(connection: connection) }
        guard let mpv = environment.executable("mpv") else {
            throw .missing(program: "mpv", install: "apt-get install mpv (or choose another --player)")
        }
        let arguments = ["--idle=yes", "--no-terminal", "--force-window=no", "--audio-display=no",
                         "--input-ipc-server=" + socket]
        return MPVClient(connection: try PlayerLaunch.listening(mpv, arguments, socket: socket, seconds: 10,
                                                                environment: environment.variables,
                                                                name: "mpv", tryCommand: "mpv --idle"))
    }
}

/// Requests and replies on mpv's IPC socket: each request carries an id, and lines that are
/// events (or replies to others) are skipped until its reply comes.
private final class MPVClient {
    let connection: PlayerConnection
    private var nextID = 1

    init(connection: PlayerConnection) { self.connection = connection }

    /// Runs `command` (the JSON value of `"command"`); its `data`, or throws mpv's error.
    func run(_ command: String) throws(PlayerError) -> Any? {
        let id = nextID
        nextID += 1
        try connection.send(PathBytes.bytes("{\"command\":\(command),\"request_id\":\(id)}"))
        while true {
            let line = try connection.readLine()
            guard let reply = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  reply["request_id"] as? Int == id else { continue }
            let error = reply["error"] as? String ?? "no answer"
            guard error == "success" else { throw .refused("mpv refused \(command): \(error)") }
            return reply["data"]
        }
    }

    /// Runs `commands` in order, sent 100 at a time (mpv carries them out in the order they
    /// came) rather than one round trip each; a batch's replies are read before the next is
    /// sent, so neither side's socket buffer fills while the other waits. Throws at the first
    /// refusal.
    func runAll(_ commands: [String]) throws(PlayerError) {
        for start in stride(from: 0, to: commands.count, by: 100) {
            let batch = commands[start..<min(start + 100, commands.count)]
            let first = nextID
            for command in batch {
                try connection.send(PathBytes.bytes("{\"command\":\(command),\"request_id\":\(nextID)}"))
                nextID += 1
            }
            var waiting = Set(first..<nextID)
            while !waiting.isEmpty {
                let line = try connection.readLine()
                guard let reply = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let id = reply["request_id"] as? Int, waiting.remove(id) != nil else { continue }
                let error = reply["error"] as? String ?? "no answer"
                guard error == "success" else { throw .refused("mpv refused \(batch[start + id - first]): \(error)") }
            }
        }
    }

    func property(_ name: String) throws(PlayerError) -> Any? {
        try run("[\"get_property\",\"\(name)\"]")
    }
}
