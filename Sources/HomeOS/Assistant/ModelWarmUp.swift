import LLM

/// The classification prompts the skills ask the model on their way to an answer, whose fixed
/// part a warm server has the engine evaluate before anyone asks (``HomeOSAssistant/warmUp()``).
///
/// Each prompt's categories, descriptions and examples are fixed; only the message at its end
/// changes. Prefilled once, the engine keeps their state (parked prefixes), and the first health
/// or home-repair question after a start waits for its message's tokens instead of the whole
/// 150–190-token prompt (250–300 ms on two cores).
enum ModelWarmUp {
    /// The fixed category sets the skills classify with, and the skills that use each.
    static let classificationSets: [(skillIDs: [String], categories: [ClassificationCategory])] = [
        ([HomeOSSkillCatalog.healthcare.id, HomeOSSkillCatalog.elderCare.id], HealthcareSkill.triageCategories),
        ([HomeOSSkillCatalog.homeMaintenance.id], HomeMaintenanceSkill.urgencyCategories),
        ([HomeOSSkillCatalog.education.id], EducationSkill.requestCategories),
        ([HomeOSSkillCatalog.transportation.id], TransportationSkill.categories),
        ([HomeOSSkillCatalog.wellness.id], WellnessSkill.kindCategories),
    ]

    /// The category sets that an enabled skill uses.
    static func sets(enabled isEnabled: (String) -> Bool) -> [[ClassificationCategory]] {
        classificationSets.filter { $0.skillIDs.contains(where: isEnabled) }.map(\.categories)
    }
}
