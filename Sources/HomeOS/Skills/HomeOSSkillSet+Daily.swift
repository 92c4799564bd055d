import Skills

extension HomeOSSkillSet {
    /// education, school, family-bonding, mental-load, habits, wellness, hire-helper,
    /// marketplace-sell, note-to-actions, psy-rich.
    static func dailySkills(services: HomeOSServices) throws -> [AnySkill] {
        []
    }
}
