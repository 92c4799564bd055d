/// What is wrong with a model's answer that must not reach the person.
public enum AnswerConcern: Sendable, Hashable, CustomStringConvertible {
    /// Advice to take more of a medicine than prescribed, all of it at once, or to stop it on the
    /// model's say-so.
    case dangerousDosing
    /// Words that encourage the person (or anyone) to hurt or kill themselves.
    case selfHarmEncouragement
    /// The answer asks to skip an approval, or claims a risky action is already done or approved.
    case approvalBypass
    /// Instructions for harm (weapons, violence, drugs, covert surveillance).
    case harmful(HarmCategory)

    public var description: String {
        switch self {
        case .dangerousDosing: return "it gave dangerous dosing advice"
        case .selfHarmEncouragement: return "it encouraged self-harm"
        case .approvalBypass: return "it tried to skip an approval"
        case .harmful(let category): return "it gave harmful instructions (\(category.rawValue))"
        }
    }
}

/// The second look: screens what a model *wrote*, before anyone sees it.
///
/// ``SafetyScreen`` reads the person's message; this reads the answer, with rules about what an
/// assistant must never say: dosing beyond the prescription, encouragement of self-harm, asking to
/// skip an approval (or claiming a risky action was done without one), and harmful instructions.
/// A report that *describes* risk ("reports thoughts of suicide") is not encouragement: these rules
/// look for the second person and the imperative, not for the topic.
public struct AnswerScreen: Sendable {
    private let normalizer = TextNormalizer()
    private let benign: [[String]]
    private let dosing: [[String]]
    private let encouragement: [[String]]
    private let bypass: [[String]]
    private let harms: [(HarmCategory, [[String]])]
    /// The message screen's benign idioms, removed before its harm rules as it does.
    private let idioms: [[String]]

    /// Creates the screen with the built-in rules.
    public init() {
        let normalizer = TextNormalizer()
        benign = SafetyScreen.compile(Self.benignPhrases, with: normalizer)
        idioms = SafetyScreen.compile(SafetyScreen.benignIdioms, with: normalizer)
        dosing = SafetyScreen.compile(Self.dosingPhrases, with: normalizer)
        encouragement = SafetyScreen.compile(Self.encouragementPhrases, with: normalizer)
        bypass = SafetyScreen.compile(Self.bypassPhrases, with: normalizer)
        harms = SafetyScreen.harmPhrases.map { ($0.0, SafetyScreen.compile($0.1, with: normalizer)) }
    }

    /// The first concern found in `answer`, or nil when it may be shown.
    public func concern(in answer: String) -> AnswerConcern? {
        let all = normalizer.words(answer).filter { $0 != "|" }
        let words = SafetyScreen.removing(benign, from: all)
        if SafetyScreen.containsAny(encouragement, in: words) { return .selfHarmEncouragement }
        if SafetyScreen.containsAny(dosing, in: words) || Self.manyPillsAtOnce(in: words) { return .dangerousDosing }
        if SafetyScreen.containsAny(bypass, in: words) { return .approvalBypass }
        // The message screen's harm rules, read directly: an answer is never "an emergency" that
        // excuses instructions for harm in the same text.
        let plain = SafetyScreen.removing(idioms, from: all)
        return harms.first { SafetyScreen.containsAny($0.1, in: plain) }.map { .harmful($0.0) }
    }

    /// "take 10 pills", "swallow twenty tablets": six or more units of a medicine in one go.
    static func manyPillsAtOnce(in words: [String]) -> Bool {
        let verbs: Set<String> = ["take", "taking", "swallow", "swallowing", "give", "giving", "chew", "down"]
        let units: Set<String> = ["pills", "tablets", "capsules", "doses", "gummies", "caplets"]
        for (index, word) in words.enumerated() where units.contains(word) && index > 0 {
            guard let count = Self.number(words[index - 1]) ?? (index > 1 ? Self.number(words[index - 2]) : nil),
                  count >= 6 else { continue }
            let before = words[max(0, index - 5)..<index]
            if before.contains(where: verbs.contains) { return true }
        }
        return false
    }

    static func number(_ word: String) -> Int? {
        if let value = Int(word) { return value }
        return spelledNumbers[word]
    }

    static let spelledNumbers: [String: Int] = [
        "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "dozen": 12,
    ]

    // MARK: Rules ("*" ends a prefix pattern)

    static let benignPhrases = [
        "don't kill yourself over", "do not kill yourself over", "don't kill yourself trying", "killing yourself over",
        "never take more than", "do not take more than", "don't take more than", "not exceed", "never exceed",
        "don't double", "do not double", "never double", "don't stop taking", "do not stop taking", "never stop taking", "without talking to", "without asking your doctor",
        "without checking with",
    ]

    static let dosingPhrases = [
        "double your dose", "double the dose", "double his dose", "double her dose", "double up on", "take a double dose",
        "take an extra dose", "take extra doses", "take extra pills", "take the whole bottle", "the whole bottle at once",
        "take all of your pills", "take all your pills", "take all the pills", "take all of the pills", "take them all at once",
        "exceed the recommended dose", "exceed the prescribed dose", "more than the recommended dose",
        "more than the prescribed dose", "more than prescribed", "more than your prescription",
        "stop taking your medication", "stop taking your meds", "stop taking his medication", "stop taking her medication",
        "stop your medication", "skip your medication", "skip your meds", "mix it with alcohol", "wash it down with alcohol",
        "with a few drinks", "crush and snort",
    ]

    static let encouragementPhrases = [
        "kill yourself", "killing yourself", "end your life", "end your own life", "take your own life", "take your life",
        "you should die", "you deserve to die", "you deserve to suffer", "you should hurt yourself", "go hurt yourself",
        "hurt yourself on purpose", "cut yourself", "starve yourself", "you are better off dead", "you would be better off dead",
        "better off without you", "no one would miss you", "nobody would miss you", "nobody would care if you", "no one would care if you",
        "the world would be better without you", "give up on living",
    ]

    static let bypassPhrases = [
        "skip the approval", "skip approval", "skip the confirmation", "without approval", "without your approval",
        "without asking for approval", "without asking you", "no approval needed", "no approval is needed", "no need to approve",
        "no need for approval", "do not need to approve", "don't need to approve", "doesn't need approval", "does not need approval",
        "approval already granted", "already approved", "i have already booked", "i've already booked", "i already booked",
        "i have booked", "i've booked", "i already paid", "i have paid", "i've paid", "i have sent the money", "i've sent the money",
        "i went ahead and", "bypass the approval", "no need to confirm", "don't need to confirm", "do not need to confirm",
        "won't need your approval",
    ]
}
