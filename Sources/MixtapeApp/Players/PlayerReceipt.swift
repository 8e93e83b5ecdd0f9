/// What a player took of a `PlayRequest`: `play` reports the entries the player accepted, not
/// the ones it was asked for (MPD leaves out a name its protocol cannot carry, or a file
/// outside its music directory).
public struct PlayerReceipt: Sendable, Equatable {
    /// Entries the player now has.
    public var accepted: Int
    /// For the user: what was left out and why, a cue track played whole, `--next` appended.
    public var notes: [String]

    public init(accepted: Int, notes: [String] = []) {
        self.accepted = accepted
        self.notes = notes
    }
}
