import Skills

/// Which skills the family turned off; every other skill is enabled.
///
/// Stored at ``StoragePaths/skillSettings``. Unknown ids are kept (a skill may come back in a later version).
public struct SkillSettings: Codable, Sendable, Hashable {
    /// Ids of the disabled skills, sorted.
    public private(set) var disabledSkillIDs: [String]
    /// What the family has not allowed (calendar writes, contacting people, health data, …), sorted;
    /// a skill that needs one of them is refused with a message saying how to allow it.
    public private(set) var deniedPermissions: [SkillPermission]

    /// Creates settings.
    public init(disabledSkillIDs: [String] = [], deniedPermissions: [SkillPermission] = []) {
        self.disabledSkillIDs = Array(Set(disabledSkillIDs)).sorted()
        self.deniedPermissions = Array(Set(deniedPermissions)).sorted { $0.rawValue < $1.rawValue }
    }

    /// The permissions skills may use.
    public var grantedPermissions: Set<SkillPermission> { Set(SkillPermission.allCases).subtracting(deniedPermissions) }

    /// Allows or denies `permission`.
    public mutating func setAllowed(_ allowed: Bool, _ permission: SkillPermission) {
        var denied = Set(deniedPermissions)
        if allowed { denied.remove(permission) } else { denied.insert(permission) }
        deniedPermissions = denied.sorted { $0.rawValue < $1.rawValue }
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

    private enum CodingKeys: String, CodingKey { case disabledSkillIDs = "disabled", deniedPermissions = "denied_permissions" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(disabledSkillIDs: try container.decodeIfPresent([String].self, forKey: .disabledSkillIDs) ?? [],
                  deniedPermissions: try container.decodeIfPresent([SkillPermission].self, forKey: .deniedPermissions) ?? [])
    }
}
