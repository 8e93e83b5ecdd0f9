import Foundation
import MixtapeCore
@testable import MixtapeIngest

/// Builders for small inline iTunes exports, so each test states only the part it is about.
enum ITunesXML {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple Computer//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// A whole library: top-level keys around `tracks` (track dict bodies) and `playlists`.
    static func library(tracks: [String], playlists: [String]? = nil, playlistsFirst: Bool = false,
                        extraTop: String = "") -> String {
        var tracksXML = "<key>Tracks</key>\n<dict>\n"
        for (index, body) in tracks.enumerated() {
            tracksXML += "<key>\(index + 1)</key>\n<dict>\n\(body)\n</dict>\n"
        }
        tracksXML += "</dict>\n"
        var playlistsXML = ""
        if let playlists {
            playlistsXML = "<key>Playlists</key>\n<array>\n"
            for body in playlists { playlistsXML += "<dict>\n\(body)\n</dict>\n" }
            playlistsXML += "</array>\n"
        }
        let top = "<key>Major Version</key><integer>1</integer>\n"
            + "<key>Application Version</key><string>12.8.3.1</string>\n"
        let middle = playlistsFirst ? playlistsXML + tracksXML : tracksXML + playlistsXML
        return header + "<dict>\n" + top + middle + extraTop + "</dict>\n</plist>\n"
    }

    /// A track body with a Track ID and Persistent ID plus `extra`.
    static func track(_ trackID: Int, pid: String?, _ extra: String = "") -> String {
        var body = "<key>Track ID</key><integer>\(trackID)</integer>\n"
        if let pid { body += "<key>Persistent ID</key><string>\(pid)</string>\n" }
        return body + extra
    }

    /// A playlist body.
    static func playlist(name: String, pid: String?, trackIDs: [Int]?, _ extra: String = "") -> String {
        var body = "<key>Name</key><string>\(name)</string>\n"
        if let pid { body += "<key>Playlist Persistent ID</key><string>\(pid)</string>\n" }
        body += extra
        if let trackIDs {
            body += "<key>Playlist Items</key>\n<array>\n"
            for id in trackIDs { body += "<dict><key>Track ID</key><integer>\(id)</integer></dict>\n" }
            body += "</array>\n"
        }
        return body
    }

    static func read(_ xml: String, name: String = "/music/Library.xml") throws
        -> (items: [MediaItem], summary: ITunesLibrarySummary) {
        try ITunesLibraryReader.read(bytes: Array(xml.utf8), name: name)
    }
}

/// The shared real-world corpus (`../shared` next to the package root), which is not part of the
/// repository and may be absent. `MIXTAPE_TEST_SHARED` names another place for it, or `none` to
/// run as a clone with nothing beside it does (CI runs the suite once that way).
enum RealData {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shared: URL = {
        switch ProcessInfo.processInfo.environment["MIXTAPE_TEST_SHARED"] {
        case "none"?: URL(fileURLWithPath: "/nonexistent/mixtape-test-shared")
        case let path? where !path.isEmpty: URL(fileURLWithPath: path)
        default: packageRoot.appendingPathComponent("../shared").standardized
        }
    }()
    static let real = shared.appendingPathComponent("data/real")
    static let itunesDirectory = real.appendingPathComponent("itunes")

    static var available: Bool {
        FileManager.default.fileExists(atPath: itunesDirectory.path)
    }

    /// Absolute paths of the `.xml` files in `itunes/` (or `itunes/malformed/`).
    static func files(malformed: Bool) -> [String] {
        let directory = malformed ? itunesDirectory.appendingPathComponent("malformed") : itunesDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { directory.appendingPathComponent($0).path }
    }
}
