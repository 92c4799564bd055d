/// How hard the sampler steers a structured (JSON) answer towards closing, from how much of the
/// token budget is left and how much structure is still open.
///
/// Small models asked for JSON often keep adding array items or repeat a pattern inside a string
/// until the token limit cuts the answer off mid-value, which leaves text that is not JSON at all.
/// Steering starts softly once two thirds of the budget is spent (closing tokens gain; tokens that
/// open a container, add another member or item, or are only whitespace lose, in proportion to how
/// close the end is) and becomes strict near the end: only the most closing kind of token the
/// grammar allows is kept.
enum ClosingPressure: Equatable {
    /// No steering: the model writes what it wants (within the grammar).
    case none
    /// Steering with a strength between 0 and 1.
    case soft(Float)
    /// Only the best-ranked tokens the grammar allows: closers, then a key the schema requires,
    /// continuers, ordinary, openers, whitespace (``TokenSampler/HardClosingRank``).
    case hard

    /// The pressure for `remaining` budget tokens when closing everything open needs at least
    /// `closingCost` characters and `openObjects` objects are open.
    ///
    /// Hard when the remaining budget is within about two tokens per closing character, plus a
    /// margin for members a schema may still require of each open object; soft from the last third
    /// of the budget on.
    static func forBudget(remaining: Int, maxTokens: Int, closingCost: Int, openObjects: Int = 0) -> ClosingPressure {
        guard closingCost > 0 else { return .none }
        let hardPoint = 2 * closingCost + 4 * openObjects + 6
        if remaining <= hardPoint { return .hard }
        let softPoint = max(hardPoint, maxTokens / 3)
        guard remaining <= softPoint else { return .none }
        return .soft(Float(softPoint - remaining + 1) / Float(softPoint - hardPoint + 1))
    }

    /// Tokens past `maxTokens` a structured answer that is still open may use, under hard pressure,
    /// to close validly (a model that ignored the steering, or a schema that still requires
    /// members): about two tokens per closing character, four per open object, a margin, and
    /// `requiredContent` for members the schema requires (``JSONClosingHints``; hard pressure
    /// steers straight to them and ends as soon as the structure can close, so it is rarely all
    /// used). `GenerationOptions.maxTokens` is therefore a soft limit for JSON answers, exceeded
    /// by at most this much.
    static func allowance(closingCost: Int, openObjects: Int, requiredContent: Int = 0) -> Int {
        2 * closingCost + 4 * openObjects + 8 + requiredContent
    }
}

/// What a token's text does to an open JSON structure, for ``ClosingPressure`` steering.
enum StructuralTokenClass: UInt8 {
    /// Only quotes, closing braces or brackets and whitespace, with at least one quote: inside a
    /// string it ends the string (and maybe more); outside one it would open a string.
    case closer
    /// Only closing braces or brackets and whitespace, with at least one of them and no quote:
    /// closes an object or array outside a string; inside a string it is just text.
    case bracketCloser
    /// Opens an object or array.
    case opener
    /// Adds another member or item (contains a comma, opens nothing).
    case continuer
    /// Only whitespace (indentation costs budget without content).
    case whitespace
    /// Everything else.
    case other

    /// The bytes JSON allows as whitespace between tokens (space, line feed, tab, carriage return).
    static let whitespaceBytes: Set<UInt8> = [0x20, 0x0A, 0x09, 0x0D]

    /// The class of a token's bytes.
    static func of(_ bytes: [UInt8]) -> StructuralTokenClass {
        let quote = UInt8(ascii: "\""), closeBrace = UInt8(ascii: "}"), closeBracket = UInt8(ascii: "]")
        let whitespace = Self.whitespaceBytes
        if bytes.isEmpty { return .other }
        if bytes.allSatisfy({ whitespace.contains($0) }) { return .whitespace }
        if bytes.allSatisfy({ $0 == quote || $0 == closeBrace || $0 == closeBracket || whitespace.contains($0) }) {
            return bytes.contains(quote) ? .closer : .bracketCloser
        }
        if bytes.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) { return .opener }
        if bytes.contains(UInt8(ascii: ",")) { return .continuer }
        return .other
    }

    /// Whether the token closes something where the text stands (inside a string or not).
    func closes(inString: Bool) -> Bool {
        inString ? self == .closer : self == .bracketCloser
    }
}
