import Foundation
import MixtapeCore

/// VLC through its remote-control interface on a Unix socket.
///
/// VLC's own "one instance" (`--one-instance --playlist-enqueue`) goes through D-Bus, which a
/// machine with no session bus (a server, ssh, cron, CI) does not have: each call would start
/// another VLC. So mixtape starts one VLC itself, `vlc -I oldrc --rc-unix RUNTIME/vlc.sock
/// --rc-fake-tty` (no interface window; a video still gets its window), and reuses it as mpv's.
/// VLC refuses to run as root, so as root only a VLC already listening there is used.
/// Verified with VLC 3.0.
struct VLCPlayer: Player {
    let name = "vlc"
    let environment: PlayerEnvironment

    func play(_ request: PlayRequest) throws(PlayerError) -> PlayerReceipt {
        let client = try connect()
        let playing = try client.value("is_playing") == "1"
        for line in VLCCommands.lines(for: request, playing: playing) { try client.run(line) }
        var notes: [String] = []
        if request.mode == .next {
            notes.append("VLC's remote control cannot insert after the current item: added at the end")
        }
        return PlayerReceipt(accepted: request.entries.count, notes: notes)
    }

    func stop() throws(PlayerError) {
        try connect().run("stop")
    }

    private func connect() throws(PlayerError) -> VLCClient {
        let socket = try environment.runtimeFolder() + "/vlc.sock"
        if let connection = PlayerConnection.unix(socket) { return VLCClient(connection: connection) }
        guard let vlc = environment.executable("vlc") else {
            throw .missing(program: "vlc", install: "apt-get install vlc (or choose another --player)")
        }
        guard getuid() != 0 else {
            throw .unreachable("VLC does not run as root: run `mixtape play --player vlc` as your own user")
        }
        let arguments = ["-I", "oldrc", "--rc-unix", socket, "--rc-fake-tty", "--no-video-title-show"]
        return VLCClient(connection: try PlayerLaunch.listening(vlc, arguments, socket: socket, seconds: 15,
                                                                environment: environment.variables,
                                                                name: "VLC", tryCommand: "vlc -I oldrc"))
    }
}

/// Lines on VLC's rc socket. A command that changes something ends its answer with
/// `NAME: returned CODE (…)`; one that asks prints the value on a line of its own; status
/// lines (`status change: …`) come in between and are skipped.
private final class VLCClient {
    let connection: PlayerConnection

    init(connection: PlayerConnection) { self.connection = connection }

    func run(_ line: String) throws(PlayerError) {
        try connection.send(Array(line.utf8))
        let command = String(line.prefix { $0 != " " })
        while true {
            let answer = try connection.readLine()
            guard let range = answer.range(of: command + ": returned ") else { continue }
            let code = answer[range.upperBound...]
            guard code.hasPrefix("0 ") else { throw .refused("VLC refused \(line): \(code)") }
            return
        }
    }

    /// The answer of a query command such as `is_playing`.
    func value(_ command: String) throws(PlayerError) -> String {
        try connection.send(Array(command.utf8))
        while true {
            let answer = try connection.readLine().trimmingCharacters(in: .whitespaces)
            if answer.isEmpty || answer.hasPrefix("status change:") || answer.hasPrefix(">") || answer.contains(": returned ") {
                continue
            }
            return answer
        }
    }
}
