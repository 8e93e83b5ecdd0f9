import Foundation
import MixtapeCore

/// The picker's side of listening (spec/picker.md, "Listening while picking"): `play`,
/// `enqueue` and `stop` carried out on a thread of their own, so the picker never waits on a
/// player (starting mpv, a slow MPD, a hung socket), and each outcome reported as one status
/// line.
///
/// Requests run in order, except that a `play` overtaken by a newer one before it started is
/// skipped: pressing `play` down a list auditions the item the cursor stops on, not each one
/// passed. Leaving the picker leaves the player as it is.
public final class PickerPlayback: @unchecked Sendable {
    private enum Job {
        case play(ItemID, generation: Int)
        case enqueue([ItemID])
        case stop
    }

    private let player: any Player
    private let choice: EntryChoice
    private let queue = DispatchQueue(label: "mixtape.picker.playback")
    private let lock = NSLock()
    /// Guarded by `lock`: the newest `play` asked for, and the statuses not yet drained.
    private var latestPlay = 0
    private var statuses: [String?] = []
    private let wake: @Sendable () -> Void

    /// Playback through `player` of the items of the index `choice` reads (its `--map-prefix`
    /// rules applied); `wake` is called (on the playback thread) after each status is posted.
    public init(player: any Player, choice: EntryChoice, wake: @escaping @Sendable () -> Void) {
        self.player = player
        var choice = choice
        choice.missing = .skip
        choice.skipsNotFiles = true
        self.choice = choice
        self.wake = wake
    }

    /// The player's name, for status lines.
    public var name: String { player.name }

    /// Plays `id` now, replacing what the player had (audition).
    public func play(_ id: ItemID) {
        let generation = lock.withLock { latestPlay += 1; return latestPlay }
        submit(.play(id, generation: generation))
    }

    /// Adds `ids` to the end of the player's queue.
    public func enqueue(_ ids: [ItemID]) { submit(.enqueue(ids)) }

    /// Stops what `play` started.
    public func stop() { submit(.stop) }

    /// The status lines posted since the last call, oldest first (nil clears the line).
    public func drain() -> [String?] {
        lock.withLock {
            defer { statuses = [] }
            return statuses
        }
    }

    private func submit(_ job: Job) {
        queue.async { [self] in
            guard let status = run(job) else { return }
            lock.withLock { statuses.append(status) }
            wake()
        }
    }

    /// Carries out one job; its status line, or nil when it was overtaken.
    private func run(_ job: Job) -> String? {
        do {
            switch job {
            case .play(let id, let generation):
                guard generation == lock.withLock({ latestPlay }) else { return nil }
                let chosen = try entries([id])
                guard let entry = chosen.entries.first else { return "\(player.name): " + PickerPlayback.nothing(chosen, "this item") }
                let receipt = try player.play(PlayRequest(entries: [entry], mode: .replace))
                return "\(player.name): ▶ " + PickerPlayback.label(entry) + PickerPlayback.suffix(receipt.notes)
            case .enqueue(let ids):
                let chosen = try entries(ids)
                let found = chosen.entries
                guard !found.isEmpty else { return "\(player.name): " + PickerPlayback.nothing(chosen, "these items") }
                let receipt = try player.play(PlayRequest(entries: found, mode: .enqueue))
                let count = receipt.accepted == 1 && found.count == 1 ? PickerPlayback.label(found[0])
                    : "\(receipt.accepted.counted("item"))"
                return "\(player.name): + \(count) queued" + PickerPlayback.suffix(receipt.notes)
            case .stop:
                try player.stop()
                return "\(player.name): stopped"
            }
        } catch {
            return "\(player.name): \(error)"
        }
    }

    private func entries(_ ids: [ItemID]) throws -> EntryChoice.Chosen {
        var choice = self.choice
        choice.source = .items(ids)
        return try choice.choose()
    }

    /// Why nothing of `what` can be played: no file here, or not a file a player can take.
    static func nothing(_ chosen: EntryChoice.Chosen, _ what: String) -> String {
        guard let first = chosen.notFiles.first else { return "no file here for \(what)" }
        return "not played: \(PathBytes.oneLine(first.path)) is \(first.kind.description)"
    }

    /// `Artist - Title`, else the file's name.
    static func label(_ entry: PlaylistEntry) -> String {
        let title = entry.title ?? String(entry.path.split(separator: "/").last ?? "")
        return [entry.artist, title].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " - ")
    }

    private static func suffix(_ notes: [String]) -> String {
        notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }
}
