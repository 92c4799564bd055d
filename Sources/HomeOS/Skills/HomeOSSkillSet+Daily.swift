import Skills

extension HomeOSSkillSet {
    /// education, school, family-bonding, mental-load, habits, wellness, hire-helper,
    /// marketplace-sell, note-to-actions, psy-rich.
    static func dailySkills(services: HomeOSServices) throws -> [AnySkill] {
        [
            try AnySkill(EducationSkill(services: services)),
            try AnySkill(SchoolSkill(services: services)),
            try AnySkill(FamilyBondingSkill(services: services)),
            try AnySkill(MentalLoadSkill(services: services)),
            try AnySkill(HabitsSkill(services: services)),
            try AnySkill(WellnessSkill(services: services)),
            try AnySkill(HireHelperSkill(services: services)),
            try AnySkill(MarketplaceSellSkill(services: services)),
            try AnySkill(NoteToActionsSkill(services: services)),
            try AnySkill(PsyRichSkill(services: services)),
        ]
    }
}
