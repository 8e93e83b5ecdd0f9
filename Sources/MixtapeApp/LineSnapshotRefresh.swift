import MixtapeCore
import MixtapeStore

/// Keeps the index's line snapshot (`LibraryStore.writeLineSnapshot`) for the default
/// `--format` template, the one `search` and `fzf`-style scripts use unless told otherwise.
/// Called after a run that may have changed the index, while the writer lock is held; a
/// snapshot still there is current (every change drops it), so it is not written again.
enum LineSnapshotRefresh {
    static func run(_ store: LibraryStore) throws {
        let template = FormatTemplate.standard
        guard try !store.hasLineSnapshot(template: template.text) else { return }
        try store.writeLineSnapshot(template: template.text, fields: template.fields, render: template.render)
    }
}
