import Skills

extension HomeOSSkillSet {
    /// meal-planning, restaurant-reservation, healthcare, home-maintenance, transportation,
    /// telephony, elder-care, tools, family-comms.
    static func coreSkills(services: HomeOSServices) throws -> [AnySkill] {
        [
            try AnySkill(MealPlanningSkill(services: services)),
            try AnySkill(RestaurantReservationSkill(services: services)),
            try AnySkill(HealthcareSkill(services: services)),
            try AnySkill(HomeMaintenanceSkill(services: services)),
            try AnySkill(TransportationSkill(services: services)),
            try AnySkill(FamilyCommsSkill(services: services)),
            try AnySkill(TelephonySkill(services: services)),
            try AnySkill(ElderCareSkill(services: services)),
            try AnySkill(ToolsSkill(services: services)),
        ]
    }
}
