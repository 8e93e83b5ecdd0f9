/// Tags read from a media file's name: the lowest-precedence source (sidecar > embedded tags >
/// file name), there so a file with no tags at all still gets a readable title.
///
/// Because every other source overrides it, a wrong guess here is worse than no guess, so the
/// rules are conservative and a name that fits none of them is all title:
///
/// | name (extension stripped)   | reads as                                            |
/// |-----------------------------|-----------------------------------------------------|
/// | `Title`                     | title                                               |
/// | `Artist - Title`            | artist, title (the rest, ` - ` and all)             |
/// | `01 Title`                  | track 1, title: 2 digits, or 3 with a leading 0     |
/// | `1. Title`, `1 - Title`     | track 1, title: 1–3 digits and `.`, ` - `, `-`, `_` |
/// | `1-02 Title`                | disc 1, track 2 (1-digit disc, 2–3 digit track)     |
/// | `Artist - 01 - Title`       | artist, track 1, title                              |
/// | `Artist - Album - 01 - Title` | artist, album, track 1, title                     |
///
/// What is *not* read: a 4-digit number is never a track (`1999.mp3`, `2001 A Space
/// Odyssey.mkv` are titles); a 1-digit number needs a real separator (`7 Seconds.mp3` is a
/// title); a number followed by a digit is not a track (`1.5 Degrees`, `1-2-3 Go`); after a
/// leading track number the rest is all title (`01 Song - Live` is not artist "Song"); a
/// first part of digits only is no artist (`2001 - A Space Odyssey` is a title). A
/// 2-digit title (`99 Luftballons.mp3`) does read as a track, as every ripper names files so.
///
/// yt-dlp's and youtube-dl's default names (`Title [dQw4w9WgXcQ].webm`, `Title-dQw4w9WgXcQ.mp4`)
/// lose the video id first. Only an 11-character id with a digit, `_` or `-` in it counts, so
/// `Song [Instrumental]` keeps its bracket. ` – ` and ` — ` separate like ` - `.
public enum FileNameTags {
    /// The tags of `name` (a file name; anything up to a last `/` is ignored). The title is
    /// always set unless the name is blank: at worst it is the name without its extension.
    public static func tags(fromFileName name: String) -> TagSet {
        let base = trimmed(name.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(name))
        let stem = trimmed(withoutVideoID(withoutExtension(base)))
        var tags = TagSet()
        if let numbered = leadingNumber(stem) {
            tags[.trackNumber] = .integer(numbered.track)
            tags[.discNumber] = numbered.disc.map(FieldValue.integer)
            tags[.title] = .text(String(numbered.title))
        } else {
            fillFromParts(stem, into: &tags)
        }
        if tags[.title] == nil { tags[.title] = .text(String(stem.isEmpty ? base : stem)) }
        return tags
    }

    /// `Artist - Title`, `Artist - 01 - Title`, `Artist - Album - 01 - Title`, or a bare title.
    private static func fillFromParts(_ stem: Substring, into tags: inout TagSet) {
        let parts = splitOnDashes(stem)
        // A first part of digits only is a year or a number, never an artist.
        guard parts.count >= 2, !parts[0].allSatisfy(\.isASCIIDigit) else {
            tags[.title] = .text(String(stem))
            return
        }
        // The parts are slices of `stem`, so the title is the original text from its part on.
        func title(from index: Int) -> FieldValue {
            .text(String(trimmed(stem[parts[index].startIndex...])))
        }
        tags[.artist] = .text(String(parts[0]))
        if parts.count >= 3, let number = numberToken(parts[1]) {
            tags[.discNumber] = number.disc.map(FieldValue.integer)
            tags[.trackNumber] = .integer(number.track)
            tags[.title] = title(from: 2)
        } else if parts.count >= 4, let number = numberToken(parts[2]) {
            tags[.album] = .text(String(parts[1]))
            tags[.discNumber] = number.disc.map(FieldValue.integer)
            tags[.trackNumber] = .integer(number.track)
            tags[.title] = title(from: 3)
        } else {
            tags[.title] = title(from: 1)
        }
    }

    /// A leading `[disc-]track` and its separator, with the title after it; nil when the
    /// name does not start that way or nothing is left for a title.
    private static func leadingNumber(_ stem: Substring) -> (disc: Int64?, track: Int64, title: Substring)? {
        let first = digits(stem)
        guard (1...3).contains(first.count) else { return nil }
        var disc: Int64?
        var number = first
        var rest = stem[first.endIndex...]
        if first.count == 1, rest.first == "-" {
            let second = digits(rest.dropFirst())
            if (2...3).contains(second.count) {
                disc = Int64(first)
                number = second
                rest = rest[second.endIndex...]
            }
        }
        let spaceAllowed = disc != nil || number.count == 2 || (number.count == 3 && number.first == "0")
        guard let title = afterSeparator(rest, spaceAllowed: spaceAllowed),
              let track = Int64(number), track >= 1, disc ?? 1 >= 1 else { return nil }
        return (disc, track, title)
    }

    /// The title after a track number's separator (` - `, `.`, `-`, `_`, or a space when
    /// allowed), trimmed; nil when there is no separator, a digit follows it, or what follows
    /// has no letter or digit (`01 - .mp3` is no track 1 titled "-").
    private static func afterSeparator(_ rest: Substring, spaceAllowed: Bool) -> Substring? {
        var title: Substring
        if let dashed = dropDash(rest) {
            title = dashed
        } else if let first = rest.first, first == "." || first == "-" || first == "_" {
            title = rest.dropFirst()
        } else if spaceAllowed, rest.first == " " {
            title = rest.dropFirst()
        } else {
            return nil
        }
        guard let next = title.first, !next.isASCIIDigit else { return nil }
        title = trimmed(title)
        return title.contains(where: { $0.isLetter || $0.isNumber }) ? title : nil
    }

    /// A whole part that is a track number: `7`, `07`, `107`, or `1-07` (disc 1).
    private static func numberToken(_ part: Substring) -> (disc: Int64?, track: Int64)? {
        let first = digits(part)
        if first.endIndex == part.endIndex, (1...3).contains(first.count),
           let track = Int64(first), track >= 1 {
            return (nil, track)
        }
        guard first.count == 1, part[first.endIndex...].first == "-" else { return nil }
        let second = digits(part[first.endIndex...].dropFirst())
        guard second.endIndex == part.endIndex, (2...3).contains(second.count),
              let disc = Int64(first), let track = Int64(second), disc >= 1, track >= 1 else { return nil }
        return (disc, track)
    }

    /// The non-empty parts between ` - ` (or ` – `, ` — `) separators, each trimmed.
    private static func splitOnDashes(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == " ", let after = dropDash(text[index...]) {
                let part = trimmed(text[start..<index])
                if !part.isEmpty { parts.append(part) }
                start = after.startIndex
                index = after.startIndex
            } else {
                index = text.index(after: index)
            }
        }
        let last = trimmed(text[start...])
        if !last.isEmpty { parts.append(last) }
        return parts
    }

    /// `text` after a leading ` - `, ` – ` or ` — `, or nil.
    private static func dropDash(_ text: Substring) -> Substring? {
        var iterator = text.makeIterator()
        guard iterator.next() == " ", let dash = iterator.next(), "-–—".contains(dash),
              iterator.next() == " " else { return nil }
        return text.dropFirst(3)
    }

    /// The name without a final `.ext` of 1–5 ASCII letters and digits with a letter among
    /// them (`mp3`, `m4a`, `flac`; not `.5` or `. Title`), when something is left before it.
    private static func withoutExtension(_ name: Substring) -> Substring {
        guard let dot = name.lastIndex(of: ".") else { return name }
        let ext = name[name.index(after: dot)...]
        guard (1...5).contains(ext.count), ext.allSatisfy(\.isASCIIAlphanumeric),
              ext.contains(where: \.isLetter), !trimmed(name[..<dot]).isEmpty else { return name }
        return name[..<dot]
    }

    /// The name without a trailing yt-dlp ` [id]` or youtube-dl `-id` (see the type comment).
    private static func withoutVideoID(_ stem: Substring) -> Substring {
        if stem.hasSuffix("]"), stem.count >= 14 {
            let id = stem.dropLast().suffix(11)
            let before = stem.dropLast(13)
            if isVideoID(id), stem.dropLast(12).last == "[", before.last == " " { return before.dropLast() }
        }
        if stem.count >= 13 {
            let id = stem.suffix(11)
            let before = stem.dropLast(12)
            if isVideoID(id), stem.dropLast(11).last == "-", !trimmed(before).isEmpty { return before }
        }
        return stem
    }

    private static func isVideoID(_ text: Substring) -> Bool {
        text.count == 11
            && text.allSatisfy { $0.isASCIIAlphanumeric || $0 == "-" || $0 == "_" }
            && text.contains { $0.isASCIIDigit || $0 == "-" || $0 == "_" }
    }

    /// The leading ASCII digits of `text`.
    private static func digits(_ text: Substring) -> Substring {
        text.prefix(while: \.isASCIIDigit)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.drop(while: \.isWhitespace)
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)].isWhitespace {
            end = start.index(before: end)
        }
        return start[..<end]
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
