/// What an export does with an entry whose file does not exist on this machine after
/// `--map-prefix` (spec/cli.md, `--missing`): keep it with a warning, skip it, or fail.
/// In the core because the config file and saved exports name it too.
public enum MissingFilePolicy: String, CaseIterable, Sendable {
    case keep, skip, fail
}
