/// What a field filter tests, as plain data: every case can be evaluated in memory here, and
/// the store can translate the same value to SQL (design.md, "The query knows no SQL").
///
/// An item with no value for the field satisfies no condition (`FieldFilter.negated` then
/// makes it match), except numbers marked `missingAsZero` (play and skip counts).
public enum FilterCondition: Hashable, Sendable {
    /// Contains or equals, ignoring case and Latin accents.
    case text(Field, TextCondition)
    /// The stored integer lies in the bounds.
    case number(Field, IntegerBounds, missingAsZero: Bool)
    /// The stored instant lies in the bounds, ages resolved against the context's `now`.
    case date(Field, DateBounds)
    /// A yes/no field equals the value.
    case flag(Field, Bool)
    /// The item's kind is one of these.
    case kind(Set<Kind>)
    /// The item's file here (`path`) or the path its source wrote (`location`) is in this
    /// folder or below: `path:~/Music` finds what relocation found there, `path:C:/Music` what
    /// an export names there, whether or not its file is here.
    case folder(FolderPrefix)
    /// The item is in a playlist with this name, folder path or id (stored folded).
    case playlist(String)
    /// The item is (true) or is not (false) in the context's selection.
    case selected(Bool)

    /// The item field the condition reads, so a search loads only the fields it needs
    /// (`playlist:` and `selected:` read only the item's id).
    public var field: Field? {
        switch self {
        case .text(let field, _), .number(let field, _, _), .date(let field, _), .flag(let field, _):
            field
        case .kind: .kind
        case .folder, .playlist, .selected: nil
        }
    }

    /// Every item field the condition reads (`folder` reads two).
    public var fields: [Field] {
        if case .folder = self { return [.path, .location] }
        return field.map { [$0] } ?? []
    }

    /// Whether `item` satisfies the condition.
    public func matches(_ item: MediaItem, in context: QueryContext) -> Bool {
        switch self {
        case .text(let field, _), .number(let field, _, _), .date(let field, _), .flag(let field, _):
            return matches(value: field.value(of: item), now: context.now)
        case .folder(let prefix):
            return [item.path, item.location].contains { $0.map(prefix.contains) ?? false }
        case .kind(let kinds):
            return kinds.contains(item.kind)
        case .playlist(let reference):
            return context.playlists.contains(item.id, foldedReference: reference)
        case .selected(let wanted):
            return context.selection.contains(item.id) == wanted
        }
    }

    /// Whether an item whose `field` has `value` satisfies a condition that reads only that
    /// value (text, number, date, flag; false for the others, which ask about the item
    /// or the context): so a filter over many items can read each field's values once for all
    /// of its conditions (`FilterColumns`).
    func matches(value: FieldValue?, now: Timestamp) -> Bool {
        switch self {
        case .text(_, let condition):
            guard case .text(let text)? = value else { return false }
            return condition.matches(text)
        case .number(_, let bounds, let missingAsZero):
            let stored: Int64? = if case .integer(let value)? = value { value } else { nil }
            guard let value = stored ?? (missingAsZero ? 0 : nil) else { return false }
            return bounds.contains(value)
        case .date(_, let bounds):
            guard case .timestamp(let time)? = value else { return false }
            return bounds.contains(time, now: now)
        case .flag(_, let wanted):
            guard case .bool(let value)? = value else { return false }
            return value == wanted
        case .folder, .kind, .playlist, .selected:
            return false
        }
    }

    /// Whether the condition is decided by its field's value alone (`matches(value:now:)`).
    var readsValueOnly: Bool {
        switch self {
        case .text, .number, .date, .flag: true
        case .folder, .kind, .playlist, .selected: false
        }
    }
}
