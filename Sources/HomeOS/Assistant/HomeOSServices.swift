import Foundation
import LLM
import Skills

/// What the HomeOS skills depend on, passed in (no shared instances): the family's store, the
/// clock, and optional providers.
public struct HomeOSServices: Sendable {
    /// The family's documents.
    public let storage: any StorageProvider
    /// Weather (nil: not configured; the tools skill says so).
    public let weather: (any WeatherProvider)?
    /// The current time (tests pass a fixed clock).
    public let now: @Sendable () -> Date
    /// The gene-pool style of the current answer (nil: the fixed rules).
    public let style: PromptStyle?
    /// Counts prompt tokens for ``PromptBudget``: the model's tokenizer (`LlamaTokenizer`) when
    /// the app has one, else an estimate of about four characters a token.
    public let tokenCounter: any PromptTokenCounting
    /// Which skills' models copied their worked example on the last call (shared by every copy of
    /// these services, so it lasts as long as the assistant that made them).
    public let copiedExamples = CopiedExampleMemory()

    /// Creates the services.
    public init(storage: any StorageProvider, weather: (any WeatherProvider)? = nil, now: @escaping @Sendable () -> Date = Date.init,
                style: PromptStyle? = nil, tokenCounter: any PromptTokenCounting = CharacterTokenEstimate()) {
        self.storage = storage
        self.weather = weather
        self.now = now
        self.style = style
        self.tokenCounter = tokenCounter
    }

    /// Chooses the worked examples of a model call within the default ``PromptBudget``, counting
    /// with ``tokenCounter``.
    public var fewShot: FewShotSelection { FewShotSelection(tokens: tokenCounter) }

    /// The family, or nil before `homeos init`.
    public func family() throws(StorageError) -> Family? {
        try storage.loadIfPresent(.family)
    }

    /// The family's time zone (the system's when there is no family yet or it names none).
    public func timeZone() -> TimeZone {
        ((try? family())??.timeZone) ?? .current
    }

    /// The prompt for one model call of a skill: a system message that stays the same from call to
    /// call (the gene-pool style when set, else the fixed HomeOS rules; the skill's `instruction`;
    /// the family summary; the skill's `data`), then a user message with the current time, this
    /// skill's recent exchanges and the message itself, trimmed to ``PromptBudget``.
    /// `dataNearMessage` puts `data` in the user message instead, just before the message, for an
    /// answer that must restate it.
    public func promptMessages(skillID: String, instruction: String, data: String = "", dataNearMessage: Bool = false,
                               context: SkillContext) -> [ChatMessage] {
        let family = (try? self.family()) ?? nil
        var prompt = HomeOSPrompt(skillID: skillID, instruction: instruction, data: data, family: family,
                                  now: context.now, timeZone: context.timeZone, history: context.history,
                                  message: context.message, style: style?.text ?? "", tokens: tokenCounter)
        prompt.dataNearMessage = dataNearMessage
        return prompt.messages()
    }
}
