@testable import HomeOS
import Testing

@Suite struct MedicalEmergencyNetTests {
    let net = MedicalEmergencyNet()

    static let emergencies: [(String, MedicalEmergencyKind)] = [
        ("my daughter can't breathe", .breathing),
        ("My daughter cant breathe!!", .breathing),
        ("He is not breathing", .breathing),
        ("my dad stopped breathing", .breathing),
        ("she's struggling to breathe", .breathing),
        ("his lips are turning blue", .breathing),
        ("I'm not sure if she's breathing", .breathing),
        ("I don't think he's breathing", .breathing),
        ("I have crushing chest pain", .chestPain),
        ("my chest hurts really bad", .chestPain),
        ("I think I'm having a heart attack", .chestPain),
        ("there's a lot of pressure in my chest", .chestPain),
        ("he cut his hand and it won't stop bleeding", .severeBleeding),
        ("there's blood everywhere", .severeBleeding),
        ("she's bleeding heavily from her leg", .severeBleeding),
        ("grandpa is unconscious", .unresponsive),
        ("she passed out and won't wake up", .unresponsive),
        ("my son is unresponsive", .unresponsive),
        ("he collapsed and has no pulse", .unresponsive),
        ("my son ate a peanut and his throat is swelling", .anaphylaxis),
        ("her lips are swollen after eating shrimp", .anaphylaxis),
        ("I think it's anaphylaxis", .anaphylaxis),
        ("we just used her EpiPen", .anaphylaxis),
        ("my toddler is having a seizure", .seizure),
        ("he's convulsing on the floor", .seizure),
        ("my baby is choking", .choking),
        ("there's something stuck in his throat", .choking),
        ("my son swallowed a button battery", .overdoseOrPoisoning),
        ("my toddler drank bleach", .overdoseOrPoisoning),
        ("she took a whole bottle of Tylenol", .overdoseOrPoisoning),
        ("I think he overdosed", .overdoseOrPoisoning),
        ("grandma's face is drooping and her speech is slurred", .stroke),
        ("I think my dad is having a stroke", .stroke),
        ("I want to kill myself", .selfHarm),
        ("my son said he wants to end his life", .selfHarm),
        ("I've been cutting myself again", .selfHarm),
        ("sometimes I think everyone would be better off without me", .selfHarm),
        ("I don't want to be alive anymore", .selfHarm),
        ("I keep thinking about suicide", .selfHarm),
        ("I'm not suicidal, I just want to die", .selfHarm),
    ]

    @Test(arguments: emergencies)
    func detectsEmergency(_ message: String, _ kind: MedicalEmergencyKind) {
        let assessment = net.assess(message)
        #expect(assessment.kinds.contains(kind), "\(message) → \(assessment.kinds)")
        #expect(assessment.isEmergency)
        #expect(assessment.triage == .emergency)
        #expect(!assessment.instructions.isEmpty)
    }

    static let benign: [String] = [
        "I can breathe fine now",
        "can you suggest some breathing exercises for stress?",
        "chest pain last year, doctor said fine",
        "I had chest pain last year but the doctor said it was nothing",
        "no chest pain, just a mild cough",
        "is this toy a choking hazard for a 2 year old?",
        "I got choked up at the wedding",
        "please refill my seizure medication",
        "you almost gave me a heart attack!",
        "how do I treat poison ivy?",
        "this traffic is killing me",
        "I'm dying to see that movie",
        "I killed it at work today",
        "I'm going to kill myself laughing at this show",
        "my phone died again",
        "he's not choking anymore, he coughed it out",
        "what's a good stroke rate for swimming?",
        "she stroked the cat until it purred",
        "I took my pills this morning",
        "the suicide squad movie was fun",
        "heat stroke prevention tips for the hike",
        "blue cheese dressing on the side please",
        "What time is soccer practice?",
        "I had a seizure in 2019 and have been fine since",
        "she won't wake up early for school",
        "can you help me catch my breath after this busy week",
    ]

    @Test(arguments: benign)
    func ignoresLookAlikes(_ message: String) {
        let assessment = net.assess(message)
        #expect(!assessment.isEmergency, "\(message) → \(assessment.kinds) \(assessment.matches)")
        #expect(assessment.instructions.isEmpty)
    }

    @Test func historicalMentionIsDiscountedAndMonitored() {
        let assessment = net.assess("chest pain last year, doctor said fine")
        #expect(assessment.matches.contains { $0.kind == .chestPain && $0.discount == .historical })
        #expect(assessment.triage == .monitor)
    }

    @Test func negatedMentionIsDiscounted() {
        let assessment = net.assess("no chest pain and no trouble breathing")
        #expect(assessment.kinds.isEmpty)
        #expect(assessment.matches.filter { $0.discount == .negated }.count == 2)
    }

    @Test func presentTenseOverridesHistory() {
        #expect(net.assess("I had chest pain last year and it's back again today").kinds == [.chestPain])
        #expect(net.assess("she had a seizure years ago and she's seizing right now").kinds.contains(.seizure))
    }

    @Test func selfHarmIsNeverDiscounted() {
        #expect(net.assess("I'm not going to kill myself, don't worry").needsCrisisResources)
        #expect(net.assess("I tried to kill myself years ago").needsCrisisResources)
    }

    @Test func breathingInstructionsStartWith911() throws {
        let assessment = net.assess("my daughter can't breathe")
        let first = try #require(assessment.instructions.first)
        #expect(first == MedicalEmergencyNet.callEmergencyServices)
        #expect(first.contains("911"))
        #expect(assessment.text.contains("CPR"))
    }

    @Test func firstAidStepsPerKind() {
        let choking = net.assess("my baby is choking").text
        #expect(choking.contains("back blows"))
        #expect(choking.contains("abdominal thrusts"))
        #expect(choking.contains("baby under 1 year"))
        #expect(net.assess("his throat is swelling shut").text.contains("epinephrine"))
        #expect(net.assess("he's bleeding heavily").text.contains("Press firmly"))
        #expect(net.assess("my son drank bleach").text.contains("1-800-222-1222"))
        #expect(net.assess("her face is drooping").text.contains("FAST"))
    }

    @Test func selfHarmGetsCrisisResourcesFirst() throws {
        let assessment = net.assess("I want to end my life")
        #expect(assessment.kinds == [.selfHarm])
        #expect(assessment.needsCrisisResources)
        let text = assessment.text
        #expect(text.contains("988"))
        #expect(text.contains("Veterans Crisis Line"))
        #expect(text.contains("dial 988 then press 1"))
        #expect(text.contains("838255"))
        #expect(text.contains("911"))
        #expect(try #require(assessment.instructions.first) != MedicalEmergencyNet.callEmergencyServices)
    }

    @Test func overdoseWithSelfHarmGetsBoth() throws {
        let assessment = net.assess("I took all my pills because I want to die")
        #expect(assessment.kinds.contains(.overdoseOrPoisoning))
        #expect(assessment.kinds.contains(.selfHarm))
        #expect(try #require(assessment.instructions.first) == MedicalEmergencyNet.callEmergencyServices)
        #expect(assessment.text.contains("988"))
        #expect(Set(assessment.instructions).count == assessment.instructions.count)
    }

    @Test func kindsAreReportedInPriorityOrder() {
        let kinds = net.assess("he's having a seizure and now he's not breathing").kinds
        #expect(kinds == [.breathing, .seizure])
    }

    @Test func everyKindHasStepsAndTitle() {
        for kind in MedicalEmergencyKind.allCases {
            #expect(!MedicalEmergencyNet.steps(for: kind).isEmpty)
            #expect(!kind.title.isEmpty)
            #expect(MedicalEmergencyNet.rules[kind] != nil)
        }
        #expect(MedicalEmergencyNet.instructions(for: []).isEmpty)
    }

    @Test func everyPatternWordIsOneNormalisedToken() {
        var rules = Array(MedicalEmergencyNet.rules.values) + Array(HomeEmergencyNet.rules.values)
        rules += [MedicalTriage.fever, MedicalTriage.highFever, MedicalTriage.monitorSigns, MedicalTriage.infantWords]
        rules += MedicalTriage.urgentRules.map(\.0)
        for rule in rules {
            for pattern in rule.patterns + rule.lookAlikes {
                for element in pattern.elements {
                    for alternative in element.alternatives {
                        for word in alternative where !word.text.hasPrefix("#") {
                            let tokens = ScannedText(word.text).tokens.map(\.word)
                            #expect(tokens == [word.text], "pattern \(pattern.source) has word \(word.text) → \(tokens)")
                        }
                    }
                }
            }
        }
    }
}

@Suite struct ScannedTextTests {
    @Test func expandsContractionsAndSplitsHyphens() {
        #expect(ScannedText("She can't breathe").tokens.map(\.word) == ["she", "can", "not", "breathe"])
        #expect(ScannedText("He won’t wake").tokens.map(\.word) == ["he", "will", "not", "wake"])
        #expect(ScannedText("Grandma's peanut-free cake").tokens.map(\.word) == ["grandma", "peanut", "free", "cake"])
        #expect(ScannedText("temp 100.4 now").tokens.map(\.word) == ["temp", "100.4", "now"])
        #expect(ScannedText("Crème brûlée").tokens.map(\.word) == ["creme", "brulee"])
    }

    @Test func tracksClausesAndSentences() {
        let text = ScannedText("no pain, but fever. Then rest")
        #expect(text.tokens.map(\.clause) == [0, 0, 2, 3, 3])
        #expect(text.tokens.map(\.sentence) == [0, 0, 0, 1, 1])
    }

    @Test func patternsRespectGapsAndSentences() {
        let pattern = PhrasePattern("can not ~ breath*")
        #expect(pattern.matches(in: ScannedText("I can't really breathe")).count == 1)
        #expect(pattern.matches(in: ScannedText("I can not. Breathe")).isEmpty)
        #expect(PhrasePattern("carbon+monoxide|co alarm").matches(in: ScannedText("the carbon monoxide alarm")).count == 1)
        #expect(PhrasePattern("in #year").matches(in: ScannedText("in 2019")).count == 1)
        #expect(PhrasePattern("in #year").matches(in: ScannedText("in 20 minutes")).isEmpty)
        #expect(PhrasePattern("took #many pills").matches(in: ScannedText("took 30 pills")).count == 1)
        #expect(PhrasePattern("took #many pills").matches(in: ScannedText("took 2 pills")).isEmpty)
        #expect(PhrasePattern("keep cutting #end").matches(in: ScannedText("I keep cutting. It helps")).count == 1)
        #expect(PhrasePattern("keep cutting #end").matches(in: ScannedText("I keep cutting coupons")).isEmpty)
    }
}
