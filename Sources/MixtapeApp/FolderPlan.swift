import MixtapeCore
import MixtapeIngest
import MixtapeStore

/// What to do with each media file a walk found, given what the last walk of the same folder
/// source recorded: keep it untouched, read it again under its old id, or read it as new.
///
/// Identity (README, "Folders"): a file keeps its id while it stays at its path, whatever
/// happens to its content; a file that disappeared from one path and appears at another
/// with the same device, inode and size was moved or renamed (a `mv` within one file system
/// keeps all three) and keeps its id too. A new file's id is `file:` and a hash of its device,
/// inode and first path, so it is stable from then on without depending on where it goes.
///
/// `date_added` follows identity: a file's first-seen time is recorded when it first gets its
/// id and travels with the id through re-reads and moves.
struct FolderPlan {
    /// Ids of files whose path and stamp are unchanged: nothing to read.
    var kept: [ItemID] = []
    /// Files to read, each with the id it is to have and when it was first seen (`date_added`).
    var toRead: [(file: MediaFile, id: ItemID, added: Timestamp)] = []
    /// What this walk records for the next one.
    var records: [FolderFileRecord] = []
    /// How many files were found moved.
    var moved = 0
    /// Whether some file got a fresh id (so a move from another folder source is worth a look).
    var hasNewFiles: Bool { newFiles > 0 }
    private var newFiles = 0

    /// The plan for `files` (this walk) against `previous` (the last walk's records);
    /// `rereadAll` (`--full`) reads every file again, under the ids they already have.
    /// `elsewhere` are records of other folder sources whose files are gone from their paths:
    /// a file found here with one's device, inode and size moved over from that source.
    /// Files recorded under `unreadable` folders (which the walk could not list) are kept as
    /// they were, never taken for deleted; so are files outside `scope`, when the walk covered
    /// only part of the source (a watch batch). `formerPath` tells where a file was before a
    /// rename the watcher saw, so it keeps its id even if its size changed on the way.
    /// `now` is the first-seen time of files new to the index, and of files recorded before
    /// the index kept one (read again once, so that their items get it).
    init(files: [MediaFile], previous: [FolderFileRecord], elsewhere: [FolderFileRecord] = [],
         unreadable: [String] = [], scope: FolderScope? = nil, formerPath: (String) -> String? = { _ in nil },
         rereadAll: Bool = false, now: Timestamp) {
        let prefixes = unreadable.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var walked: [FolderFileRecord] = []
        for record in previous where !record.isGone {
            if prefixes.contains(where: record.path.hasPrefix) || scope.map({ !$0.covers(record.path) }) == true {
                kept.append(record.itemID)
                records.append(record)
            } else {
                walked.append(record)
            }
        }
        let previous = walked
        var byPath: [String: FolderFileRecord] = [:]
        for record in previous { byPath[record.path] = record }
        let present = Set(files.map(\.path))
        var gone: [MoveKey: [FolderFileRecord]] = [:]
        for record in previous where !present.contains(record.path) {
            gone[MoveKey(device: record.device, inode: record.inode, size: record.size), default: []].append(record)
        }
        for record in elsewhere {
            gone[MoveKey(device: record.device, inode: record.inode, size: record.size), default: []].insert(record, at: 0)
        }
        var used = Set(kept)
        var renamed: [String: FolderFileRecord] = [:]
        for file in files where byPath[file.path] == nil {
            if let former = formerPath(file.path), let record = byPath[former], !present.contains(former) {
                renamed[file.path] = record
            }
        }
        let claimed = Set(renamed.values.map(\.itemID))
        for key in gone.keys { gone[key]?.removeAll { claimed.contains($0.itemID) } }
        for file in files {
            var id: ItemID
            var unchanged = false
            var firstSeen: Timestamp?
            if let earlier = byPath[file.path] {
                id = earlier.itemID
                firstSeen = earlier.firstSeen
                unchanged = !rereadAll && earlier.stamp == file.stamp && firstSeen != nil
            } else if let origin = renamed[file.path] {
                id = origin.itemID
                firstSeen = origin.firstSeen
                moved += 1
            } else if let origin = gone[MoveKey(file)]?.popLast() {
                id = origin.itemID
                firstSeen = origin.firstSeen
                moved += 1
            } else {
                id = FolderPlan.newID(for: file)
                newFiles += 1
            }
            if used.contains(id) {
                // Two files claiming one id (hard links, a copy of a moved file): the second is new.
                id = FolderPlan.newID(for: file, salt: used.count)
                unchanged = false
                firstSeen = nil
            }
            used.insert(id)
            let added = firstSeen ?? now
            if unchanged { kept.append(id) } else { toRead.append((file, id, added)) }
            records.append(FolderFileRecord(path: file.path, itemID: id, device: file.device, inode: file.inode,
                                            size: file.size, stamp: file.stamp, firstSeen: added))
        }
        // This source's files that are gone and were not found moved within it: remembered for
        // one walk, in case another folder source finds them.
        for record in previous where !present.contains(record.path) && !used.contains(record.itemID) {
            var tombstone = record
            tombstone.isGone = true
            records.append(tombstone)
        }
    }

    /// `file:` + 16 hex digits of the file's device, inode and path (and `salt`, when the
    /// plain id is taken).
    static func newID(for file: MediaFile, salt: Int? = nil) -> ItemID {
        var hash = StableHash()
        hash.combine(Int64(bitPattern: file.device))
        hash.combine(Int64(bitPattern: file.inode))
        hash.combine(file.path)
        if let salt { hash.combine(Int64(salt)) }
        return ItemID(rawValue: "file:" + hash.hexDigest)
    }

    /// What a move keeps: the file's device, inode and size.
    private struct MoveKey: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64

        init(device: UInt64, inode: UInt64, size: Int64) {
            self.device = device
            self.inode = inode
            self.size = size
        }

        init(_ file: MediaFile) { self.init(device: file.device, inode: file.inode, size: file.size) }
    }
}
