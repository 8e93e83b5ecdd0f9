import Foundation
import Testing

/// What a re-export of the same library (its tracks in another order, one value changed) must
/// do when indexed again: update exactly one item, add and remove none, and keep every item's
/// and every playlist's id. Taken before the re-export; `reindex` runs `index` and checks.
struct ReexportCheck {
    let itemIDs: Set<String>
    let playlists: [[String: Any]]

    init(_ scratch: MixtapeProcess) throws {
        itemIDs = Set(try scratch.run(["search", "--json"]).records.compactMap { $0["id"] as? String })
        playlists = try scratch.run(["playlists", "--json"]).records
    }

    /// Indexes every recorded source again and checks the report and the ids; returns the
    /// items and playlists after, for the test's own checks of the changed value.
    @discardableResult
    func reindex(_ scratch: MixtapeProcess, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (items: [[String: Any]], playlists: [[String: Any]]) {
        let result = try scratch.run(["index", "--json"])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        let report = try #require(result.records.first, sourceLocation: sourceLocation)
        #expect(report["added"] as? Int == 0 && report["removed"] as? Int == 0 && report["updated"] as? Int == 1,
                "\(report)", sourceLocation: sourceLocation)
        let items = try scratch.run(["search", "--json"]).records
        #expect(Set(items.compactMap { $0["id"] as? String }) == itemIDs, sourceLocation: sourceLocation)
        let playlistsAfter = try scratch.run(["playlists", "--json"]).records
        #expect(playlistsAfter.map { $0["id"] as? String } == playlists.map { $0["id"] as? String },
                sourceLocation: sourceLocation)
        return (items, playlistsAfter)
    }
}
