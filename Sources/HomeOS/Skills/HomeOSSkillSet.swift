import Skills

/// The 19 HomeOS skills wired to their services.
public enum HomeOSSkillSet {
    /// Every implemented skill, in catalog order.
    public static func all(services: HomeOSServices) throws -> [AnySkill] {
        let skills = try coreSkills(services: services) + dailySkills(services: services)
        let order = HomeOSSkillCatalog.all.map(\.id)
        return skills.sorted { (order.firstIndex(of: $0.id) ?? .max) < (order.firstIndex(of: $1.id) ?? .max) }
    }

    /// A registry of every skill, with the family's enabled/disabled settings applied.
    public static func registry(services: HomeOSServices) throws -> SkillRegistry {
        var registry = SkillRegistry()
        for skill in try all(services: services) { try registry.register(skill) }
        return registry
    }
}
