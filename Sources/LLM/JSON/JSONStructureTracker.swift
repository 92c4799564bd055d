/// Follows streamed JSON text and knows what is still open: strings, objects, arrays.
///
/// Engines use it to see how much of a structured answer remains to be closed, so they can
/// steer the model to finish validly before the token budget runs out.
public struct JSONStructureTracker: Sendable, Hashable {
    private var stack: [UInt8] = []
    private var inString = false
    private var escaped = false
    /// Whether the next string opened is an object key (just after `{` or a comma in an object).
    private var atKey = false
    /// The bytes of the key being written, from its opening quote; nil outside a key.
    private var key: [UInt8]?

    /// Creates a tracker at the start of a document.
    public init() {}

    /// Consumes more generated text.
    public mutating func feed(_ text: String) {
        for byte in text.utf8 {
            if inString {
                key?.append(byte)
                if escaped { escaped = false }
                else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false; key = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                if atKey { key = [byte] }
                atKey = false
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(byte)
                atKey = byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                atKey = false
            case UInt8(ascii: ","):
                atKey = stack.last == UInt8(ascii: "{")
            case 0x20, 0x0A, 0x09, 0x0D:
                break
            default:
                atKey = false
            }
        }
    }

    /// Where an object key is being written: the key's text so far from its opening quote
    /// (`"na` inside `{"na`), an empty array where a key is due next (after `{` or a comma in an
    /// object), nil anywhere else.
    public var keyInProgress: [UInt8]? {
        if let key { return key }
        return atKey && !inString ? [] : nil
    }

    /// Objects and arrays currently open.
    public var openContainers: Int { stack.count }
    /// Objects currently open (each may still owe members its schema requires).
    public var openObjects: Int { stack.count { $0 == UInt8(ascii: "{") } }
    /// Whether the text ends inside a string.
    public var isInString: Bool { inString }
    /// The fewest characters that close everything that is open (ignoring required members).
    public var closingCost: Int { stack.count + (inString ? 1 : 0) }
    /// The text that closes everything open, innermost first.
    public var closingText: String {
        (inString ? "\"" : "") + String(decoding: stack.reversed().map { $0 == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]") }, as: UTF8.self)
    }
}
