import MixtapeCore

/// The `play` use case (spec/cli.md): the entries `EntryChoice` picks (the query's matches in
/// rank order, the selection in selection order, a playlist in its order), in random order
/// with `shuffle`, handed to a player in one `PlayRequest`.
///
/// Files missing here are left out (a player would only stop at them) and counted, and so is
/// anything that is not a regular file (`FileKind`: a device, a FIFO, a kernel file, on which
/// a player would hang); when nothing is left, the player is not touched, so an empty query
/// never clears a queue.
public struct PlayItems {
    /// Which entries (files missing here are always skipped).
    public var choice: EntryChoice
    /// `--replace`, `--enqueue` or `--next`.
    public var mode: PlayRequest.Mode = .replace
    /// `--shuffle`.
    public var shuffle = false

    /// Plays what `choice` chooses, skipping files missing here.
    public init(choice: EntryChoice) {
        self.choice = choice
        self.choice.missing = .skip
        self.choice.skipsNotFiles = true
    }

    /// What was played, and what was left out.
    public struct Outcome: Sendable {
        /// What was chosen, and what could not be.
        public var chosen: EntryChoice.Chosen
        /// What the player took: how many entries, and its own notes (what it left out, a cue
        /// track played whole, `--next` appended at the end).
        public var receipt: PlayerReceipt
        /// Entries the player accepted.
        public var played: Int { receipt.accepted }
        public var notes: [String] { receipt.notes }
    }

    /// The chosen entries, or `nothing` when none can be played.
    public func request() throws -> (request: PlayRequest?, chosen: EntryChoice.Chosen) {
        let chosen = try choice.choose()
        guard !chosen.entries.isEmpty else { return (nil, chosen) }
        var request = PlayRequest(entries: chosen.entries, mode: mode)
        if shuffle {
            var generator = SystemRandomNumberGenerator()
            request = request.shuffled(using: &generator)
        }
        return (request, chosen)
    }

    /// Chooses and plays on `player`; nil when there was nothing to play (the player is
    /// untouched).
    public func run(on player: any Player) throws -> Outcome? {
        let (request, chosen) = try request()
        guard let request else { return nil }
        return Outcome(chosen: chosen, receipt: try player.play(request))
    }
}
