/// Where MPD listens, read from `$MPD_HOST` and `$MPD_PORT` the way `mpc` and libmpdclient
/// read them, so `play --player mpd` reaches the MPD that `mpc` reaches.
///
/// - `MPD_HOST=/run/mpd/socket` or `@name` (an abstract socket): a local socket;
/// - `MPD_HOST=secret@host` (or `secret@/path`): a password to send first;
/// - `MPD_PORT`: the TCP port (6600 when unset).
///
/// With no `MPD_HOST`, the usual places are tried in order: the user's runtime socket
/// (`$XDG_RUNTIME_DIR/mpd/socket`), the system one (`/run/mpd/socket`), then localhost:6600.
public struct MPDAddress: Hashable, Sendable {
    /// A local socket (path, or `@name` for an abstract one) or a TCP host and port.
    public enum Endpoint: Hashable, Sendable {
        case socket(String)
        case tcp(host: String, port: Int)
    }

    /// Where to connect.
    public var endpoint: Endpoint
    /// Sent with `password` before anything else, when `MPD_HOST` holds one.
    public var password: String?

    /// An address from its parts (tests; `candidates` reads the environment).
    public init(endpoint: Endpoint, password: String? = nil) {
        self.endpoint = endpoint
        self.password = password
    }

    /// Whether MPD sees this connection as local, and so lets it play any file by its absolute
    /// path and answers `config`.
    public var isLocal: Bool {
        if case .socket = endpoint { return true }
        return false
    }

    /// How messages name it: the socket path, or `host:port`.
    public var display: String {
        switch endpoint {
        case .socket(let path): path
        case .tcp(let host, let port): "\(host):\(port)"
        }
    }

    /// The addresses to try, in order, under `environment`.
    public static func candidates(environment: [String: String]) -> [MPDAddress] {
        let port = environment["MPD_PORT"].flatMap { Int($0) } ?? 6600
        if let host = environment["MPD_HOST"], !host.isEmpty {
            return [parse(host, port: port)]
        }
        var result: [MPDAddress] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            result.append(MPDAddress(endpoint: .socket(runtime + "/mpd/socket")))
        }
        result.append(MPDAddress(endpoint: .socket("/run/mpd/socket")))
        result.append(MPDAddress(endpoint: .tcp(host: "localhost", port: port)))
        return result
    }

    /// One `MPD_HOST` value: `[password@]host`, where a host starting with `/` or `@` is a
    /// local socket. A lone `@name` is an abstract socket, not an empty password.
    public static func parse(_ value: String, port: Int) -> MPDAddress {
        var host = Substring(value)
        var password: String?
        if !host.hasPrefix("@"), let at = host.lastIndex(of: "@") {
            password = String(host[..<at])
            host = host[host.index(after: at)...]
        }
        let endpoint: Endpoint = host.hasPrefix("/") || host.hasPrefix("@")
            ? .socket(String(host)) : .tcp(host: String(host), port: port)
        return MPDAddress(endpoint: endpoint, password: password)
    }
}
