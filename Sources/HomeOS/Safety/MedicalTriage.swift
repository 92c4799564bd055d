/// How soon a health concern needs attention, from most to least pressing:
/// ``emergency`` (call 911 now), ``urgent`` (a doctor today), ``monitor`` (watch at home),
/// ``informational`` (a general question).
///
/// Levels are `Comparable` by severity: `.informational < .monitor < .urgent < .emergency`.
public enum TriageLevel: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Life-threatening: call 911 now.
    case emergency
    /// Needs a doctor or urgent care today.
    case urgent
    /// Can be watched at home; call the doctor if it gets worse.
    case monitor
    /// A general question, no symptom to act on.
    case informational

    /// 3 for emergency down to 0 for informational.
    public var severity: Int {
        switch self {
        case .emergency: 3
        case .urgent: 2
        case .monitor: 1
        case .informational: 0
        }
    }

    /// Orders levels by ``severity``.
    public static func < (lhs: TriageLevel, rhs: TriageLevel) -> Bool { lhs.severity < rhs.severity }

    /// One fixed sentence of plain guidance for the level.
    public var guidance: String {
        switch self {
        case .emergency: "Call 911 now (or your local emergency number)."
        case .urgent: "Contact your doctor or an urgent-care clinic today. If it gets worse or you can't reach anyone, call 911."
        case .monitor: "This can usually be watched at home. Call your doctor if it gets worse, lasts, or you are worried."
        case .informational: "General information only; ask your doctor or pharmacist about your own situation."
        }
    }

    /// Reads a level from a classifier's answer: the first of the words "emergency", "urgent",
    /// "monitor" or "informational" (also "info") found in it, case-insensitively; `nil` when none is.
    public init?(label: String) {
        let words = ScannedText(label).tokens.map(\.word)
        for word in words {
            switch word {
            case "emergency": self = .emergency; return
            case "urgent": self = .urgent; return
            case "monitor": self = .monitor; return
            case "informational", "info", "information": self = .informational; return
            default: continue
            }
        }
        return nil
    }
}

/// The lowest triage level a message deserves, whatever a model says, and why.
public struct TriageFloor: Sendable, Hashable, Codable {
    /// The floor.
    public var level: TriageLevel
    /// The reasons, in plain words; empty for ``TriageLevel/informational``.
    public var reasons: [String]

    /// Creates a floor.
    public init(level: TriageLevel, reasons: [String]) {
        self.level = level
        self.reasons = reasons
    }
}

/// A deterministic keyword floor for symptom triage below the emergency line.
///
/// A model's triage may raise the level but never lower it under this floor. Rules:
/// - **Fever by age**: any fever (or 100.4 °F / 38 °C and above) in a baby under 3 months is
///   urgent; a high fever ("high fever", 102.2 °F / 39 °C and above) in an infant (under 12
///   months, or described as "baby", "infant" or "newborn" with no age given) is urgent; 104 °F
///   / 40 °C and above is urgent at any age; a fever lasting 3 days or more is urgent; any other
///   fever is monitor. Temperatures are read from numbers in a sentence that mentions "fever",
///   "temp", "temperature" or "thermometer" and no weather, oven or room words: 95–110 is taken as
///   Fahrenheit and 34–44 as Celsius unless "F"/"C" says otherwise.
///   The age comes from `patientAgeInMonths` (the family data) or the message ("6 weeks old",
///   "3-month-old", "newborn").
/// - **Urgent signs**: allergic reaction or hives, fainting, collapse, shortness of breath,
///   wheezing, asthma attack, a broken bone, a deep cut or stitches, a head injury or
///   concussion, a fall, vomiting or coughing blood, blood in stool or urine, severe or worst pain,
///   stiff neck, dehydration, no wet diapers, unable to keep fluids down, sudden confusion or
///   disorientation, wandering off, animal or snake bites, serious burns, bleeding or pain in
///   pregnancy, a rash that looks purple, a limp or lethargic child.
/// - **Monitor signs**: common symptoms (cough, cold, sore throat, headache, rash, vomiting,
///   diarrhea, stomach ache, ear ache, sprain, bruise, dizziness, tiredness, "sick", flu…).
///
/// Negated ("no fever") and past ("had a fall last year") mentions do not count, as in
/// ``MedicalEmergencyNet``. Limits: the lists are English keywords, so unusual wording falls
/// through to ``TriageLevel/informational`` and the model's own triage.
public struct MedicalTriage: Sendable {
    /// Creates the floor with the built-in rules.
    public init() {}

    /// The floor for `message`.
    public func floor(for message: String, patientAgeInMonths: Int? = nil) -> TriageFloor {
        let text = ScannedText(message)
        var level = TriageLevel.informational
        var reasons: [String] = []
        func raise(_ candidate: TriageLevel, _ reason: String) {
            if candidate > level { level = candidate }
            if !reasons.contains(reason) { reasons.append(reason) }
        }

        let age = patientAgeInMonths ?? Self.ageInMonths(in: text)
        let describedAsInfant = !Self.infantWords.scan(text).active.isEmpty
        let isInfant = age.map { $0 < 12 } ?? describedAsInfant
        let fever = Self.fever.scan(text)
        let hasFever = !fever.active.isEmpty
        let highFever = !Self.highFever.scan(text).active.isEmpty
        let temperature = Self.temperatureFahrenheit(in: text)

        if let age, age < 3, hasFever || (temperature ?? 0) >= 100.4 {
            raise(.urgent, "Fever in a baby under 3 months needs a doctor right away.")
        }
        if isInfant, highFever || (temperature ?? 0) >= 102.2 {
            raise(.urgent, "High fever in an infant.")
        }
        if let temperature, temperature >= 104 {
            raise(.urgent, "Temperature of 104 °F (40 °C) or higher.")
        }
        if hasFever, let days = Self.feverDays(in: text), days >= 3 {
            raise(.urgent, "Fever lasting 3 days or more.")
        }
        if hasFever || (temperature ?? 0) >= 100.4 || highFever {
            raise(.monitor, "Fever.")
        }
        for (rule, reason) in Self.urgentRules where !rule.scan(text).active.isEmpty {
            raise(.urgent, reason)
        }
        if level < .monitor, !Self.monitorSigns.scan(text).active.isEmpty {
            raise(.monitor, "Common symptoms that can usually be watched at home.")
        }
        return TriageFloor(level: level, reasons: level == .informational ? [] : reasons)
    }

    // MARK: - Age and temperature

    static let infantWords = SignalRule(["baby", "babies", "infant", "infants", "newborn", "newborns", "neonate"], lookAlikes: [
        "baby ~ carrots|spinach|shower|monitor|bok|back|boomer|boomers|steps|wipes|food|sitter|gate|proof|proofing|tooth|teeth",
    ], negatable: false, historyDiscounts: false)

    static let numberWords: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "a": 1, "an": 1, "couple": 2, "few": 3, "several": 3,
    ]

    static func number(_ word: String) -> Double? {
        Double(word) ?? numberWords[word]
    }

    /// The age stated in the message, in whole months ("newborn" → 0, "6 weeks old" → 1,
    /// "3-month-old" → 3, "2 years old" → 24). A number and unit count only when followed by
    /// "old", so "fever for 2 weeks" is not an age.
    static func ageInMonths(in text: ScannedText) -> Int? {
        let words = text.tokens.map(\.word)
        if words.contains("newborn") || words.contains("neonate") { return 0 }
        for (index, word) in words.enumerated() where index + 2 < words.count && words[index + 2] == "old" {
            guard let value = number(word) else { continue }
            switch words[index + 1] {
            case "day", "days": return 0
            case "week", "weeks", "wk", "wks": return Int(value / 4.345)
            case "month", "months", "mo", "mos": return Int(value)
            case "year", "years", "yr", "yrs": return Int(value * 12)
            default: continue
            }
        }
        return nil
    }

    /// The highest temperature stated near a fever word, converted to Fahrenheit.
    static func temperatureFahrenheit(in text: ScannedText) -> Double? {
        let contextWords: Set<String> = ["fever", "temp", "temperature", "febrile", "feverish", "thermometer"]
        let weatherWords: Set<String> = ["outside", "outdoors", "weather", "forecast", "oven", "fridge", "freezer", "pool", "water",
                                         "room", "house", "thermostat", "heat", "degrees outside", "grill", "sunny", "today's"]
        var best: Double?
        for (index, token) in text.tokens.enumerated() {
            var word = token.word
            var unit: Character?
            if let last = word.last, last == "f" || last == "c", word.dropLast().allSatisfy({ $0.isNumber || $0 == "." }), word.count > 1 {
                unit = last
                word.removeLast()
            }
            guard let value = Double(word) else { continue }
            let sentence = text.sentenceRange(of: index)
            let words = text.tokens[sentence].map(\.word)
            let nearby = words.contains { contextWords.contains($0) || $0.hasPrefix("fever") } && !words.contains { weatherWords.contains($0) }
            if index + 1 < text.tokens.count, unit == nil {
                switch text.tokens[index + 1].word {
                case "f", "fahrenheit": unit = "f"
                case "c", "celsius", "centigrade": unit = "c"
                default: break
                }
                if index + 2 < text.tokens.count, text.tokens[index + 1].word == "degrees" || text.tokens[index + 1].word == "degree" {
                    switch text.tokens[index + 2].word {
                    case "f", "fahrenheit": unit = "f"
                    case "c", "celsius", "centigrade": unit = "c"
                    default: break
                    }
                }
            }
            guard nearby else { continue }
            let fahrenheit: Double?
            switch unit {
            case "f": fahrenheit = (90...115).contains(value) ? value : nil
            case "c": fahrenheit = (30...45).contains(value) ? value * 9 / 5 + 32 : nil
            default:
                if (95...110).contains(value) { fahrenheit = value } else if (34...44).contains(value) { fahrenheit = value * 9 / 5 + 32 } else { fahrenheit = nil }
            }
            if let fahrenheit { best = max(best ?? fahrenheit, fahrenheit) }
        }
        return best
    }

    /// How many days a fever has lasted, from a number of days or weeks in a sentence that
    /// mentions the fever ("fever for 4 days", "3 days of fever", "fever for two weeks").
    static func feverDays(in text: ScannedText) -> Double? {
        var best: Double?
        for (index, token) in text.tokens.enumerated() where token.word.hasPrefix("fever") || token.word == "temperature" {
            for position in text.sentenceRange(of: index) where position + 1 < text.tokens.count {
                let unit = text.tokens[position + 1].word
                guard let value = number(text.tokens[position].word) else { continue }
                let days: Double
                switch unit {
                case "day", "days": days = value
                case "week", "weeks": days = value * 7
                default: continue
                }
                best = max(best ?? days, days)
            }
        }
        return best
    }

    // MARK: - Keyword rules

    static let fever = SignalRule(["fever*", "febrile", "temperature ~ of|is|was|at|reading|reads|hit|hits|up", "running ~1 temp*", "burning up", "high temp*"],
                                  lookAlikes: ["fever ~ dream|pitch|tree", "cabin fever", "spring fever", "temperature ~ outside|today|tomorrow|weather|oven|fridge|freezer|water|room|house"])
    static let highFever = SignalRule(["high|very|really|spiking|raging ~ fever|temp*", "burning up", "fever ~3 spiking|spiked|high"])

    static let urgentRules: [(SignalRule, String)] = [
        (SignalRule(["allergic ~ reaction", "hives"], lookAlikes: ["bee ~ hives"]), "Allergic reaction."),
        (SignalRule(["faint|fainted|fainting|faints", "passed out", "blacked out", "collapsed|collapses|collapsing"],
                    lookAlikes: ["faint ~ smell|sound|line|lines|hope|idea|memory|light|odor|taste|noise|trace", "collapsed ~ tent|table|chair|box|stroller|umbrella"]),
         "Fainting or collapse."),
        (SignalRule(["short* ~ of ~ breath", "wheez*", "asthma ~ attack", "inhaler ~3 not ~ working|helping", "breathing ~ fast|hard|rapidly|rapid"]),
         "Breathing difficulty."),
        (SignalRule(["broke|broken|fracture*|fractured|break ~3 bone|arm|leg|wrist|ankle|hip|finger|toe|collarbone|nose|rib|ribs", "fractur*", "dislocat*"],
                    lookAlikes: ["broke|broken|break ~ heart|record|promise|phone|glass|window|news|up", "break ~ a leg"]),
         "Possible broken bone."),
        (SignalRule(["stitches", "deep ~ cut|gash|wound|laceration", "gash*", "wound ~3 open|gaping|deep"]), "Wound that may need stitches."),
        (SignalRule(["head ~ injury|injuries|trauma", "hit|bumped|banged|hurt|smacked ~2 head", "concussion*", "knocked ~ out"],
                    lookAlikes: ["hit ~ the ~ nail ~ on ~ the ~ head", "knocked ~ out ~ of"]),
         "Head injury."),
        (SignalRule(["had|took ~2 fall|tumble", "fell", "fallen", "falls ~3 down|over|off|out|and|stairs|floor|shower|bathroom|bed|ladder|chair|ground",
                     "slipped ~3 fell|fall|floor|stairs|ice|shower", "can not ~ get ~ up"],
                    lookAlikes: ["fell|fallen|falls ~ asleep|behind|apart|through|for|short|silent|flat|into|ill|sick",
                                 "fell|fallen ~ in ~ love", "fall ~ risk|prevention|season|semester|term|festival|colors|leaves",
                                 "fell ~ off ~ the ~ wagon|radar|map", "price|prices|stock|stocks|temperature|temperatures|leaves|rain|snow|night|sales|rates|market|tree|branch ~ fell|fallen",
                                 "get ~ up ~ early|at|in|before|for", "fallen ~ leaves|angel|angels|arches",
                                 "this|last|next|in+the|during+the|every fall", "fall ~ of|in ~ #year"]),
         "A fall."),
        (SignalRule(["vomit*|throwing|threw|spitting|coughing|coughed|coughs ~3 blood", "blood ~3 in ~3 vomit|stool|urine|poop|pee|diaper|diapers",
                     "bloody ~ stool|stools|diarrhea|vomit|urine", "black|tarry ~ stool|stools"]),
         "Bleeding from inside the body."),
        (SignalRule(["severe|worst|excruciating|unbearable|terrible|intense|extreme ~ pain|headache|stomach|abdominal|cramps|cramping",
                     "pain ~3 severe|unbearable|excruciating", "stiff neck"],
                    lookAlikes: ["pain ~ in ~ the ~ neck"]),
         "Severe pain."),
        (SignalRule(["dehydrat*", "no ~ wet ~ diaper*", "not ~3 peeing|urinating", "can not ~ keep ~3 anything|fluids|water|food ~ down",
                     "not ~ eating ~ or ~ drinking", "not ~ drinking ~ anything"]),
         "Possible dehydration."),
        (SignalRule(["disorient*", "confused ~ and|suddenly", "suddenly ~ confused", "confusion", "wander* ~ off|away", "does not ~ recognize",
                     "hallucinat*", "lethargic", "listless", "limp", "floppy", "inconsolable", "hard ~ to ~ wake"],
                    lookAlikes: ["confusion ~ about|over|with ~ the", "limp ~ lettuce|noodles|handshake"]),
         "Sudden confusion or unusual drowsiness."),
        (SignalRule(["bitten|bit|bite ~2 by ~2 dog|snake|spider|bat|raccoon|animal|cat|stranger|tick", "snake|dog|spider|bat|animal ~ bite|bites", "dog|snake|spider|bat|cat|raccoon ~2 bit|bitten",
                     "bad|severe|serious|deep|chemical|electrical ~ burn|burns", "burn|burns|burned|burnt ~3 blister*|blistering"],
                    lookAlikes: ["bite ~ size|sized"]),
         "Bite or serious burn."),
        (SignalRule(["pregnan* ~4 bleeding|cramp*|pain|contraction*|spotting|fluid|leaking", "water ~ broke", "contractions",
                     "baby ~3 not ~ moving"]),
         "Pregnancy concern."),
        (SignalRule(["purple|dark|bruise+like ~ rash|spots", "rash ~3 not ~ fade", "rash ~3 fever", "fever ~3 rash"]), "Rash with warning signs."),
        (SignalRule(["chemical* ~3 in ~ eye|eyes", "eye ~ injury", "something ~3 in ~ eye ~ hurts"]), "Eye injury."),
    ]

    static let monitorSigns = SignalRule([
        "cough*", "a|has|have|got|head|chest ~ cold", "runny|stuffy|blocked ~ nose", "congest*", "sore ~ throat", "headache*", "migraine*",
        "rash", "rashes", "vomit*", "throw* ~ up", "threw ~ up", "diarrh*", "stomach* ~2 ache*|hurt*|pain*|bug|upset|flu|cramps",
        "stomachache*", "tummy ~ ache*|hurt*", "nause*", "earache*", "ear ~ infection|hurt*|pain|ache", "sprain*", "bruis*",
        "scrape*", "itch*", "fatigue*", "dizz*", "sick", "flu", "covid", "pink ~ eye", "toothache*", "insomnia", "sunburn*",
        "bug|mosquito|insect ~ bite*", "constipat*", "heartburn", "sneez*", "sore", "ache", "aches", "aching", "pain", "pains",
        "hurts", "swollen", "swelling", "infection", "allergies", "mild ~ fever",
    ], lookAlikes: ["sick ~ of|and tired", "pain ~ in ~ the ~ neck", "sore ~ loser", "cold ~ weather|outside|front|brew|drink|water|snap"])
}
