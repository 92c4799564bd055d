import Foundation
@testable import HomeOS
import LLM
import Testing

/// Briefings for the daemon: one model call each, and the deterministic summary of the family's
/// data when the model fails, is missing or is slower than its budget.
@Suite struct SchedulerBriefingTests {
    let at = SchedulerFixture.local("2026-03-08", "07:00")

    func storage() throws -> InMemoryStorage {
        let storage = InMemoryStorage()
        try SchedulerFixture.seed(into: storage)
        try storage.save(MealPlan(weekStart: "2026-03-08", dinners: [.init(date: "2026-03-08", name: "Lentil soup")]), to: .mealPlan)
        return storage
    }

    @Test func theModelWritesTheBriefingInOneCall() async throws {
        let model = ScriptedModel(defaultReply: "Dentist for Leo at 10:00. Lentil soup tonight.")
        // The scripted answer is instant; a loaded machine can still starve the pool past the daemon's 30 s.
        let writer = BriefingWriter(storage: try storage(), bridge: LLMBridge(model: model), budget: .seconds(600))
        let briefing = await writer.write(evening: false, at: at, timeZone: SchedulerFixture.timeZone)
        #expect(briefing.usedModel)
        #expect(briefing.text == "Dentist for Leo at 10:00. Lentil soup tonight.")
        #expect(model.requests.count == 1)
        let prompt = try #require(model.requests.first).promptText
        #expect(prompt.contains("Dentist"))
    }

    @Test func aFailingModelGivesTheDeterministicSummary() async throws {
        let model = ScriptedModel()
        model.when(contains: "briefing", fail: LLMError.generationFailed("engine crashed"))
        let writer = BriefingWriter(storage: try storage(), bridge: LLMBridge(model: model))
        let briefing = await writer.write(evening: false, at: at, timeZone: SchedulerFixture.timeZone)
        #expect(!briefing.usedModel)
        #expect(model.requests.count == 1)
        #expect(briefing.text.hasPrefix("Good morning! Here's today:"))
        #expect(briefing.text.contains("10:00 Dentist (Leo)"))
        #expect(briefing.text.contains("Lentil soup"))
        #expect(briefing.text.contains("lisinopril"))
    }

    @Test func aModelSlowerThanItsBudgetGivesTheSummary() async throws {
        let model = ScriptedModel()
        model.add(ScriptedModel.Rule(matcher: .any, reply: .text("Too late."), delay: .seconds(60)))
        let writer = BriefingWriter(storage: try storage(), bridge: LLMBridge(model: model), budget: .milliseconds(300))
        let briefing = await writer.write(evening: true, at: SchedulerFixture.local("2026-03-07", "20:00"), timeZone: SchedulerFixture.timeZone)
        #expect(!briefing.usedModel)
        #expect(model.requests.count == 1)
        #expect(briefing.text.hasPrefix("Here's your evening wind-down:"))
        #expect(briefing.text.contains("Dentist"))
        #expect(BriefingWriter.backgroundBudget == .seconds(30))
    }

    @Test func withoutAModelTheSummaryIsWrittenWithNoCall() async throws {
        let writer = BriefingWriter(storage: try storage(), bridge: nil)
        let briefing = await writer.write(evening: false, at: at, timeZone: SchedulerFixture.timeZone)
        #expect(!briefing.usedModel)
        #expect(briefing.text.contains("Dentist"))
    }

    @Test func theDaemonMakesOneModelCallPerBriefing() async throws {
        let storage = try storage()
        let model = ScriptedModel(defaultReply: "Grandma Rosa's lisinopril is due.")
        let notifier = RecordingNotifier()
        let clock = SimulatedSchedulerClock(start: SchedulerFixture.local("2026-03-08", "00:00"))
        let daemon = SchedulerDaemon(
            storage: storage, clock: clock, notifier: notifier,
            content: NotificationContentProducer(storage: storage, briefings: BriefingWriter(storage: storage, bridge: LLMBridge(model: model))),
            configuration: .init(grace: 0, rescanInterval: 6 * 3600, lookback: 0))
        try await daemon.run(until: SchedulerFixture.local("2026-03-09", "00:00"))
        let briefings = notifier.notifications.filter { $0.category == .briefing }
        #expect(briefings.map(\.entry.kind) == [.morningBriefing, .eveningWindDown])
        #expect(briefings.allSatisfy { $0.body == "Grandma Rosa's lisinopril is due." })
        #expect(model.requests.count == 2)
    }
}
