import MixtapeStore

/// Saved exports and saved syncs share one set of names: `mixtape saved run NAME` and
/// `saved remove NAME` take a name alone, so it must mean one thing.
public enum SavedNames {
    public enum Kind: String, Sendable {
        case export, sync
    }

    /// What `name` names in the index at `libraryPath`, or nil.
    public static func kind(of name: String, libraryPath: String) throws -> Kind? {
        guard LibraryStore.exists(at: libraryPath) else { return nil }
        let store = try LibraryStore(path: libraryPath)
        if try store.savedExports().contains(where: { $0.name == name }) { return .export }
        if try store.savedSyncs().contains(where: { $0.name == name }) { return .sync }
        return nil
    }
}
