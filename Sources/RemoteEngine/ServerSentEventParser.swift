/// One event of a server-sent event stream (the `text/event-stream` format).
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event:` field; `nil` when the event did not name a type (the default, "message").
    public var event: String?
    /// The `data:` lines joined with newlines.
    public var data: String
    /// The `id:` field, if any.
    public var id: String?

    /// Creates an event.
    public init(event: String? = nil, data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}

/// An incremental parser for server-sent events, fed bytes as they arrive from the network.
///
/// Follows the WHATWG event-stream rules that OpenAI-compatible servers rely on:
/// - lines end with LF, CR or CRLF, and a line (even a CRLF pair) may be split across chunks;
/// - a blank line dispatches the event; several `data:` lines are joined with `\n`;
/// - lines starting with `:` are comments (keep-alive pings such as `: ping`) and are ignored;
/// - one space after the field's colon is dropped; unknown fields are ignored;
/// - an event with no `data:` line is not dispatched.
///
/// Bytes are buffered until a line is complete, so multi-byte UTF-8 characters split across
/// chunks decode correctly.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var dataLines: [String] = []
    private var hasData = false
    private var eventType: String?
    private var lastID: String?
    private var sawFirstLine = false

    /// Creates a parser at the start of a stream.
    public init() {}

    /// Feeds the next chunk and returns the events it completed, in order.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                if lastWasCR {
                    lastWasCR = false  // the LF of a CRLF pair: the line already ended at the CR
                } else {
                    endLine(into: &events)
                }
            case UInt8(ascii: "\r"):
                endLine(into: &events)
                lastWasCR = true
            default:
                lastWasCR = false
                line.append(byte)
            }
        }
        return events
    }

    /// Feeds a string (for tests and servers that hand over text).
    public mutating func feed(_ text: String) -> [ServerSentEvent] { feed(Array(text.utf8)) }

    /// Ends the stream: an unfinished last line is processed, but an event that was not closed by
    /// a blank line is discarded (the stream was cut before it was complete).
    public mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !line.isEmpty { process(line: line, into: &events) }
        line = []
        dataLines = []
        hasData = false
        eventType = nil
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        let current = line
        line = []
        process(line: current, into: &events)
    }

    private mutating func process(line bytes: [UInt8], into events: inout [ServerSentEvent]) {
        var bytes = bytes[...]
        if !sawFirstLine {
            sawFirstLine = true
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // byte order mark
        }
        if bytes.isEmpty {
            dispatch(into: &events)
            return
        }
        if bytes.first == UInt8(ascii: ":") { return }  // comment / keep-alive
        let field: String
        var value: String
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: bytes[..<colon], as: UTF8.self)
            var rest = bytes[bytes.index(after: colon)...]
            if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
            value = String(decoding: rest, as: UTF8.self)
        } else {
            field = String(decoding: bytes, as: UTF8.self)
            value = ""
        }
        switch field {
        case "data":
            dataLines.append(value)
            hasData = true
        case "event":
            eventType = value
        case "id":
            if !value.contains("\0") { lastID = value }
        default:
            value = ""  // "retry" and unknown fields do not matter to a one-shot request
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            dataLines = []
            hasData = false
            eventType = nil
        }
        guard hasData else { return }
        events.append(ServerSentEvent(event: eventType, data: dataLines.joined(separator: "\n"), id: lastID))
    }
}
