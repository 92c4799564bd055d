import Skills

extension HomeOSSkillSet {
    /// meal-planning, restaurant-reservation, healthcare, home-maintenance, transportation,
    /// telephony, elder-care, tools, family-comms.
    static func coreSkills(services: HomeOSServices) throws -> [AnySkill] {
        []
    }
}
