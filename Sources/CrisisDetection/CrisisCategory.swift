/// What kind of risk a message shows, along the C-SSRS ideation spectrum plus the ways people
/// report it for someone else.
public enum CrisisCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// The wish to be dead or not to wake up, with no thought of acting ("nobody would notice if I was gone").
    case passiveIdeation = "passive-ideation"
    /// Thoughts of killing oneself ("I want to kill myself", "ending it all").
    case activeIdeation = "active-ideation"
    /// A method or the means ("how many pills would it take", "the rope is in the garage").
    case methodOrMeans = "method-or-means"
    /// A decision to act ("I'm going to do it").
    case intent
    /// A plan, with its means or its time ("tonight after the kids are asleep").
    case planOrTiming = "plan-or-timing"
    /// Steps taken to prepare (a note, goodbyes, giving things away, saving pills, buying a gun).
    case preparatoryBehaviour = "preparatory-behaviour"
    /// Hurting oneself without the aim of dying (cutting, burning).
    case selfHarm = "self-harm"
    /// Someone else at risk: a child, a partner, a parent, a friend.
    case thirdParty = "third-party"
    /// A veteran's phrasing: the service weapon, the unit, lost buddies, moral injury.
    case veteran
    /// An overdose or poisoning that has happened or is under way.
    case overdose
}

/// The crisis layer's decision about one message. It carries the category and the score, never
/// the text, so it can be logged.
public struct CrisisAssessment: Sendable, Hashable, Codable {
    /// The category of the strongest finding; nil when there is none.
    public var category: CrisisCategory?
    /// How strong the finding is, from 0 (nothing) to 1 (explicit).
    public var score: Double
    /// The id of the rule that decided (for evaluation reports and logs).
    public var rule: String?

    /// Whether the person should get the crisis response.
    public var isCrisis: Bool { category != nil && score >= CrisisDetector.threshold }

    /// Creates an assessment.
    public init(category: CrisisCategory?, score: Double, rule: String?) {
        self.category = category
        self.score = score
        self.rule = rule
    }

    /// No finding.
    public static let none = CrisisAssessment(category: nil, score: 0, rule: nil)

    /// The assessment as a log line: category and score only.
    public var logDescription: String {
        guard let category else { return "crisis=none" }
        return "crisis=\(category.rawValue) score=\((score * 100).rounded() / 100) rule=\(rule ?? "-")"
    }
}
