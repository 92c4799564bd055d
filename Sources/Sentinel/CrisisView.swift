import Foundation

/// The person's own crisis material, set up in advance: a message to themselves, hope items,
/// a safety plan and a battle buddy. Everything is optional; defaults fill the gaps.
public struct CrisisProfile: Sendable, Hashable, Codable {
    /// A contact the person trusts to call in a crisis.
    public struct Contact: Sendable, Hashable, Codable {
        /// Their name.
        public var name: String
        /// Their phone number.
        public var phone: String

        /// Creates a contact.
        public init(name: String, phone: String) {
            self.name = name
            self.phone = phone
        }
    }

    /// The person's message to themselves ("self-command"), read first in a crisis.
    public var selfCommand: String?
    /// References to what gives them hope (photos, letters, reasons to live), by name.
    public var hopeItems: [String]
    /// Safety-plan steps in the person's own words; empty uses ``CrisisProfile/defaultSafetyPlan``.
    public var safetyPlan: [String]
    /// The battle-buddy contact.
    public var battleBuddy: Contact?

    /// Creates a profile.
    public init(selfCommand: String? = nil, hopeItems: [String] = [], safetyPlan: [String] = [], battleBuddy: Contact? = nil) {
        self.selfCommand = selfCommand
        self.hopeItems = hopeItems
        self.safetyPlan = safetyPlan
        self.battleBuddy = battleBuddy
    }

    /// The safety plan in its default order (Stanley–Brown), used until the reranked plan exists.
    public static let defaultSafetyPlan = [
        "Recognise your warning signs.",
        "Use your own coping strategies: something that calms or distracts you.",
        "Go to people and places that take your mind off things.",
        "Reach out to someone you trust: your battle buddy, family or a friend.",
        "Contact a professional: your care team or the Veterans Crisis Line.",
        "Make your environment safe: put distance between yourself and anything you could use to hurt yourself.",
    ]

    /// Reads a profile from JSON (keys `selfCommand`, `hopeItems`, `safetyPlan`, `battleBuddy`).
    public static func load(path: String) throws(CrisisProfileError) -> CrisisProfile {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try JSONDecoder().decode(CrisisProfile.self, from: data)
        } catch {
            throw CrisisProfileError(path: path, reason: (error as NSError).localizedDescription)
        }
    }

    enum CodingKeys: String, CodingKey { case selfCommand, hopeItems, safetyPlan, battleBuddy }

    /// Decodes a profile; missing lists are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selfCommand = try container.decodeIfPresent(String.self, forKey: .selfCommand)
        hopeItems = try container.decodeIfPresent([String].self, forKey: .hopeItems) ?? []
        safetyPlan = try container.decodeIfPresent([String].self, forKey: .safetyPlan) ?? []
        battleBuddy = try container.decodeIfPresent(Contact.self, forKey: .battleBuddy)
    }
}

/// A crisis profile file that cannot be read.
public struct CrisisProfileError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What went wrong.
    public var reason: String

    public var description: String {
        "Cannot read the crisis profile \(path): \(reason). Expected JSON such as "
            + "{\"selfCommand\": \"…\", \"hopeItems\": [\"…\"], \"battleBuddy\": {\"name\": \"…\", \"phone\": \"…\"}}."
    }

    public var errorDescription: String? { description }
}

/// What an orange or red check-in shows: the person's own words first, then the plan, the
/// battle buddy and the crisis lines.
public struct CrisisView: Sendable, Hashable, Codable {
    /// The tier that opened the view.
    public var tier: RiskTier
    /// The person's message to themselves.
    public var selfCommand: String?
    /// Hope items (references only).
    public var hopeItems: [String]
    /// The safety plan, in order.
    public var safetyPlan: [String]
    /// The battle buddy.
    public var battleBuddy: CrisisProfile.Contact?
    /// Crisis resources.
    public var resources: [CrisisResource]
    /// The person's Stanley–Brown plan in its ranked order, when one is set up: the top three
    /// sections are expanded (shown instead of ``safetyPlan``).
    public var rankedPlan: [CrisisPlanSection]?

    /// The view for `tier`, or nil below orange. With a `plan`, its sections are shown in
    /// `order` (the top three expanded) instead of the profile's plain steps.
    public init?(tier: RiskTier, profile: CrisisProfile = CrisisProfile(), resources: [CrisisResource] = CrisisResource.unitedStates,
                 plan: SafetyPlan? = nil, order: SafetyPlanOrder = .worksheet) {
        guard tier.showsCrisisResources else { return nil }
        self.tier = tier
        selfCommand = profile.selfCommand
        hopeItems = profile.hopeItems
        safetyPlan = profile.safetyPlan.isEmpty ? CrisisProfile.defaultSafetyPlan : profile.safetyPlan
        battleBuddy = profile.battleBuddy
        self.resources = resources
        rankedPlan = plan.map { CrisisPlanSection.sections(of: $0, order: order) }
    }

    /// The view as terminal text.
    public var text: String {
        var lines = ["=== CRISIS SUPPORT (\(tier.label)) ==="]
        if let selfCommand { lines.append("Your message to yourself: \(selfCommand)") }
        if !hopeItems.isEmpty { lines.append("What gives you hope: " + hopeItems.joined(separator: "; ")) }
        if let rankedPlan {
            lines += CrisisPlanSection.lines(for: rankedPlan)
        } else {
            lines.append("Your safety plan:")
            lines += safetyPlan.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        }
        if let battleBuddy { lines.append("Battle buddy: \(battleBuddy.name), \(battleBuddy.phone)") }
        lines.append("Crisis lines:")
        lines += resources.map { "  \($0.name): \($0.instructions)" }
        return lines.joined(separator: "\n")
    }
}
