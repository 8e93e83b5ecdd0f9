import FuzzReplay
import MixtapeCore

/// Any bytes as a query: parsing must give a query or a `QueryError` whose range lies in the
/// text (the caret goes there), never crash or hang.
@main
enum FuzzQuery {
    static func main() { FuzzReplay.main(run) }

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            _ = try Query(parsing: text)
        } catch {
            fuzzCheck(error.range.lowerBound >= 0 && error.range.upperBound <= text.count + 1,
                      "error range \(error.range) outside the query of \(text.count) characters")
        }
    }
}
