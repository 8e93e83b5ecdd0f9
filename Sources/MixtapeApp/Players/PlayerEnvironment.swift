import Foundation

/// What the player adapters read from the process's surroundings: `$PATH` to find programs,
/// the runtime folder for the sockets of the players mixtape starts, `$MPD_HOST`. One value,
/// passed in, so the picker's thread and tests give it like any other input.
public struct PlayerEnvironment: Sendable {
    /// The environment variables the adapters read, and pass to the players they start.
    public var variables: [String: String]

    /// This process's environment, or another (tests).
    public init(variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// `program` as an executable path: itself when it holds a `/`, else the first match on
    /// `$PATH`; nil when there is none.
    public func executable(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = folder + "/" + program
            if FileManager.default.isExecutableFile(atPath: candidate) { return String(candidate) }
        }
        return nil
    }

    /// Where mixtape keeps the sockets of the players it starts, created private (0700):
    /// `$XDG_RUNTIME_DIR/mixtape` (per user, emptied at logout), else `/tmp/mixtape-UID`. A
    /// player started from one `play` is found by the next at the same path.
    public func runtimeFolder() throws(PlayerError) -> String {
        let folder: String
        if let runtime = variables["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            folder = runtime + "/mixtape"
        } else {
            folder = "/tmp/mixtape-\(getuid())"
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unreachable("cannot create \(folder) for the player's socket: \(error.localizedDescription)")
        }
        var facts = stat()
        guard lstat(folder, &facts) == 0, facts.st_mode & S_IFMT == S_IFDIR, facts.st_uid == getuid() else {
            throw .unreachable("\(folder) is not a folder of this user's; set XDG_RUNTIME_DIR")
        }
        return folder
    }
}
