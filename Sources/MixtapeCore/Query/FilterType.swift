/// The kinds of value a query field takes. Each type owns its value syntax, its operators and
/// the wording of its errors; the parser only asks the row's type to read the value
/// (design.md, "Field types own their syntax"). A new field of an existing type is one row in
/// `QueryField.all`; a new type is one case here and one syntax file.
public enum FilterType: Hashable, Sendable {
    /// Contains / `=` equals, case- and accent-insensitive, see `TextCondition`.
    case string(Field)
    /// Integers with comparisons and ranges, see `NumberSyntax`.
    case number(Field, NumberSyntax)
    /// `h`, `m`, `s`, `m:ss` over a millisecond field, see `DurationSyntax`.
    case duration(Field)
    /// Calendar dates and relative ages, see `DateSyntax`.
    case date(Field)
    /// yes/no, see `BooleanSyntax`.
    case boolean(Field)
    /// A comma list of kinds and scope words, see `KindSyntax`.
    case kind
    /// Membership of a playlist by name, folder path or id.
    case playlist
    /// A folder the item's file (or its location) must lie in, see `FolderPrefix`.
    case path
    /// yes/no membership of the saved selection.
    case selected

    /// Whether a value of this type can hold a space (`artist:the beatles`, a playlist's name, a
    /// folder): a number, a date, a duration, a yes/no or a kind never does, so a command-line
    /// word `bpm:120..130 fire` is two terms.
    public var valueMayHoldSpaces: Bool {
        switch self {
        case .string, .playlist, .path: true
        case .number, .duration, .date, .boolean, .kind, .selected: false
        }
    }

    /// What the field expects, for error messages (`expects …`).
    public var expectation: String {
        switch self {
        case .string: TextCondition.expectation
        case .number(_, let syntax): syntax.expectation
        case .duration: DurationSyntax.expectation
        case .date: DateSyntax.expectation
        case .boolean, .selected: BooleanSyntax.expectation
        case .kind: KindSyntax.expectation
        case .playlist: "a playlist name such as \"Road Trip\" or a folder path such as \"Travel/Road Trip\""
        case .path: FolderPrefix.expectation
        }
    }

    /// Reads a non-empty value (quotes already removed) into a condition.
    public func condition(for value: Substring) throws(FilterValueError) -> FilterCondition {
        switch self {
        case .string(let field):
            return .text(field, try TextCondition(parsing: value))
        case .number(let field, let syntax):
            return .number(field, try syntax.bounds(value), missingAsZero: syntax.missingAsZero)
        case .duration(let field):
            return .number(field, try DurationSyntax.bounds(value), missingAsZero: false)
        case .date(let field):
            return .date(field, try DateSyntax.bounds(value))
        case .boolean(let field):
            return .flag(field, try BooleanSyntax.value(value))
        case .kind:
            return .kind(try KindSyntax.kinds(value))
        case .playlist:
            return .playlist(QueryTextFolding.fold(value))
        case .path:
            return .folder(FolderPrefix(String(value)))
        case .selected:
            return .selected(try BooleanSyntax.value(value))
        }
    }
}
