import Foundation
import MixtapeApp
import MixtapeCore

/// `index --discover`: the applications' libraries found on this computer that the index
/// does not hold yet, printed, and on a terminal offered for indexing with one question.
struct LibraryOffer {
    /// Every library found.
    var found: [FoundLibrary]
    /// The paths of the sources already recorded.
    var recorded: Set<String>

    /// The found libraries that are not recorded sources.
    var fresh: [FoundLibrary] { found.filter { !isRecorded($0.path) } }

    static func find(libraryPath: String) -> LibraryOffer {
        let environment = ProcessInfo.processInfo.environment
        let recorded = (try? LibraryQueries(libraryPath: libraryPath).sources().map(\.path)) ?? []
        return LibraryOffer(found: LibraryFinder(environment: environment).find(), recorded: Set(recorded))
    }

    private func isRecorded(_ path: String) -> Bool {
        recorded.contains(path) || recorded.contains((path as NSString).resolvingSymlinksInPath)
    }

    /// The found libraries: JSON Lines with `--json` (`application`, `path`, `indexed`), else
    /// one line each on stdout and a closing line on stderr.
    func print(json: Bool, quiet: Bool) {
        let writer = RecordWriter()
        defer { writer.flush() }
        if json {
            for library in found {
                var object = JSONObjectWriter()
                object.add("application", string: library.application)
                object.add("path", string: library.path)
                object.add("indexed", bool: isRecorded(library.path))
                writer.write(object.result)
            }
            return
        }
        let width = found.map(\.application.count).max() ?? 0
        for library in found {
            let state = isRecorded(library.path) ? "  (indexed)" : ""
            writer.write(library.application + String(repeating: " ", count: width - library.application.count + 2)
                         + library.path + state)
        }
        writer.flush()
        guard !quiet else { return }
        if found.isEmpty {
            Messages.info("no application's library found where it keeps it; `mixtape doctor -v` lists the places")
        } else if fresh.isEmpty {
            Messages.info("every library found is indexed already")
        } else if !Self.canAsk {
            Messages.info("to index \(fresh.count == 1 ? "it" : "them"): mixtape index "
                          + fresh.map { ShellWords.quoted($0.path) }.joined(separator: " "))
        }
    }

    /// Whether to go on and index the fresh libraries: only when there are some and a person
    /// at a terminal says yes.
    func accepted() -> Bool {
        guard !fresh.isEmpty, Self.canAsk else { return false }
        FileHandle.standardError.write(Data("index \(fresh.count.counted("new library", "new libraries"))? [y/N] ".utf8))
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    private static var canAsk: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// What `index` says when no source is recorded and none was given: where each
    /// application keeps its library, and how to add one.
    static func printFirstSteps() {
        Messages.info("no sources yet: give `mixtape index` a library, a playlist file or a folder of media, "
                      + "or find the applications' libraries with `mixtape index --discover`. They keep them here:")
        for line in LibraryLocations.whereLines { Messages.info("  " + line) }
    }
}
