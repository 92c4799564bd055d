import HomeOS
import Skills
import Testing

@Suite struct HomeOSSkillCatalogTests {
    @Test func nineteenSkillsWithUniqueIdsKeywordsAndExamples() {
        let skills = HomeOSSkillCatalog.all
        #expect(skills.count == 19)
        #expect(Set(skills.map(\.id)).count == 19)
        for skill in skills {
            #expect(!skill.keywords.isEmpty, "\(skill.id) has no keywords")
            #expect(skill.examples.count >= 2, "\(skill.id) needs examples")
            #expect(!skill.summary.isEmpty)
        }
    }

    @Test func routingLabelMapSkillsAllExist() {
        let ids = Set(HomeOSSkillCatalog.all.map(\.id))
        for id in ["tools", "family-comms", "transportation", "meal-planning", "family-bonding", "telephony",
                   "restaurant-reservation", "home-maintenance"] {
            #expect(ids.contains(id))
        }
    }
}
