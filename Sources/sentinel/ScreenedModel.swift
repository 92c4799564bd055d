import LLM
import LlamaEngine
import Skills

/// The answer screen around every model step of `sentinel` (issue 26, item 1): what the model
/// writes (a narrative, a report, a free-text tier) is screened before anyone sees it, and an unsafe
/// answer is withheld so the step's deterministic result stands. The message screen stays off:
/// Sentinel's prompts are a veteran's own words and signals, which must be assessed, not answered
/// with crisis resources.
enum ScreenedModel {
    /// `model` behind the answer screen.
    static func wrap(_ model: any LanguageModel) -> any LanguageModel {
        SafetyAwareModel(base: model, screensPrompts: false, unsafeAnswers: .withhold)
    }

    /// A step's model provider that loads its own engine from `path` and screens it.
    static func loading(path: String, id: String, configuration: LlamaConfiguration) -> @Sendable () async throws -> any LanguageModel {
        { wrap(try await LlamaEngine(modelPath: path, id: id, configuration: configuration)) }
    }
}
