import MixtapeTerminal

/// What the picker's loop needs of a terminal. `TerminalSession` is the real one; `pickbench`
/// replays scripted keystrokes through a terminal of its own, so the latency it measures is
/// that of the real reducer, matcher and renderer.
public protocol PickerTerminal: AnyObject, Sendable {
    /// Columns and rows.
    var size: (width: Int, height: Int) { get }
    /// Writes screen updates.
    func write(_ bytes: [UInt8])
    /// Blocks until input, a resize, a `wake()` or the timeout (nil: none).
    func wait(timeoutMilliseconds: Int?) -> [TerminalInput]
    /// Interrupts `wait` from another thread.
    func wake()
    /// Gives the terminal to another program (`execute:`) until `resume()`.
    func suspend()
    /// Takes the terminal back after `suspend()`, on a cleared screen.
    func resume() throws
}

extension PickerTerminal {
    /// A scripted terminal has no one else to hand itself to.
    public func suspend() {}

    /// Nothing to take back.
    public func resume() throws {}
}

extension TerminalSession: PickerTerminal {}
