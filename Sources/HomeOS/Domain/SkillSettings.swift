import Skills

/// Which skills the family turned off; every other skill is enabled.
///
/// Stored at ``StoragePaths/skillSettings``. Unknown ids are kept (a skill may come back in a later version).
public struct SkillSettings: Codable, Sendable, Hashable {
    /// Ids of the disabled skills, sorted.
    public private(set) var disabledSkillIDs: [String]

    /// Creates settings.
    public init(disabledSkillIDs: [String] = []) {
        self.disabledSkillIDs = Array(Set(disabledSkillIDs)).sorted()
    }

    /// Whether the skill `id` is enabled.
    public func isEnabled(_ id: String) -> Bool { !disabledSkillIDs.contains(id) }

    /// Turns the skill `id` on or off.
    public mutating func setEnabled(_ enabled: Bool, skillID id: String) {
        var disabled = Set(disabledSkillIDs)
        if enabled { disabled.remove(id) } else { disabled.insert(id) }
        disabledSkillIDs = disabled.sorted()
    }

    /// Disables the registered skills these settings turn off (ids the registry does not know are skipped).
    public func apply(to registry: inout SkillRegistry) {
        for id in disabledSkillIDs where registry.order.contains(id) {
            try? registry.setEnabled(false, skillID: id)
        }
    }

    private enum CodingKeys: String, CodingKey { case disabledSkillIDs = "disabled" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(disabledSkillIDs: try container.decodeIfPresent([String].self, forKey: .disabledSkillIDs) ?? [])
    }
}
