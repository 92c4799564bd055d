import Foundation
import Testing
@testable import HomeOS

/// Rules of the HomeOS specification the product followed differently before issue 26.
@Suite struct SpecificationGapTests {
    @Test func theSchoolCheckSaysWhereTheChildGoes() throws {
        let job = try #require(ScheduleBuilder().jobs(for: SchedulerFixture.data()).first { $0.kind == .schoolCheck })
        #expect(!job.body.isEmpty)
        #expect(job.body.contains("has school at"), "\(job.body)")
    }

    @Test func theElderCareCheckInTimeComesFromTheFamilysData() throws {
        let defaultJob = try #require(ScheduleBuilder().jobs(for: SchedulerFixture.data()).first { $0.kind == .elderCareCheckIn })
        #expect(defaultJob.rule == .daily(LocalTime(hour: 10)!))
        var family = SchedulerFixture.family()
        let rosa = try #require(family.members.firstIndex { $0.role == .grandparent })
        family.members[rosa].checkInTime = "16:45"
        let configured = try #require(ScheduleBuilder().jobs(for: SchedulerFixture.data(family: family)).first { $0.kind == .elderCareCheckIn })
        #expect(configured.rule == .daily(LocalTime(hour: 16, minute: 45)!))
        family.members[rosa].checkInTime = "quarter to five"
        #expect(family.problems.contains { $0.contains("check-in time \"quarter to five\"") })
    }

    @Test func aCheckInTimeRoundTripsThroughTheFamilyFile() throws {
        let member = FamilyMember(name: "Grandma Rosa", role: .grandparent, checkInTime: "09:15")
        let data = try JSONEncoder().encode(member)
        #expect(try JSONDecoder().decode(FamilyMember.self, from: data).checkInTime == "09:15")
        let legacy = try JSONDecoder().decode(FamilyMember.self, from: Data(#"{"name": "Rosa", "role": "grandparent"}"#.utf8))
        #expect(legacy.checkInTime == nil)
    }

    @Test func aRefillWarningComesSevenDaysAheadByDefault() throws {
        #expect(NotificationPreferences.defaultRefillReminderDaysAhead == 7)
        #expect(NotificationPreferences().refillReminderDaysAhead == 7)
        let decoded = try JSONDecoder().decode(NotificationPreferences.self, from: Data("{}".utf8))
        #expect(decoded.refillReminderDaysAhead == 7)
        let refill = try #require(ScheduleBuilder().jobs(for: SchedulerFixture.data()).first { $0.kind == .refill })
        #expect(refill.body.contains("in 7 days"), "\(refill.body)")
    }

    @Test func weeknightsAreMondayToThursdayInTheFamilysTimeZone() throws {
        let chicago = try #require(TimeZone(identifier: "America/Chicago"))
        // Wednesday 18 November 2026, 12:00 in Chicago; Saturday 21 November.
        let wednesday = Date(timeIntervalSince1970: 1_795_024_800)
        #expect(MealPlanningSkill.isWeeknight(wednesday, in: chicago))
        #expect(!MealPlanningSkill.isWeeknight(wednesday.addingTimeInterval(3 * 86_400), in: chicago))
        #expect(MealPlanningSkill.weeknightPrepMinutes == 30)
    }
}
