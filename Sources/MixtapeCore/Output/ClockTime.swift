/// A duration as people read it on a player: `4:12`, `1:02:03`. Used for the picker's
/// right-hand column and its preview, where `252000 ms` would have to be worked out.
public enum ClockTime {
    /// `milliseconds` as m:ss, or h:mm:ss from an hour on; rounded down to the second.
    /// Negative values read as 0.
    public static func text(milliseconds: Int64) -> String {
        let seconds = max(0, milliseconds) / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(seconds / 60):\(ss)" }
        return "\(hours):\(minutes < 10 ? "0\(minutes)" : "\(minutes)"):\(ss)"
    }
}
