/// `sync --layout` (spec/cli.md): where an item's file goes below a device's folder, written
/// as a template of JSON keys, `{album_artist}/{album}/{disc}-{track:02} {title}` by default.
/// Each `/` of the template is a folder; each folder's and the file's name is made one the
/// device accepts (`DeviceNames`), so a `/` or a `:` in a title makes no folder and breaks no
/// FAT stick. `{disc}` and `{track}` are `disc_number` and `track_number`; `:0N` pads a number
/// with zeros to N digits. A value the item lacks is its fallback, so no folder is named ``:
/// "Unknown Artist", "Unknown Album", the file's own name for a title, 1 for a disc, 0 for a
/// track; other fields render empty.
public struct DeviceLayout: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case literal(String)
        case field(Field, width: Int?)
    }

    /// The template as written.
    public let text: String
    /// The parts of each folder's name, then the file's.
    let segments: [[Part]]

    public static let standard = try! DeviceLayout("{album_artist}/{album}/{disc}-{track:02} {title}")
    /// A file's name in a playlist's folder (`--playlist-folders`) when no layout is given.
    public static let playlistEntry = try! DeviceLayout("{artist} - {title}")

    public init(_ template: String) throws(DeviceLayoutError) {
        text = template
        var segments: [[Part]] = [[]]
        var literal = ""
        func flush() {
            if !literal.isEmpty { segments[segments.count - 1].append(.literal(literal)) }
            literal = ""
        }
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if (character == "{" || character == "}"), next < template.endIndex, template[next] == character {
                literal.append(character)
                index = template.index(after: next)
            } else if character == "{" {
                guard let close = template[next...].firstIndex(of: "}") else { throw .unclosedBrace(template: template) }
                let spec = template[next..<close].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let name = spec[0]
                guard let field = Self.field(name) else { throw .unknownField(template: template, name: String(name)) }
                var width: Int?
                if spec.count == 2 {
                    guard spec[1].hasPrefix("0"), let digits = Int(spec[1]), (1...9).contains(digits) else {
                        throw .badWidth(template: template, spec: String(template[next..<close]))
                    }
                    width = digits
                }
                flush()
                segments[segments.count - 1].append(.field(field, width: width))
                index = template.index(after: close)
            } else if character == "/" {
                flush()
                segments.append([])
                index = next
            } else if character == "}" {
                throw .unopenedBrace(template: template)
            } else {
                literal.append(character)
                index = next
            }
        }
        flush()
        let kept = segments.filter { !$0.isEmpty }
        guard !kept.isEmpty else { throw .empty }
        self.segments = kept
    }

    /// The item's place below the device's folder: its folders, `/`-joined (empty for none),
    /// and its file's name without the extension, each a name `names` accepts.
    public func place(_ item: MediaItem, names: DeviceNames) -> (folder: String, stem: String) {
        let rendered = segments.map { parts in parts.map { Self.render($0, of: item) }.joined() }
        let folders = rendered.dropLast().map { names.component($0) }
        let stem = names.component(rendered.last ?? "")
        return (folders.joined(separator: "/"), stem)
    }

    private static func render(_ part: Part, of item: MediaItem) -> String {
        switch part {
        case .literal(let text): return text
        case .field(let field, let width):
            guard let value = field.value(of: item) ?? fallback(field, of: item) else { return "" }
            if let width, case .integer(let number) = value {
                let digits = String(number.magnitude)
                return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            return value.plainText
        }
    }

    /// What stands in for a value the item lacks.
    private static func fallback(_ field: Field, of item: MediaItem) -> FieldValue? {
        switch field {
        case .albumArtist: .text(item.artist ?? "Unknown Artist")
        case .artist: .text("Unknown Artist")
        case .album: .text("Unknown Album")
        case .title: .text(fileStem(of: item) ?? "Unknown Title")
        case .discNumber: .integer(1)
        case .trackNumber: .integer(0)
        default: nil
        }
    }

    /// The item's file name without its extension.
    private static func fileStem(of item: MediaItem) -> String? {
        guard let path = item.path ?? item.location, let name = path.split(separator: "/").last else { return nil }
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return String(name) }
        return String(name[..<dot])
    }

    private static func field(_ name: Substring) -> Field? {
        switch name {
        case "disc": .discNumber
        case "track": .trackNumber
        case "name": .title
        default: Field(key: name)
        }
    }
}

/// Why a `--layout` template was refused.
public enum DeviceLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownField(template: String, name: String)
    case unclosedBrace(template: String)
    case unopenedBrace(template: String)
    case badWidth(template: String, spec: String)
    case empty

    public var description: String {
        switch self {
        case .unknownField(let template, let name):
            "--layout \(template): no field \(name); the JSON keys of `mixtape search --json` name them ({disc} and {track} too)"
        case .unclosedBrace(let template): "--layout \(template): a { is not closed"
        case .unopenedBrace(let template): "--layout \(template): a } closes nothing (write }} for a brace)"
        case .badWidth(let template, let spec): "--layout \(template): {\(spec)}: a width is :0 and a digit, as in {track:02}"
        case .empty: "--layout is empty: it names the file, as in {album_artist}/{album}/{track:02} {title}"
        }
    }
}
