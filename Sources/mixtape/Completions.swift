import ArgumentParser
import Foundation
import MixtapeApp
import MixtapeCore

/// The completions that depend on the index or on the query language, run by
/// `mixtape ---completion …` when the user presses Tab (the scripts of
/// `mixtape --generate-completion-script bash|zsh|fish` call back into the binary). Formats,
/// `--missing` and `--scope` need nothing here: their types are `CaseIterable`, so the scripts
/// list them without a call back.
///
/// A completion never fails: with no index, a damaged one or a bad `--library`, it offers
/// nothing and prints nothing, since whatever it printed would land in the user's prompt.
///
/// What each shell gets:
/// - Playlist and source names: bash, zsh and fish alike; names with spaces arrive whole.
/// - Query field names (`yea` → `year:`) and closed value sets (`kind:` → `kind:podcast`,
///   `loved:` → yes/no): zsh and fish complete the whole word (zsh with its colons escaped,
///   see `forShell`). bash splits words at `:`
///   (`COMP_WORDBREAKS`), so `kind:po` reaches us as `kind`, `:`, `po`; we rebuild the word
///   and hand back only the part after the last `:`, as bash-completion's
///   `__ltrim_colon_completions` does. bash shows the inserted colon escaped (`year\:`), since
///   the generated script completes with `-o filenames`; the shell still passes `year:`.
enum Completions {
    /// `export-playlist --playlist`: the folder paths of the index's playlists (a name alone
    /// for a top-level one), which `--playlist` accepts without ambiguity. Folders and the
    /// library's own master list are not exportable playlists and are left out.
    static let playlists = CompletionKind.custom { words, _, _ in
        let playlists = (try? LibraryQueries(libraryPath: libraryPath(in: words)).playlists(entries: false)) ?? []
        return forShell(playlists.filter { !$0.playlist.isFolder && !$0.playlist.isMaster }.map(\.path))
    }

    /// `play --player`, `pick --player`: the built-in players and the config file's
    /// `[players.NAME]` (none of a broken file).
    static let players = CompletionKind.custom { _, _, _ in
        forShell(PlayerRegistry.names(commands: Settings.current.players))
    }

    /// `sources remove`: the recorded source paths, as `mixtape sources` lists them.
    static let sources = CompletionKind.custom { words, _, _ in
        forShell(((try? LibraryQueries(libraryPath: libraryPath(in: words)).sources()) ?? []).map(\.path))
    }

    /// `saved run|remove`: the names of the saved exports and syncs.
    static let savedExports = CompletionKind.custom { words, _, _ in
        let path = libraryPath(in: words)
        let exports = (try? SavedExports(libraryPath: path, now: Timestamp(rawValue: 0)).list()) ?? []
        let syncs = (try? SavedSyncs(libraryPath: path, now: Timestamp(rawValue: 0)).list()) ?? []
        return forShell((exports.map(\.name) + syncs.map(\.name)).sorted())
    }

    /// Query words (`search`, `pick`, `select add|remove|toggle`, `--query`): field names and
    /// the values of fields with a closed set, from the registry.
    static let query = CompletionKind.custom { words, index, prefix in
        guard CompletionShell.requesting == .bash else { return forShell(QueryCompletion.candidates(for: prefix)) }
        let (typed, replaced) = bashWord(words, index, prefix)
        return QueryCompletion.candidates(for: typed).filter { $0.hasPrefix(typed) }
            .map { String($0.dropFirst(typed.count - replaced.count)) }
    }

    /// Candidates as the requesting shell's script needs them. zsh's script hands them to
    /// `_describe`, which reads `value:description` and would drop everything from the first
    /// colon on (`year:` became `year`), so colons are escaped for zsh; argument-parser 1.8.2
    /// does not do it.
    static func forShell(_ candidates: [String]) -> [String] {
        guard CompletionShell.requesting == .zsh else { return candidates }
        return candidates.map { $0.replacingOccurrences(of: ":", with: "\\:") }
    }

    /// The query word bash split at colons, rebuilt (`kind`, `:`, `po` → `kind:po`), and the
    /// part bash replaces: what follows the last colon (`po`; empty right after `kind:`). A word
    /// of colons alone is taken as part of its neighbours, which is how bash splits `a:b`; a
    /// query term that is a lone `:` is not worth completing.
    static func bashWord(_ words: [String], _ index: Int, _ prefix: String) -> (typed: String, replaced: String) {
        guard words.indices.contains(index) else { return (prefix, prefix) }
        func isColons(_ word: String) -> Bool { !word.isEmpty && word.allSatisfy { $0 == ":" } }
        var typed = prefix
        var position = index
        while position > 0, isColons(words[position]) || isColons(words[position - 1]) {
            position -= 1
            typed = words[position] + typed
        }
        let replaced = typed.lastIndex(of: ":").map { String(typed[typed.index(after: $0)...]) } ?? typed
        return (typed, replaced)
    }

    /// The index a completion reads: `--library PATH` or `--library=PATH` among the words
    /// typed so far, else `$MIXTAPE_LIBRARY` and the XDG defaults, as the command would.
    static func libraryPath(in words: [String]) -> String {
        var explicit: String?
        for (position, word) in words.enumerated() {
            if word == "--library", position + 1 < words.count {
                explicit = words[position + 1]
            } else if word.hasPrefix("--library=") {
                explicit = String(word.dropFirst("--library=".count))
            }
        }
        return LibraryPath.resolve(explicit: explicit.map(unquoted), environment: ProcessInfo.processInfo.environment,
                                   configured: Settings.current.library)
    }

    /// A word as the shell will pass it to the command: quotes removed, a leading `~/` expanded.
    /// Words reach completions verbatim (`"~/My Music/x.sqlite"` with its quotes).
    static func unquoted(_ word: String) -> String {
        var text = word
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            text = String(text.dropFirst().dropLast())
        }
        text = text.replacingOccurrences(of: "\\ ", with: " ")
        if text.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            text = home + text.dropFirst()
        }
        return text
    }
}
