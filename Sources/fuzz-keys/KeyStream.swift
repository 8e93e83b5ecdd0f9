import MixtapeTerminal

/// Keys compared up to what a read boundary may change: a run of `.character` keys becomes the
/// scalars it spells, since grapheme clusters group only within one read and appending the keys
/// to a `String` joins them again (as `KeyDecoder` documents).
struct KeyStream: Equatable {
    enum Element: Equatable {
        case text([Unicode.Scalar])
        case key(Key)
    }

    let elements: [Element]

    init(_ keys: [Key]) {
        var elements: [Element] = []
        for key in keys {
            guard case .character(let character) = key else {
                elements.append(.key(key))
                continue
            }
            if case .text(let scalars) = elements.last {
                elements[elements.count - 1] = .text(scalars + character.unicodeScalars)
            } else {
                elements.append(.text(Array(character.unicodeScalars)))
            }
        }
        self.elements = elements
    }
}
