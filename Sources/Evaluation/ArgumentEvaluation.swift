import Foundation
import LLM

/// Argument extraction on BFCL with schema-constrained decoding (`homeos dev eval arguments`).
///
/// Each case becomes one ``LLMBridge/generateJSONReport(prompt:schema:system:examples:maxTokens:deadline:)``
/// call whose schema offers every function as a branch (`{"name": <const>, "arguments": {…}}`,
/// see ``BFCLSchema``) and, when ``allowNoCall`` is on, `{"call": null}`; the answer is scored by
/// ``BFCLASTMatcher``. The same schema shape is used in every category, so the model (not the
/// harness) decides whether to call.
public struct ArgumentEvaluation: Sendable {
    /// The model's bridge.
    public let bridge: LLMBridge
    /// Whether the model may answer "no call" (on by default, in every category).
    public var allowNoCall: Bool = true
    /// Token limit per answer.
    public var maxTokens: Int = 384
    /// Time limit per case.
    public var timeout: Duration = .seconds(120)

    /// Creates an evaluation over `bridge`.
    public init(bridge: LLMBridge) {
        self.bridge = bridge
    }

    /// The system prompt for a case: the task and the offered functions.
    public func systemPrompt(for functions: [BFCLFunction]) -> String {
        var lines = ["You are a function-calling assistant. Answer the user's request with a call of one of the functions below: "
            + "its name, and its arguments with values taken from the request. Leave out optional arguments the request does not mention."]
        if allowNoCall { lines.append("If none of the functions can do what the user asks, answer {\"call\": null}.") }
        lines.append("Functions:")
        for function in functions {
            let required = Set(function.requiredParameters)
            let parameters = (function.parameters["properties"]?.objectValue.map(Array.init) ?? []).map { name, spec in
                "\(name) (\(spec["type"]?.stringValue ?? "any")\(required.contains(name) ? ", required" : ""))"
            }
            lines.append("- \(function.name): \(function.description) Parameters: \(parameters.joined(separator: ", ")).")
        }
        return lines.joined(separator: "\n")
    }

    /// Runs the cases one at a time.
    /// - Parameter progress: called after each case with (done, total, passed so far).
    public func run(_ cases: [BFCLCase], category: BFCLCategory, modelName: String,
                    progress: (Int, Int, Int) -> Void = { _, _, _ in }) async -> ArgumentReport {
        var results: [ArgumentCaseResult] = []
        let start = ContinuousClock.now
        for (index, testCase) in cases.enumerated() {
            results.append(await run(testCase))
            progress(index + 1, cases.count, results.count { $0.verdict.passed })
        }
        return ArgumentReport(category: category, modelName: modelName, allowNoCall: allowNoCall, results: results,
                              wallTime: start.duration(to: .now))
    }

    /// Runs one case.
    public func run(_ testCase: BFCLCase) async -> ArgumentCaseResult {
        let started = ContinuousClock.now
        let schemaValue = BFCLSchema.callSchema(for: testCase.functions, allowNoCall: allowNoCall)
        do {
            let schema = try JSONSchema(schemaValue)
            let report = try await bridge.generateJSONReport(
                prompt: testCase.question, schema: schema, system: systemPrompt(for: testCase.functions),
                maxTokens: maxTokens, deadline: .after(timeout))
            let call = BFCLSchema.call(from: report.value)
            let verdict = BFCLASTMatcher.check(call: call, groundTruth: testCase.groundTruth, functions: testCase.functions)
            return ArgumentCaseResult(id: testCase.id, verdict: verdict, output: report.text, failedToGenerate: false,
                                      attempts: report.attempts, duration: started.duration(to: .now))
        } catch {
            // No usable JSON counts as no call (what BFCL does with undecodable output).
            let verdict = BFCLASTMatcher.check(call: nil, groundTruth: testCase.groundTruth, functions: testCase.functions)
            return ArgumentCaseResult(id: testCase.id, verdict: verdict, output: "\(error)", failedToGenerate: true,
                                      attempts: 0, duration: started.duration(to: .now))
        }
    }
}

/// The outcome of one BFCL case.
public struct ArgumentCaseResult: Sendable, Hashable {
    /// Case id.
    public var id: String
    /// AST-match verdict.
    public var verdict: BFCLASTMatcher.Verdict
    /// The JSON answer, or the error when none came back.
    public var output: String
    /// Whether the bridge failed to produce schema-valid JSON (scored as no call).
    public var failedToGenerate: Bool
    /// Model calls made (2 after a retry).
    public var attempts: Int
    /// Time taken.
    public var duration: Duration
}

/// Scores of a BFCL category, with the text rendering.
public struct ArgumentReport: Sendable {
    /// The category.
    public var category: BFCLCategory
    /// The model used.
    public var modelName: String
    /// Whether "no call" was allowed.
    public var allowNoCall: Bool
    /// Per-case results.
    public var results: [ArgumentCaseResult]
    /// Time the run took.
    public var wallTime: Duration

    /// Cases that passed / cases, in percent.
    public var accuracy: Double { results.isEmpty ? 0 : 100 * Double(results.count { $0.verdict.passed }) / Double(results.count) }

    /// The `q` quantile of per-case time in milliseconds.
    public func latencyMS(quantile q: Double) -> Double {
        let sorted = results.map { $0.duration.milliseconds }.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))]
    }

    /// Failure reasons grouped by kind (the text before any quoted detail), commonest first.
    public func failureKinds() -> [(kind: String, count: Int)] {
        var counts: [String: Int] = [:]
        for result in results {
            guard case .fail(let reason) = result.verdict else { continue }
            let kind = result.failedToGenerate ? "no schema-valid JSON" : Self.kind(of: reason)
            counts[kind, default: 0] += 1
        }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }

    static func kind(of reason: String) -> String {
        if reason.hasPrefix("wrong function") { return "wrong function" }
        if reason.hasPrefix("unexpected parameter") { return "unknown parameter" }
        if reason.contains("is not one of") { return "wrong value" }
        if reason.contains("missing") { return "missing parameter" }
        if reason.hasPrefix("called") { return "called a function (should not)" }
        if reason.hasPrefix("no call") { return "no call (should call)" }
        return reason
    }

    /// One table row: category, N, accuracy, FunctionGemma's figure, latency.
    public var tableRow: [String] {
        [category.rawValue, "\(results.count)", String(format: "%.1f", accuracy), String(format: "%.1f", category.functionGemmaReference),
         "\(results.count { $0.failedToGenerate })", String(format: "%.0f", latencyMS(quantile: 0.5)),
         String(format: "%.0f", latencyMS(quantile: 0.95)), String(format: "%.0f", wallTime.milliseconds / 1000)]
    }

    /// The header matching ``tableRow``.
    public static let tableHeader = ["category", "N", "AST acc %", "FunctionGemma 270M %", "no JSON", "p50 ms", "p95 ms", "wall s"]
}
