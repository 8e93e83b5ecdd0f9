/// What Tab offers inside one query word: the registry's field names for a prefix of one
/// (`yea` → `year:`), and the values of fields whose values are a closed set once the name is
/// typed (`kind:` → `kind:podcast`, `loved:` → `loved:yes`). Free text and open-ended values
/// (titles, years, dates) get nothing, so the shell falls back to offering nothing rather
/// than guessing.
///
/// Candidates are whole words that start with the typed text; the shell narrows them down.
/// The registry (`QueryField.all`) is the only source, so a new field completes with no change
/// here.
public enum QueryCompletion {
    /// Candidates for `word`, the part of a query word before the cursor. A leading `!`
    /// (negation) is kept on every candidate.
    public static func candidates(for word: String) -> [String] {
        let negation = word.hasPrefix("!") ? "!" : ""
        let term = word.dropFirst(negation.count)
        guard let colon = term.firstIndex(of: ":") else {
            return fieldNames(startingWith: term.lowercased()).map { negation + $0 + ":" }
        }
        let name = term[..<colon]
        guard let field = QueryField.named(name) else { return [] }
        // In a comma list (`kind:movie,tv`) only the last item is being typed.
        let value = term[term.index(after: colon)...]
        let written = value.lastIndex(of: ",").map { value[...$0] } ?? ""
        return values(of: field.type).map { negation + name + ":" + written + $0 }
    }

    /// The field values a completion can list: the closed sets of the registry's types.
    public static func values(of type: FilterType) -> [String] {
        switch type {
        case .kind:
            var names = Kind.allCases.map(\.rawValue)
            for scope in Scope.allCases where !names.contains(scope.rawValue) { names.append(scope.rawValue) }
            return names
        case .boolean, .selected:
            return ["yes", "no"]
        case .string, .number, .duration, .date, .playlist, .path:
            return []
        }
    }

    /// Names and aliases that start with `prefix`, in registry order; with nothing typed yet,
    /// the names alone (one list of fields, not every spelling of each). One- and two-letter
    /// aliases (`t`, `al`) are shorthands to type, not to be offered.
    static func fieldNames(startingWith prefix: String) -> [String] {
        guard !prefix.isEmpty else { return QueryField.all.map(\.name) }
        return QueryField.all.flatMap { [$0.name] + $0.aliases }
            .filter { $0.count > 2 && $0.hasPrefix(prefix) }
    }
}
