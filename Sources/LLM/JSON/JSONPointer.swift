/// A JSON Pointer (RFC 6901): a path of reference tokens into a JSON document, such as
/// `/items/2/name`.
///
/// The text form escapes `~` as `~0` and `/` as `~1`. The empty pointer refers to the whole document.
/// ```swift
/// let pointer: JSONPointer = "/items/2/name"
/// pointer.tokens            // ["items", "2", "name"]
/// pointer.resolve(in: document)
/// ```
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The unescaped reference tokens, outermost first.
    public private(set) var tokens: [String]

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// A pointer made of unescaped reference tokens.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses the text form (`""` or `/a/b~1c`); nil unless it starts with `/` (or is empty) and
    /// every `~` is followed by `0` or `1`.
    public init?(parsing text: String) {
        guard let tokens = Self.parse(text, strict: true) else { return nil }
        self.tokens = tokens
    }

    /// A pointer from a literal such as `"/items/2"`; an invalid `~` escape is kept as written, and
    /// text without a leading `/` becomes a single token.
    public init(stringLiteral value: String) {
        tokens = Self.parse(value, strict: false) ?? [value]
    }

    /// The escaped text form, for example `/items/2/name` (empty for the root).
    public var description: String {
        var text = ""
        for token in tokens { text += "/" + Self.escape(token) }
        return text
    }

    /// Whether this is the pointer to the whole document.
    public var isRoot: Bool { tokens.isEmpty }

    /// This pointer extended by one token (an object key or an array index).
    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    /// This pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer { appending(String(index)) }

    /// The value this pointer refers to in `document`, or nil where a token does not match.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Self.arrayIndex(token), index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The array index a token names: digits without a leading zero (`"0"`, `"12"`, not `"01"`).
    static func arrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              first != 0x30 || utf8.count == 1 else { return nil }
        return Int(token)
    }

    private static func parse(_ text: String, strict: Bool) -> [String]? {
        if text.isEmpty { return [] }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else { token.append(character); continue }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                case let other:
                    if strict { return nil }
                    token.append("~")
                    if let other { token.append(other) }
                }
            }
            tokens.append(token)
        }
        return tokens
    }
}
