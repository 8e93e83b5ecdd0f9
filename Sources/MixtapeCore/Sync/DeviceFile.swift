/// One file a plan puts on a device: the choice it is made from, whose it is in the manifest
/// (the item's id; with playlist folders, the item in that playlist), and where it goes.
struct DeviceFile {
    var choice: SyncChoice
    var owner: String
    var folder: String
    var stem: String

    /// Every file of a sync: each item once where the layout puts it, or with playlist
    /// folders, each playlist's items once each, in its order, in a folder of its own and
    /// numbered (`Road Trip/001 - Dancing Queen.mp3`), for players that play a folder in
    /// the order of its names and ignore playlists.
    static func all(_ choices: [SyncChoice], playlists: [SyncPlaylist], settings: SyncSettings) -> [DeviceFile] {
        guard settings.playlistFolders else {
            return choices.map { choice in
                let place = settings.layout.place(choice.item, names: settings.names)
                return DeviceFile(choice: choice, owner: choice.item.id.rawValue, folder: place.folder, stem: place.stem)
            }
        }
        // A folder is one playlist: the album layout's `1-01 Title` says little there, so
        // unless a layout is given, a file is named `NNN - Artist - Title`.
        let layout = settings.layout == .standard ? DeviceLayout.playlistEntry : settings.layout
        let byID = Dictionary(choices.map { ($0.item.id, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [DeviceFile] = []
        for list in playlists {
            var seen: Set<ItemID> = []
            let members = list.items.filter { byID[$0] != nil && seen.insert($0).inserted }
            let width = max(3, String(members.count).count)
            for (offset, id) in members.enumerated() {
                guard let choice = byID[id] else { continue }
                let number = String(offset + 1)
                let prefix = String(repeating: "0", count: width - number.count) + number + " - "
                let stem = layout.place(choice.item, names: settings.names).stem
                files.append(DeviceFile(choice: choice, owner: owner(of: id, in: list, settings: settings),
                                            folder: settings.names.component(list.name),
                                            stem: settings.names.component(prefix + stem)))
            }
        }
        return files
    }

    /// The manifest's owner of `id`'s file for `list`.
    static func owner(of id: ItemID, in list: SyncPlaylist, settings: SyncSettings) -> String {
        settings.playlistFolders ? id.rawValue + "@" + list.id : id.rawValue
    }
}
