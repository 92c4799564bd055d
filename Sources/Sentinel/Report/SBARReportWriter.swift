import Foundation
import LLM
import Synchronization

/// Writes an SBAR report for a recipient, streaming the model's text token by token.
///
/// The stream goes through ``SBARStreamFilter``: it stops at ``SBARPrompt/endMarker`` (also a
/// stop sequence of the request), when the Recommendation section is complete, or at 3,000
/// characters. The template (``SBARTemplate``) writes the report instead, and the output says
/// why, when the model is unavailable or fails to load, when its first token does not arrive
/// within 10 seconds, when it fails, when it stops following the format (no heading near the
/// start, a section running on without the next heading), or when its report lacks one of the
/// four sections. An engine that decodes under constraints is held to the four headings by
/// ``SBARPrompt/grammar``. The writer never throws.
public struct SBARReportWriter: Sendable {
    /// Produces the model (loading it if needed).
    public typealias ModelProvider = @Sendable () async throws -> any LanguageModel

    /// The most characters a report may have.
    public static let characterLimit = 3_000

    private let provider: ModelProvider
    /// Set for a writer without a model: why there is none.
    private var noModelReason: String?
    /// How long to wait for the first token once the request is sent (10 s by default).
    public var firstTokenTimeout: Duration
    /// The most time the whole generation may take (model loading not included).
    public var generationBudget: Duration
    /// The most time loading the model may take.
    public var loadBudget: Duration
    /// The most characters shown.
    public var characterLimit: Int
    /// The generation options (greedy, 768 tokens, the end marker as a stop sequence).
    public var options: GenerationOptions

    /// A writer over a model (or a provider that loads one).
    public init(loadingModel provider: @escaping ModelProvider, firstTokenTimeout: Duration = ModelBudget.firstReportToken,
                generationBudget: Duration = .seconds(120), loadBudget: Duration = .seconds(60),
                characterLimit: Int = SBARReportWriter.characterLimit) {
        self.provider = provider
        self.firstTokenTimeout = firstTokenTimeout
        self.generationBudget = generationBudget
        self.loadBudget = loadBudget
        self.characterLimit = characterLimit
        self.options = GenerationOptions(temperature: 0, repetitionPenalty: 1.1, maxTokens: 768, stopSequences: [SBARPrompt.endMarker])
    }

    /// A writer over a loaded model.
    public init(model: any LanguageModel, firstTokenTimeout: Duration = ModelBudget.firstReportToken,
                characterLimit: Int = SBARReportWriter.characterLimit) {
        self.init(loadingModel: { model }, firstTokenTimeout: firstTokenTimeout, characterLimit: characterLimit)
    }

    /// A writer without a model: always the template, for `reason`.
    public init(noModel reason: String) {
        self.init(loadingModel: { throw LLMError.modelUnavailable(.unavailable(reason: reason)) })
        noModelReason = reason
    }

    /// Writes the report, passing each piece of text to `output` as it is ready (the model's
    /// tokens as they arrive, or the template's text at once).
    public func write(_ input: SBARInput, for recipient: SBARRecipient,
                      output: @escaping @Sendable (String) -> Void) async -> SBARReport {
        func template(_ why: String, ending: SBARReport.Ending = .template, shown: String = "") -> SBARReport {
            var reason = why.trimmingCharacters(in: .whitespacesAndNewlines)
            while reason.hasSuffix(".") { reason.removeLast() }
            let text = SBARTemplate().report(for: input, recipient: recipient, reason: reason)
            output((shown.isEmpty ? "" : "\n\n") + "[Template report: \(reason).]\n\n" + text)
            return SBARReport(recipient: recipient, text: text, source: .template(reason: reason), ending: ending,
                              discardedModelText: shown)
        }
        if let noModelReason { return template("no model: \(noModelReason)") }

        // Load the model (within its own budget) and check that it can generate.
        let model: any LanguageModel
        do {
            let provider = self.provider
            model = try await withDeadline(loadBudget) { try await provider() }
        } catch is DeadlineExceeded {
            return template("the model did not load within \(Self.describe(loadBudget))")
        } catch {
            return template("the model is unavailable: \(Self.describe(error))")
        }
        let availability = await model.availability
        guard availability.isReady else { return template("the model is unavailable: \(availability)") }

        var options = self.options
        if !options.stopSequences.contains(SBARPrompt.endMarker) { options.stopSequences.append(SBARPrompt.endMarker) }
        // An engine that decodes under a grammar is held to the four headings (it then cannot lose
        // the format); others get the instructions alone and the format checks below.
        let constraint: OutputConstraint? = model.supportsConstrainedDecoding ? .grammar(SBARPrompt.grammar) : nil
        let request = GenerationRequest(messages: SBARPrompt.messages(for: input, recipient: recipient), options: options,
                                        constraint: constraint, deadline: .after(generationBudget), overflowPolicy: .truncateStart)
        let outcome = await Self.stream(request, on: model, firstTokenTimeout: firstTokenTimeout,
                                        characterLimit: characterLimit, output: output)
        switch outcome {
        case .noFirstToken:
            return template("the model's first token did not arrive within \(Self.describe(firstTokenTimeout))")
        case .failed(let error, let shown) where shown.isEmpty:
            return template("the model failed: \(error)")
        case .failed(let error, let shown):
            return template("the model failed while writing: \(error)", shown: shown)
        case .finished(let text, .formatLost):
            let found = SBARSection.sections(in: text).map { $0.rawValue.capitalized }
            return template("the model did not keep the SBAR format ("
                            + (found.isEmpty ? "no section heading near the start" : "it wrote \(SBARTemplate.list(found)) and then ran on")
                            + ")", shown: text)
        case .finished(let text, let ending):
            let missing = SBARSection.allCases.filter { !SBARSection.sections(in: text).contains($0) }
            guard missing.isEmpty else {
                let names = missing.map { $0.rawValue.capitalized }
                return template("the model's report had no \(SBARTemplate.list(names)) section\(missing.count == 1 ? "" : "s")",
                                shown: text)
            }
            return SBARReport(recipient: recipient, text: text, source: .model(id: model.id), ending: ending)
        }
    }

    // MARK: Streaming

    enum StreamOutcome: Sendable {
        case noFirstToken
        case failed(String, shown: String)
        case finished(String, SBARReport.Ending)
    }

    /// Streams the request through the filter; gives up when no token arrives in time.
    static func stream(_ request: GenerationRequest, on model: any LanguageModel, firstTokenTimeout: Duration,
                       characterLimit: Int, output: @escaping @Sendable (String) -> Void) async -> StreamOutcome {
        let gate = FirstTokenGate()
        let consumer = Task<StreamOutcome, Never> {
            var filter = SBARStreamFilter(characterLimit: characterLimit)
            var shown = ""
            var modelEnding: SBARReport.Ending = .endOfGeneration
            do {
                for try await event in model.stream(request) {
                    switch event {
                    case .token(let piece):
                        guard gate.tokenArrived() else { return .noFirstToken }
                        let visible = filter.feed(piece)
                        if !visible.isEmpty {
                            shown += visible
                            output(visible)
                        }
                    case .logprob:
                        break
                    case .finished(_, let reason):
                        switch reason {
                        case .stopSequence: modelEnding = .endMarker
                        case .maxTokens: modelEnding = .maxTokens
                        case .deadline: modelEnding = .deadline
                        case .cancelled: if !gate.hasToken { return .noFirstToken }
                        case .endOfGeneration: modelEnding = .endOfGeneration
                        }
                    }
                    if filter.isDone { break }
                }
            } catch {
                if !gate.hasToken && Task.isCancelled { return .noFirstToken }
                let rest = filter.feed("") + filter.finish()
                if !rest.isEmpty { output(rest) }
                return .failed(describe(error), shown: shown + rest)
            }
            if !gate.hasToken && Task.isCancelled { return .noFirstToken }
            let rest = filter.finish()
            if !rest.isEmpty {
                shown += rest
                output(rest)
            }
            let ending: SBARReport.Ending = switch filter.stop {
            case .endMarker: .endMarker
            case .recommendationComplete: .recommendationComplete
            case .characterLimit: .characterLimit
            case .formatLost: .formatLost
            case nil: modelEnding
            }
            return .finished(shown, ending)
        }
        let watchdog = Task {
            try? await Task.sleep(for: firstTokenTimeout)
            if gate.timeOut() { consumer.cancel() }
        }
        let outcome = await withTaskCancellationHandler { await consumer.value } onCancel: { consumer.cancel() }
        watchdog.cancel()
        return outcome
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds >= 1 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds * 1000).rounded())) ms"
    }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}

/// Whether the first token beat the timeout: whichever side comes first wins, once.
private final class FirstTokenGate: Sendable {
    private enum State { case waiting, gotToken, timedOut }
    private let state = Mutex(State.waiting)

    /// A token arrived; false when the timeout already fired (the token must be dropped).
    func tokenArrived() -> Bool {
        state.withLock { state in
            switch state {
            case .waiting, .gotToken:
                state = .gotToken
                return true
            case .timedOut:
                return false
            }
        }
    }

    /// The timeout fired; true when no token had arrived (generation must be cancelled).
    func timeOut() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .timedOut
            return true
        }
    }

    var hasToken: Bool { state.withLock { $0 == .gotToken } }
}
