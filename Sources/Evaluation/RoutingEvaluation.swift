import Foundation
import Logging
import LLM
import Skills

/// Runs a router over labelled public messages and measures it (`homeos dev eval routing`).
///
/// ```swift
/// let examples = try RoutingDataset(data: .locate()).examples(corpus: .clinc150, split: "test")
/// let report = await RoutingEvaluation(router: router).run(examples, title: "CLINC150 test")
/// print(report.render())
/// ```
public struct RoutingEvaluation: Sendable {
    /// The routers under test (one, or one per cross-validation fold).
    public let routers: [ChatTurnRouter]
    /// For fold routers: which router routes each example (aligned with the examples passed to ``run``).
    public let routerOfExample: [Int]?

    /// Creates an evaluation of `router`.
    public init(router: ChatTurnRouter) {
        self.routers = [router]
        self.routerOfExample = nil
    }

    /// Creates a cross-validated evaluation: example `i` is routed by `routers[routerOfExample[i]]`
    /// (a router whose scorer did not train on it).
    public init(foldRouters routers: [ChatTurnRouter], routerOfExample: [Int]) {
        precondition(!routers.isEmpty && routerOfExample.allSatisfy { routers.indices.contains($0) })
        self.routers = routers
        self.routerOfExample = routerOfExample
    }

    /// Routes every example, one at a time (decision times are per message).
    /// - Parameter progress: called after each message with (done, total).
    public func run(_ examples: [RoutingExample], title: String,
                    progress: (Int, Int) -> Void = { _, _ in }) async -> RoutingReport {
        let start = ContinuousClock.now
        var predictions: [RoutingPrediction] = []
        predictions.reserveCapacity(examples.count)
        for (index, example) in examples.enumerated() {
            let router = routers[routerOfExample.map { $0[index] } ?? 0]
            let decision = await router.route(example.text)
            predictions.append(RoutingPrediction(text: example.text, expected: example.expectedSkill, predicted: decision.skillID,
                                                 step: decision.step, duration: decision.duration))
            progress(index + 1, examples.count)
        }
        let report = RoutingReport(title: title, predictions: predictions, wallTime: start.duration(to: .now))
        EvaluationLog.logger.info("routing evaluation finished", metadata: [
            "messages": "\(examples.count)", "ms": "\(Int(report.wallTime.milliseconds))"])
        return report
    }
}

/// The outcome of a routing evaluation, with its text rendering.
public struct RoutingReport: Sendable {
    /// What was evaluated (data, split, model).
    public var title: String
    /// Every routed message.
    public var predictions: [RoutingPrediction]
    /// The metrics over ``predictions``.
    public var metrics: RoutingMetrics
    /// Time the whole run took.
    public var wallTime: Duration

    /// Creates a report from predictions.
    public init(title: String, predictions: [RoutingPrediction], wallTime: Duration) {
        self.title = title
        self.predictions = predictions
        self.metrics = RoutingMetrics(predictions)
        self.wallTime = wallTime
    }

    /// The targets: in-scope accuracy ≥ 0.88, out-of-scope recall ≥ 0.65, in-scope precision ≥ 0.95.
    public static let targets = (inScopeAccuracy: 0.88, outOfScopeRecall: 0.65, inScopePrecision: 0.95)

    /// The report as text tables: summary, per class, per step, latency, the commonest confusions.
    public func render(confusions: Int = 10) -> String {
        let m = metrics
        var out = "\(title)\n\(m.total) rows: \(m.inScope) in scope, \(m.outOfScope) out of scope\n\n"
        func value(_ x: Double?, _ part: Int, _ whole: Int) -> String {
            x.map { String(format: "%.3f  (%d/%d)", $0, part, whole) } ?? "-"
        }
        func target(_ x: Double?, _ goal: Double) -> String {
            guard let x else { return "" }
            return x >= goal ? String(format: "≥ %.2f met", goal) : String(format: "≥ %.2f not met", goal)
        }
        let t = Self.targets
        out += TextTable.render([
            ["metric", "value", "target"],
            ["in-scope accuracy (right skill / in-scope rows)", value(m.inScopeAccuracy, m.inScopeCorrect, m.inScope),
             target(m.inScopeAccuracy, t.inScopeAccuracy)],
            ["macro-F1 (classes with support, \"none\" included)", m.macroF1.map { String(format: "%.3f", $0) } ?? "-", ""],
            ["overall accuracy (all rows, no skill counted right for OOS)",
             value(m.overallAccuracy, m.inScopeCorrect + m.outOfScopeCorrect, m.total), ""],
            ["out-of-scope recall (OOS rows routed to no skill / OOS rows)",
             value(m.outOfScopeRecall, m.outOfScopeCorrect, m.outOfScope), target(m.outOfScopeRecall, t.outOfScopeRecall)],
            ["out-of-scope precision (OOS rows among rows routed to no skill)",
             value(m.outOfScopePrecision, m.outOfScopeCorrect, m.routedToNone), ""],
            ["in-scope precision (in-scope rows among rows routed to a skill)",
             value(m.inScopePrecision, m.routedToSkillInScope, m.routedToSkill), target(m.inScopePrecision, t.inScopePrecision)],
            ["right-skill precision (right skill among rows routed to a skill)",
             value(m.routedCorrectPrecision, m.inScopeCorrect, m.routedToSkill), ""],
        ])
        out += "\n\nPer class (\"none\" = no skill)\n\n"
        var classRows = [["class", "support", "routed", "precision", "recall", "F1"]]
        for c in m.classes {
            classRows.append([c.label, "\(c.support)", "\(c.predicted)", Self.f(c.precision), Self.f(c.recall),
                              c.support == 0 ? "-" : String(format: "%.3f", c.f1)])
        }
        out += TextTable.render(classRows)
        out += "\n\nCascade steps\n\n"
        var stepRows = [["step", "decided", "share", "right"]]
        for step in RoutingStep.allCases {
            let tally = m.steps[step] ?? (0, 0)
            stepRows.append([step.rawValue, "\(tally.decided)", String(format: "%.1f%%", 100 * Double(tally.decided) / Double(max(1, m.total))),
                             tally.decided == 0 ? "-" : String(format: "%.3f", Double(tally.correct) / Double(tally.decided))])
        }
        out += TextTable.render(stepRows)
        out += "\n\nLatency per message: " + ["p50": 0.5, "p95": 0.95].sorted { $0.value < $1.value }.map { name, q in
            "\(name) " + (m.latencyMS(quantile: q).map { String(format: "%.2f ms", $0) } ?? "-")
        }.joined(separator: ", ")
        out += (m.latenciesMS.last.map { String(format: ", max %.1f ms", $0) } ?? "")
        out += String(format: "; wall time %.1f s\n", wallTime.milliseconds / 1000)
        let confused = confusionPairs().prefix(confusions)
        if !confused.isEmpty {
            out += "\nCommonest errors (expected → routed)\n\n"
            out += TextTable.render([["expected → routed", "rows", "example"]] + confused.map {
                ["\($0.expected) → \($0.predicted)", "\($0.count)", String($0.example.prefix(60))]
            })
            out += "\n"
        }
        return out
    }

    /// Wrong decisions grouped by (expected, routed), commonest first.
    public func confusionPairs() -> [(expected: String, predicted: String, count: Int, example: String)] {
        var groups: [String: (expected: String, predicted: String, count: Int, example: String)] = [:]
        for p in predictions where !p.isCorrect {
            let expected = p.expected ?? noSkillID, predicted = p.predicted ?? noSkillID
            let key = expected + "\u{0}" + predicted
            groups[key] = (expected, predicted, (groups[key]?.count ?? 0) + 1, groups[key]?.example ?? p.text)
        }
        return groups.values.sorted { ($1.count, $0.expected, $0.predicted) < ($0.count, $1.expected, $1.predicted) }
    }

    static func f(_ value: Double?) -> String { value.map { String(format: "%.3f", $0) } ?? "-" }
}
