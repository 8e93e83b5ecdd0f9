import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run to its end and waited for, one of its streams kept: standard error (ffmpeg's
/// reason for a file it cannot decode), or standard output (what ffprobe found) with standard
/// error on /dev/null. Standard input on /dev/null, no descriptor of ours inherited, default
/// signal handling, so Ctrl-C reaches it as it reaches us.
struct ChildProcess {
    /// The exit status (128 + the signal that ended it), and the end of what it wrote to the
    /// stream kept.
    struct Ended {
        var status: Int32
        var output: String
    }

    /// Runs `executable`, keeping its standard error, or its standard output when `output`.
    static func run(_ executable: String, _ arguments: [String], output: Bool = false) throws(SyncError) -> Ended {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .cannotStart(executable, String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, output ? 2 : 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], output ? 1 : 2)
        #if os(Linux)
        closeFrom(&actions, 3)
        #endif
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = withSpawnAttributes { posix_spawn(&pid, executable, &actions, $0, argv, environ) }
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw .cannotStart(executable, String(cString: strerror(spawned)))
        }
        // Read to the end first (a child blocked on a full pipe would never exit), keeping
        // the last 4 KB: the reason is at the end.
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            kept += buffer[..<count]
            if kept.count > 4_096 { kept.removeFirst(kept.count - 4_096) }
        }
        close(pipeEnds[0])
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        let signal = raw & 0x7F
        let status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return Ended(status: status, output: String(decoding: kept, as: UTF8.self))
    }
}
