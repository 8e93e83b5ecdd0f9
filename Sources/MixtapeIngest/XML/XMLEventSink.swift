/// What a streaming reader of one XML format (rekordbox, Traktor, Rhythmbox) implements: it
/// receives libxml2's SAX events from `XMLEventStream` and builds its items and playlists as
/// the file goes by. A class, because libxml2 holds an unretained pointer to it for the parse.
///
/// Names and attribute values are views of libxml2's buffers, valid only during the call: copy
/// what you keep (`XMLName.string`, `XMLAttributeValue.string`). Call `context.fail` to end the
/// parse with a located error.
public protocol XMLEventSink: AnyObject {
    /// An element opens. `depth` is 1 for the root.
    func startElement(_ name: XMLName, attributes: XMLAttributes, depth: Int, context: XMLEventContext)
    /// An element closes; `depth` is the one its start had.
    func endElement(_ name: XMLName, depth: Int, context: XMLEventContext)
    /// Text, in as many pieces as libxml2 likes (accumulate it, e.g. in an `XMLTextBuffer`).
    func characters(_ text: UnsafeBufferPointer<UInt8>, context: XMLEventContext)
}

extension XMLEventSink {
    /// Most formats here keep everything in attributes: text is ignored unless a sink wants it.
    public func characters(_ text: UnsafeBufferPointer<UInt8>, context: XMLEventContext) {}
}
