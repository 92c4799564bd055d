/// A kind of household emergency the deterministic net recognises.
public enum HomeEmergencyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Smell of gas (rotten eggs), a gas leak, a hissing gas line.
    case gasLeak
    /// A carbon monoxide alarm going off, or suspected carbon monoxide.
    case carbonMonoxide
    /// Fire, flames or smoke in the home; a smoke alarm going off.
    case fire
    /// Flooding, a burst pipe, water pouring in.
    case flooding
    /// A sparking, smoking, melting or burning-smelling outlet, plug, cord or panel; a downed power line.
    case electrical

    /// A short human-readable name.
    public var title: String {
        switch self {
        case .gasLeak: "Possible gas leak"
        case .carbonMonoxide: "Carbon monoxide alarm"
        case .fire: "Fire or smoke"
        case .flooding: "Flooding or burst pipe"
        case .electrical: "Electrical hazard"
        }
    }

    /// Whom to call, in one line.
    public var whomToCall: String {
        switch self {
        case .gasLeak: "From outside and away from the house, call 911 and your gas utility's emergency line."
        case .carbonMonoxide: "From outside, call 911."
        case .fire: "From outside, call 911."
        case .flooding: "Call 911 if anyone is in danger or water is near electricity; then a plumber, your water utility if the leak is on their side, and your insurer."
        case .electrical: "Call 911 if there is smoke, fire or a downed power line; otherwise call a licensed electrician, and the electric utility for a line down."
        }
    }
}

/// One phrase of a message that ``HomeEmergencyNet`` acted on.
public struct HomeEmergencyMatch: Sendable, Hashable, Codable {
    /// The emergency the phrase signals.
    public var kind: HomeEmergencyKind
    /// The matched words, lower-cased and normalised ("smell gas").
    public var phrase: String
    /// Whether it was discounted, and why (negated, or in the past); `nil` when it counts.
    public var discount: MedicalEmergencyMatch.Discount?

    /// Creates a match.
    public init(kind: HomeEmergencyKind, phrase: String, discount: MedicalEmergencyMatch.Discount? = nil) {
        self.kind = kind
        self.phrase = phrase
        self.discount = discount
    }
}

/// What ``HomeEmergencyNet`` concluded about a message.
public struct HomeEmergencyAssessment: Sendable, Hashable, Codable {
    /// The emergencies found, most dangerous first; empty when there is none.
    public var kinds: [HomeEmergencyKind]
    /// Every phrase that was considered, including discounted ones.
    public var matches: [HomeEmergencyMatch]
    /// Fixed, plain instructions for ``kinds``; empty when there is no emergency.
    public var instructions: [String]

    /// Whether any emergency was found.
    public var isEmergency: Bool { !kinds.isEmpty }
    /// The instructions as one message, one instruction a line.
    public var text: String { instructions.joined(separator: "\n") }
}

/// A deterministic, model-free detector of household emergencies: gas leaks, carbon monoxide,
/// fire or smoke, flooding or burst pipes, and electrical hazards.
///
/// The home-maintenance skill runs it before any model so that "I smell gas" is answered with
/// leave / don't touch switches / call 911 and the gas utility, whatever the model does. Matching
/// works like ``MedicalEmergencyNet``: phrases over normalised words, cheap look-alikes excluded
/// ("gas station", "out of gas", "fire pit", "fire drill", "flooded with emails", "the team is
/// on fire", "carbon monoxide detector battery"), negation in the clause ("no gas smell
/// anymore") and past or resolved mentions ("the basement flooded last spring") discounted.
///
/// Limits: a chirping carbon monoxide or smoke alarm is treated as a low battery, not an
/// emergency (a continuous alarm, "going off" or "beeping", is an emergency); a smoke alarm going
/// off counts as a fire even though it is often burnt toast — the instructions say to get out
/// if the smoke cannot be explained. Wording outside the phrase lists is missed.
public struct HomeEmergencyNet: Sendable {
    /// Creates a net.
    public init() {}

    /// Assesses `message`.
    public func assess(_ message: String) -> HomeEmergencyAssessment {
        let text = ScannedText(message)
        var matches: [HomeEmergencyMatch] = []
        var kinds: [HomeEmergencyKind] = []
        for kind in HomeEmergencyKind.allCases {
            guard let rule = Self.rules[kind] else { continue }
            let scan = rule.scan(text)
            matches += scan.active.map { HomeEmergencyMatch(kind: kind, phrase: text.phrase($0.range)) }
            matches += scan.negated.map { HomeEmergencyMatch(kind: kind, phrase: text.phrase($0.range), discount: .negated) }
            matches += scan.historical.map { HomeEmergencyMatch(kind: kind, phrase: text.phrase($0.range), discount: .historical) }
            if !scan.active.isEmpty { kinds.append(kind) }
        }
        return HomeEmergencyAssessment(kinds: kinds, matches: matches, instructions: Self.instructions(for: kinds))
    }

    /// Fixed, plain steps for one kind, ending with whom to call.
    public static func steps(for kind: HomeEmergencyKind) -> [String] {
        switch kind {
        case .gasLeak:
            return [
                "Leave the house now and get everyone, including pets, outside and well away from the building.",
                "Do not turn lights or appliances on or off, use a phone inside, light a flame, or start a car in an attached garage — a spark can ignite gas.",
                "Leave doors open behind you if it is on your way out; do not stop to look for the leak.",
                kind.whomToCall,
                "Do not go back inside until the gas utility or fire department says it is safe.",
            ]
        case .carbonMonoxide:
            return [
                "Get everyone, including pets, outside into fresh air now. Do not stop to look for the source.",
                kind.whomToCall,
                "If anyone has a headache, dizziness, nausea, sleepiness or confusion, tell the dispatcher — carbon monoxide poisoning needs medical care.",
                "Do not go back inside until responders say it is safe.",
            ]
        case .fire:
            return [
                "Get everyone out now and stay out; do not stop for belongings.",
                "If there is smoke, stay low. Feel doors with the back of your hand before opening them, and do not open a hot door.",
                kind.whomToCall,
                "Only fight a fire that is small and when you have a clear way out: for a pan on the stove, turn off the heat and cover it with a lid — never use water on a grease fire.",
                "If a smoke alarm is sounding and you cannot see or explain the smoke, treat it as a fire and get out.",
            ]
        case .flooding:
            return [
                "Shut off the main water valve (usually where the water line enters the house, near the water meter or water heater).",
                "Stay out of water that may touch outlets, appliances or the electrical panel. Turn off power at the breaker only if you can reach it from a dry place; otherwise leave and call the electric utility.",
                kind.whomToCall,
                "Move people, pets and valuables to higher ground, and take photos for insurance.",
            ]
        case .electrical:
            return [
                "Do not touch the outlet, plug, cord or anything in contact with it, and never use water on it.",
                "If it is safe to reach from a dry place, switch off that circuit (or the main breaker) at the breaker panel.",
                "If there is smoke, flames or a burning smell you cannot trace, get everyone out. Stay at least 35 feet away from a downed power line.",
                kind.whomToCall,
                "Do not use the outlet again until an electrician has checked it.",
            ]
        }
    }

    /// The fixed instructions for `kinds`, in order, duplicates dropped.
    public static func instructions(for kinds: [HomeEmergencyKind]) -> [String] {
        var seen: Set<String> = []
        return kinds.flatMap(steps(for:)).filter { seen.insert($0).inserted }
    }

    static let rules: [HomeEmergencyKind: SignalRule] = [
        .gasLeak: SignalRule([
            "smell|smells|smelling|smelled|smelt|odor|odour|whiff ~3 gas|propane|methane", "gas|propane ~3 smell|smells|odor|odour|leak|leaking|leaks",
            "leak* ~3 gas|propane", "rotten ~ egg|eggs", "hissing ~3 gas|stove|line|pipe|meter", "gas ~ line|pipe|meter ~3 hissing|broken|damaged|hit",
        ], lookAlikes: [
            "gas ~ station|stations|prices|price|bill|bills|mileage|money|tank|card|cap|pedal|grill|fireplace ~ smell*",
            "gas station|stations|prices|price|bill|bills|mileage|money|tank|card|cap|pedal", "out of gas",
            "prevent|preventing|prevention|avoid|avoiding|protect|protecting ~3 burst*|pipe|pipes|flood*|fire|fires|leak|leaks|gas|freez*|spark*",
            "smell* ~3 gasoline", "baby|dog ~ gas", "rotten ~ egg|eggs ~3 fridge|carton|trash|garbage|bin", "gas ~ pain*|bloat*|cramp*|pass*",
        ]),
        .carbonMonoxide: SignalRule([
            "carbon+monoxide|co ~3 alarm|alarms|detector|detectors|monitor ~3 going|goes|went|sounding|sounded|beeping|blaring|alarming|off|triggered",
            "carbon monoxide ~ leak|poisoning|in ~ the|our|my", "co ~ poisoning", "carbon monoxide", "co alarm|detector ~ is|keeps ~ going|beeping",
        ], lookAlikes: [
            "carbon+monoxide|co ~3 alarm|alarms|detector|detectors|monitor ~3 battery|batteries|install*|test|testing|buy|replace*|chirp*|expired|recommend*|need|which|best",
            "chirp* ~3 carbon+monoxide|co", "battery|batteries ~4 carbon+monoxide|co", "install*|buy|test|replace*|need|which|best|good|recommend* ~3 carbon ~ monoxide",
        ]),
        .fire: SignalRule([
            "house|home|kitchen|room|bedroom|garage|basement|attic|building|apartment|oven|stove|pan|microwave|dryer|toaster|curtains|couch|something|it|car ~3 on ~ fire",
            "is|are ~ on ~ fire", "caught|catching|catches ~1 fire", "fire ~3 in ~ the|my|our ~ kitchen|house|home|room|bedroom|garage|basement|attic|building|apartment|oven|microwave|dryer|wall",
            "kitchen|house|grease|electrical|oven|stove|microwave|dryer|chimney|garage|apartment|wildfire ~ fire", "flames", "smoke ~3 coming|pouring|filling|everywhere|billowing|from",
            "smell ~3 smoke", "smoke ~3 in ~ the|my|our ~ kitchen|house|home|room|bedroom|garage|basement|attic|hallway|hall|apartment|living|building",
            "filling|filled|full ~ with|of ~ smoke", "smoke|fire ~ alarm|alarms|detector|detectors ~3 going|goes|went|sounding|sounded|beeping|blaring|off", "burning ~ house|building",
            "wildfire ~3 near|close|coming|approaching", "evacuat*",
        ], lookAlikes: [
            "fire ~ pit|drill|drills|place|works|fighter|fighters|truck|station|extinguisher|wood|starter|ant|ants|sale|tv|stick|safety|escape",
            "prevent|preventing|prevention|avoid|avoiding|protect|protecting ~3 burst*|pipe|pipes|flood*|fire|fires|leak|leaks|gas|freez*|spark*",
            "smoke|fire ~ alarm|alarms|detector|detectors ~3 test|testing|battery|batteries|chirp*|install*|replace*|check*",
            "chirp* ~3 smoke|fire", "battery|batteries ~4 smoke|fire ~ alarm|alarms|detector|detectors", "team|teams|kids|players|students|band|market|stock|stocks ~ is|are|was|were ~ on fire",
            "on fire ~ lately|this+season|this+year|this+week|this+game|these+days", "on fire with ~ their|his|her|the|my|our ~ homework|work|game|shots|sales",
            "ceasefire", "smoke ~ meat|brisket|ribs|salmon|cheese|signal|signals|show|free", "smoke ~ point", "smoked", "evacuat* ~ plan|plans|drill|route|routes",
            "campfire", "bonfire", "fired", "flames ~ team|game|jersey",
        ]),
        .flooding: SignalRule([
            "burst|broken|busted|ruptured|cracked|leaking ~ pipe|pipes|main|water+line|water+heater", "pipe|pipes ~3 burst|broke|broken|exploded|bursting|gushing|split|cracked",
            "water ~3 pouring|gushing|spraying|flooding|everywhere|rising|coming+in|coming+through|through+the+ceiling",
            "flood|flooded|flooding|floods", "water heater ~3 burst|leaking|leaks|flooding|broke", "sewage ~3 back*|coming|overflow*|everywhere",
            "toilet ~3 overflow*|flooding", "foot|feet|inch|inches ~ of ~ water", "water ~3 in ~ the|my|our ~ basement|kitchen|garage|crawlspace|crawl+space",
            "hose|hoses|line|valve|tank|faucet|toilet|washer ~3 burst|broke|split|exploded", "overflow* ~3 toilet|tub|sink|bathtub|washer", "standing water ~3 basement|floor", "ceiling ~3 leaking|dripping|collaps*|caving",
        ], lookAlikes: [
            "flood|flooded|flooding ~ with|of ~ messages|emails|calls|texts|requests|memories|tears|light|orders|applications",
            "prevent|preventing|prevention|avoid|avoiding|protect|protecting ~3 burst*|pipe|pipes|flood*|fire|fires|leak|leaks|gas|freez*|spark*",
            "flood ~ insurance|zone|map|plain|plains|light|lights|lamp|watch|warning|warnings|gate|gates", "flood|floods of",
            "water ~ the|my|our ~ plants|garden|lawn|flowers|grass|tomatoes|seedlings", "flood ~ the ~ market|zone", "flooded ~ market",
        ]),
        .electrical: SignalRule([
            "spark|sparks|sparking|sparked|arcing|arced ~5 outlet|outlets|socket|sockets|plug|plugs|wire|wires|wiring|panel|switch|breaker|cord|cords|box|appliance|charger",
            "outlet|outlets|socket|sockets|plug|plugs|wire|wires|wiring|panel|switch|breaker|cord|cords|charger|power+strip ~4 spark*|smok*|burning|burnt|melt*|melted|scorch*|hot|sizzl*|buzz*|crackl*|arcing|black",
            "burning ~ smell|plastic", "smell ~3 burning|burnt|electrical", "power ~ line|lines ~3 down|fallen|sparking|on|snapped", "downed ~ power+line|power+lines|line|lines",
            "electrical ~ smell|fire|burning", "got ~ shocked|electrocuted", "electrocut*",
        ], lookAlikes: [
            "spark* ~3 joy|conversation|interest|idea|ideas", "spark plug|plugs",
            "prevent|preventing|prevention|avoid|avoiding|protect|protecting ~3 burst*|pipe|pipes|flood*|fire|fires|leak|leaks|gas|freez*|spark*", "hot ~ topic|take|dog|sauce",
            "burning ~ smell ~3 toast|food|dinner|popcorn|rice|cookies|pizza", "smell ~3 burning|burnt ~3 toast|food|dinner|popcorn|rice|cookies|pizza|candle|candles|sage|incense",
            "switch ~ to|on|off|over|between", "wire ~ transfer|money|funds", "outlet ~ mall|store|stores|shopping",
            "power ~ line ~ up",
        ]),
    ]
}
