/// What `mixtape play` (and the picker's `play` and `enqueue`) asks of a player: entries in
/// order, and how they meet the player's queue. Every player adapter turns this one value into
/// its own protocol, so choosing items, `--shuffle` and the modes are decided once, here.
public struct PlayRequest: Hashable, Sendable {
    /// How the entries meet what the player already has queued (spec/cli.md `play`).
    public enum Mode: String, CaseIterable, Sendable {
        /// Clear the queue, then play the entries from the first.
        case replace
        /// Append to the queue; an idle player starts on the first of them.
        case enqueue
        /// Insert right after the entry playing now (an idle player: as `enqueue`).
        case next
    }

    /// Paths after `--map-prefix`, with a cue track's `startMs`/`endMs`.
    public var entries: [PlaylistEntry]
    /// How they meet the queue.
    public var mode: Mode

    /// A request for `entries`, in this order.
    public init(entries: [PlaylistEntry], mode: Mode = .replace) {
        self.entries = entries
        self.mode = mode
    }

    /// The request with its entries in random order (`--shuffle`): shuffled here rather than
    /// by the player's own shuffle, which would also reorder what was queued before.
    public func shuffled(using generator: inout some RandomNumberGenerator) -> PlayRequest {
        PlayRequest(entries: entries.shuffled(using: &generator), mode: mode)
    }
}

extension PlaylistEntry {
    /// A range's start and end as seconds with up to three decimals (`12.5`), the form mpv,
    /// MPD and VLC all take; nil for a whole file.
    public var rangeSeconds: (start: String, end: String?)? {
        guard let startMs else { return nil }
        return (PlaylistEntry.seconds(startMs), endMs.map(PlaylistEntry.seconds))
    }
}
