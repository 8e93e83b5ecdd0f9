import MixtapeCore
import MixtapeStore

/// Keeps the index's line snapshot (`LibraryStore.writeLineSnapshot`) for the default
/// `--format` template, the one `search` and `fzf`-style scripts use unless told otherwise.
/// Called after a run that may have changed the index, while the writer lock is held; a
/// snapshot still there is current (every change drops it), so it is not written again.
enum LineSnapshotRefresh {
    /// `loaded`: every item of the index, in library order, already read in this run (by
    /// `EvaluateSmartPlaylists`); its lines are stored instead of reading the items again.
    static func run(_ store: LibraryStore, loaded: RenderedLines? = nil) throws {
        let template = FormatTemplate.standard
        guard try !store.hasLineSnapshot(template: template.text) else { return }
        if let loaded, loaded.template.text == template.text {
            try store.writeLineSnapshot(template: template.text, ids: loaded.items.map(\.id), lines: loaded.lines)
        } else {
            try store.writeLineSnapshot(template: template.text, fields: template.fields, render: template.render)
        }
    }
}
