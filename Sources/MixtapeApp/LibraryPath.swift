/// Where the index lives (spec/cli.md): `--library`, else `$MIXTAPE_LIBRARY`, else the config
/// file's `library`, else `$XDG_DATA_HOME/mixtape/library.sqlite`, else
/// `~/.local/share/mixtape/library.sqlite`. Empty variables count as unset, as the XDG spec
/// asks.
public enum LibraryPath {
    public static func resolve(explicit: String?, environment: [String: String], configured: String? = nil) -> String {
        func nonEmpty(_ key: String) -> String? {
            guard let value = environment[key], !value.isEmpty else { return nil }
            return value
        }
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = nonEmpty("MIXTAPE_LIBRARY") { return path }
        if let configured, !configured.isEmpty { return configured }
        if let data = nonEmpty("XDG_DATA_HOME") { return data + "/mixtape/library.sqlite" }
        return (nonEmpty("HOME") ?? "~") + "/.local/share/mixtape/library.sqlite"
    }

    /// The writer lock file beside the index.
    public static func lockPath(for library: String) -> String { library + ".lock" }
}
