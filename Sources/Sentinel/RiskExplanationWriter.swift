import Foundation
import LLM

/// Where a check-in's explanation came from.
public enum RiskExplanationSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The model wrote it, with the explanation prompt.
    case model(id: String)
    /// The static text of the tier, and why the model's was not used.
    case fixed(reason: String)

    public var description: String {
        switch self {
        case .model(let id): return "written by \(id)"
        case .fixed(let reason): return "the tier's fixed text (\(reason))"
        }
    }
}

/// The seed's risk-explanation step (`explainRisk`): the check-in's final tier, what led to it,
/// the health context, the time since the last check-in and which data were used go into their own
/// prompt, and the model writes two plain sentences to the veteran about why. It has its own
/// 10-second budget, separate from the AI step's; when the model is missing, slow, fails, writes
/// fewer than four words or names another tier, the tier's static explanation
/// (``RiskExplainer/staticExplanation(for:)``) stands.
///
/// A red check-in is never held back for prose: it gets the static text at once (it points straight
/// at help), and the model is not asked.
public struct RiskExplanationWriter: Sendable {
    /// Produces the model; called inside the budget.
    public typealias ModelProvider = @Sendable () async throws -> any LanguageModel

    /// The seed's budget for the explanation.
    public static let defaultBudget: Duration = .seconds(10)

    private let provider: ModelProvider
    /// The most time the step may take, loading included.
    public let budget: Duration

    /// A writer over a model loaded when the first explanation is asked for.
    public init(loadingModel provider: @escaping ModelProvider, budget: Duration = RiskExplanationWriter.defaultBudget) {
        self.provider = provider
        self.budget = budget
    }

    /// A writer over a loaded model.
    public init(model: any LanguageModel, budget: Duration = RiskExplanationWriter.defaultBudget) {
        self.init(loadingModel: { model }, budget: budget)
    }

    /// The generation options: greedy, a repetition penalty (small models loop), room for
    /// two sentences, stopping at a blank line.
    static let options = GenerationOptions(temperature: 0, topK: 40, topP: 0.95, repetitionPenalty: 1.15, maxTokens: 90,
                                           stopSequences: ["\n\n", "<end_of_turn>", RiskAssessmentPrompt.endOfReport])

    /// What the explanation may draw on: the factors, the health context, the history and the
    /// data used, in words.
    struct Facts: Sendable, Hashable {
        var tier: RiskTier
        var factors: [String]
        var health: String?
        var history: String?
        var sources: [String]

        init(_ report: CheckInReport, history: String?) {
            tier = report.finalTier
            let yes = report.screener.decisiveItems.map(\.label)
            factors = [yes.isEmpty ? "no screener question was answered yes" : "screener: yes to " + yes.joined(separator: ", ")]
            factors.append("decided by " + report.decidedBy.phrase)
            factors += report.signals.discrepancies.map(\.summary)
            health = report.signals.health.map { $0.metrics.map(\.summary).joined(separator: "; ") }
            self.history = history
            sources = ["the screener questions"]
            if report.signals.notePresent { sources.append("a written note") }
            if report.signals.prosody != nil { sources.append("a voice recording") }
            if report.signals.health != nil { sources.append("wearable data") }
            if report.signals.face != nil { sources.append("face telemetry") }
        }

        /// Words of four letters or more that say something about this check-in (not the
        /// instructions' words, nor the tier's name).
        var contentWords: Set<String> {
            let text = (factors + [health ?? "", history ?? ""] + sources).joined(separator: " ")
            let generic = RiskExplanationWriter.words(RiskExplanationWriter.instruction + " " + RiskExplanationWriter.system + " "
                                                      + tier.rawValue + " " + tier.label)
            return RiskExplanationWriter.words(text).subtracting(generic)
        }
    }

    static let system = "You explain a veteran's check-in result to them in plain, kind words. You never diagnose, "
        + "never quote numbers or scores, and never suggest a different level."
    static let instruction = "In exactly two short sentences, tell the veteran why this check-in shows this level. "
        + "Start with \"This check-in\"."

    /// The prompt for `report`; `history` is the longitudinal summary (time since the last
    /// check-in, trend), when there is one.
    public static func messages(for report: CheckInReport, history: String?) -> [ChatMessage] {
        let facts = Facts(report, history: history)
        // One worked example: a 135M model follows a shown answer far better than a described one.
        return [.system(system), .user(Self.user(level: "YELLOW (some warning signs)", factors: "screener: yes to trouble sleeping",
                                                 health: "sleep 4.5 h, well below your usual", history: "3 earlier check-ins, all green",
                                                 sources: "the screener questions, wearable data")),
                .assistant(example),
                .user(Self.user(level: "\(facts.tier.rawValue.uppercased()) (\(facts.tier.label))",
                                factors: facts.factors.joined(separator: "; "), health: facts.health ?? "no wearable data",
                                history: facts.history ?? "no earlier check-ins on record",
                                sources: facts.sources.joined(separator: ", ")))]
    }

    /// The worked example's answer (an answer that repeats it is not used).
    static let example = "This check-in shows some warning signs because your sleep has dropped well below your usual. "
        + "Earlier check-ins were steady, so talking with someone you trust this week can help."

    static func user(level: String, factors: String, health: String, history: String, sources: String) -> String {
        """
        Check-in level: \(level).
        What led to it: \(factors).
        Health: \(health).
        History: \(history).
        Based on: \(sources).

        \(instruction)
        """
    }

    /// Lower-cased words of four letters or more.
    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.filter { $0.count >= 4 }.map(String.init))
    }

    /// The explanation of `report`'s final tier.
    public func explain(_ report: CheckInReport, history: String?) async -> (text: String, source: RiskExplanationSource) {
        let tier = report.finalTier
        let fixed = RiskExplainer.staticExplanation(for: tier)
        guard tier != .red else { return (fixed, .fixed(reason: "a red check-in is not held back for the model")) }
        let provider = self.provider
        let budget = self.budget
        let request = GenerationRequest(messages: Self.messages(for: report, history: history), options: Self.options,
                                        deadline: .after(budget))
        let outcome: Result<(String, GenerationResult), any Error>
        do {
            outcome = .success(try await withDeadline(budget) {
                let model = try await provider()
                return (model.id, try await model.respond(to: request))
            })
        } catch {
            outcome = .failure(error)
        }
        let late = "no answer within \(Int(budget.seconds.rounded())) s"
        switch outcome {
        case .failure(let error):
            return (fixed, .fixed(reason: error is DeadlineExceeded ? late : "the model failed: \(error)"))
        case .success(let (id, result)):
            if result.finishReason == .deadline { return (fixed, .fixed(reason: late)) }
            guard let sentences = RiskExplainer.sentences(from: result.text) else {
                return (fixed, .fixed(reason: "the model's answer had no usable sentence"))
            }
            if sentences.hasPrefix(String(Self.example.prefix(60))) {
                return (fixed, .fixed(reason: "the model repeated the prompt's example"))
            }
            if RiskTierParser.colors(in: sentences).contains(where: { $0 != tier }) {
                return (fixed, .fixed(reason: "the model's answer named another level"))
            }
            // Two sentences about nothing in this check-in explain nothing.
            if Self.words(sentences).isDisjoint(with: Facts(report, history: history).contentWords) {
                return (fixed, .fixed(reason: "the model's answer was about nothing in this check-in"))
            }
            return (sentences, .model(id: id))
        }
    }
}
