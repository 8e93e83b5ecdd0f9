import Foundation
import MixtapeCore

/// `matchbench LINES QUERIES [REPEATS]`: the matcher alone, for `make bench`. Builds the corpus
/// once, then runs every query REPEATS times on a fresh `Matcher` (so no result is reused) and
/// prints a markdown table of items per second, in total and per core.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: matchbench LINES QUERIES [REPEATS]\n".utf8))
    exit(2)
}
let lines = try String(contentsOfFile: arguments[1], encoding: .utf8).split(separator: "\n").map(String.init)

/// `matchbench LINES --type TEXT`: types TEXT one character at a time as the picker asks,
/// the best 500 first and then the whole ranking on one `Matcher`, and prints what each key
/// cost and how much of the corpus it examined: where a slow keystroke goes.
if arguments[2] == "--type", arguments.count > 3 {
    var matcher = Matcher(corpus: MatchCorpus(lines: lines))
    var typed = ""
    print("| query | matches | page ms | page lines scored | whole ms | lines examined | groups scored |")
    print("|---|---|---|---|---|---|---|")
    for character in arguments[3] {
        typed.append(character)
        let query = TextQuery.parse(typed)
        var page: MatchResult?
        let pageTime = try seconds { page = try matcher.match(query, limit: 500) }
        let scored = matcher.lastPageScoredLines
        let wholeTime = try seconds { _ = try matcher.match(query) }
        print("| `\(typed)` | \(page!.matchCount) | \(String(format: "%.1f", pageTime * 1000)) | \(scored) | "
              + "\(String(format: "%.1f", wholeTime * 1000)) | \(matcher.lastSearchSpace) | \(matcher.lastScoredGroups) |")
    }
    exit(0)
}
let queries = try String(contentsOfFile: arguments[2], encoding: .utf8).split(separator: "\n")
    .map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
let repeats = arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20
let cores = ProcessInfo.processInfo.activeProcessorCount

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var corpus: MatchCorpus?
let build = seconds { corpus = MatchCorpus(lines: lines) }
print("- corpus of \(lines.count) lines built in \(String(format: "%.1f", build * 1000)) ms on \(cores) cores")
print("")
print("| query | matches | ms per match | items/s | items/s/core |")
print("|---|---|---|---|---|")
var totalItems = 0.0, totalTime = 0.0
for query in queries {
    let parsed = TextQuery.parse(query)
    var count = 0
    let elapsed = try seconds {
        for _ in 0..<repeats {
            var matcher = Matcher(corpus: corpus!)
            count = try matcher.match(parsed).matchCount
        }
    }
    let perSecond = Double(lines.count * repeats) / elapsed
    totalItems += Double(lines.count * repeats)
    totalTime += elapsed
    print("| `\(query)` | \(count) | \(String(format: "%.1f", elapsed * 1000 / Double(repeats))) "
          + "| \(String(format: "%.1fM", perSecond / 1e6)) | \(String(format: "%.1fM", perSecond / 1e6 / Double(cores))) |")
}
let overall = totalItems / totalTime
print("")
print("- all queries: \(String(format: "%.1f", overall / 1e6))M items/s, "
      + "\(String(format: "%.1f", overall / 1e6 / Double(cores)))M items/s per core")
