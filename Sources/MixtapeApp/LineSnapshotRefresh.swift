import MixtapeCore
import MixtapeStore

/// Keeps the index's line snapshot (`LibraryStore.writeLineSnapshot`) for the default
/// `--format` template, the one `search` and `fzf`-style scripts use unless told otherwise.
/// Called after a run that changed the index, while the writer lock is held.
enum LineSnapshotRefresh {
    static func run(_ store: LibraryStore) throws {
        let template = FormatTemplate.standard
        try store.writeLineSnapshot(template: template.text, fields: template.fields, render: template.render)
    }
}
