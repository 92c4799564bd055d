/// Sampling and length options for one generation.
///
/// The defaults are deterministic (greedy decoding), which is what structured output,
/// classification and tests want. Raise `temperature` for more varied prose.
public struct GenerationOptions: Sendable, Hashable, Codable {
    /// Sampling temperature; `0` means greedy decoding (always the most likely token).
    public var temperature: Double
    /// Keep only the `topK` most likely tokens before sampling; `nil` disables the filter.
    public var topK: Int?
    /// Nucleus sampling: keep the smallest set of tokens whose probability reaches `topP`.
    public var topP: Double?
    /// Drop tokens whose probability is below `minP` times the most likely token's.
    public var minP: Double?
    /// Penalty above 1 applied to recently generated tokens; `nil` or `1` disables it.
    public var repetitionPenalty: Double?
    /// How many recent tokens the repetition penalty looks at.
    public var repetitionWindow: Int
    /// Random seed for sampling with a temperature above 0; the same seed reproduces the same text.
    public var seed: UInt32?
    /// Most tokens to generate before stopping with ``FinishReason/maxTokens``. An engine that
    /// steers JSON answers closed may go past it to close a structure that is still open, rather
    /// than cut it off (`LlamaEngine` does: about two tokens per closing character, plus room for
    /// members the schema still requires, see ``JSONClosingHints``).
    public var maxTokens: Int
    /// Generation ends as soon as the output contains one of these strings; the matched string
    /// and anything after it are never emitted.
    public var stopSequences: [String]
    /// When set, each generated token's log probability is reported (``GenerationEvent/logprob(_:)``,
    /// ``GenerationResult/logprobs``) with this many of the likeliest tokens at its position (0 to
    /// ``maximumTopLogprobs``); nil reports none. Engines that cannot compute them report none.
    public var logprobs: Int?

    /// The most alternatives ``logprobs`` may ask for.
    public static let maximumTopLogprobs = 20

    /// Creates options; every parameter has a sensible default.
    public init(
        temperature: Double = 0,
        topK: Int? = nil,
        topP: Double? = nil,
        minP: Double? = nil,
        repetitionPenalty: Double? = nil,
        repetitionWindow: Int = 64,
        seed: UInt32? = nil,
        maxTokens: Int = 256,
        stopSequences: [String] = [],
        logprobs: Int? = nil
    ) {
        self.temperature = temperature
        self.topK = topK
        self.topP = topP
        self.minP = minP
        self.repetitionPenalty = repetitionPenalty
        self.repetitionWindow = repetitionWindow
        self.seed = seed
        self.maxTokens = maxTokens
        self.stopSequences = stopSequences
        self.logprobs = logprobs
    }

    /// Greedy decoding: deterministic, the most likely token at every step.
    public static var greedy: GenerationOptions { GenerationOptions() }

    /// Checks the options for values no engine can honour.
    public func validate() throws(LLMError) {
        func invalid(_ reason: String) -> LLMError { .invalidOptions(reason) }
        if !temperature.isFinite || temperature < 0 { throw invalid("temperature must be 0 or more, got \(temperature)") }
        if let topK, topK < 1 { throw invalid("topK must be at least 1, got \(topK)") }
        if let topP, !(topP > 0 && topP <= 1) { throw invalid("topP must be in (0, 1], got \(topP)") }
        if let minP, !(minP >= 0 && minP < 1) { throw invalid("minP must be in [0, 1), got \(minP)") }
        if let repetitionPenalty, !(repetitionPenalty > 0) || !repetitionPenalty.isFinite {
            throw invalid("repetitionPenalty must be above 0, got \(repetitionPenalty)")
        }
        if repetitionWindow < 0 { throw invalid("repetitionWindow must be 0 or more, got \(repetitionWindow)") }
        if maxTokens < 1 { throw invalid("maxTokens must be at least 1, got \(maxTokens)") }
        if stopSequences.contains(where: \.isEmpty) { throw invalid("stop sequences must not be empty strings") }
        if let logprobs, !(0...Self.maximumTopLogprobs).contains(logprobs) {
            throw invalid("logprobs must be between 0 and \(Self.maximumTopLogprobs), got \(logprobs)")
        }
    }
}
