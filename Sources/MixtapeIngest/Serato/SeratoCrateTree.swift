import MixtapeCore

/// Crates as playlists. Each crate is a playlist of its entries in order; its folder path comes
/// from `%%` in its file name. A crate that has subcrates (`A.crate` beside `A%%B.crate`) is
/// both a playlist of its own entries and the parent of its subcrates, as Serato shows it; a
/// folder no crate file stands for (`A%%B.crate` alone) is a playlist folder. Crates and smart
/// crates are two trees, as in Serato's side panel.
///
/// Smart crates are playlists of the entries Serato last stored in them, marked smart: Serato
/// keeps the list it computed with the rules (and refreshes it when "live update" is on), so
/// those are the crate as Serato last showed it. The rules themselves (`rurt`: a field, a
/// comparison, a value) are not translated into a query; unlike Rhythmbox's automatic
/// playlists, whose files hold no list, the stored list is there and is Serato's own answer.
///
/// Ids: `serato-playlist:` + a hash of the kind (crate or smart crate) and the folder path, so
/// they survive a re-export and reordering, not a rename.
enum SeratoCrateTree {
    /// The playlists of `crates` (in `SeratoCrate.files` order, parents first), each entry resolved to a track
    /// of the database by its path's key; an entry the database does not list counts as missing.
    /// Two files that name one crate (`A%%%%B.crate` and `A%%B.crate`): the first is kept,
    /// with a warning.
    static func playlists(_ crates: [SeratoCrate], source: String,
                          database: SeratoDatabase) -> (playlists: [Playlist], warnings: [IndexWarning]) {
        var playlists: [Playlist] = []
        var warnings: [IndexWarning] = []
        var ids: [String: PlaylistID] = [:]
        var made: Set<String> = []
        for crate in crates {
            let kind = crate.file.isSmart ? "smart" : "crate"
            guard made.insert(kind + "/" + crate.file.components.joined(separator: "%%")).inserted else {
                warnings.append(IndexWarning(position: SourcePosition(file: crate.file.path, line: 0, column: 0),
                                             message: "names the same crate as a file before it; the first is kept"))
                continue
            }
            var parent: PlaylistID?
            for depth in 1..<max(1, crate.file.components.count) {
                let path = crate.file.components.prefix(depth).joined(separator: "%%")
                if let known = ids[kind + "/" + path] {
                    parent = known
                    continue
                }
                var folder = Playlist(id: id("folder", kind, path), name: crate.file.components[depth - 1])
                folder.isFolder = true
                folder.parentID = parent
                folder.source = source
                ids[kind + "/" + path] = folder.id
                playlists.append(folder)
                parent = folder.id
            }
            let path = crate.file.components.joined(separator: "%%")
            var playlist = Playlist(id: id("playlist", kind, path), name: crate.file.components.last ?? "")
            playlist.parentID = parent
            playlist.isSmart = crate.file.isSmart
            playlist.source = source
            for entry in crate.entries {
                if let item = database.id(ofEntry: entry) { playlist.items.append(item) } else { playlist.missing += 1 }
            }
            ids[kind + "/" + path] = playlist.id
            playlists.append(playlist)
        }
        return (playlists, warnings)
    }

    private static func id(_ role: String, _ kind: String, _ path: String) -> PlaylistID {
        var hash = StableHash()
        hash.combine(role)
        hash.combine(kind)
        hash.combine(path)
        return PlaylistID(rawValue: "serato-playlist:" + hash.hexDigest)
    }
}
