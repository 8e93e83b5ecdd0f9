import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line-based conversation with a player over a Unix or TCP socket (mpv's JSON IPC, MPD's
/// protocol, VLC's rc interface). Every read waits at most `timeout` seconds, so a player that
/// hangs makes `play` fail with a message instead of hanging with it.
final class PlayerConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let timeout: Int32
    /// How messages name the other end.
    let peer: String

    private init(descriptor: Int32, peer: String, timeout: Double) {
        PlayerConnection.noSignalOnClose(descriptor)
        self.descriptor = descriptor
        self.peer = peer
        self.timeout = Int32(timeout * 1000)
    }

    deinit { close(descriptor) }

    /// Connects to the Unix socket at `path` (`@name`: an abstract one); nil when nothing
    /// listens there.
    static func unix(_ path: String, timeout: Double = 10) -> PlayerConnection? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == 0x40 { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { close(fd); return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes.first == 0 ? 0 : 1))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        guard connected == 0 else { close(fd); return nil }
        return PlayerConnection(descriptor: fd, peer: path, timeout: timeout)
    }

    /// Connects to `host:port` over TCP; nil when nothing answers.
    static func tcp(host: String, port: Int, timeout: Double = 10) -> PlayerConnection? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(first) }
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            if connectSocket(fd, info.pointee.ai_addr, info.pointee.ai_addrlen, within: timeout) {
                return PlayerConnection(descriptor: fd, peer: "\(host):\(port)", timeout: timeout)
            }
            close(fd)
        }
        return nil
    }

    /// `connect` that gives up after `seconds` (a host that drops packets would otherwise hold
    /// `play` for the system's two minutes): non-blocking, then a wait for the outcome.
    private static func connectSocket(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: socklen_t,
                                within seconds: Double) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        #if canImport(Glibc)
        let started = Glibc.connect(fd, address, length)
        #else
        let started = Darwin.connect(fd, address, length)
        #endif
        if started == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&ready, 1, Int32(seconds * 1000)) == 1 else { return false }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &size) == 0 && failure == 0
    }

    /// Sends `line` and a newline (its bytes as `PathBytes` spells them: a name that is not
    /// UTF-8 goes as its own bytes).
    func send(_ line: [UInt8]) throws(PlayerError) {
        try send(lines: [line])
    }

    /// Sends `lines`, each with its newline, in one go (a command list of thousands of lines is
    /// one write, not thousands).
    ///
    /// A peer that has closed the connection (MPD drops a client whose command list is too
    /// large) makes this throw `.unreachable`, never kill mixtape with SIGPIPE: the bytes go
    /// with `send(2)`'s `MSG_NOSIGNAL` (on Darwin, the socket's `SO_NOSIGPIPE`), so a closed
    /// peer is an `EPIPE` error here. Only player sockets are written this way; standard output
    /// keeps its own handling of a closed pipe.
    func send(lines: [[UInt8]]) throws(PlayerError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        for line in lines { bytes += line; bytes.append(0x0a) }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { PlayerConnection.sendSome(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unreachable("\(peer) closed the connection") }
            sent += count
        }
    }

    /// `send(2)` without SIGPIPE.
    private static func sendSome(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, bytes, count, 0)
        #endif
    }

    /// Darwin has no `MSG_NOSIGNAL`: the socket itself is told not to raise SIGPIPE.
    private static func noSignalOnClose(_ fd: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// The next line (without its newline or carriage return); throws when the peer closes or
    /// is silent for `timeout`.
    func readLine() throws(PlayerError) -> String {
        while true {
            if let newline = buffer.firstIndex(of: 0x0a) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0d { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, timeout)
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { throw .unreachable("\(peer) did not answer within \(timeout / 1000) s") }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unreachable("\(peer) closed the connection") }
            buffer += chunk[..<count]
        }
    }
}
