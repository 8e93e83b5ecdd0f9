import MixtapeCore
import MixtapeStore

/// The `sources` check of `mixtape doctor`: each recorded source still there and readable,
/// and whether it changed since it was last indexed.
///
/// A source that is missing or cannot be read is a problem: `index` reports it on every run,
/// and its items are stale. One that changed since the last index is only a note: the next
/// cron `index` or a running `watch` catches up, and that is the normal state between runs.
/// For a library export, "changed" is its size or mtime differing from what the index
/// recorded; for a folder, any folder the last walk found media in (or the root) modified
/// after the walk — a file added, removed or renamed; a file rewritten in place does not
/// touch its folder and is left to `index`, since finding it would mean a walk.
struct SourceHealth {
    var source: SourceRecord
    /// Folders of a folder source the last walk found media in.
    var mediaFolders: [String]
    /// For a library source, how many of its items' files are here.
    var files: FilesHere?
    /// Whether `files` were looked for through the config file's `map-prefix` rules.
    var mapped = false

    static let check = "sources"

    var finding: Finding {
        let path = source.path
        let remove = "or forget it: `mixtape sources remove \(path)`"
        switch FileFacts.inspect(path) {
        case .missing:
            return .problem(Self.check, "\(path) is missing (\(what))", fix: "restore or remount it, \(remove)")
        case .unreadable(let reason):
            return .problem(Self.check, "\(path) cannot be read: \(reason) (\(what))",
                            fix: "give this user read access (chmod, chown), \(remove)")
        case .folder:
            guard source.kind == .folder else {
                return .problem(Self.check, "\(path) was a library export and is now a folder", fix: "restore the file, \(remove)")
            }
            guard FileFacts.isListable(path) else {
                return .problem(Self.check, "\(path) cannot be listed (\(what))",
                                fix: "give this user read and search access (chmod u+rx), \(remove)")
            }
            return freshness(changed: folderChanged, how: "a folder in it was modified since")
        case .file(let fileStamp):
            let stamp = LibraryFileReader.stamp(of: path, fileStamp: fileStamp, kind: source.kind)
            guard source.kind != .folder else {
                return .problem(Self.check, "\(path) was a folder and is now a file", fix: "restore the folder, \(remove)")
            }
            let changed = source.stamp.map { $0 != stamp }
                ?? source.indexedAt.map { stamp.modificationTimeNs / 1_000_000_000 > $0.rawValue } ?? true
            return freshness(changed: changed, how: "changed since")
        }
    }

    /// Whether a library source's files are here (spec/sources.md, "Where the files are now"):
    /// how many relocation found and how, then each file missing and each entry ambiguous with
    /// its candidates, up to `listed` of each. Notes, not problems: an export searched on
    /// another machine than its music's is a fair use, and `doctor`'s exit status is for what
    /// is broken. Nothing when every file is here or the source has no file paths.
    func fileFindings(listed: Int) -> [Finding] {
        guard let files, files.missing > 0 else { return [] }
        let path = source.path
        let ambiguousLocations = Set(files.ambiguous.map(\.location))
        let missing = files.examples.filter { !ambiguousLocations.contains($0) }
        let total = files.here + files.missing
        let fix = "if the files are on this machine, index the folder that holds them (`mixtape index FOLDER`: "
            + "Mixtape finds each entry's file there), or say where they are (`mixtape sources relocate \(path) FROM=TO`)"
            + (mapped ? "; the config file's map-prefix was applied too" : "")
        var findings: [Finding] = []
        // A playlist file's entries name items; an export's entries are its items.
        let (one, many) = source.kind.isPlaylistSource ? ("entry", "entries") : ("item", "items")
        if files.here == 0 {
            findings.append(.note(Self.check, "\(path): none of its \(total.counted(one, many)) has its file on this "
                                  + "machine: it was written on another computer, or the files moved", fix: fix))
        } else {
            var how = ""
            if let relocation = source.relocation {
                let rules = relocation.rules.filter { $0.entries > 0 }.map { "\($0.from) → \($0.to): \($0.entries.grouped)" }
                let steps = rules + (relocation.byName > 0 ? ["\(RelocationSummary.byNameStep(of: source.kind)): \(relocation.byName.grouped)"] : [])
                    + (relocation.byTags > 0 ? ["by artist and title: \(relocation.byTags.grouped)"] : [])
                if !steps.isEmpty { how = " (" + steps.joined(separator: "; ") + ")" }
            }
            findings.append(.note(Self.check, "\(path): \(files.here.grouped) of \(total.grouped) \(many) have their file "
                                  + "here\(how); \(files.missing.grouped) have none", fix: fix))
        }
        for location in missing.prefix(listed) {
            findings.append(.note(Self.check, "\(path): missing here: \(PathBytes.oneLine(location))"))
        }
        for entry in files.ambiguous.prefix(listed) {
            findings.append(.note(Self.check, "\(path): ambiguous: \(PathBytes.oneLine(entry.location)) could be "
                                  + entry.candidates.map(PathBytes.oneLine).joined(separator: " or ")))
        }
        let unlisted = max(0, missing.count - listed) + max(0, files.ambiguous.count - listed)
            + max(0, files.missing - files.examples.count)
        if unlisted > 0 {
            findings.append(.note(Self.check, "\(path): \(unlisted.grouped) more entries without a file here",
                                  fix: "`mixtape doctor -v` lists them all"))
        }
        return findings
    }

    private var what: String {
        "\(source.kind.described), \(source.itemCount.counted("item")) in the index"
    }


    private func freshness(changed: Bool, how: String) -> Finding {
        guard let indexed = source.indexedAt else {
            return .note(Self.check, "\(source.path) has never been indexed completely",
                         fix: "run `mixtape index` and read what it reports")
        }
        let state = "\(source.path): \(source.itemCount.counted("item")), indexed \(indexed.rfc3339)"
        guard !changed else {
            return .note(Self.check, "\(state); \(how)",
                         fix: "run `mixtape index` (cron or `mixtape watch` catch up by themselves)")
        }
        return .ok(Self.check, state)
    }

    /// Whether the root or a folder that held media was modified in a later second than the
    /// last index that changed the source (the index records whole seconds). An `index` run
    /// that finds nothing to change leaves that time alone, so a folder that only gained a
    /// file the walk ignores keeps this note until the next real change: a note, not a problem.
    private var folderChanged: Bool {
        guard let indexed = source.indexedAt else { return true }
        return ([source.path] + mediaFolders).contains { folder in
            FileFacts.modificationTimeNs(folder).map { $0 / 1_000_000_000 > indexed.rawValue } ?? true
        }
    }
}
