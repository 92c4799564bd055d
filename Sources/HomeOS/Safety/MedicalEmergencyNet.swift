/// A kind of medical emergency the deterministic net recognises.
public enum MedicalEmergencyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not breathing, stopped breathing, cannot breathe, struggling to breathe, turning blue.
    case breathing
    /// Choking on food or an object.
    case choking
    /// Unconscious, unresponsive, will not wake, no pulse.
    case unresponsive
    /// Anaphylaxis: an allergic reaction with throat, tongue, lip or face swelling.
    case anaphylaxis
    /// Severe bleeding that will not stop.
    case severeBleeding
    /// Chest pain or pressure, a possible heart attack.
    case chestPain
    /// Stroke signs: face drooping, slurred speech, sudden one-sided weakness.
    case stroke
    /// A seizure or convulsions.
    case seizure
    /// Overdose or poisoning: too many pills, swallowed chemicals or button batteries.
    case overdoseOrPoisoning
    /// Suicide or self-harm language; answered with crisis resources.
    case selfHarm

    /// A short human-readable name.
    public var title: String {
        switch self {
        case .breathing: "Breathing emergency"
        case .choking: "Choking"
        case .unresponsive: "Unresponsive person"
        case .anaphylaxis: "Severe allergic reaction (anaphylaxis)"
        case .severeBleeding: "Severe bleeding"
        case .chestPain: "Chest pain"
        case .stroke: "Possible stroke"
        case .seizure: "Seizure"
        case .overdoseOrPoisoning: "Overdose or poisoning"
        case .selfHarm: "Suicide or self-harm risk"
        }
    }
}

/// One phrase of a message that the net acted on.
public struct MedicalEmergencyMatch: Sendable, Hashable, Codable {
    /// Why a match did not count.
    public enum Discount: String, Sendable, Hashable, Codable {
        /// Negated in its clause ("no chest pain", "he is not choking anymore").
        case negated
        /// About the past or already resolved ("chest pain last year, doctor said fine").
        case historical
    }

    /// The emergency the phrase signals.
    public var kind: MedicalEmergencyKind
    /// The matched words, lower-cased and normalised ("can not breathe").
    public var phrase: String
    /// Why the match was discounted; `nil` when it counts.
    public var discount: Discount?

    /// Creates a match.
    public init(kind: MedicalEmergencyKind, phrase: String, discount: Discount? = nil) {
        self.kind = kind
        self.phrase = phrase
        self.discount = discount
    }
}

/// What ``MedicalEmergencyNet`` concluded about a message.
public struct MedicalEmergencyAssessment: Sendable, Hashable, Codable {
    /// The emergencies found, most time-critical first; empty when there is none.
    public var kinds: [MedicalEmergencyKind]
    /// Every phrase that was considered, including discounted ones.
    public var matches: [MedicalEmergencyMatch]
    /// The triage level: ``TriageLevel/emergency`` whenever ``kinds`` is not empty, otherwise the
    /// keyword floor of ``MedicalTriage`` (raised to ``TriageLevel/monitor`` by historical matches).
    public var triage: TriageLevel
    /// Why the triage level was chosen, in plain words.
    public var triageReasons: [String]
    /// Fixed, plain instructions for ``kinds`` (see ``MedicalEmergencyNet/instructions(for:)``);
    /// empty when there is no emergency.
    public var instructions: [String]

    /// Whether any emergency was found.
    public var isEmergency: Bool { !kinds.isEmpty }
    /// Whether the answer must carry crisis resources (988, Veterans Crisis Line, 911).
    public var needsCrisisResources: Bool { kinds.contains(.selfHarm) }
    /// The instructions as one message, one instruction a line.
    public var text: String { instructions.joined(separator: "\n") }
}

/// A deterministic, model-free detector of medical emergencies in a message.
///
/// It runs before (and independently of) any model, so an emergency is answered with fixed
/// instructions even when the model is slow, wrong or throwing. For each kind it looks for
/// phrases ("can't breathe", "stopped breathing", "chest pain", "won't wake up", "throat is
/// swelling", "took too many pills", "face is drooping", "want to kill myself", …) in the
/// normalised words of the message (see the internal `ScannedText`: contractions expanded, a
/// few words of slack inside phrases, never across a sentence).
///
/// Look-alikes that are cheap to recognise are excluded: "breathing exercises", "choking
/// hazard", "choked up", "seizure medication", "you gave me a heart attack", "food poisoning",
/// "poison ivy", "kill myself laughing". A match is *negated* when "no", "not", "never",
/// "without" or "denies" stands up to three words before it in the same clause ("no chest pain",
/// "she is not choking anymore") — except doubt such as "not sure" or "don't think", which still
/// counts. A match is *historical* when its sentence also says it was in the past or resolved
/// ("last year", "years ago", "history of", "in 2019", "doctor said it was fine", "fine now")
/// and nothing in the message says it is happening now ("again", "still", "right now", "today").
/// Discounted matches are reported but do not make an emergency; historical ones lift the
/// triage to ``TriageLevel/monitor``.
///
/// Limits, by design erring on the side of safety:
/// - Self-harm language is never discounted by negation or history ("I'm not going to kill
///   myself" still shows crisis resources); showing resources needlessly costs little.
/// - Hypothetical questions ("what do I do if someone is choking?") are treated as emergencies:
///   the fixed first-aid steps are a good answer to them too.
/// - Anything the phrase lists do not cover (misspellings beyond the common ones, other
///   languages, indirect descriptions) is missed; the model-based triage remains the second line.
/// - Negation is local: "I don't think she's breathing" counts (doubt), and a negator more than
///   three words away does not cancel a match.
public struct MedicalEmergencyNet: Sendable {
    /// The triage floor combined into every assessment.
    public var triageFloor: MedicalTriage

    /// Creates a net.
    public init(triageFloor: MedicalTriage = MedicalTriage()) {
        self.triageFloor = triageFloor
    }

    /// Assesses `message`. `patientAgeInMonths`, when known from the family data, sharpens the
    /// triage floor (a fever in a baby under three months is urgent).
    public func assess(_ message: String, patientAgeInMonths: Int? = nil) -> MedicalEmergencyAssessment {
        let text = ScannedText(message)
        var matches: [MedicalEmergencyMatch] = []
        var kinds: [MedicalEmergencyKind] = []
        for kind in MedicalEmergencyKind.allCases {
            guard let rule = Self.rules[kind] else { continue }
            let scan = rule.scan(text)
            matches += scan.active.map { MedicalEmergencyMatch(kind: kind, phrase: text.phrase($0.range)) }
            matches += scan.negated.map { MedicalEmergencyMatch(kind: kind, phrase: text.phrase($0.range), discount: .negated) }
            matches += scan.historical.map { MedicalEmergencyMatch(kind: kind, phrase: text.phrase($0.range), discount: .historical) }
            if !scan.active.isEmpty { kinds.append(kind) }
        }
        let floor = triageFloor.floor(for: message, patientAgeInMonths: patientAgeInMonths)
        var triage = floor.level
        var reasons = floor.reasons
        if !kinds.isEmpty {
            triage = .emergency
            reasons.insert("Emergency signs: " + kinds.map(\.title).joined(separator: ", ") + ".", at: 0)
        } else if matches.contains(where: { $0.discount == .historical }), triage < .monitor {
            triage = .monitor
            reasons.append("Mentions a past or resolved emergency sign.")
        }
        return MedicalEmergencyAssessment(
            kinds: kinds, matches: matches, triage: triage, triageReasons: reasons,
            instructions: kinds.isEmpty ? [] : Self.instructions(for: kinds)
        )
    }

    // MARK: - Instructions

    /// The opening line whenever there is a physical emergency.
    public static let callEmergencyServices = "This may be a medical emergency. Call 911 now (or your local emergency number) and follow the dispatcher's instructions."

    /// Crisis resources shown for ``MedicalEmergencyKind/selfHarm``, in this order.
    public static let crisisResources: [String] = [
        "You are not alone, and help is available right now.",
        "Call or text 988 to reach the 988 Suicide & Crisis Lifeline (24/7, free, confidential).",
        "Veterans and their families: Veterans Crisis Line — dial 988 then press 1, or text 838255.",
        "If you or someone else is in immediate danger, call 911.",
        "If you can, stay with someone you trust and move away from anything you could use to hurt yourself.",
    ]

    /// Fixed, plain first-aid steps for one kind (without the opening 911 line).
    public static func steps(for kind: MedicalEmergencyKind) -> [String] {
        switch kind {
        case .breathing:
            return [
                "Stay with the person. If they are awake and struggling to breathe, help them sit upright and loosen tight clothing; if they have a rescue inhaler, help them use it.",
                "If they are not breathing, start CPR: push hard and fast in the center of the chest (about 2 per second); the 911 dispatcher can coach you.",
            ]
        case .choking:
            return [
                "If the person can cough forcefully or speak, let them keep coughing.",
                "If they cannot breathe, cough or speak: give 5 firm back blows between the shoulder blades, then 5 abdominal thrusts (Heimlich); repeat until the object comes out.",
                "For a baby under 1 year: hold face-down on your forearm and give 5 back blows, then turn face-up and give 5 chest thrusts with two fingers; never do abdominal thrusts on a baby.",
                "If the person becomes unresponsive, lower them to the ground and start CPR.",
            ]
        case .unresponsive:
            return [
                "Check whether they are breathing. If they are not breathing normally, start CPR: push hard and fast in the center of the chest.",
                "If they are breathing, roll them onto their side (recovery position) and stay with them.",
                "Do not give them anything to eat or drink.",
            ]
        case .anaphylaxis:
            return [
                "If they have an epinephrine auto-injector (EpiPen), use it now in the outer thigh.",
                "Call 911 even if they seem better — symptoms can come back.",
                "Have them lie down with legs raised, or sit up if breathing is hard. A second dose may be given after 5 to 15 minutes if there is no improvement and a second injector is available.",
            ]
        case .severeBleeding:
            return [
                "Press firmly on the wound with a clean cloth or bandage and keep pressing without letting up.",
                "If blood soaks through, add more cloth on top; do not remove the first layer.",
                "If you can, raise the injured part above the heart. Use a tourniquet only if you are trained and pressure cannot stop life-threatening bleeding from an arm or leg.",
            ]
        case .chestPain:
            return [
                "Have the person stop all activity and sit or lie in the most comfortable position.",
                "Give aspirin only if the 911 dispatcher tells you to. Unlock the door and stay with them.",
                "If they become unresponsive and are not breathing normally, start CPR.",
            ]
        case .stroke:
            return [
                "Note the time the symptoms started; tell the 911 dispatcher and the paramedics.",
                "Think FAST: Face drooping, Arm weakness, Speech difficulty, Time to call 911.",
                "Do not give food, drink or medication. If they become unresponsive, roll them onto their side.",
            ]
        case .seizure:
            return [
                "Move hard or sharp objects away and cushion the head. Do not hold them down and do not put anything in their mouth.",
                "Time the seizure. When the shaking stops, roll them onto their side.",
                "It is an emergency if it lasts more than 5 minutes, is their first seizure, they are injured, pregnant or have trouble breathing, or they do not wake up afterwards.",
            ]
        case .overdoseOrPoisoning:
            return [
                "If they are hard to wake, having trouble breathing or having a seizure, this is a 911 emergency. Poison Control (1-800-222-1222) can also advise.",
                "Do not make them vomit unless you are told to. Keep the container or pills to show the responders.",
                "If an opioid overdose is possible and naloxone (Narcan) is available, give it.",
            ]
        case .selfHarm:
            return crisisResources
        }
    }

    /// The full fixed instructions for `kinds`: the call-911 line first whenever there is a
    /// physical emergency, then the first-aid steps of each kind, then crisis resources when
    /// ``MedicalEmergencyKind/selfHarm`` is among them. Self-harm alone opens with the crisis
    /// resources (which include 911 for immediate danger). Duplicated lines are dropped.
    public static func instructions(for kinds: [MedicalEmergencyKind]) -> [String] {
        guard !kinds.isEmpty else { return [] }
        let physical = kinds.filter { $0 != .selfHarm }
        var lines: [String] = physical.isEmpty ? [] : [callEmergencyServices]
        for kind in physical { lines += steps(for: kind) }
        if kinds.contains(.selfHarm) { lines += crisisResources }
        var seen: Set<String> = []
        return lines.filter { seen.insert($0).inserted }
    }

    // MARK: - Rules

    static let rules: [MedicalEmergencyKind: SignalRule] = [
        .breathing: SignalRule([
            "can|could not ~ breath*", "unable to ~ breath*", "not ~4 breathing", "stopped|stop|stops|quit ~ breathing",
            "struggling|fighting|gasping|struggles ~ to|for ~ breath*|air", "gasping", "trouble|difficulty|problem|problems ~ breathing",
            "hard time breathing", "hard to breathe", "barely breath*", "turning|turned|going ~ blue|purple|grey|gray",
            "lips|face ~3 blue", "no longer breathing",
            "he|she|baby|they|son|daughter|mom|dad|husband|wife|child|kid|toddler|grandma|grandpa ~1 is|are|looks|look|turned|went|gone|getting|got blue|purple|grey|gray",
            "blue|purple|grey|gray ~3 not ~ moving|breathing|responding",
        ], lookAlikes: [
            "breathing exercise*|technique*|treatment*|machine|app|room|space|meditation|practice|pattern*|trick*",
            "breath* of fresh air", "can not wait", "breath* ~ through ~ my|his|her|the|their ~ nose", "gasping in|with surprise|shock|delight|laughter",
            "blue ~ shirt|dress|jacket|paint|eyes|hair|cheese|team|jersey|light", "turned|turning ~ blue ~ paint*", "blue ~ about|over|because",
            "sky|sunset|sunrise|water|lake|sea|ocean|light|lights|leaves|hair|paint|screen|wall|walls|shirt|car|bruise|sky ~3 turned|turning|going|went|is|gone|was ~1 blue|purple|grey|gray",
        ]),
        .choking: SignalRule([
            "choking", "chokes", "is|was|got ~ choked", "choked on", "stuck ~3 throat|windpipe|airway",
            "clutching|clutched|grabbing|grabbed|holding ~ his|her|my|their ~ throat",
            "heimlich",
        ], lookAlikes: [
            "choking|choke ~ hazard*|risk|hold*", "choked|choking ~ up", "choking ~ back ~ tears", "choking under pressure",
            "choke|choking|choked ~ the ~ engine", "dog|dogs|cat|cats|puppy|kitten|pet|pets|hamster|bird|horse|rabbit ~3 choking|choked|chokes", "tips|tip|guide|class|course|training|lesson|video|poster|chart|book|quiz ~4 choking|choke|heimlich", "heimlich ~ class*|training|course|poster", "choking ~ on ~ tears", "choking|choked ~5 haha|lol|lmao|jk",
        ]),
        .unresponsive: SignalRule([
            "unconscious", "unresponsive", "not responsive", "will|can|does|did|would not ~ wake", "not ~ waking",
            "passed out and ~3 not", "no pulse", "heart stopped", "cardiac arrest",
            "not responding to ~ me|us|voice|touch|name", "will|does|did|can|is not ~ respond|responding|react|reacting ~ to ~ me|us|her|him|voice|touch|name|anything|anyone|pain", "is|are|was|he|she|they ~ not ~ responding|responsive", "blacked out and ~ not",
            "lifeless", "limp and ~ not", "collapsed|collapses", "he|she|baby|they|son|daughter|husband|wife|mom|dad|child|kid|toddler|grandma|grandpa|infant ~2 not ~ moving",
        ], lookAlikes: [
            "app|computer|phone|screen|website|site|server|laptop|printer|tv|program|browser|mouse|keyboard|email|router ~4 not ~ responding",
            "not responding ~ to ~ email|emails|text|texts|messages|calls|treatment|medication|antibiotics",
            "collapsed ~ on|onto|into ~ the|my|his|her ~ couch|bed|sofa|chair", "not moving ~ to|out|in|house|away|back|forward|anymore+to", "collapsed ~ tent|table|chair|box|stroller|umbrella|building|bridge|roof|market|deal|talks",
            "unconscious ~ bias*|mind|thought*", "heart stopped ~ for a second", "wake ~ me|us ~ up ~ at",
            "wake|waking ~3 early|school|work|time|alarm|morning|before|till|until|when",
        ]),
        .anaphylaxis: SignalRule([
            "anaphyla*", "throat ~4 swell*|swollen|closing|closed|tight|tightening", "swell*|swollen ~3 throat|tongue|lips|lip|face|mouth",
            "tongue|lips|lip|face|mouth ~3 swell*|swollen|puffing", "severe ~ allergic ~ reaction", "epipen|epinephrine",
            "epi pen", "allergic reaction and ~4 breath*|swell*|throat",
        ], lookAlikes: [
            "epipen ~ prescription|refill*|expir*|training|class", "epinephrine ~ prescription|refill*|expir*",
            "epi pen ~ prescription|refill*|expir*", "swollen ~ lymph", "lip ~ filler*|balm|gloss",
            "anaphyla* ~ kit|plan|action|training|class|course|prevention|awareness|protocol",
        ]),
        .severeBleeding: SignalRule([
            "bleeding ~ heavily|badly|profusely|everywhere|nonstop|lots", "bleeding ~ a lot", "heavy|severe|uncontrolled|serious ~ bleeding",
            "will|can|does|is not ~3 stop ~ bleeding", "bleeding ~3 will|does|is ~ not ~ stop", "can not ~ stop ~3 bleeding|blood",
            "blood ~ everywhere|spurting|gushing|pouring", "spurting|gushing|pouring ~ blood", "lot|lots|pool ~ of ~ blood", "so|too ~ much ~ blood",
            "losing ~3 blood", "cut ~3 artery", "bleeding out", "hemorrhag*",
        ], lookAlikes: ["blood ~ orange|sugar|pressure|test|drive|donation|type|moon|work", "bleeding ~ heart|edge|gums"]),
        .chestPain: SignalRule([
            "chest ~ pain*|hurt*|ache*|aching|tight*|pressure|crushing|squeez*|heavy", "pain* ~3 in ~ chest",
            "pressure ~3 in ~ chest", "crushing|squeezing|tight|tightness ~3 chest", "heart attack",
            "pain ~3 down ~ left ~ arm", "heart ~ pain", "grabbed|grabbing|grabs|clutching|clutched|clutches|holding ~ his|her|my|their ~ chest",
        ], lookAlikes: [
            "gave|give|giving|gives ~3 heart attack", "heart attack ~ prevention|risk|risks|diet", "chest ~ of ~ drawers",
            "treasure chest", "chest ~ day|workout|press|exercise*|muscle*|freezer", "heart attack on a plate",
            "movie|movies|show|book|article|video|documentary|story|episode|podcast ~4 heart attack", "heart attack ~ grill|burger|burgers|sandwich|menu|special",
        ]),
        .stroke: SignalRule([
            "stroke", "strokes", "face ~3 droop*|sagging|numb", "droop* ~3 face|mouth|side|smile|eye", "slurr*",
            "speech ~3 slurr*|garbled|jumbled|strange", "can not ~ speak|talk ~ properly|right|clearly",
            "one side ~3 numb|weak|paralyzed|limp", "sudden ~3 numbness|weakness", "can not ~ lift|move|raise ~3 arm|leg",
            "arm ~3 numb|weak|limp|drift*", "worst headache ~ of ~ life",
        ], lookAlikes: [
            "heat ~ stroke", "heatstroke", "stroke|strokes ~ of ~ luck|genius|midnight|fate|brilliance",
            "brush|pen|paint|swim|swimming|breast|back|key|golf|tennis|rowing|piston|engine|two|four ~ stroke|strokes",
            "stroke ~ the|his|her|its|my ~ cat|dog|hair|fur|head|back|beard|kitten|puppy",
            "stroke|strokes ~ rate|count|length|technique|distance|play|order",
            "stroke ~ risk|risks|prevention|awareness|recovery|rehab|rehabilitation|survivor|survivors|support|unit",
            "talk|speak ~ right ~ now|away", "what|are|know|recognize|spot|learn|list|about ~3 signs|symptoms ~2 of ~1 stroke|strokes",
            "tips|tip|guide|class|course|training|lesson|video|poster|chart|book|quiz ~4 stroke|strokes",
        ]),
        .seizure: SignalRule([
            "seizure", "seizures", "seizing", "convuls*", "shaking ~ uncontrollabl*", "epileptic fit", "foaming ~ at ~ the ~ mouth", "will|can not ~ stop ~ shaking|jerking|twitching",
        ], lookAlikes: [
            "seizure|seizures ~ medication*|meds|medicine*|disorder|plan|prescription|refill*|pills|doctor|neurologist|history|diary|log",
            "seizing ~3 opportunity|moment|day|chance|control", "dog|dogs|cat|cats|puppy|kitten|pet|pets|hamster|bird|horse|rabbit ~3 seizure|seizures|seizing|convuls*", "tips|tip|guide|class|course|training|lesson|video|poster|chart|book|quiz ~4 seizure|seizures", "asset|property|drug|police ~ seizure*", "anti ~ seizure",
        ]),
        .overdoseOrPoisoning: SignalRule([
            "overdos*", "od", "oding", "too many|much ~3 pills|tablets|medicine|medication|meds|gummies|vitamins|tylenol|advil|acetaminophen|ibuprofen|insulin",
            "swallowed|drank|ate|drinking|eating|swallowing|licked ~3 bleach|detergent|pod|pods|battery|batteries|antifreeze|cleaner|gasoline|chemicals|poison|laundry|dishwasher|lye|drano|nicotine|edibles|magnet|magnets|mothballs|cleaning|vape|remover|acetone|kerosene|turpentine|pesticide|insecticide|weedkiller|fertilizer|perfume|sanitizer|mouthwash|lamp+oil|lighter+fluid|paint+thinner|essential+oil|coolant",
            "swallowed|ate|eating|swallowing ~3 pills|tablets|medicine|medication|meds",
            "took|taken ~3 all|whole|entire|handful|bunch|extra|double ~3 pills|meds|medication|medicine|tablets|bottle|dose",
            "got|gotten|getting ~ into ~3 medicine|medication|pills|cabinet|chemicals|bleach|cleaning",
            "took|taken|swallowed|ate ~ #many ~2 pills|tablets|tylenol|advil|aspirin|sleeping|xanax|ibuprofen|acetaminophen|gummies|vitamins",
            "poisoned", "poisoning", "ingested", "all ~ of ~3 pills|medication|meds", "button ~ battery|batteries",
        ], lookAlikes: [
            "food poisoning", "poison ivy|oak|sumac", "too much ~ coffee|caffeine|sugar|candy|screen", "od ~ green",
            "overdos* ~ of|on ~ sugar|candy|caffeine|chocolate|cuteness|tv|netflix|sunshine|homework|work|screen|screens|sun|fun|love|information|news|chores|cheese",
            "dog|dogs|cat|cats|puppy|kitten|pet|pets|hamster|bird|horse|rabbit ~3 poisoned|poisoning|overdos*|ate|swallowed|drank", "swallow* ~ pills ~ whole", "lead poisoning test",
            "swallowed|swallowing ~ my|his|her ~ pills|medicine|meds|medication ~ with|without|whole",
        ]),
        .selfHarm: SignalRule([
            "kill|killing|harm|harming|stab|stabbing|shoot|shooting|drown|drowning|poison|poisoning|strangle|strangling|suffocate|suffocating|starve|starving ~ myself|himself|herself|themselves|themself",
            "done ~2 with ~ life|living|everything|it+all", "cares|care|notice|noticed|miss|matter ~3 if ~ i ~ die|died|disappeared|was+gone|were+gone",
            "feel|feeling|felt|like|thinking|think|thought|about ~2 ending|end ~ it", "drive|driving|drove ~4 off ~2 cliff|bridge|road|overpass",
            "walk|walking|step|stepping|run|running ~ into|in+front+of ~3 traffic|train|bus|truck|car|highway", "cutting ~ myself|himself|herself|themselves",
            "want|wants|wanted|wanna|going|gonna|thinking|thought|thoughts|urge|urges|feel|tempted|planning ~3 hurt|hurting|cut|cutting|burn|burning|harm|harming ~ myself|himself|herself|themselves",
            "wanna ~ die", "nobody|noone|no+one ~3 miss ~ me", "if ~ i ~ was|were ~ gone|dead", "disappear ~ forever",
            "no ~ point ~ in|to ~ living|live|life|going+on", "not ~3 reason ~ to ~ live|living", "want|wanna|going|gonna|planning ~2 end ~ it",
            "want|wish|need ~ it ~ all ~ to ~ end|stop", "want|wish ~ everything ~ to ~ end|stop", "want|wish ~ the ~ pain ~ to ~ end|stop",
            "plan|planning|going|gonna|want|wanna|thinking ~3 overdose|od",
            "going|gonna|want|wanna|planning ~3 take|swallow ~3 all|whole|bunch|handful ~3 pills|meds|medication|tablets|bottle",
            "use ~ it ~ on ~ myself", "gun|pistol|rifle|rope ~6 myself", "tired ~2 of ~ living|life|being+alive|existing",
            "end|ending ~2 my|the|this ~ suffering|misery", "want|wanna|wish|rather ~3 be ~ dead", "think|thinking|thoughts|thought ~2 about|of ~ dying|death|suicide",
            "tried|try|trying|attempted|attempt ~3 overdose|od", "goodbye ~ to ~ everyone|everybody|the+world|all+of+you", "goodbye ~ forever",
            "sleep ~ forever", "nothing ~2 to ~ live ~ for", "not ~ be ~ around ~ much ~ longer", "better ~ off ~ gone",
            "not ~4 keep ~ living|going+on|on+living", "goodbye ~ letter|letters|note|notes|message|messages|video|videos",
            "hurt|hurting|cut|cutting|burn|burned|burning|harm|harming ~ myself|himself|herself|themselves ~3 on+purpose|intentionally|deliberately|again",
            "not ~ going ~ to ~ be ~ alive", "be ~ here|around ~ anymore|much+longer", "noose", "rope ~2 ready|tied|up",
            "painless|easiest|quickest|fastest|best ~2 way|ways ~ to ~ die|kill|end|go", "lethal ~ dose|amount|overdose", "how ~ many ~3 pills|tablets ~4 die|kill|overdose|lethal|fatal",
            "no ~ way ~ out",
            "keep|been|started|still ~ cutting #end",
            "want|wanna|wish|wished|ready|deserve|deserves|should|gonna|going|trying|tried|plan|planning|decided|pills|meds|rather ~3 die",
            "stop ~ existing", "want|wish|wanna ~3 not ~2 exist|existing", "not ~ want ~ to ~ exist", "never ~ wake ~ up", "not ~ want ~ to ~ be ~ alive", "better ~ if ~ i ~ was|were ~ dead|gone",
            "end|ending ~ things|everything", "slit|slitting|cut|cutting ~3 wrist|wrists|throat", "off ~ myself|himself|herself",
            "jump|jumping ~ off|from|in+front+of ~3 bridge|building|roof|cliff|balcony|train|window|tower|overpass",
            "life ~2 pointless|meaningless|hopeless", "am ~2 burden", "burden ~ to ~ everyone|everybody|my+family|you|them",
            "suicid*", "self ~ harm*|injur*", "end|ending|take|taking ~ my|his|her|their|own ~ life",
            "want|wants|wanted ~ to ~ die", "wish ~ i ~2 dead|die|disappear", "better off ~ dead", "better off without me",
            "no ~ reason ~ to ~ live", "not ~ worth ~ living", "end ~ it ~ all", "do not ~ want ~ to ~ be ~ here|alive ~ anymore",
            "do not ~ want ~ to ~ live", "do not ~ want ~ to ~ wake ~ up", "life ~ not ~ worth",
            "can not ~ go ~ on", "kms", "unalive", "hang ~ myself|himself|herself", "jump ~ off ~3 bridge|building|roof",
        ], lookAlikes: [
            "kill* ~ myself ~ laughing", "killing|killed ~ myself ~ at|with|over ~ work|gym|workout|training|practice|homework",
            "suicide squad|doors|door|king|scene|scenes|rate|rates|statistics|awareness|bomber|bombers|bombing|mission|missions|run|shift", "suicide prevention ~ training|course|walk|month|week|day",
            "books|book|article|articles|podcast|class|course|training|event|events|walk|fundraiser|month|week|volunteer|volunteering ~3 suicide ~ prevention",
            "dying ~ to ~ see|try|know|go", "cutting ~ myself ~ a|some|off ~ slice|piece", "cutting myself off", "end ~ it ~ all ~ game|season",
            "can not ~ go ~ on ~ the|a ~ trip|walk|hike|ride", "can not ~ go ~ on|to ~ monday|friday|saturday|sunday|tuesday|wednesday|thursday",
            "die|dying ~ of|from ~ embarrassment|laughter|boredom|shame|cringe|hunger|thirst|heat|cuteness", "to die for", "die ~ for ~ a|some|that|this",
            "die|dying ~2 hair|fabric|shirt|eggs|easter|yarn", "no ~ way ~ out ~ of ~ the|this|my|our ~ contract|lease|deal|meeting|parking|maze|building|room",
            "rope ~2 up ~ the|a ~ tree|boat|tent|fence|box", "be ~ here|around ~ anymore ~ because|after|once|when|since", "hurt ~ myself ~ again ~ at|playing|during|while|lifting", "thinking ~2 about|of ~ dying ~2 hair|fabric|shirt|eggs|yarn", "rather die than", "never ~ wake ~ up ~ early|on+time|before|at", "ending things with",
            "end ~ everything ~ on|with|in", "off ~ myself ~ to|for ~ work|school|bed", "protect|defend|protecting|defending ~2 myself|himself|herself", "shoot ~ myself|himself|herself ~ a|an ~ email|text|message|reminder|note",
            "end* ~ it ~ with", "gonna|going ~2 die ~ if ~ i|we|you ~ eat|have|see|hear|do|miss|lose|keep", "burden ~ on ~ the|our ~ budget|system|schedule|finances",
            "starving ~ myself ~ until|before|for ~ dinner|lunch|the", "take my life back", "wake ~ up ~ early|at|for|before",
        ], negatable: false, historyDiscounts: false),
    ]
}
