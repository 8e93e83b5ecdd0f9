import FuzzReplay
import MixtapeCore

/// Any bytes as the song URIs of a `play` to MPD (`MPDCommands`): whatever a file name holds,
/// no protocol line carries a line feed, carriage return or NUL, and every quoted argument,
/// read back as MPD's tokenizer reads it, ends where the line says and gives back the name byte
/// for byte. So no name can end its command early and have the rest read as commands of its
/// own (`save`, `rm`…).
///
/// The first byte chooses the insertion position (0: none) and the second the command-list
/// budget (small, so lists are cut often); the rest is URIs separated by 0xFF, a byte UTF-8
/// never holds (any other byte, valid UTF-8 or not, can be in a name).
@main
enum FuzzMPD {
    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let position = bytes[0] == 0 ? nil : Int(bytes[0]) - 1
        let budget = 40 + Int(bytes[1]) * 8
        let uris = bytes.dropFirst(2).split(separator: 0xFF, omittingEmptySubsequences: false).map(PathBytes.string)
        var carried: [String] = []
        for uri in uris {
            let raw = PathBytes.bytes(uri)
            let cannot = raw.contains { $0 == 0x0a || $0 == 0x0d || $0 == 0x00 }
            fuzzCheck(MPDCommands.canCarry(uri) == !cannot, "canCarry is wrong for \(raw)")
            guard let quoted = MPDCommands.quoted(uri) else {
                fuzzCheck(cannot, "a name MPD can carry was refused: \(raw)")
                continue
            }
            fuzzCheck(!cannot, "a name with a line break or NUL was quoted: \(raw)")
            let line = PathBytes.bytes(quoted)
            checkLine(line)
            let (argument, end) = readArgument(line, from: 0)
            fuzzCheck(end == line.count, "the quoted argument ends early, at byte \(end) of \(line.count): \(line)")
            fuzzCheck(argument == raw, "the quoted argument reads back as \(argument ?? []), not \(raw)")
            carried.append(uri)
        }
        let lines = MPDCommands.additions(uris, at: position)
        fuzzCheck(lines.count == carried.count, "\(lines.count) addid lines for \(carried.count) names MPD can carry")
        for (index, (line, uri)) in zip(lines, carried).enumerated() {
            let bytes = PathBytes.bytes(line)
            checkLine(bytes)
            let prefix = Array("addid ".utf8)
            fuzzCheck(bytes.starts(with: prefix), "an addid line starts \(bytes.prefix(6))")
            let (argument, end) = readArgument(bytes, from: prefix.count)
            fuzzCheck(argument == PathBytes.bytes(uri), "addid's argument reads back as \(argument ?? [])")
            let tail = Array(bytes[end...])
            let expected = position.map { Array(" \($0 + index)".utf8) } ?? []
            fuzzCheck(tail == expected, "after the argument: \(tail), not the position \(expected)")
        }
        let lists = MPDCommands.commandLists(lines, maxBytes: budget)
        fuzzCheck(Array(lists.joined()) == lines, "command lists lose, add or reorder lines")
        let frame = "command_list_ok_begin\n".utf8.count + "command_list_end\n".utf8.count
        for list in lists {
            fuzzCheck(!list.isEmpty, "an empty command list")
            let size = frame + list.reduce(0) { $0 + $1.utf8.count + 1 }
            fuzzCheck(list.count == 1 || size <= budget, "a command list of \(size) bytes over the budget of \(budget)")
        }
    }

    /// No byte that ends a line (or a C string) for MPD.
    static func checkLine(_ line: [UInt8]) {
        fuzzCheck(!line.contains { $0 == 0x0a || $0 == 0x0d || $0 == 0x00 }, "a protocol line holds a line break or NUL: \(line)")
    }

    /// A quoted argument read from `start` as MPD's tokenizer reads it (`"`, a backslash takes
    /// the next byte as it is, `"` ends it; then a space or the end of the line): its bytes and
    /// where it ends, or nil when it is no argument.
    static func readArgument(_ line: [UInt8], from start: Int) -> ([UInt8]?, Int) {
        guard start < line.count, line[start] == 0x22 else { return (nil, start) }
        var out: [UInt8] = []
        var index = start + 1
        while index < line.count {
            switch line[index] {
            case 0x5c:
                guard index + 1 < line.count else { return (nil, index) }
                out.append(line[index + 1])
                index += 2
            case 0x22:
                let end = index + 1
                guard end == line.count || line[end] == 0x20 else { return (nil, end) }
                return (out, end)
            default:
                out.append(line[index])
                index += 1
            }
        }
        return (nil, index)
    }
}
