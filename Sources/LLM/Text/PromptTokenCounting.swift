/// Counts the tokens of prompt text synchronously, so prompt parts can be fitted to token budgets
/// while a prompt is assembled.
///
/// `LlamaTokenizer` (LlamaEngine) counts with a model's real vocabulary;
/// ``CharacterTokenEstimate`` is the fallback when no model is at hand.
public protocol PromptTokenCounting: Sendable {
    /// The number of tokens `text` encodes to (no special tokens added).
    func tokenCount(_ text: String) -> Int
    /// Whether counts are estimates rather than a real tokenizer's.
    var isEstimate: Bool { get }
}

extension PromptTokenCounting {
    public var isEstimate: Bool { false }

    /// The longest prefix (or, with `keepEnd`, suffix) of `text` that fits in `limit` tokens,
    /// cut at a word boundary where one is near, with "…" marking the cut; `text` itself when it fits.
    public func clip(_ text: String, toTokens limit: Int, keepEnd: Bool = false) -> String {
        guard limit > 0 else { return "" }
        guard tokenCount(text) > limit else { return text }
        let characters = Array(text)
        func candidate(_ length: Int) -> String {
            keepEnd ? "…" + String(characters.suffix(length)) : String(characters.prefix(length)) + "…"
        }
        // Binary search on the character length: token counts grow with it.
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if tokenCount(candidate(middle)) <= limit { low = middle } else { high = middle - 1 }
        }
        var length = low
        // Prefer a word boundary within the last few characters.
        let window = min(length, 16)
        for step in 0..<window {
            let index = keepEnd ? characters.count - (length - step) : length - step - 1
            guard index >= 0, index < characters.count else { break }
            if characters[index] == " " || characters[index] == "\n" {
                length -= step
                break
            }
        }
        return candidate(length)
    }
}

/// About four characters a token, as for English text with the small models' vocabularies: the
/// fallback when no tokenizer is loaded. Counts are estimates (``isEstimate``).
public struct CharacterTokenEstimate: PromptTokenCounting {
    /// Characters per token.
    public var charactersPerToken: Double

    /// Creates the estimate.
    public init(charactersPerToken: Double = 4) {
        self.charactersPerToken = charactersPerToken
    }

    public func tokenCount(_ text: String) -> Int {
        Int((Double(text.count) / charactersPerToken).rounded(.up))
    }

    public var isEstimate: Bool { true }
}
