import Foundation
import MixtapeCore

/// A player of the config file (`[players.NAME] command = [...]`): the command run with the
/// files as arguments (see `PlayerCommandLine`). `play` runs it in the foreground on the
/// terminal and waits for it, as one would type it; the picker starts it in the background,
/// and its next `play` or `stop` ends the one it started. It has no queue, so `--enqueue`
/// and `--next` do not apply.
struct CommandPlayer: Player {
    let name: String
    let command: PlayerCommandLine
    let environment: PlayerEnvironment
    /// Started in the background (the picker), the process a later `play` or `stop` ends.
    var background: BackgroundProcess?

    init(name: String, command: PlayerCommandLine, environment: PlayerEnvironment) {
        self.name = name
        self.command = command
        self.environment = environment
    }

    func play(_ request: PlayRequest) throws(PlayerError) -> PlayerReceipt {
        guard request.mode == .replace else {
            throw .unsupported("players.\(name) is a command, which has no queue to add to; --enqueue and --next "
                               + "go with mpv, mpd or vlc")
        }
        guard let program = environment.executable(command.program) else {
            throw .missing(program: command.program, install: "install it, or fix [players.\(name)] command in the config file")
        }
        let arguments = command.expanded(with: request.entries.map(\.path))
        var notes: [String] = []
        let ranges = request.entries.count(where: \.isRange)
        if ranges > 0 { notes.append("\(ranges) cue track\(ranges == 1 ? "" : "s") played as the whole file") }
        if let background {
            try background.replace(with: program, arguments, environment: environment.variables)
            return PlayerReceipt(accepted: request.entries.count, notes: notes)
        }
        let status = try PlayerLaunch.start(program, arguments, environment: environment.variables, detached: false).waitForExit()
        guard status == 0 else {
            throw .refused("players.\(name): \(command.program) exited with status \(status)")
        }
        return PlayerReceipt(accepted: request.entries.count, notes: notes)
    }

    func stop() throws(PlayerError) {
        background?.end()
    }

    /// The one background process a picker's command player runs at a time.
    final class BackgroundProcess: @unchecked Sendable {
        private let lock = NSLock()
        /// Guarded by `lock`.
        private var current: PlayerLaunch?

        init() {}

        func replace(with program: String, _ arguments: [String], environment: [String: String]) throws(PlayerError) {
            end()
            let launch = try PlayerLaunch.start(program, arguments, environment: environment)
            lock.withLock { current = launch }
        }

        /// Ends the process started last (its whole session, as it leads one), if it still runs.
        func end() {
            guard let launch = lock.withLock({ () -> PlayerLaunch? in defer { current = nil }; return current }),
                  launch.exitStatus == nil else { return }
            kill(-launch.pid, SIGTERM)
        }
    }
}
