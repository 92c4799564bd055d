/// A written SBAR report and how it came about.
public struct SBARReport: Sendable, Hashable, Codable {
    /// Who wrote the text.
    public enum Source: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The model, streamed.
        case model(id: String)
        /// The template, because of `reason` (model unavailable, no first token in time, sections missing).
        case template(reason: String)

        public var description: String {
            switch self {
            case .model(let id): return "written by \(id)"
            case .template(let reason): return "written from the structured data (\(reason))"
            }
        }
    }

    /// How the model's stream ended.
    public enum Ending: String, Sendable, Hashable, Codable {
        /// The model wrote ``SBARPrompt/endMarker``.
        case endMarker
        /// The Recommendation section was complete.
        case recommendationComplete
        /// The 3,000-character cap was reached.
        case characterLimit
        /// The model stopped writing an SBAR report (see ``SBARStreamFilter/Stop/formatLost``).
        case formatLost
        /// The model ended on its own.
        case endOfGeneration
        /// The model's token limit was reached.
        case maxTokens
        /// The overall time budget ran out.
        case deadline
        /// The template was used instead.
        case template
    }

    /// Who the report is for.
    public var recipient: SBARRecipient
    /// The report.
    public var text: String
    /// Who wrote it.
    public var source: Source
    /// How it ended.
    public var ending: Ending
    /// What the model streamed before the template replaced it (empty when nothing was shown).
    public var discardedModelText: String

    /// Creates a report.
    public init(recipient: SBARRecipient, text: String, source: Source, ending: Ending, discardedModelText: String = "") {
        self.recipient = recipient
        self.text = text
        self.source = source
        self.ending = ending
        self.discardedModelText = discardedModelText
    }

    /// Whether the template wrote the report.
    public var usedTemplate: Bool {
        if case .template = source { return true }
        return false
    }

    /// The sections present in the text, in order.
    public var sections: [SBARSection] { SBARSection.sections(in: text) }
}
