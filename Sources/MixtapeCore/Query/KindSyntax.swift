/// The value syntax of `kind:`: a comma-separated list, any of which may match.
///
/// Each name is a kind as json.md writes it (`music`, `podcast`, `music-video`, ...), a scope
/// word (`podcasts`, `movies`, `videos`, `all`, see `Scope`), or a kind's plural
/// (`music-videos`, `voice-memos`); case does not matter. A scope word means what the scope
/// means, so `kind:videos` is video and music-video while `kind:video` is video only.
public enum KindSyntax {
    /// What an error message says the field expects.
    public static let expectation = "a kind like podcast or movie,tv; kinds are "
        + Kind.allCases.map(\.rawValue).joined(separator: ", ")
        + " (also the scopes " + Scope.allCases.map(\.rawValue).joined(separator: ", ") + ")"

    /// The kinds a written list names.
    public static func kinds(_ text: Substring) throws(FilterValueError) -> Set<Kind> {
        var kinds: Set<Kind> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let named = self.named(name.lowercased()) else { throw .malformed }
            kinds.formUnion(named)
        }
        return kinds
    }

    private static func named(_ name: String) -> Set<Kind>? {
        if let scope = Scope(rawValue: name) { return scope.kinds ?? Set(Kind.allCases) }
        if let kind = Kind(rawValue: name) { return [kind] }
        if name.hasSuffix("s"), let kind = Kind(rawValue: String(name.dropLast())) { return [kind] }
        return nil
    }
}
