import Foundation
import HomeOS
import Testing

@Suite struct DomainModelTests {
    @Test func sampleFamilyDecodesAndIsValid() throws {
        let data = try Data(contentsOf: RepositoryFiles.sampleFamily)
        let seed = try StorageCoding.decoder().decode(FamilySeed.self, from: data)
        #expect(seed.problems.isEmpty)
        let family = seed.family
        #expect(family.members.count == 4)
        #expect(family.timeZoneIdentifier == "America/Chicago")
        #expect(family.timeZone != nil)
        let child = try #require(family.members(withRole: .child).first)
        #expect(child.allergies.contains("peanuts"))
        let grandparent = try #require(family.members(withRole: .grandparent).first)
        #expect(seed.medications.contains { $0.memberID == grandparent.id && $0.name == "atorvastatin" })
        #expect(family.members(withRole: .parent).count == 2)
    }

    @Test func validationListsEveryProblem() {
        let family = Family(name: " ", timeZoneIdentifier: "Mars/Olympus",
                            members: [FamilyMember(name: "Ann", role: .parent, age: 200), FamilyMember(name: "Ann", role: .child)],
                            quietHours: QuietHours(start: "25:00", end: "07:00"),
                            notificationPreferences: NotificationPreferences(morningBriefing: "7am"))
        let problems = family.problems
        #expect(problems.count == 6, "\(problems)")
        #expect(problems.contains { $0.contains("Mars/Olympus") })
        #expect(problems.contains { $0.contains("used twice") })
        #expect(throws: FamilyValidationError.self) { try family.validate() }
    }

    @Test func seedRecordsMustNameMembers() {
        let seed = FamilySeed(family: Family(name: "F", timeZoneIdentifier: "UTC", members: [FamilyMember(name: "Ann", role: .parent)]),
                              medications: [Medication(memberID: "bob", name: "x", dosage: "1", times: ["8am"], refillDate: "2025-02-30")])
        #expect(seed.problems.count == 3, "\(seed.problems)")
    }

    @Test func memberLookupIdsAndAllergies() {
        let family = Family(name: "F", timeZoneIdentifier: "UTC", members: [
            FamilyMember(name: "Grandma Rosa", role: .grandparent, allergies: ["Shellfish"]),
            FamilyMember(name: "Leo", role: .child, allergies: ["peanuts", "shellfish "]),
        ])
        #expect(family.member(named: "grandma rosa")?.id == "grandma-rosa")
        #expect(family.member(named: "Grandma")?.role == .grandparent)
        #expect(family.member(named: "LEO")?.id == "leo")
        #expect(family.member(id: "leo")?.name == "Leo")
        #expect(family.allAllergies == ["shellfish", "peanuts"])
        #expect(FamilyMember.makeID(from: "Mary-Ann O'Neil ") == "mary-ann-o-neil")
        #expect(FamilyMember.makeID(from: "李") == "member")
    }

    @Test func shortHandWrittenJSONTakesDefaults() throws {
        let json = #"{"name": "F", "timeZone": "UTC", "members": [{"name": "Ann"}], "notificationPreferences": {"morningBriefing": null}}"#
        let family = try StorageCoding.decoder().decode(Family.self, from: Data(json.utf8))
        #expect(family.members[0] == FamilyMember(id: "ann", name: "Ann", role: .other))
        #expect(family.notificationPreferences.morningBriefing == nil)
        #expect(family.notificationPreferences.eveningWindDown == "20:00")
        #expect(family.notificationPreferences.refillReminderDaysAhead == 7)
    }

    @Test func badRoleNamesTheField() {
        let json = #"{"name": "F", "timeZone": "UTC", "members": [{"name": "Ann"}, {"name": "Bo", "role": "dad"}]}"#
        do {
            _ = try StorageCoding.decoder().decode(Family.self, from: Data(json.utf8))
            Issue.record("decoded an unknown role")
        } catch {
            #expect(StorageCoding.describe(error).hasPrefix("members[1].role"), "\(StorageCoding.describe(error))")
        }
    }

    @Test func quietHoursAcrossMidnight() throws {
        let night = QuietHours(start: "21:30", end: "07:00")
        #expect(night.contains(minuteOfDay: 23 * 60))
        #expect(night.contains(minuteOfDay: 21 * 60 + 30))
        #expect(night.contains(minuteOfDay: 6 * 60 + 59))
        #expect(!night.contains(minuteOfDay: 7 * 60))
        #expect(!night.contains(minuteOfDay: 12 * 60))
        let nap = QuietHours(start: "13:00", end: "15:00")
        #expect(nap.contains(minuteOfDay: 14 * 60))
        #expect(!nap.contains(minuteOfDay: 20 * 60))
        #expect(QuietHours.minuteOfDay("7:00") == nil)
        #expect(QuietHours.minuteOfDay("24:00") == nil)
        // 2025-01-15 04:30 UTC is 22:30 the evening before in Chicago.
        let date = Date(timeIntervalSince1970: 1_736_915_400)
        #expect(night.contains(date, in: try #require(TimeZone(identifier: "America/Chicago"))))
        #expect(!night.contains(date, in: try #require(TimeZone(identifier: "Asia/Tokyo"))))
    }

    @Test func habitStreaksAcrossALeapDay() {
        var habit = Habit(name: "Read", completedDays: ["2024-03-01", "2024-02-27", "2024-02-28", "2024-02-29", "2024-02-20"])
        #expect(habit.completedDays.first == "2024-02-20")
        #expect(habit.currentStreak(asOf: "2024-03-01") == 4)
        #expect(habit.currentStreak(asOf: "2024-03-02") == 4, "still alive until the day is over")
        #expect(habit.currentStreak(asOf: "2024-03-03") == 0)
        #expect(habit.longestStreak == 4)
        let added = habit.markDone(on: "2024-03-02"), addedAgain = habit.markDone(on: "2024-03-02")
        #expect(added)
        #expect(!addedAgain)
        #expect(habit.currentStreak(asOf: "2024-03-02") == 5)
        #expect(habit.currentStreak(asOf: "not a day") == 0)
    }

    @Test func maintenanceAndRefillDates() {
        let furnace = Appliance(id: "furnace", name: "Furnace", tasks: [
            .init(name: "Filter", intervalDays: 30, lastDone: "2024-12-15"),
            .init(name: "Inspection", intervalDays: 365),
            .init(name: "Vent", intervalDays: 90, lastDone: "2024-12-01"),
        ])
        #expect(furnace.tasks[0].nextDue == "2025-01-14")
        #expect(furnace.tasks[1].nextDue == nil)
        #expect(furnace.tasksDue(onOrBefore: "2025-01-14").map(\.name) == ["Filter", "Inspection"])
        let statin = Medication(memberID: "rosa", name: "atorvastatin", dosage: "20 mg", times: ["21:00"], refillDate: "2025-03-02")
        #expect(statin.daysUntilRefill(from: "2025-02-26") == 4)
        #expect(statin.daysUntilRefill(from: "2025-03-05") == -3)
    }

    @Test func mealPlanIngredientsOnce() {
        let plan = MealPlan(weekStart: "2025-01-13", dinners: [
            .init(date: "2025-01-13", name: "Tacos", keyIngredients: ["Tortillas", "beans"]),
            .init(date: "2025-01-14", name: "Chili", keyIngredients: ["beans ", "tomatoes"]),
        ], createdAt: Date(timeIntervalSince1970: 0))
        #expect(plan.ingredients == ["tortillas", "beans", "tomatoes"])
        #expect(plan.dinner(on: "2025-01-14")?.name == "Chili")
    }

    @Test func everyRecordRoundTripsThroughStorageCoding() throws {
        let instant = Date(timeIntervalSince1970: 1_736_915_400), fractional = Date(timeIntervalSince1970: 1_736_915_400.25)
        try roundTrip(CalendarEvent(title: "Dentist", kind: .appointment, start: instant, end: fractional, memberIDs: ["leo"]))
        try roundTrip(Reminder(title: "Call plumber", due: fractional, recurrence: .weekly, createdAt: instant))
        try roundTrip(Medication(memberID: "rosa", name: "atorvastatin", dosage: "20 mg", times: ["21:00"], refillDate: "2025-03-02"))
        try roundTrip(MealRecord(name: "Tacos", cuisine: "Mexican", date: "2025-01-13", keyIngredients: ["beans"], rating: 5))
        try roundTrip(MealPlan(weekStart: "2025-01-13", dinners: [.init(date: "2025-01-13", name: "Tacos")], createdAt: instant))
        try roundTrip(Habit(memberID: "leo", name: "Read", goal: "20 minutes", completedDays: ["2025-01-13"]))
        try roundTrip(SchoolSchedule(memberID: "leo", school: "Lincoln", periods: [.init(day: .monday, start: "08:15", end: "09:00", subject: "Math")]))
        try roundTrip(Grade(memberID: "leo", subject: "Math", grade: "A-", term: "Fall"))
        try roundTrip(Appliance(id: "dishwasher", name: "Dishwasher", tasks: [.init(name: "Filter", intervalDays: 30)]))
        try roundTrip(MaintenanceLogEntry(applianceID: "dishwasher", date: "2025-01-13", task: "Filter", cost: 12.5))
        try roundTrip(Note(text: "Wifi password is on the fridge", createdAt: instant, tags: ["home"]))
        try roundTrip(SkillSettings(disabledSkillIDs: ["tools", "psy-rich", "tools"]))
        try roundTrip(FamilySeed(family: Family(name: "F", timeZoneIdentifier: "UTC", members: [FamilyMember(name: "Ann", role: .parent)]),
                                 medications: [Medication(memberID: "ann", name: "x", dosage: "1")]))
    }

    private func roundTrip<Value: Codable & Hashable>(_ value: Value) throws {
        let data = try StorageCoding.encoder().encode(value)
        #expect(try StorageCoding.decoder().decode(Value.self, from: data) == value, "\(Value.self)")
    }
}
