import Foundation
import MixtapeCore

/// Query words from the command line → a `Query`, or a usage failure (exit 2) that shows the
/// query with a caret under the bad term. Shared by every command that takes a query.
enum QueryWords {
    static func parse(_ words: [String], scope: Scope = .all) throws -> Query {
        let text = QueryArguments.join(words)
        do {
            let query = try Query(parsing: text).restricted(to: scope)
            for word in query.fieldLikeText { Messages.verbose("note: " + word.message) }
            return query
        } catch {
            throw CommandFailure(message: "query syntax error:", status: .usage, more: error.renderedLines(query: text))
        }
    }
}

extension Timestamp {
    /// The wall clock, read here in the executable: the core takes "now" as a parameter
    /// (`added:<30d`), so its results never depend on when a test runs.
    static var current: Timestamp { Timestamp(rawValue: Int64(Date().timeIntervalSince1970)) }
}
