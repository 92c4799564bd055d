import Foundation
import LLM
import Synchronization

/// The model half of LCSC: compresses the previous narrative, the latest tier, the transcript and
/// sleep into a new narrative, and integrates medical records, within a time budget.
///
/// Compression never loses the memory: when the model cannot be loaded, fails, runs past the
/// budget (30 s, loading included) or answers nothing usable (empty, or looping), the previous
/// narrative is kept unchanged. Ingestion falls back to appending a dated, truncated line instead.
/// Narratives are held to ``maxNarrativeTokens`` tokens when generated and
/// ``maxNarrativeCharacters`` characters.
public struct NarrativeCompressor: Sendable {
    /// Produces the model; called once per update, inside the budget.
    public typealias ModelProvider = @Sendable () async throws -> any LanguageModel

    /// The outcome of an update: the narrative to keep and what happened.
    public struct Outcome: Sendable, Hashable {
        /// The narrative after the update (the previous one when it was kept).
        public var narrative: String
        /// What happened.
        public var update: NarrativeUpdate
    }

    private let provider: ModelProvider?
    /// The most time an update may take, model loading included.
    public let budget: Duration
    /// Most tokens the model may write.
    public var maxNarrativeTokens: Int
    /// Most characters a narrative keeps.
    public var maxNarrativeCharacters: Int

    /// A compressor that loads its model when an update starts.
    public init(loadingModel provider: ModelProvider?, budget: Duration = ModelBudget.narrativeCompression,
                maxNarrativeTokens: Int = 200, maxNarrativeCharacters: Int = 1_200) {
        self.provider = provider
        self.budget = budget
        self.maxNarrativeTokens = maxNarrativeTokens
        self.maxNarrativeCharacters = maxNarrativeCharacters
    }

    /// A compressor over a loaded model.
    public init(model: any LanguageModel, budget: Duration = ModelBudget.narrativeCompression,
                maxNarrativeTokens: Int = 200, maxNarrativeCharacters: Int = 1_200) {
        self.init(loadingModel: { model }, budget: budget, maxNarrativeTokens: maxNarrativeTokens,
                  maxNarrativeCharacters: maxNarrativeCharacters)
    }

    /// A compressor without a model: compression keeps the narrative; ingestion appends lines.
    public static func withoutModel() -> NarrativeCompressor { NarrativeCompressor(loadingModel: nil) }

    /// Words the prompt asks for (about ¾ of the token budget).
    var wordBudget: Int { max(20, maxNarrativeTokens * 3 / 4) }

    /// The generation options: temperature 0.1, a repetition penalty (small models loop), the token
    /// budget, stopping at the end marker.
    var options: GenerationOptions {
        GenerationOptions(temperature: 0.1, topK: 40, topP: 0.95, repetitionPenalty: 1.15, maxTokens: maxNarrativeTokens,
                          stopSequences: ["<end_of_turn>", RiskAssessmentPrompt.endOfReport])
    }

    /// The new narrative after a check-in, or the previous one unchanged on any failure.
    ///
    /// `state` is the state already updated for this check-in (its trend goes into the prompt).
    public func compress(previous: String, tier: RiskTier, transcript: String?, sleep: String?,
                         state: LongitudinalState, now: Date) async -> Outcome {
        let prompt = NarrativePrompts.compression(previous: previous, tier: tier, transcript: transcript, sleep: sleep,
                                                  state: state, wordBudget: wordBudget)
        switch await generate(prompt) {
        case .success(let text):
            return Outcome(narrative: text, update: NarrativeUpdate(status: .compressed, date: now))
        case .failure(let reason):
            return Outcome(narrative: previous, update: NarrativeUpdate(status: .kept, detail: reason, date: now))
        }
    }

    /// The narrative with a record's text integrated; on failure, the previous narrative with a
    /// dated, truncated line appended.
    public func integrate(recordText: String, recordKind: String, recordDate: Date?, previous: String,
                          now: Date) async -> Outcome {
        let day = Self.day(recordDate ?? now)
        let prompt = NarrativePrompts.ingestion(previous: previous, recordText: recordText, recordKind: recordKind,
                                                recordDate: recordDate.map(Self.day), wordBudget: wordBudget)
        switch await generate(prompt) {
        case .success(let text):
            return Outcome(narrative: text, update: NarrativeUpdate(status: .integrated, date: now))
        case .failure(let reason):
            let narrative = appending(Self.summaryLine(recordText, kind: recordKind, day: day), to: previous)
            return Outcome(narrative: narrative, update: NarrativeUpdate(status: .appended, detail: reason, date: now))
        }
    }

    /// The deterministic summary line of a record: "[2024-03-02] Discharge summary: first words…".
    public static func summaryLine(_ text: String, kind: String, day: String, limit: Int = 240) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let clipped = flat.count > limit ? String(flat.prefix(limit)).trimmingCharacters(in: .whitespaces) + "…" : flat
        return "[\(day)] \(kind.prefix(1).uppercased() + kind.dropFirst()): \(clipped)"
    }

    /// `line` appended to `narrative` on a new line; the oldest lines (then characters) give way
    /// so the narrative stays within ``maxNarrativeCharacters``.
    public func appending(_ line: String, to narrative: String) -> String {
        var lines = narrative.isEmpty ? [] : narrative.components(separatedBy: "\n")
        lines.append(line)
        while lines.count > 1, lines.joined(separator: "\n").count > maxNarrativeCharacters { lines.removeFirst() }
        let joined = lines.joined(separator: "\n")
        return joined.count > maxNarrativeCharacters ? String(joined.prefix(maxNarrativeCharacters)) : joined
    }

    // MARK: Model call

    private enum Generation: Sendable {
        case success(String)
        case failure(String)
    }

    private func generate(_ prompt: String) async -> Generation {
        guard let provider else { return .failure("no model available") }
        let options = options, budget = budget, limit = maxNarrativeCharacters
        let deadline = Deadline.after(budget)
        let outcome = await Self.first(within: budget) { () async -> Generation in
            let model: any LanguageModel
            do { model = try await provider() } catch { return .failure("the model could not be loaded: \(error)") }
            let request = GenerationRequest(messages: [.user(prompt)], options: options, deadline: deadline)
            let result: GenerationResult
            do { result = try await model.respond(to: request) } catch { return .failure("the model failed: \(error)") }
            switch result.finishReason {
            case .deadline: return .failure("no complete answer within \(Self.describe(budget))")
            case .cancelled: return .failure("cancelled")
            default: break
            }
            guard let text = Self.clean(result.text, limit: limit) else { return .failure("the model's answer was empty") }
            // A small model can fall into a loop; a narrative that repeats itself would replace the memory with noise.
            if RepetitionLoop.isPresent(in: text) { return .failure("the model's answer repeated itself") }
            return .success(text)
        }
        return outcome ?? .failure("no answer within \(Self.describe(budget))")
    }

    /// The model's text without the end marker, a leading label or surrounding quotes, held to
    /// `limit` characters (cut at a sentence end when there is one); nil when nothing is left.
    static func clean(_ raw: String, limit: Int) -> String? {
        var text = raw
        if let marker = text.range(of: RiskAssessmentPrompt.endOfReport) { text = String(text[..<marker.lowerBound]) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for label in ["new memory:", "memory:", "updated memory:", "summary:"] where text.lowercased().hasPrefix(label) {
            text = String(text.dropFirst(label.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: "\"“”")).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.count > limit {
            let prefix = String(text.prefix(limit))
            if let end = prefix.lastIndex(where: { ".!?".contains($0) }), prefix.distance(from: prefix.startIndex, to: end) > limit / 2 {
                text = String(prefix[...end])
            } else {
                text = prefix
            }
        }
        return text.split(whereSeparator: \.isWhitespace).count >= 3 ? text : nil
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
    }

    /// The work's value, or nil when `budget` passes first (the work is then cancelled and not
    /// waited for, so a model that ignores cancellation cannot hold the caller).
    static func first<T: Sendable>(within budget: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let gate = Gate<T>()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            gate.install(continuation)
            let task = Task { gate.resume(await work()) }
            let timer = Task {
                try? await Task.sleep(for: budget)
                if gate.resume(nil) { task.cancel() }
            }
            gate.onDone { timer.cancel() }
        }
    }
}

/// Resumes a continuation once, with whichever value arrives first.
private final class Gate<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T?, Never>?
        var done = false
        var cleanup: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<T?, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func onDone(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.done { return true }
            state.cleanup = action
            return false
        }
        if runNow { action() }
    }

    /// Resumes with `value` unless already resumed; returns whether this call resumed.
    @discardableResult
    func resume(_ value: T?) -> Bool {
        let (continuation, cleanup) = state.withLock { state -> (CheckedContinuation<T?, Never>?, (@Sendable () -> Void)?) in
            guard !state.done else { return (nil, nil) }
            state.done = true
            defer { state.continuation = nil; state.cleanup = nil }
            return (state.continuation, state.cleanup)
        }
        guard let continuation else { return false }
        continuation.resume(returning: value)
        cleanup?()
        return true
    }
}
