import Foundation
import Logging

/// A request to send one prompt to a remote engine, shown to the user before anything leaves the device.
public struct RemoteConsentRequest: Sendable, Hashable {
    /// The remote engine's id.
    public var engineID: String
    /// What would be sent (the simplified prompt's text).
    public var preview: String
    /// Who would receive it: the server's host (and port), so the question can name it.
    public var destination: String
}

/// The remote step: an engine the user configured, used only after they agree for this request.
public struct RemoteFallback: Sendable {
    /// The remote engine.
    public var bridge: LLMBridge
    /// Asked before each use; returns whether the user agrees. Nothing is sent on `false`.
    public var askConsent: @Sendable (RemoteConsentRequest) async -> Bool
    /// The host that receives what is sent (default: the engine's id).
    public var destination: String

    /// Creates the remote step.
    /// - Parameters:
    ///   - bridge: the bridge to the remote engine.
    ///   - destination: the host that would receive the message, named in the consent question.
    ///   - askConsent: asks the person before the first message leaves the machine; false keeps it local.
    public init(bridge: LLMBridge, destination: String? = nil, askConsent: @escaping @Sendable (RemoteConsentRequest) async -> Bool) {
        self.bridge = bridge
        self.destination = destination ?? bridge.model.id
        self.askConsent = askConsent
    }
}

/// Model calls that always end with a usable answer or a clear error:
/// 1. the full prompt on the local model, within `budget`;
/// 2. the simplified prompt (examples removed, context trimmed), within `budget`;
/// 3. the caller's deterministic fallback;
/// 4. a remote engine, only when one is configured and the user agrees for this request.
///
/// Each answer records the attempt that produced it. JSON that fails validation never passes: an
/// attempt whose JSON is invalid counts as failed.
///
/// ```swift
/// let resilient = ResilientBridge(local: LLMBridge(model: engine), budget: .seconds(2))
/// let answer = try await resilient.json(prompt, schema: schema) { MealSuggestion.safeDefault.json }
/// print(answer.attempt)  // .full, .simplified, .deterministic or .remote
/// ```
public struct ResilientBridge: Sendable {
    /// The local model.
    public var local: LLMBridge
    /// Budget of each model attempt.
    public var budget: Duration
    /// When the whole local cascade must be done: each model attempt gets at most the time left,
    /// and an attempt with no time left is skipped (nil: each attempt gets the full ``budget``).
    public var deadline: Deadline?
    /// The opt-in remote step (nil: never leaves the device).
    public var remote: RemoteFallback?
    /// Tokens per text answer.
    public var maxTokens: Int

    /// Creates the bridge.
    public init(local: LLMBridge, budget: Duration = ModelBudget.shortAnswer, deadline: Deadline? = nil,
                remote: RemoteFallback? = nil, maxTokens: Int = 256) {
        self.local = local
        self.budget = budget
        self.deadline = deadline
        self.remote = remote
        self.maxTokens = maxTokens
    }

    /// Free text through the cascade. An empty answer counts as a failure. An answer that starts
    /// repeating itself is cut where the repetition begins; when too little is left (fewer than
    /// ``shortestLoopFreeAnswer`` words) it counts as a failure too.
    /// - Parameters:
    ///   - prompt: what to ask at each step.
    ///   - fallback: the deterministic answer (nil when there is none).
    /// - Throws: ``ResilienceExhausted`` when every attempt failed.
    public func text(_ prompt: ResilientPrompt, fallback: @Sendable () -> String? = { nil }) async throws -> ResilientAnswer<String> {
        try await run(prompt, fallback: fallback) { bridge, prompt in
            let answer = try await LLMBridge.streamEndingLoops(
                LLMBridge.request(prompt: prompt.userText, system: prompt.system, options: GenerationOptions(maxTokens: maxTokens),
                                  deadline: nil), on: bridge.model)
            let trimmed = answer.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw ResilienceAttemptError("the model returned an empty answer") }
            if answer.endedLoop, !Self.keepsEnoughBeforeLoop(trimmed) { throw ResilienceAttemptError("the model repeated itself") }
            return trimmed
        }
    }

    /// Schema-valid JSON through the cascade. The fallback's value is validated too.
    /// - Throws: ``ResilienceExhausted`` when every attempt failed; invalid JSON is never returned.
    public func json(_ prompt: ResilientPrompt, schema: JSONSchema,
                     fallback: @Sendable () -> JSONValue? = { nil }) async throws -> ResilientAnswer<JSONValue> {
        let validator = try JSONSchemaValidator(schema: schema)
        let checkedFallback: @Sendable () -> JSONValue? = {
            guard let value = fallback(), validator.validate(value).isEmpty else { return nil }
            return value
        }
        return try await run(prompt, fallback: checkedFallback) { bridge, prompt in
            let report = try await bridge.generateJSONReport(prompt: prompt.userText, schema: schema, system: prompt.system,
                                                             examples: prompt.examples, maxTokens: maxTokens)
            let problems = validator.validate(report.value)
            guard problems.isEmpty else {
                throw ResilienceAttemptError("invalid JSON: " + problems.map(\.description).joined(separator: "; "))
            }
            return report.value
        }
    }

    private func run<Value: Sendable>(_ prompt: ResilientPrompt, fallback: @Sendable () -> Value?,
                                      attempt call: @escaping @Sendable (LLMBridge, ResilientPrompt) async throws -> Value)
        async throws -> ResilientAnswer<Value> {
        var failures: [ResilienceFailure] = []
        let local = self.local
        for (attempt, version) in [(ResilienceAttempt.full, prompt), (.simplified, prompt.simplified())] {
            // A cancelled call (the client left, or the caller stopped a copy of its example) starts nothing more.
            guard !Task.isCancelled else {
                failures.append(ResilienceFailure(attempt: attempt, reason: "skipped: the call was cancelled"))
                continue
            }
            var attemptBudget = budget
            if let deadline {
                guard deadline.remaining >= Self.shortestAttempt else {
                    failures.append(ResilienceFailure(attempt: attempt, reason: "skipped: no time left before the deadline"))
                    continue
                }
                attemptBudget = min(budget, deadline.remaining)
            }
            do {
                let value = try await withDeadline(attemptBudget) { try await call(local, version) }
                return ResilientAnswer(value: value, attempt: attempt, failures: failures)
            } catch {
                failures.append(ResilienceFailure(attempt: attempt, reason: Self.reason(error)))
                Logger(label: "homeos.llm").notice("model attempt failed", metadata: [
                    "attempt": "\(attempt)", "error": "\(error is DeadlineExceeded ? "deadline" : String(describing: type(of: error)))"])
            }
        }
        if let value = fallback() {
            return ResilientAnswer(value: value, attempt: .deterministic, failures: failures)
        }
        failures.append(ResilienceFailure(attempt: .deterministic, reason: "no deterministic answer for this request"))
        if let remote, !Task.isCancelled {
            let simpler = prompt.simplified()
            if await remote.askConsent(RemoteConsentRequest(engineID: remote.bridge.model.id, preview: simpler.userText,
                                                                  destination: remote.destination)) {
                do {
                    let value = try await withDeadline(budget * 5) { try await call(remote.bridge, simpler) }
                    return ResilientAnswer(value: value, attempt: .remote, failures: failures)
                } catch {
                    failures.append(ResilienceFailure(attempt: .remote, reason: Self.reason(error)))
                }
            } else {
                failures.append(ResilienceFailure(attempt: .remote, reason: "the user declined sending it off the device"))
            }
        }
        throw ResilienceExhausted(failures: failures)
    }

    /// The fewest words an answer cut short at a loop must keep to be used.
    public static let shortestLoopFreeAnswer = 12

    /// Whether `kept`, an answer cut where its loop began, says enough to be used (at least
    /// ``shortestLoopFreeAnswer`` words).
    public static func keepsEnoughBeforeLoop(_ kept: String) -> Bool {
        kept.split(whereSeparator: \.isWhitespace).count >= shortestLoopFreeAnswer
    }

    /// Below this much time an attempt is not started.
    static let shortestAttempt: Duration = .milliseconds(100)

    static func reason(_ error: any Error) -> String {
        if let error = error as? DeadlineExceeded { return "timed out (\(error.budget))" }
        return String(describing: error)
    }
}

/// Why one attempt's output was rejected.
struct ResilienceAttemptError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
