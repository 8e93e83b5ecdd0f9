import MixtapeIngest

/// The source a path the user names stands for: the path made absolute, except that
/// foobar2000's playlists folder (`playlists-v2.0`, `playlists-v1.4`, recognised by the index
/// file in it, whatever the folder is called) stands for that index file, which is how the
/// source is read and recorded. Indexed as a folder of media, it would hold nothing.
enum NamedSource {
    static func path(_ given: String) -> String {
        let absolute = FileFacts.absolute(given)
        guard case .folder = FileFacts.inspect(absolute),
              let index = Foobar2000Playlists.indexFile(inFolder: absolute) else { return absolute }
        return index
    }
}
