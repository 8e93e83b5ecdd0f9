/// One child of a `<conjunction>` in an automatic playlist of Rhythmbox's `playlists.xml`, as
/// Rhythmbox serialises a query (rhythmdb-query.c): a condition on one property, a nested
/// `<subquery>` (itself a conjunction), or the `<disjunction/>` marker that splits the
/// conjunction around it into alternatives: `a b <disjunction/> c` is (a AND b) OR c.
///
/// Kept as plain values so the translation into Mixtape's query language is a pure function
/// tested from values (`RhythmboxQueryTranslator`).
public indirect enum RhythmboxCriterion: Hashable, Sendable {
    /// `<relation prop="property">value</relation>`, e.g. `<greater prop="rating">4.000000</greater>`.
    case condition(relation: String, property: String, value: String)
    /// `<subquery><conjunction>…</conjunction></subquery>`.
    case subquery([RhythmboxCriterion])
    /// `<disjunction/>`.
    case disjunction

    /// How a warning names the criterion: `<prefix prop="title-folded">love</prefix>`.
    public var description: String {
        switch self {
        case .condition(let relation, let property, let value):
            "<\(relation) prop=\"\(property)\">\(value)</\(relation)>"
        case .subquery(let children):
            "<subquery>" + children.map(\.description).joined() + "</subquery>"
        case .disjunction:
            "<disjunction/>"
        }
    }
}
