import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The test's own end of a player's Unix socket (mpv's IPC, MPD's protocol, VLC's rc), to ask
/// the player what `mixtape play` gave it. Reads wait at most 10 s, so a silent player fails the
/// test instead of hanging it.
final class PlayerSocket {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects, failing the test when nothing listens at `path`.
    convenience init(_ path: String) throws {
        let connection = PlayerSocket(connecting: path)
        try #require(connection != nil, "cannot connect to \(path): \(String(cString: strerror(errno)))")
        self.init(descriptor: connection!.takeDescriptor())
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    private var owned = true

    private func takeDescriptor() -> Int32 {
        owned = false
        return descriptor
    }

    /// Connects; nil when nothing listens at `path` (yet).
    init?(connecting path: String) {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected != 0 {
            close(descriptor)
            return nil
        }
    }

    deinit { if owned { close(descriptor) } }

    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The next line, without its line end; nil when the player closed or stayed silent.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0a) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0d { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 10_000) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    /// Lines up to (not including) the first that `last` accepts; nil if the player went quiet.
    func lines(until last: (String) -> Bool) -> [String]? {
        var lines: [String] = []
        while let line = readLine() {
            if last(line) { return lines + [line] }
            lines.append(line)
        }
        return nil
    }
}

/// An mpv started by a test, idle, silent (`--ao=null`) and paused (so "the item playing now"
/// stays put however slow the test), listening where `mixtape play` looks for the mpv it
/// started: `RUNTIME/mixtape/mpv.sock`.
final class TestMPV {
    let socketPath: String
    private let process: DetachedProcess

    init(runtime: String) throws {
        try FileManager.default.createDirectory(atPath: runtime + "/mixtape", withIntermediateDirectories: true)
        socketPath = runtime + "/mixtape/mpv.sock"
        process = try DetachedProcess.spawn(try #require(Players.installed("mpv")), [
            "--idle=yes", "--no-config", "--no-terminal", "--ao=null", "--vo=null", "--pause",
            "--input-ipc-server=" + socketPath])
        for _ in 0..<1000 where PlayerSocket(connecting: socketPath) == nil { usleep(10_000) }
    }

    deinit {
        process.signal(SIGTERM)
        if process.wait(timeout: 10) == nil {
            process.signal(SIGKILL)
            _ = process.wait(timeout: 10)
        }
    }

    /// Runs an IPC command on `socket` (its own connection); the reply's `data`.
    static func command(_ socket: String, _ arguments: [Any]) throws -> Any? {
        let connection = try PlayerSocket(socket)
        let request = try JSONSerialization.data(withJSONObject: ["command": arguments, "request_id": 7])
        connection.send(String(decoding: request, as: UTF8.self))
        while let line = connection.readLine() {
            guard let reply = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  reply["request_id"] as? Int == 7 else { continue }
            return reply["data"]
        }
        Issue.record("mpv did not answer \(arguments)")
        return nil
    }

    func command(_ arguments: [Any]) throws -> Any? { try Self.command(socketPath, arguments) }

    /// The file names of mpv's playlist, in order.
    static func playlist(_ socket: String) throws -> [String] {
        let entries = try command(socket, ["get_property", "playlist"]) as? [[String: Any]] ?? []
        return entries.compactMap { $0["filename"] as? String }
    }

    func playlist() throws -> [String] { try Self.playlist(socketPath) }
}
