/// Where the config file lives: `$XDG_CONFIG_HOME/mixtape/config.toml`, else
/// `~/.config/mixtape/config.toml`. Empty variables count as unset, as the XDG spec asks
/// (and as `LibraryPath` does).
///
/// Only the location: reading and parsing the file belong to the config feature, not here.
public enum ConfigLocation {
    /// The config file's path under `environment`.
    public static func resolve(environment: [String: String]) -> String {
        func nonEmpty(_ key: String) -> String? {
            guard let value = environment[key], !value.isEmpty else { return nil }
            return value
        }
        if let config = nonEmpty("XDG_CONFIG_HOME") { return config + "/mixtape/config.toml" }
        return (nonEmpty("HOME") ?? "~") + "/.config/mixtape/config.toml"
    }
}
