/// Where each application mixtape reads keeps its library, on Linux, macOS and Windows and on
/// a DJ's drive: a registry, one row per place. A new reader adds its rows here, and `doctor`,
/// `index` and `index --discover` know about it.
///
/// Only places the applications choose themselves are listed: a rekordbox or iTunes-on-Music.app
/// XML export lives wherever the user saved it, so those rows name the export's default name.
public enum LibraryLocations {
    public static let all: [LibraryLocation] = itunes + traktor + rhythmbox + serato + engine + virtualdj
        + strawberry + clementine + foobar2000

    static let itunes = [
        LibraryLocation("iTunes", .macHome, "Music/iTunes/iTunes Music Library.xml", kinds: ["itunes"]),
        LibraryLocation("iTunes", .macHome, "Music/iTunes/iTunes Library.xml", kinds: ["itunes"]),
        LibraryLocation("iTunes", .windowsProfile, "Music/iTunes/iTunes Music Library.xml", kinds: ["itunes"]),
        LibraryLocation("iTunes", .windowsProfile, "Music/iTunes/iTunes Library.xml", kinds: ["itunes"]),
    ]
    static let traktor = [
        LibraryLocation("Traktor", .macHome, "Documents/Native Instruments/Traktor */collection.nml", kinds: ["traktor"]),
        LibraryLocation("Traktor", .windowsProfile, "Documents/Native Instruments/Traktor */collection.nml",
                        kinds: ["traktor"]),
    ]
    static let rhythmbox = [
        LibraryLocation("Rhythmbox", .linuxHome, ".local/share/rhythmbox/rhythmdb.xml", kinds: ["rhythmbox"]),
        LibraryLocation("Rhythmbox", .linuxHome, ".var/app/org.gnome.Rhythmbox3/data/rhythmbox/rhythmdb.xml",
                        kinds: ["rhythmbox"]),
    ]
    static let serato = [
        LibraryLocation("Serato", .macHome, "Music/_Serato_/database V2", kinds: ["serato"]),
        LibraryLocation("Serato", .windowsProfile, "Music/_Serato_/database V2", kinds: ["serato"]),
        LibraryLocation("Serato", .driveRoot, "_Serato_/database V2", kinds: ["serato"]),
    ]
    /// Engine DJ 2 and later keep `Database2/m.db`; Engine Prime 1 kept `m.db` itself.
    static let engine = [LibraryLocation.Base.macHome, .windowsProfile, .driveRoot].flatMap { base in
        let folder = base == .driveRoot ? "Engine Library" : "Music/Engine Library"
        return [LibraryLocation("Engine DJ", base, folder + "/Database2/m.db", kinds: ["engine"]),
                LibraryLocation("Engine DJ", base, folder + "/m.db", kinds: ["engine"])]
    }
    static let virtualdj = [
        LibraryLocation("VirtualDJ", .macHome, "Documents/VirtualDJ/database.xml", kinds: ["virtualdj"]),
        LibraryLocation("VirtualDJ", .macHome, "Library/Application Support/VirtualDJ/database.xml", kinds: ["virtualdj"]),
        LibraryLocation("VirtualDJ", .windowsProfile, "Documents/VirtualDJ/database.xml", kinds: ["virtualdj"]),
        LibraryLocation("VirtualDJ", .windowsProfile, "AppData/Local/VirtualDJ/database.xml", kinds: ["virtualdj"]),
        LibraryLocation("VirtualDJ", .windowsProfile, "Documents/VirtualDJ/VirtualDJ Local Database v6.xml",
                        kinds: ["virtualdj"]),
        LibraryLocation("VirtualDJ", .driveRoot, "VirtualDJ/database.xml", kinds: ["virtualdj"]),
    ]
    static let strawberry = [
        LibraryLocation("Strawberry", .linuxHome, ".local/share/strawberry/strawberry/strawberry.db", kinds: ["strawberry"]),
        LibraryLocation("Strawberry", .linuxHome,
                        ".var/app/org.strawberrymusicplayer.strawberry/data/strawberry/strawberry/strawberry.db",
                        kinds: ["strawberry"]),
        LibraryLocation("Strawberry", .macHome, "Library/Application Support/Strawberry/Strawberry/strawberry.db",
                        kinds: ["strawberry"]),
        LibraryLocation("Strawberry", .windowsProfile, "AppData/Local/Strawberry/Strawberry/strawberry.db",
                        kinds: ["strawberry"]),
    ]
    static let clementine = [
        LibraryLocation("Clementine", .linuxHome, ".config/Clementine/clementine.db", kinds: ["clementine"]),
        LibraryLocation("Clementine", .linuxHome, ".var/app/org.clementine_player.Clementine/config/Clementine/clementine.db",
                        kinds: ["clementine"]),
        LibraryLocation("Clementine", .macHome, "Library/Application Support/Clementine/clementine.db", kinds: ["clementine"]),
        LibraryLocation("Clementine", .windowsProfile, ".config/Clementine/clementine.db", kinds: ["clementine"]),
    ]
    static let foobar2000 = [
        LibraryLocation("foobar2000", .windowsProfile, "AppData/Roaming/foobar2000-v2/playlists-v2.0/index.txt",
                        kinds: ["foobar2000"]),
        LibraryLocation("foobar2000", .windowsProfile, "AppData/Roaming/foobar2000/playlists-v2.0/index.txt",
                        kinds: ["foobar2000"]),
        LibraryLocation("foobar2000", .macHome, "Library/foobar2000-v2/playlists-v2.0/index.txt", kinds: ["foobar2000"]),
    ]

    /// The applications in the order `all` names them first.
    public static var applications: [String] {
        var seen: Set<String> = []
        return all.map(\.application).filter { seen.insert($0).inserted }
    }

    /// The lines that say where each application keeps its library, one per place, grouped
    /// by application: what `index` prints when there is no source yet, and `doctor -v`.
    public static var whereLines: [String] {
        let width = applications.map(\.count).max() ?? 0
        var lines: [String] = []
        for application in applications {
            for (index, location) in all.filter({ $0.application == application }).enumerated() {
                let name = index == 0 ? application : ""
                let system = location.base.rawValue
                lines.append(padded(name, to: width + 2) + padded(system, to: 9) + location.shown)
            }
        }
        return lines
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
