import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process started the way a shell or systemd would start it, for programs that outlive a
/// single call (the tmux server, `mixtape watch`): with `posix_spawn`, its output in a file.
///
/// Two things the test runner would otherwise pass on, and why they matter:
/// - its blocked signal mask: a `watch` or picker under test would never see SIGTERM;
/// - its open descriptors: tests run in parallel, and a long-lived child holding the write
///   end of another test's output pipe keeps that test's read from ever ending.
struct DetachedProcess {
    let pid: pid_t

    /// Starts `program ARGUMENTS` with stdin from /dev/null and stdout and stderr appended to
    /// `output` (or /dev/null).
    static func spawn(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                      output: String? = nil) throws -> DetachedProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        #if os(Linux)
        addCloseFrom(&actions, 3)
        #endif
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, env)
        try #require(spawned == 0, "cannot start \(program): errno \(spawned)")
        return DetachedProcess(pid: pid)
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Waits up to `timeout` seconds for the process to end; its exit code (128 + the signal
    /// if a signal ended it), or nil if it still runs.
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            if reaped < 0, errno != EINTR { return -1 }
            guard Date() < deadline else { return nil }
            usleep(10_000)
        }
    }
}

#if os(Linux)
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not
/// export: the child closes every descriptor from `lowest` on.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
@discardableResult
private func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32
#endif
