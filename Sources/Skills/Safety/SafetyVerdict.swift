/// What kind of harm a request asks for.
public enum HarmCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// Weapons or explosives.
    case weapons
    /// Hurting or killing another person.
    case violence
    /// Making illegal drugs.
    case drugs
    /// Covertly tracking or spying on someone.
    case surveillance
    /// Harmful in a way only the model classifier named.
    case other
}

/// What kind of emergency a message reports.
public enum EmergencyCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// Suicidal thoughts or self-harm (the person writing or someone they mention).
    case selfHarm = "self-harm"
    /// A medical emergency.
    case medical
    /// Abuse or domestic violence being disclosed.
    case abuse
    /// An emergency only the model classifier named.
    case other
}

/// The safety screen's classification of a message.
public enum SafetyVerdict: Sendable, Hashable, Codable {
    /// Nothing of concern.
    case safe
    /// Outside what the assistant is for (only the model classifier says this).
    case offTopic
    /// A request for harm: refused.
    case harmful(HarmCategory)
    /// Someone may be in danger: crisis resources, no skill runs.
    case emergency(EmergencyCategory)
    /// An attempt to change or reveal the assistant's instructions: refused; approvals still apply.
    case promptInjection

    /// Whether generation may go ahead.
    public var allowsGeneration: Bool {
        switch self {
        case .safe, .offTopic: return true
        case .harmful, .emergency, .promptInjection: return false
        }
    }
}
