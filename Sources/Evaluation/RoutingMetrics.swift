import LLM
import Skills

/// One routed message: what it should have gone to and what the router did.
public struct RoutingPrediction: Sendable, Hashable {
    /// The message.
    public var text: String
    /// The skill it belongs to; nil when out of scope.
    public var expected: String?
    /// The skill the router chose; nil for no skill.
    public var predicted: String?
    /// The cascade step that decided.
    public var step: RoutingStep
    /// Time the decision took.
    public var duration: Duration

    /// Creates a prediction record.
    public init(text: String = "", expected: String?, predicted: String?, step: RoutingStep, duration: Duration = .zero) {
        self.text = text
        self.expected = expected
        self.predicted = predicted
        self.step = step
        self.duration = duration
    }

    /// Whether the router did the right thing (the expected skill, or no skill for out of scope).
    public var isCorrect: Bool { expected == predicted }
}

/// Routing quality over a set of predictions. "none" stands for no skill (out of scope).
public struct RoutingMetrics: Sendable, Hashable {
    /// Precision, recall and F1 of one class.
    public struct ClassScores: Sendable, Hashable {
        /// Class name (a skill id or "none").
        public var label: String
        /// Rows whose answer is this class.
        public var support: Int
        /// Rows routed to this class.
        public var predicted: Int
        /// Rows routed to this class that belong to it.
        public var truePositives: Int

        /// Correct among those routed here (nil when nothing was routed here).
        public var precision: Double? { predicted == 0 ? nil : Double(truePositives) / Double(predicted) }
        /// Found among those that belong here (nil without support).
        public var recall: Double? { support == 0 ? nil : Double(truePositives) / Double(support) }
        /// Harmonic mean of precision and recall (0 when either is 0 or undefined).
        public var f1: Double {
            let p = precision ?? 0, r = recall ?? 0
            return p + r == 0 ? 0 : 2 * p * r / (p + r)
        }
    }

    /// Rows evaluated.
    public var total: Int
    /// In-scope rows (their answer is a skill).
    public var inScope: Int
    /// In-scope rows routed to the right skill.
    public var inScopeCorrect: Int
    /// Out-of-scope rows.
    public var outOfScope: Int
    /// Out-of-scope rows routed to no skill.
    public var outOfScopeCorrect: Int
    /// Rows routed to no skill.
    public var routedToNone: Int
    /// Rows routed to a skill.
    public var routedToSkill: Int
    /// Rows routed to a skill whose answer is some skill (not necessarily that one).
    public var routedToSkillInScope: Int
    /// Scores per class, "none" last, the others by name.
    public var classes: [ClassScores]
    /// Decisions per cascade step, with how many were right.
    public var steps: [RoutingStep: (decided: Int, correct: Int)]
    /// Decision times in milliseconds, sorted.
    public var latenciesMS: [Double]

    /// Computes the metrics.
    public init(_ predictions: [RoutingPrediction]) {
        total = predictions.count
        inScope = predictions.count { $0.expected != nil }
        inScopeCorrect = predictions.count { $0.expected != nil && $0.isCorrect }
        outOfScope = predictions.count { $0.expected == nil }
        outOfScopeCorrect = predictions.count { $0.expected == nil && $0.predicted == nil }
        routedToNone = predictions.count { $0.predicted == nil }
        routedToSkill = predictions.count { $0.predicted != nil }
        routedToSkillInScope = predictions.count { $0.predicted != nil && $0.expected != nil }
        let none = noSkillID
        let labels = Set(predictions.flatMap { [$0.expected ?? none, $0.predicted ?? none] })
        classes = labels.sorted { ($0 == none ? 1 : 0, $0) < ($1 == none ? 1 : 0, $1) }.map { label in
            ClassScores(label: label,
                        support: predictions.count { ($0.expected ?? none) == label },
                        predicted: predictions.count { ($0.predicted ?? none) == label },
                        truePositives: predictions.count { ($0.expected ?? none) == label && $0.isCorrect })
        }
        var steps: [RoutingStep: (decided: Int, correct: Int)] = [:]
        for prediction in predictions {
            let tally = steps[prediction.step] ?? (0, 0)
            steps[prediction.step] = (tally.decided + 1, tally.correct + (prediction.isCorrect ? 1 : 0))
        }
        self.steps = steps
        latenciesMS = predictions.map { $0.duration.milliseconds }.sorted()
    }

    public static func == (lhs: RoutingMetrics, rhs: RoutingMetrics) -> Bool {
        lhs.total == rhs.total && lhs.classes == rhs.classes && lhs.latenciesMS == rhs.latenciesMS
            && lhs.inScopeCorrect == rhs.inScopeCorrect && lhs.outOfScopeCorrect == rhs.outOfScopeCorrect
            && RoutingStep.allCases.allSatisfy { lhs.steps[$0]?.decided == rhs.steps[$0]?.decided && lhs.steps[$0]?.correct == rhs.steps[$0]?.correct }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(total)
        hasher.combine(classes)
    }

    /// In-scope rows routed to the right skill / in-scope rows.
    public var inScopeAccuracy: Double? { ratio(inScopeCorrect, inScope) }
    /// Every row right (the skill, or no skill when out of scope) / rows.
    public var overallAccuracy: Double? { ratio(inScopeCorrect + outOfScopeCorrect, total) }
    /// Out-of-scope rows routed to no skill / out-of-scope rows.
    public var outOfScopeRecall: Double? { ratio(outOfScopeCorrect, outOfScope) }
    /// Out-of-scope rows routed to no skill / rows routed to no skill.
    public var outOfScopePrecision: Double? { ratio(outOfScopeCorrect, routedToNone) }
    /// Of the rows routed to a skill, the fraction that are in scope (whichever skill they belong to).
    public var inScopePrecision: Double? { ratio(routedToSkillInScope, routedToSkill) }
    /// Of the rows routed to a skill, the fraction routed to the right skill.
    public var routedCorrectPrecision: Double? { ratio(inScopeCorrect, routedToSkill) }

    /// Mean F1 over the classes that occur as answers (skills with support, and "none" when
    /// out-of-scope rows are present); classes only ever predicted do not enter the mean.
    public var macroF1: Double? {
        let scored = classes.filter { $0.support > 0 }
        return scored.isEmpty ? nil : scored.map(\.f1).reduce(0, +) / Double(scored.count)
    }

    /// The `q` quantile (0…1) of decision time in milliseconds (nearest rank).
    public func latencyMS(quantile q: Double) -> Double? {
        guard !latenciesMS.isEmpty else { return nil }
        let rank = Int((q * Double(latenciesMS.count)).rounded(.up)) - 1
        return latenciesMS[min(max(rank, 0), latenciesMS.count - 1)]
    }

    private func ratio(_ part: Int, _ whole: Int) -> Double? { whole == 0 ? nil : Double(part) / Double(whole) }
}
