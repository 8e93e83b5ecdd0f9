import Foundation
import MixtapeApp
import MixtapeCore
import MixtapeTerminal

/// `pickbench INDEX [RUNS]`: the picker's latency for `make bench`, without a real terminal but
/// through the real loop, reducer, matching thread, renderer and painter.
///
/// Each run opens the picker on an 80×24 scripted terminal with an empty query, waits for the
/// first full frame (every item listed), then types `the beat live` one key at a time and
/// presses Backspace five times. A key is sent once the frame answering the one before it is
/// drawn. Its latency is the time from handing the key to the loop to the frame that shows the
/// query's results: first the frame with the match count and the best page ranked (what the
/// screen shows), then the frame with the complete ranked list (what Alt-A and End act on).
/// Prints a markdown table.
///
/// With `PICKBENCH_PLAYER=mpv` (or mpd, vlc, a `[players.NAME]`), the second key of each run
/// comes after Ctrl-Home and Alt-P: the best match of `t` starts playing while the rest is
/// typed, so the numbers say what a player costs the picker (it should cost nothing: playback
/// has its own thread). `PICKBENCH_VERBOSE` also prints the player's status line per key.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: pickbench INDEX [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10
let backspace: [UInt8] = [0x7f]
let script: [[UInt8]] = "the beat live".map { Array(String($0).utf8) } + Array(repeating: backspace, count: 5)

let verbose = ProcessInfo.processInfo.environment["PICKBENCH_VERBOSE"] != nil
let playerName = ProcessInfo.processInfo.environment["PICKBENCH_PLAYER"].flatMap { $0.isEmpty ? nil : $0 }
let altP: [UInt8] = [0x1b, 0x70]
let firstRow: [UInt8] = Array("\u{1b}[1;5H".utf8)  // Ctrl-Home

/// Milliseconds on the monotonic clock.
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

/// A terminal that types the script, each key after the frame answering the last one.
final class ScriptedTerminal: PickerTerminal, @unchecked Sendable {
    let size = (width: 80, height: 24)
    private let condition = NSCondition()
    private var woken = false
    private var next = 0
    private var expectedQuery = ""
    private var answered = false
    private var sentAt = 0.0
    private(set) var keyLatencies: [Double] = []
    private(set) var pageLatencies: [Double] = []
    private(set) var echoLatencies: [Double] = []
    private var echoed = false
    private var paged = false
    private(set) var firstFrame: Double?
    private(set) var firstFullFrame: Double?
    private(set) var bytesWritten = 0
    let start: Double

    init(start: Double) { self.start = start }

    func write(_ bytes: [UInt8]) { bytesWritten += bytes.count }

    /// Called by the loop after each frame with the state it shows.
    func framed(_ state: PickerState) {
        let time = now()
        if firstFrame == nil { firstFrame = time - start }
        guard state.query == expectedQuery else { return }
        if next > 0, !echoed {
            echoed = true
            echoLatencies.append(time - sentAt)
        }
        if next > 0, !paged, state.resultsAreCurrent {
            paged = true
            pageLatencies.append(time - sentAt)
        }
        guard state.resultsFinal, !answered else { return }
        answered = true
        if next == 0 { firstFullFrame = time - start } else { keyLatencies.append(time - sentAt) }
        if verbose, next > 0 {
            let page = pageLatencies.last.map { String(format: "%.1f", $0) } ?? "-"
            FileHandle.standardError.write(Data("\(expectedQuery)\t\(state.results.count)\t\(page)\t\(String(format: "%.1f", time - sentAt))\t\(state.playerStatus ?? "")\n".utf8))
        }
    }

    func wait(timeoutMilliseconds: Int?) -> [TerminalInput] {
        if answered {
            answered = false
            echoed = false
            paged = false
            guard next < script.count else { return [.bytes([0x03])] } // Ctrl-C: done
            let key = script[next]
            next += 1
            expectedQuery = key == backspace ? String(expectedQuery.dropLast()) : expectedQuery + String(decoding: key, as: UTF8.self)
            sentAt = now()
            // Once `t` is answered: Ctrl-Home to its best match (the cursor stays on the item it
            // was on while that still matches), Alt-P to play it, then the next key.
            return [.bytes(next == 2 && playerName != nil ? firstRow + altP + key : key)]
        }
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeoutMilliseconds.map { Date().addingTimeInterval(Double($0) / 1000) }
        while !woken {
            if let deadline {
                if !condition.wait(until: deadline) { return [.timedOut] }
            } else {
                condition.wait()
            }
        }
        woken = false
        return [.woken]
    }

    func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

var latencies: [Double] = [], pages: [Double] = [], echoes: [Double] = [], firstFrames: [Double] = [], fullFrames: [Double] = []
var bytes = 0
for _ in 0..<runs {
    let start = now()
    var options = PickItems.Options(now: Timestamp(rawValue: Int64(Date().timeIntervalSince1970)))
    options.restore = false
    if let playerName { options.player = PlayerRegistry.player(named: playerName, commands: [:], background: true) }
    let picker = try PickItems(libraryPath: arguments[1], options: options)
    let terminal = ScriptedTerminal(start: start)
    picker.onFrame = { terminal.framed($0) }
    _ = try picker.run(on: terminal)
    latencies += terminal.keyLatencies
    pages += terminal.pageLatencies
    echoes += terminal.echoLatencies
    firstFrames.append(terminal.firstFrame ?? .nan)
    fullFrames.append(terminal.firstFullFrame ?? .nan)
    bytes += terminal.bytesWritten
}

func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
print("| measure (\(runs) runs, \(latencies.count) keystrokes, 80×24) | p50 | p99 | max |")
print("|---|---|---|---|")
print("| keystroke → frame with its results (matches counted, best \(PickItems.firstPage) ranked and drawn) | \(ms(percentile(pages, 50))) | \(ms(percentile(pages, 99))) | \(ms(pages.max() ?? .nan)) |")
print("| keystroke → frame with the complete ranked list | \(ms(percentile(latencies, 50))) | \(ms(percentile(latencies, 99))) | \(ms(latencies.max() ?? .nan)) |")
print("| keystroke → frame echoing it | \(ms(percentile(echoes, 50))) | \(ms(percentile(echoes, 99))) | \(ms(echoes.max() ?? .nan)) |")
print("| open → first frame | \(ms(percentile(firstFrames, 50))) | \(ms(percentile(firstFrames, 99))) | \(ms(firstFrames.max() ?? .nan)) |")
print("| open → first full frame (every item ranked) | \(ms(percentile(fullFrames, 50))) | \(ms(percentile(fullFrames, 99))) | \(ms(fullFrames.max() ?? .nan)) |")
print("")
print("- \(bytes / max(1, runs * (script.count + 1))) bytes written to the terminal per keystroke on average")
