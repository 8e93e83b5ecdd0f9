import MixtapeCore
import MixtapeStore

/// `mixtape sources relocate SOURCE FROM=TO…` (spec/cli.md): prefix rules a person sets for
/// one library source or playlist file, kept in the index and tried before the learned ones; `clear` forgets
/// them. A rule is checked before anything changes: its FROM must begin some entry's path and
/// its TO must be a folder here, since a rule that matches nothing or points nowhere is a
/// mistake to say, not to keep. The source's entries are then resolved again at once.
public struct RelocateSource {
    /// Why the rules were refused (a usage error: exit 2), nothing changed.
    public enum Refusal: Error, CustomStringConvertible {
        case notASource(String)
        case aFolder(String)
        case matchesNothing(RelocationRule, source: String, playlistFile: Bool)
        case noFolder(RelocationRule)

        public var description: String {
            switch self {
            case .notASource(let path): "no indexed source \(path); `mixtape sources` lists them"
            case .aFolder(let path):
                "\(path) is a folder: its files are where it says; only the entries of an export, a database or a playlist file are relocated"
            case .matchesNothing(let rule, let source, let playlistFile):
                "\(rule.argument): no entry of \(source) starts with \(rule.from); "
                    + (playlistFile ? "`mixtape doctor -v` lists those not found here" : "`mixtape search --json` shows their locations")
            case .noFolder(let rule): "\(rule.argument): \(rule.to) is not a folder here"
            }
        }
    }

    public var libraryPath: String
    /// The source as the user named it.
    public var source: String
    public var rules: [RelocationRule] = []
    /// Forget the rules set before (then add `rules`, if any).
    public var clear = false
    public var wait = 60.0

    public init(libraryPath: String, source: String) {
        self.libraryPath = libraryPath
        self.source = source
    }

    /// Checks and keeps the rules, resolves the source again, and returns what it came to.
    public func run() throws -> SourceRecord {
        let queries = LibraryQueries(libraryPath: libraryPath)
        guard queries.indexExists else { throw Refusal.notASource(source) }
        let store = try LibraryStore(path: libraryPath)
        guard let record = try store.source(at: source) ?? store.source(at: NamedSource.path(source)) else {
            throw Refusal.notASource(source)
        }
        guard record.kind != .folder else { throw Refusal.aFolder(record.path) }
        for rule in rules {
            guard FileFacts.isFolder(rule.to) else { throw Refusal.noFolder(rule) }
            guard try store.anyLocation(of: record.path, where: rule.covers) else {
                throw Refusal.matchesNothing(rule, source: record.path, playlistFile: record.kind.isPlaylistSource)
            }
        }
        // A rule given again for the same FROM replaces the old one, in the new one's place.
        let kept = clear ? [] : try store.relocationRules(of: record.path)
        let newFroms = Set(rules.map { FoldedPath.fold($0.from) })
        let all = kept.filter { !newFroms.contains(FoldedPath.fold($0.from)) } + rules
        do {
            let lock = try WriterLock(path: LibraryPath.lockPath(for: libraryPath), wait: wait)
            defer { withExtendedLifetime(lock) {} }
            try store.setRelocationRules(all, of: record.path)
        }
        // The mark `setRelocationRules` left makes this run resolve every entry again, and
        // work out what depends on them (playlists, saved exports), under the lock as always.
        var index = IndexSources(libraryPath: libraryPath, sources: [record.path])
        index.wait = wait
        _ = try index.run()
        return try store.source(at: record.path) ?? record
    }
}
