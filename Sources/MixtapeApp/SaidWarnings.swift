import MixtapeCore

/// The warnings a watch run has logged: a batch that walks a folder again finds its symlink
/// that leads out of the source (or a file that cannot be read) again, and said so in every
/// batch; each is said once per run.
struct SaidWarnings {
    private var said: Set<IndexWarning> = []

    /// The warnings of `warnings` not said before in this run, in order; they count as said now.
    mutating func new(_ warnings: [IndexWarning]) -> [IndexWarning] {
        warnings.filter { said.insert($0).inserted }
    }
}
