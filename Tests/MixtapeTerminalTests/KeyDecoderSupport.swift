@testable import MixtapeTerminal
import Testing

/// One row of a decoder table: bytes in, keys out, with a name the test report can show.
struct KeyCase: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let keys: [Key]

    init(_ name: String, _ bytes: [UInt8], _ keys: Key...) {
        self.name = name
        self.bytes = bytes
        self.keys = keys
    }

    init(_ name: String, _ text: String, _ keys: Key...) {
        self.init(name, Array(text.utf8), keys)
    }

    private init(_ name: String, _ bytes: [UInt8], _ keys: [Key]) {
        self.name = name
        self.bytes = bytes
        self.keys = keys
    }

    var testDescription: String { name }
}

/// One thing that happens to a decoder in a split-read scenario.
enum DecoderStep: Sendable {
    case bytes([UInt8])
    case timeout

    static func text(_ text: String) -> DecoderStep { .bytes(Array(text.utf8)) }
}

/// A scenario of several reads and timeouts, with the keys expected after each step.
struct StepCase: CustomTestStringConvertible, Sendable {
    let name: String
    let steps: [DecoderStep]
    let expected: [[Key]]

    init(_ name: String, _ steps: [DecoderStep], _ expected: [[Key]]) {
        self.name = name
        self.steps = steps
        self.expected = expected
    }

    var testDescription: String { name }
}

/// Runs `steps` through a fresh decoder and returns the keys produced by each step.
func run(_ steps: [DecoderStep]) -> [[Key]] {
    var decoder = KeyDecoder()
    return steps.map { step in
        switch step {
        case .bytes(let bytes): decoder.feed(bytes)
        case .timeout: decoder.flushTimeout()
        }
    }
}

/// Decodes `bytes` in one read followed by a timeout.
func decodeAtOnce(_ bytes: [UInt8]) -> [Key] {
    run([.bytes(bytes), .timeout]).flatMap { $0 }
}

/// Decodes `bytes` one byte per read, then a timeout.
func decodeByteByByte(_ bytes: [UInt8]) -> [Key] {
    run(bytes.map { .bytes([$0]) } + [.timeout]).flatMap { $0 }
}

let esc = "\u{1b}"
