import MixtapeCore

/// Why watching could not start or go on. Each message says what to do about it.
public enum WatchError: Error, Sendable, CustomStringConvertible {
    /// `inotify_add_watch` said ENOSPC: the per-user watch limit is reached.
    case watchLimitReached(folder: String, limit: Int?, folders: Int)
    /// `inotify_init1` said EMFILE: the per-user limit of inotify instances is reached.
    case instanceLimitReached(limit: Int?)
    /// Any other failure to watch a folder (or to start inotify).
    case cannotWatch(folder: String, reason: String)
    /// This system has no inotify (macOS, BSD): only `--poll` works.
    case unsupported

    public var description: String {
        switch self {
        case let .watchLimitReached(folder, limit, folders):
            let current = limit.map { " = \($0)" } ?? ""
            return "cannot watch \(folder): the limit of inotify watches is reached "
                + "(fs.inotify.max_user_watches\(current); this watch needs one per folder, \(folders) so far). "
                + "Raise it: " + WatchBudget.raiseAdvice(folders: folders)
        case let .instanceLimitReached(limit):
            let current = limit.map { " = \($0)" } ?? ""
            return "cannot start inotify: too many inotify instances for this user (fs.inotify.max_user_instances\(current)). "
                + "Raise it with `sudo sysctl fs.inotify.max_user_instances=1024`, or use `mixtape watch --poll 60`"
        case let .cannotWatch(folder, reason):
            return "cannot watch \(folder): \(reason)"
        case .unsupported:
            return "this system has no inotify; use `mixtape watch --poll SECONDS` to check for changes by polling"
        }
    }
}
