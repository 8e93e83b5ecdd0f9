import Foundation
import MixtapeCore
@testable import MixtapeIngest
import Testing

@Suite("iTunes reader: identities, playlists, streaming")
struct ITunesLibraryTests {
    private static let twoTracks = [
        ITunesXML.track(10, pid: "0000000000000A01", "<key>Name</key><string>One</string>"),
        ITunesXML.track(20, pid: "0000000000000A02", "<key>Name</key><string>Two</string>"),
    ]

    @Test("a track without Persistent ID gets a content id that survives re-export")
    func derivesStableIDs() throws {
        let body = "<key>Name</key><string>Song</string><key>Artist</key><string>Band</string>"
            + "<key>Total Time</key><integer>1000</integer>"
        let first = try ITunesXML.read(ITunesXML.library(tracks: [ITunesXML.track(1, pid: nil, body)]))
        let again = try ITunesXML.read(ITunesXML.library(tracks: [
            ITunesXML.track(7, pid: "00000000000000FF"), ITunesXML.track(99, pid: nil, body),
        ]))
        let id = first.items[0].id
        #expect(id.rawValue.hasPrefix("itunes-derived:"))
        #expect(again.items[1].id == id)
        #expect(first.items[0].persistentID == nil)
    }

    /// Tracks without Persistent IDs and with different content keep their ids when a
    /// re-export lists them in another order (ids made from the content, not the position).
    @Test("derived ids follow the content, not the order")
    func derivedIDsFollowContent() throws {
        let one = ITunesXML.track(1, pid: nil, "<key>Name</key><string>One</string><key>Artist</key><string>A</string>")
        let two = ITunesXML.track(2, pid: nil, "<key>Name</key><string>Two</string><key>Artist</key><string>B</string>")
        let first = try ITunesXML.read(ITunesXML.library(tracks: [one, two])).items
        let reordered = try ITunesXML.read(ITunesXML.library(tracks: [two, one])).items
        #expect(first[0].id != first[1].id)
        #expect(!first[1].id.rawValue.hasSuffix("-2"), "a second track of other content is no repeat")
        #expect(Dictionary(uniqueKeysWithValues: first.map { ($0.title, $0.id) })
                == Dictionary(uniqueKeysWithValues: reordered.map { ($0.title, $0.id) }))
    }

    @Test("colliding derived ids are made unique in file order")
    func separatesDerivedCollisions() throws {
        let body = "<key>Name</key><string>Same</string>"
        let (items, summary) = try ITunesXML.read(ITunesXML.library(tracks: [
            ITunesXML.track(1, pid: nil, body), ITunesXML.track(2, pid: nil, body), ITunesXML.track(3, pid: nil, body),
        ]))
        #expect(items[1].id.rawValue == items[0].id.rawValue + "-2")
        #expect(items[2].id.rawValue == items[0].id.rawValue + "-3")
        #expect(summary.warnings.isEmpty)
    }

    @Test("a duplicated Persistent ID delivers both tracks and warns")
    func warnsOnDuplicatePersistentID() throws {
        let xml = ITunesXML.library(tracks: [
            ITunesXML.track(1, pid: "ABCDEF0123456789"), ITunesXML.track(2, pid: "abcdef0123456789"),
            ITunesXML.track(3, pid: "odd-id"), ITunesXML.track(4, pid: "ODD-ID"),
        ])
        let (items, summary) = try ITunesXML.read(xml)
        #expect(items.map(\.id.rawValue) == ["itunes:ABCDEF0123456789", "itunes:ABCDEF0123456789",
                                            "itunes:ODD-ID", "itunes:ODD-ID"])
        try #require(summary.warnings.count == 2)
        #expect(summary.warnings[0].message.contains("abcdef0123456789"))
        #expect(summary.warnings[0].position?.line == 16)  // the second track's <dict>
        #expect(summary.warnings[1].message.contains("ODD-ID"))
    }

    @Test("playlists: folders, smart, master, repeats, missing entries, empty ones")
    func readsPlaylists() throws {
        let playlists = [
            ITunesXML.playlist(name: "Library", pid: "00000000000000M1", trackIDs: [10, 20],
                               "<key>Master</key><true/><key>Visible</key><false/>"),
            ITunesXML.playlist(name: "Folder", pid: "00000000000000F1", trackIDs: nil, "<key>Folder</key><true/>"),
            ITunesXML.playlist(name: "Mix/Best", pid: "00000000000000p2", trackIDs: [20, 10, 20, 404],
                               "<key>Parent Persistent ID</key><string>00000000000000F1</string>"),
            ITunesXML.playlist(name: "Smart", pid: "00000000000000S1", trackIDs: [],
                               "<key>Smart Info</key><data>AQ==</data><key>Distinguished Kind</key><integer>4</integer>"),
            ITunesXML.playlist(name: "No id", pid: nil, trackIDs: [10]),
        ]
        let (_, summary) = try ITunesXML.read(ITunesXML.library(tracks: Self.twoTracks, playlists: playlists))
        let list = summary.playlists
        try #require(list.count == 5)
        let one = ItemID(rawValue: "itunes:0000000000000A01"), two = ItemID(rawValue: "itunes:0000000000000A02")
        #expect(list[0].isMaster && list[0].items == [one, two] && list[0].id.rawValue == "itunes-playlist:00000000000000M1")
        #expect(list[1].isFolder && list[1].items.isEmpty && list[1].missing == 0)
        #expect(list[2].id.rawValue == "itunes-playlist:00000000000000P2")
        #expect(list[2].parentID == list[1].id)
        #expect(list[2].items == [two, one, two] && list[2].missing == 1)
        #expect(list[3].isSmart && list[3].distinguishedKind == 4 && list[3].items.isEmpty)
        #expect(!list[0].isSmart && list[0].distinguishedKind == nil && list[0].parentID == nil)
        #expect(list[4].id.rawValue.hasPrefix("itunes-playlist-derived:") && list[4].items == [one])
        #expect(list.allSatisfy { $0.source == "/music/Library.xml" })
        #expect(summary.warnings.count == 1 && summary.warnings[0].message.contains("Mix/Best"))
        #expect(PlaylistPath.paths(of: list)[list[2].id] == "Folder/Mix\\/Best")
    }

    @Test("a cycle of Parent Persistent IDs is cut at the playlist that closes it, with a warning",
          arguments: [
              // (name, pid, parent) in file order; the names at the top after the cut
              ([("Self", "00000000000000C1", "00000000000000C1")], ["Self"]),
              ([("A", "00000000000000C1", "00000000000000C2"), ("B", "00000000000000C2", "00000000000000C1")], ["B"]),
              ([("A", "00000000000000C1", "00000000000000C3"), ("B", "00000000000000C2", "00000000000000C1"),
                ("C", "00000000000000C3", "00000000000000C2"), ("In", "00000000000000C4", "00000000000000C2")], ["C"]),
          ])
    func breaksParentCycles(_ playlists: [(String, String, String)], top: [String]) throws {
        let xml = ITunesXML.library(tracks: Self.twoTracks, playlists: playlists.map { name, pid, parent in
            ITunesXML.playlist(name: name, pid: pid, trackIDs: nil,
                               "<key>Folder</key><true/><key>Parent Persistent ID</key><string>\(parent)</string>")
        })
        let (_, summary) = try ITunesXML.read(xml)
        #expect(summary.playlists.filter { $0.parentID == nil }.map(\.name) == top)
        try #require(summary.warnings.count == 1)
        #expect(summary.warnings[0].message.contains("\"\(top[0])\"") && summary.warnings[0].message.contains("cycle"))
        #expect(summary.warnings[0].position?.line ?? 0 > 0)
    }

    @Test("a derived playlist id depends on name and position only")
    func derivesPlaylistIDs() throws {
        let make = { (tracks: [String]) in
            try ITunesXML.read(ITunesXML.library(tracks: tracks, playlists: [
                ITunesXML.playlist(name: "A", pid: nil, trackIDs: [10]), ITunesXML.playlist(name: "A", pid: nil, trackIDs: []),
            ])).summary.playlists.map(\.id)
        }
        let first = try make(Self.twoTracks), second = try make([])
        #expect(first == second)
        #expect(first[0] != first[1])
    }

    @Test("Playlists before Tracks still resolve")
    func resolvesForwardReferences() throws {
        let xml = ITunesXML.library(tracks: Self.twoTracks,
                                    playlists: [ITunesXML.playlist(name: "P", pid: "01", trackIDs: [20, 10])],
                                    playlistsFirst: true)
        let (_, summary) = try ITunesXML.read(xml)
        #expect(summary.playlists[0].items.map(\.rawValue) == ["itunes:0000000000000A02", "itunes:0000000000000A01"])
        #expect(summary.playlists[0].missing == 0)
    }

    @Test("a track without Track ID is found by its key in Tracks")
    func fallsBackToTracksKey() throws {
        let xml = ITunesXML.library(tracks: ["<key>Persistent ID</key><string>00000000000000AA</string>"],
                                    playlists: [ITunesXML.playlist(name: "P", pid: "01", trackIDs: [1])])
        let (items, summary) = try ITunesXML.read(xml)
        #expect(items[0].trackID == nil)
        #expect(summary.playlists[0].items == [items[0].id])
    }

    @Test("items stream in file order, in batches, from a file")
    func streamsBatchesFromFile() throws {
        let tracks = (1...2500).map { ITunesXML.track($0, pid: String(format: "%016X", $0)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mixtape-reader-\(UInt32.random(in: 0...UInt32.max)).xml")
        try Data(ITunesXML.library(tracks: tracks).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var batches: [Int] = []
        var ids: [Int64] = []
        let summary = try ITunesLibraryReader(path: url.path).read { items in
            batches.append(items.count)
            ids += items.compactMap(\.trackID)
        }
        #expect(ids == Array(1...2500))
        #expect(batches.count >= 2 && batches.dropLast().allSatisfy { $0 >= ITunesLibraryReader.batchSize })
        #expect(summary.trackCount == 2500)
    }

    @Test("playlists stream from a file once Tracks has closed, after the items they name, entries packed")
    func streamsPlaylistsAfterTracks() throws {
        let tracks = (1...2500).map { ITunesXML.track($0, pid: String(format: "%016x", $0)) }
        let playlists = [ITunesXML.playlist(name: "All", pid: "01", trackIDs: Array(1...2500)),
                         ITunesXML.playlist(name: "Two", pid: "02", trackIDs: [2500, 7, 2500, 99999])]
        let url = try Self.file(ITunesXML.library(tracks: tracks, playlists: playlists))
        defer { try? FileManager.default.removeItem(at: url) }
        var itemsSoFar = 0
        var streamed: [(name: String, itemsBefore: Int, ids: [String], missing: Int)] = []
        let summary = try ITunesLibraryReader(path: url.path).read(onItems: { itemsSoFar += $0.count }) { batch in
            for playlist in batch {
                #expect(playlist.items.isEmpty)
                streamed.append((playlist.name, itemsSoFar, playlist.packedItems?.ids.map(\.rawValue) ?? [],
                                 playlist.missing))
            }
        }
        #expect(summary.playlists.isEmpty)
        #expect(streamed.map(\.name) == ["All", "Two"])
        #expect(streamed.allSatisfy { $0.itemsBefore == 2500 })
        // Lower-case Persistent IDs come back as the upper-case ids the items carry.
        #expect(streamed[0].ids == (1...2500).map { String(format: "itunes:%016X", $0) })
        #expect(streamed[1].ids == ["itunes:00000000000009C4", "itunes:0000000000000007", "itunes:00000000000009C4"])
        #expect(streamed[1].missing == 1)
        #expect(summary.warnings.map(\.message) == ["playlist \"Two\": 1 entry names no track in this file"])
    }

    @Test("entries mixing hex, odd and derived ids, by Track IDs in any order, resolve in order",
          arguments: [false, true])
    func resolvesMixedEntries(playlistsFirst: Bool) throws {
        let tracks = [
            ITunesXML.track(5, pid: "00000000000000AA"), ITunesXML.track(3, pid: "odd"),
            ITunesXML.track(-2, pid: nil, "<key>Name</key><string>X</string>"),
            ITunesXML.track(9_000_000_000, pid: "00000000000000bb"), ITunesXML.track(4, pid: "00000000000000CC"),
        ]
        let playlist = ITunesXML.playlist(name: "Mix", pid: "01", trackIDs: [9_000_000_000, -2, 3, 5, 4, 77, 5])
        let (items, summary) = try ITunesXML.read(ITunesXML.library(tracks: tracks, playlists: [playlist],
                                                                    playlistsFirst: playlistsFirst))
        let resolved = try #require(summary.playlists.first)
        #expect(resolved.unpacked().items == [items[3].id, items[2].id, items[1].id, items[0].id, items[4].id, items[0].id])
        #expect(resolved.unpacked().items.map(\.rawValue).prefix(3)
                == ["itunes:00000000000000BB", items[2].id.rawValue, "itunes:ODD"])
        #expect(resolved.missing == 1)
    }

    @Test("playlists before Tracks wait for the end of a file and keep file order after streamed ones")
    func playlistsBeforeTracksWait() throws {
        let url = try Self.file(ITunesXML.library(
            tracks: Self.twoTracks, playlists: [ITunesXML.playlist(name: "P", pid: "01", trackIDs: [20, 10])],
            playlistsFirst: true))
        defer { try? FileManager.default.removeItem(at: url) }
        var streamedCount = 0
        let summary = try ITunesLibraryReader(path: url.path).read(onItems: { _ in }) { streamedCount += $0.count }
        #expect(streamedCount == 0)
        #expect(summary.playlists.map { $0.unpacked().items.map(\.rawValue) }
                == [["itunes:0000000000000A02", "itunes:0000000000000A01"]])
        // Without a playlist callback, everything is in the summary, in file order.
        let all = try ITunesLibraryReader(path: url.path).read(onItems: { _ in })
        #expect(all.playlists.map(\.name) == ["P"])
    }

    private static func file(_ xml: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mixtape-reader-\(UInt32.random(in: 0...UInt32.max)).xml")
        try Data(xml.utf8).write(to: url)
        return url
    }

    @Test("an error thrown by onItems propagates unchanged")
    func propagatesCallerErrors() throws {
        struct Stop: Error, Equatable {}
        let bytes = Array(ITunesXML.library(tracks: Self.twoTracks).utf8)
        var offset = 0
        #expect(throws: Stop()) {
            _ = try ITunesLibraryReader.parse(name: "x", readChunk: { buffer in
                let count = min(buffer.count, bytes.count - offset)
                buffer.copyBytes(from: bytes[offset..<offset + count])
                offset += count
                return count
            }, onItems: { _ in throw Stop() }, onPlaylists: { _ in })
        }
    }

    @Test("a missing file is a read error, not a malformed one")
    func reportsMissingFile() {
        #expect(throws: SourceReadError.self) {
            _ = try ITunesLibraryReader(path: "/nonexistent/mixtape/Library.xml").read { _ in }
        }
    }
}
