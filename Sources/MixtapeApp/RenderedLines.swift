import MixtapeCore

/// The items' lines (`--format` template rendered) and their match corpus, each made on first
/// use and then kept: several searches over one load of the items (the smart playlists of an
/// index run) render and fold 100,000 lines once, not once per search, and not at all when no
/// search has a text term.
final class RenderedLines {
    let items: [MediaItem]
    let template: FormatTemplate
    private var renderedLines: [String]?
    private var builtCorpus: MatchCorpus?

    init(items: [MediaItem], template: FormatTemplate) {
        self.items = items
        self.template = template
    }

    /// Each item's line, in the items' order.
    var lines: [String] {
        if let renderedLines { return renderedLines }
        let lines = items.map(template.render)
        renderedLines = lines
        return lines
    }

    /// The lines folded for matching.
    var corpus: MatchCorpus {
        if let builtCorpus { return builtCorpus }
        let corpus = MatchCorpus(lines: lines)
        builtCorpus = corpus
        return corpus
    }
}
