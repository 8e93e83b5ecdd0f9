/// Tells a double click from two clicks: the driver, which has a clock, passes each mouse
/// event through `mark`, with the time in milliseconds, before the reducer sees it. Like fzf,
/// a second left press on the same row within `interval` is a double click; a third starts
/// over.
public struct ClickTracker: Sendable {
    /// The most milliseconds between the presses of a double click (fzf's 500).
    public static let interval: Int64 = 500

    private var last: (row: Int, time: Int64)?

    /// A tracker that has seen no click.
    public init() {}

    /// `event`, with `isDoubleClick` set when it is the second press of a double click.
    public mutating func mark(_ event: MouseEvent, atMilliseconds now: Int64) -> MouseEvent {
        guard event.isPress, !event.isMotion else { return event }
        guard event.button == .left, event.modifiers.isEmpty else {
            last = nil
            return event
        }
        var marked = event
        if let last, last.row == event.row, now - last.time >= 0, now - last.time <= Self.interval {
            marked.isDoubleClick = true
            self.last = nil
        } else {
            last = (event.row, now)
        }
        return marked
    }
}
