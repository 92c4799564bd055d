import Foundation

/// The crisis layer: decides, before anything else runs and without a model, whether a message
/// shows risk of suicide, self-harm or an overdose, for the writer or for someone they mention.
///
/// It works sentence by sentence (a crisis sentence inside a shopping list is judged on its own).
/// Benign uses of crisis words ("this commute is killing me", "cut the grass", "hunting licence")
/// are blanked out first; a sentence that denies or places the risk in the past ("I haven't felt
/// like hurting myself in years"), or one that is about a film or a book rather than the writer, is
/// not read as risk. Everything else that matches a rule is: the layer errs towards help.
///
/// Cheap enough to run on every message (a few hundred regular expressions over a short text), and
/// it has no state, so it can run before the model loads and before the store opens.
public struct CrisisDetector: Sendable {
    /// Scores at or above this are crises.
    public static let threshold = 0.5

    private let normalizer = CrisisTextNormalizer()
    private let compiled: CompiledCrisisRules

    /// Creates the detector with the built-in rules (compiled once per detector).
    public init() {
        compiled = CompiledCrisisRules()
    }

    /// Assesses one message.
    public func assess(_ text: String) -> CrisisAssessment {
        // Each sentence alone, then each pair of neighbours ("Which bridge is highest? Asking for me.").
        let sentences = normalizer.sentences(text)
        // A sentence the next one places in the past ("… thought about jumping. That was 20 years ago.") is read
        // neither alone nor paired with that closing sentence.
        let open = openSentences(sentences)
        var windows = open.map { sentences[$0] }
        windows += open.filter { $0 + 1 < sentences.count }.map { sentences[$0] + " " + sentences[$0 + 1] }
        var best = CrisisAssessment.none
        for window in windows {
            let assessment = assess(sentence: window)
            if assessment.score > best.score { best = assessment }
        }
        return best
    }

    /// The texts the semantic classifier reads for `text`: each normalised sentence the rules do not
    /// set aside (resolved or denied risk, a film or a book), with the benign idioms the rules know
    /// ("this commute is killing me") taken out, then the whole message when it has several
    /// sentences (always last).
    public func semanticWindows(_ text: String) -> [String] {
        let normalised = normalizer.sentences(text)
        let sentences = openSentences(normalised).map { compiled.mask(normalised[$0]) }
            .filter { !setAside($0) }.map {
            $0.replacingOccurrences(of: "_", with: "").split(separator: " ").joined(separator: " ")
        }.filter { !$0.isEmpty }
        return sentences.count > 1 ? sentences + [sentences.joined(separator: ". ")] : sentences
    }

    /// The indices of the sentences still to be read: all but those the next sentence places in the past
    /// ("That was 20 years ago.", "That's long behind me.").
    private func openSentences(_ sentences: [String]) -> [Int] {
        sentences.indices.filter { index in
            !(index + 1 < sentences.count && compiled.matches([compiled.afterward], in: sentences[index + 1])
                && !compiled.matches([compiled.presentRisk], in: sentences[index + 1]))
        }
    }

    /// Whether a masked sentence is about risk that is over or denied, or about a story.
    private func setAside(_ masked: String) -> Bool {
        guard masked.contains(where: \.isLetter) else { return true }
        if compiled.matches(compiled.resolution, in: masked), !compiled.matches([compiled.presentRisk], in: masked) { return true }
        return !compiled.matches([compiled.firstPerson], in: masked) && compiled.matches([compiled.media], in: masked)
    }

    /// Assesses one normalised sentence.
    func assess(sentence: String) -> CrisisAssessment {
        let masked = compiled.mask(sentence)
        if setAside(masked) { return .none }
        let aboutSomeoneElse = compiled.matches(compiled.thirdParty, in: masked)

        var best = CrisisAssessment.none
        for (rule, expression) in compiled.rules where rule.score > best.score && compiled.matches([expression], in: masked) {
            best = CrisisAssessment(category: rule.category, score: rule.score, rule: rule.id)
        }
        if best.category == nil, aboutSomeoneElse {
            best = CrisisAssessment(category: .thirdParty, score: 1, rule: "third-party")
        }
        guard var category = best.category else { return .none }
        if aboutSomeoneElse && !compiled.matches([compiled.selfReference], in: masked) {
            category = .thirdParty
        } else if compiled.matches([compiled.veteran], in: masked) {
            category = .veteran
        } else if [.activeIdeation, .methodOrMeans, .intent, .overdose].contains(category),
                  compiled.matches([compiled.timing], in: masked) {
            category = .planOrTiming
        }
        best.category = category
        return best
    }
}

/// The rules as compiled regular expressions. `NSRegularExpression` is immutable after creation and
/// documented as safe to use from several threads at once, so sharing it is sound.
final class CompiledCrisisRules: @unchecked Sendable {
    let rules: [(CrisisRules.Rule, NSRegularExpression)]
    let benign: [NSRegularExpression]
    let resolution: [NSRegularExpression]
    let thirdParty: [NSRegularExpression]
    let media: NSRegularExpression
    let presentRisk: NSRegularExpression
    let afterward: NSRegularExpression
    let timing: NSRegularExpression
    let veteran: NSRegularExpression
    let firstPerson: NSRegularExpression
    let selfReference: NSRegularExpression

    init() {
        // The patterns are constants of this module, checked by its tests: a pattern that does not
        // compile is a programming error.
        func compile(_ pattern: String) -> NSRegularExpression {
            do { return try NSRegularExpression(pattern: pattern) } catch {
                preconditionFailure("crisis rule does not compile: \(pattern): \(error)")
            }
        }
        rules = CrisisRules.rules.map { ($0, compile($0.pattern)) }
        benign = CrisisRules.benign.map { compile("\\b" + $0 + "\\b") }
        // Whole words at both ends: a resolution word must not match the start of another word.
        resolution = CrisisRules.resolution.map { compile("\\b(?:" + $0 + ")\\b") }
        thirdParty = CrisisRules.thirdPartyPatterns.map(compile)
        media = compile(CrisisRules.media)
        presentRisk = compile(CrisisRules.presentRisk)
        afterward = compile(CrisisRules.afterward)
        timing = compile("\\b" + CrisisRules.timing + "\\b")
        veteran = compile("\\b(over there|deployment|deployed|afghanistan|iraq|kandahar|fallujah|helmand|the unit|my unit|"
            + "my squad|my platoon|my company|my battalion|my brothers in arms|battle buddy|battle buddies|my buddies|my guys|"
            + "the guys who|service (weapon|pistol|rifle)|duty (weapon|pistol|rifle)|sidearm|the va\\b|the v a|"
            + "veteran|combat|the war|firefight|ied|convoy|marine|marines|army|navy|soldier|my m4|my m9|22 a day|"
            + "twenty two a day|kia|did not make it home|should have died over there|moral injury|the things i did|"
            + "what i did over there)")
        firstPerson = compile("\\b(i|me|my|myself|mine|we|our|us)\\b")
        selfReference = compile("\\b(myself|my self|my life|i want to die|i am going to|kill myself)\\b")
    }

    /// Whether any of `expressions` matches somewhere in `text`.
    func matches(_ expressions: [NSRegularExpression], in text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return expressions.contains { $0.firstMatch(in: text, range: range) != nil }
    }

    /// `text` with every benign phrase replaced by underscores of the same length.
    func mask(_ text: String) -> String {
        var result = text
        for expression in benign {
            let range = NSRange(result.startIndex..., in: result)
            for match in expression.matches(in: result, range: range).reversed() {
                guard let swiftRange = Range(match.range, in: result) else { continue }
                result.replaceSubrange(swiftRange, with: String(repeating: "_", count: result[swiftRange].count))
            }
        }
        return result
    }
}
