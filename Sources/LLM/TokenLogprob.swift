/// The log probability of one generated token, with the likeliest tokens at its position, for a
/// request that asked for them (``GenerationOptions/logprobs``).
///
/// Probabilities are the model's own: a softmax of the raw logits at temperature 1, before any
/// grammar, repetition penalty or temperature shaped the choice. A token a JSON grammar forced can
/// therefore have a low log probability; that is what the model thought of it.
public struct TokenLogprob: Sendable, Hashable, Codable {
    /// One token and its log probability.
    public struct Candidate: Sendable, Hashable, Codable {
        /// The token's text (bytes that are only part of a character are shown as U+FFFD).
        public var token: String
        /// The token's bytes.
        public var bytes: [UInt8]
        /// The natural log of the token's probability at this position (0 or below).
        public var logprob: Double

        /// Creates a candidate.
        public init(token: String, bytes: [UInt8], logprob: Double) {
            self.token = token
            self.bytes = bytes
            self.logprob = logprob
        }

        /// A candidate from the token's bytes.
        public init(bytes: [UInt8], logprob: Double) {
            self.init(token: String(decoding: bytes, as: UTF8.self), bytes: bytes, logprob: logprob)
        }
    }

    /// The token that was generated.
    public var chosen: Candidate
    /// The likeliest tokens at this position, most likely first (as many as were asked for).
    public var top: [Candidate]

    /// Creates an entry.
    public init(chosen: Candidate, top: [Candidate]) {
        self.chosen = chosen
        self.top = top
    }
}
