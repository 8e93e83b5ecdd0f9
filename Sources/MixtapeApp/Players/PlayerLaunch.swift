import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a player that outlives mixtape: in a session of its own (no controlling terminal, so
/// closing the terminal or Ctrl-C in it does not reach the player), standard streams on
/// /dev/null, no descriptor of ours inherited, default signal handling. A thread waits for it,
/// so it never lingers as a zombie of a long-running picker, and knows when it died early.
final class PlayerLaunch: @unchecked Sendable {
    let pid: pid_t
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var status: Int32?

    private init(pid: pid_t) { self.pid = pid }

    /// The exit status once the process has ended (128 + the signal), else nil.
    var exitStatus: Int32? { lock.withLock { status } }

    /// Starts `executable ARGUMENTS` detached; `detached` false keeps the terminal (a
    /// `[players.NAME]` command run by `play` in the foreground) and the session.
    static func start(_ executable: String, _ arguments: [String], environment: [String: String],
                      detached: Bool = true) throws(PlayerError) -> PlayerLaunch {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if detached {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        #if os(Linux)
        closeFrom(&actions, 3)
        #endif
        var flags: Int32 = 0
        #if os(Linux)
        if detached { flags |= 0x80 }  // POSIX_SPAWN_SETSID (glibc 2.26+), which Glibc does not export
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var pid = pid_t()
        let spawned = withSpawnAttributes(flags: flags) { posix_spawn(&pid, executable, &actions, $0, argv, env) }
        guard spawned == 0 else {
            throw .unreachable("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        let launch = PlayerLaunch(pid: pid)
        if detached {
            // A queue rather than a `Thread`: see `PickMatching.start` on threads that exit.
            DispatchQueue.global(qos: .utility).async { [launch] in _ = launch.waitForExit() }
        }
        return launch
    }

    /// Blocks until the process ends; its exit status (128 + the signal that ended it).
    func waitForExit() -> Int32 {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = raw & 0x7F
        let code = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        lock.withLock { status = code }
        return code
    }

    /// Starts a player that listens on a control socket (mpv's IPC, VLC's rc) detached, and
    /// connects to it once it listens; when it does not come up within `seconds`, says so in
    /// words that name `tryCommand`, a way to see the player's own complaint.
    static func listening(_ executable: String, _ arguments: [String], socket: String, seconds: Double,
                          environment: [String: String], name: String,
                          tryCommand: String) throws(PlayerError) -> PlayerConnection {
        unlink(socket)  // left by a player that has ended
        let launch = try start(executable, arguments, environment: environment)
        guard let connection = launch.waitUntil(seconds: seconds, { PlayerConnection.unix(socket) }) else {
            let ended = launch.exitStatus.map { "it exited with status \($0)" } ?? "its socket did not appear"
            throw .unreachable("\(name) did not start (\(ended)); run `\(tryCommand)` in a terminal to see why")
        }
        return connection
    }

    /// Waits until `connect` succeeds (a player's socket is listening), the process ends, or
    /// `seconds` pass; what `connect` returned, else nil.
    func waitUntil<Value>(seconds: Double, _ connect: () -> Value?) -> Value? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = connect() { return value }
            if exitStatus != nil { return nil }
            usleep(20_000)
        }
        return nil
    }
}

#if os(Linux)
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not
/// export: the child closes every descriptor from `lowest` on.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
@discardableResult
func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32
#endif
