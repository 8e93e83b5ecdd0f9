/// What the collector asks of the watcher when folders come and go, to be done at once so
/// no event in a new folder is missed.
public enum WatchDirective: Hashable, Sendable {
    /// Watch this folder and every folder below it (created, or moved in from outside).
    case watchTree(String)
    /// Stop watching this folder and everything below it (moved out of the roots).
    case unwatchTree(String)
    /// The watched folder at `from` (and its subtree) is now at `to`.
    case renameTree(from: String, to: String)
    /// Events were lost: add watches for every folder of every root again.
    case rewatchAll
}
