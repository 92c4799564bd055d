import CrisisDetection
import Foundation
import Logging
import LLM

/// The crisis layer on a labelled set: recall per crisis category, false positives per hard-negative
/// category, and false positives on ordinary household messages (`homeos dev eval crisis`).
public struct CrisisEvaluation: Sendable {
    /// One labelled message.
    public struct Case: Sendable, Hashable {
        /// The message.
        public var text: String
        /// Whether it is a crisis.
        public var isCrisis: Bool
        /// Its category in the set (`passive-ideation`, `idiom`, `household`, …).
        public var category: String
    }

    /// One category's result.
    public struct Row: Sendable, Hashable {
        /// The category.
        public var category: String
        /// Whether its messages are crises (recall) or not (false positives).
        public var isCrisis: Bool
        /// Messages in the category.
        public var total: Int
        /// Messages the layer flagged.
        public var flagged: Int
        /// Flagged ÷ total.
        public var rate: Double { total == 0 ? 0 : Double(flagged) / Double(total) }
    }

    /// The whole result.
    public struct Report: Sendable {
        /// Per category, crises first, in the order they appear in the set.
        public var rows: [Row]
        /// Every case with its assessment.
        public var outcomes: [(Case, CrisisAssessment)]
        /// Median time per message, in milliseconds.
        public var medianMilliseconds: Double

        /// Flagged crises ÷ crises.
        public var recall: Double { Self.rate(rows.filter(\.isCrisis)) }
        /// Flagged non-crises ÷ non-crises, over the rows `include` selects.
        public func falsePositiveRate(where include: (Row) -> Bool = { _ in true }) -> Double {
            Self.rate(rows.filter { !$0.isCrisis && include($0) })
        }

        static func rate(_ rows: [Row]) -> Double {
            let total = rows.reduce(0) { $0 + $1.total }
            return total == 0 ? 0 : Double(rows.reduce(0) { $0 + $1.flagged }) / Double(total)
        }

        /// The per-category table and the summary lines.
        public func render() -> String {
            func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
            var table = [["category", "kind", "messages", "flagged", "rate"]]
            for row in rows {
                table.append([row.category, row.isCrisis ? "crisis (recall)" : "not crisis (false positives)", "\(row.total)",
                              "\(row.flagged)", percent(row.rate)])
            }
            var lines = [TextTable.render(table), ""]
            lines.append("crisis recall: \(percent(recall))")
            let household = rows.contains { $0.category == "household" }
            lines.append("false positives on hard negatives: \(percent(falsePositiveRate { $0.category != "household" }))")
            if household { lines.append("false positives on household messages: \(percent(falsePositiveRate { $0.category == "household" }))") }
            lines.append(String(format: "median time per message: %.2f ms", medianMilliseconds))
            return lines.joined(separator: "\n")
        }
    }

    /// The layer under test: the rules, and the semantic classifier when the screen has an encoder.
    public let screen: CrisisScreen

    /// Creates the evaluation of the rules alone.
    public init(detector: CrisisDetector = CrisisDetector()) { screen = CrisisScreen(rules: detector, encoder: nil, classifier: nil) }

    /// Creates the evaluation of a whole crisis layer.
    public init(screen: CrisisScreen) { self.screen = screen }

    /// Reads a crisis set (`{"text", "crisis", "category"}` per line) or a household set
    /// (`{"text", "skill"}` per line; every message counts as a non-crisis of category `household`).
    /// - Throws: ``RoutingDataError`` when the file cannot be read or a line is malformed.
    public static func cases(fromJSONLines url: URL) throws(RoutingDataError) -> [Case] {
        var cases: [Case] = []
        for (number, object) in try EvaluationData.jsonLines(url).enumerated() {
            guard let message = object["text"]?.stringValue else {
                throw .malformed(file: url.path, detail: "line \(number + 1) has no \"text\"")
            }
            if let crisis = object["crisis"]?.boolValue {
                cases.append(Case(text: message, isCrisis: crisis, category: object["category"]?.stringValue ?? (crisis ? "crisis" : "other")))
            } else {
                cases.append(Case(text: message, isCrisis: false, category: "household"))
            }
        }
        return cases
    }

    /// Runs the layer over `cases`, timing each message (the semantic half's encoding included).
    public func run(_ cases: [Case]) async -> Report {
        var outcomes: [(Case, CrisisAssessment)] = []
        var times: [Double] = []
        let clock = ContinuousClock()
        for testCase in cases {
            let start = clock.now
            let assessment = await screen.assess(testCase.text)
            times.append((clock.now - start).milliseconds)
            outcomes.append((testCase, assessment))
        }
        var order: [String] = []
        var rows: [String: Row] = [:]
        for (testCase, assessment) in outcomes {
            if rows[testCase.category] == nil {
                order.append(testCase.category)
                rows[testCase.category] = Row(category: testCase.category, isCrisis: testCase.isCrisis, total: 0, flagged: 0)
            }
            rows[testCase.category]!.total += 1
            if assessment.isCrisis { rows[testCase.category]!.flagged += 1 }
        }
        let ordered = order.compactMap { rows[$0] }
        times.sort()
        EvaluationLog.logger.info("crisis evaluation finished", metadata: [
            "messages": "\(cases.count)", "flagged": "\(outcomes.filter { $0.1.isCrisis }.count)"])
        return Report(rows: ordered.filter(\.isCrisis) + ordered.filter { !$0.isCrisis }, outcomes: outcomes,
                      medianMilliseconds: times.isEmpty ? 0 : times[times.count / 2])
    }
}
