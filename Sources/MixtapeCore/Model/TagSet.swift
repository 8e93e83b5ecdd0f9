/// The field values one source of tags gives a media file: a sidecar (XMP, `.nfo`,
/// `.info.json`), the file's embedded tags, or its name. Folder indexing layers them with a
/// fixed precedence (sidecar > embedded tags > file name), field by field, so each reader only
/// says what it found and never decides what wins.
public struct TagSet: Hashable, Sendable {
    /// The values found; a field that is absent was not found (which is not the same as empty).
    public private(set) var values: [Field: FieldValue] = [:]

    public init(_ values: [Field: FieldValue] = [:]) {
        for (field, value) in values { self[field] = value }
    }

    /// True when nothing was found.
    public var isEmpty: Bool { values.isEmpty }

    /// The value of `field`, or nil. Setting a value of the wrong type for the field, an
    /// empty or all-blank text, or nil removes it, so readers can assign what they parsed
    /// without checking.
    public subscript(field: Field) -> FieldValue? {
        get { values[field] }
        set {
            guard let newValue, newValue.fits(field) else {
                values[field] = nil
                return
            }
            values[field] = newValue
        }
    }

    /// These values, with `lower`'s filling the fields these lack.
    public func overriding(_ lower: TagSet) -> TagSet {
        var merged = lower
        for (field, value) in values { merged.values[field] = value }
        return merged
    }

    /// Writes every value onto `item` (id and source are never touched).
    public func apply(to item: inout MediaItem) {
        for (field, value) in values where field != .id && field != .source {
            field.set(value, on: &item)
        }
    }
}

extension FieldValue {
    /// Whether the value has the field's type and says something (text not blank; kinds only
    /// the known ones).
    func fits(_ field: Field) -> Bool {
        switch (self, field.type) {
        case (.text(let text), .text):
            guard !text.allSatisfy(\.isWhitespace) else { return false }
            return field != .kind || Kind(rawValue: text) != nil
        case (.integer, .integer), (.bool, .bool), (.timestamp, .timestamp): return true
        default: return false
        }
    }
}
