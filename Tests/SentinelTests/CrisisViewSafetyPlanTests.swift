import Foundation
import LLM
@testable import Sentinel
import Testing

/// The stored Stanley–Brown plan in the crisis view of a check-in, ranked for now: in the
/// library (deterministic driver order, and a model's order) and through the `sentinel` binary.
@Suite struct CrisisViewSafetyPlanTests {
    static let now = Date(timeIntervalSince1970: 1_704_468_600)
    static let redAnswers = CSSRSAnswers([.wishDead: true, .suicidalThoughts: true, .method: true, .intent: true, .plan: false,
                                          .behavior: false])

    static func plan() throws -> SafetyPlan {
        var plan = SafetyPlan()
        _ = try plan.add(text: "Can't sleep, pacing at night", to: .warningSigns)
        _ = try plan.add(text: "Breathing exercise, then a hot shower", to: .copingStrategies)
        _ = try plan.add(text: "Coffee at the VFW hall", to: .distraction)
        _ = try plan.add(SafetyPlanEntry(text: "Mike (battle buddy)", phone: "555-201-7788"), to: .peopleToAsk)
        _ = try plan.add(text: "Guns stay at my brother's", to: .environmentSafety)
        _ = try plan.add(text: "My daughter's graduation", to: .reasonsForLiving)
        return plan
    }

    /// A red check-in, screener only (no model).
    static func redReport(profile: CrisisProfile = CrisisProfile()) async throws -> CheckInReport {
        var checkIn = CheckIn(ai: .disabled(reason: "test"), now: { Self.now })
        checkIn.profile = profile
        return try await checkIn.run(signals: CheckInSignals(), answers: redAnswers)
    }

    /// Two earlier green check-ins with sleep far below baseline: with today's red screener, sleep still drives.
    static func sleepDrivenState() -> LongitudinalState {
        let tracker = LongitudinalTracker()
        var state = LongitudinalState()
        for hours in [30.0, 20.0] {
            let record = CheckInRecord(startedAt: now.addingTimeInterval(-hours * 3_600 - 300), completedAt: now.addingTimeInterval(-hours * 3_600),
                                       finalTier: .green, screenerTier: .green,
                                       answers: CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .behavior: false]),
                                       measurements: CheckInMeasurements(sleepZ: -3, sleepHours: 3.9))
            state = tracker.update(state, with: record)
        }
        return state
    }

    @Test func aRedCheckInWithASleepDriverOpensCopingStrategiesFirst() async throws {
        let scratch = StoreScratch()
        let store = try SentinelStore(directory: scratch.data)
        defer { try? store.close() }
        try store.saveSafetyPlan(try Self.plan())
        let profile = CrisisProfile(selfCommand: "You have made it through worse.", safetyPlan: ["Old step from the profile"])
        let report = try await Self.redReport(profile: profile)
        #expect(report.finalTier == .red)

        let ranker = CurrentSafetyPlanRanker(reranker: SafetyPlanReranker(noModel: "no model in this test"))
        let state = Self.sleepDrivenState()
        #expect(ranker.tracker.update(state, with: CheckInRecord(report)).primaryDriver == .sleep)
        let ranked = try await ranker.report(report, withPlanFrom: store, state: state)

        #expect(ranked.safetyPlanOrder == SafetyPlanOrder.fallback(for: .sleep).sections)
        #expect(ranked.safetyPlanOrder?.first == .copingStrategies)
        #expect(try #require(ranked.safetyPlanOrderSource).contains("deterministic order for the primary driver (no model in this test)"))
        let view = try #require(ranked.crisisView)
        let sections = try #require(view.rankedPlan)
        #expect(sections.filter(\.expanded).map(\.section) == [.copingStrategies, .warningSigns, .distraction])
        // The old profile steps stay in the view's data, but the stored plan is what is shown.
        #expect(view.safetyPlan == ["Old step from the profile"])

        let lines = view.text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "Your safety plan (most helpful now first):"))
        #expect(Array(lines[(start + 1)...].prefix(7)) == [
            "  1. Internal coping strategies",
            "     - Breathing exercise, then a hot shower",
            "  2. Warning signs",
            "     - Can't sleep, pacing at night",
            "  3. People and places for distraction",
            "     - Coffee at the VFW hall",
            "  Also in your plan: People I can ask for help; Professionals and agencies to contact; "
                + "Making the environment safe; Reasons for living.",
        ])
        #expect(!view.text.contains("Old step from the profile"))
        #expect(ranked.text.contains("You have made it through worse."))
        #expect(ranked.text.contains("988"))

        // The order and its source are in the JSON, as section numbers.
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(ranked)) as? [String: Any])
        #expect(json["safetyPlanOrder"] as? [Int] == [2, 1, 3, 4, 5, 6, 7])
        #expect(json["safetyPlanOrderSource"] is String)
        #expect(try JSONDecoder().decode(CheckInReport.self, from: JSONEncoder().encode(ranked)) == ranked)
    }

    @Test func withoutAStoredPlanOrBelowOrangeTheReportIsUnchanged() async throws {
        let model = ScriptedModel(defaultReply: "1234567")
        let ranker = CurrentSafetyPlanRanker(reranker: SafetyPlanReranker(model: model, budget: .seconds(600)))
        let red = try await Self.redReport()
        let unchanged = try await ranker.report(red, withPlanFrom: InMemorySafetyPlanStore(), state: LongitudinalState())
        #expect(unchanged == red)
        #expect(unchanged.crisisView?.rankedPlan == nil)
        #expect(unchanged.safetyPlanOrder == nil)
        #expect(unchanged.crisisView?.text.contains("Your safety plan:") == true)

        let green = try await CheckIn(ai: .disabled(reason: "test"), now: { Self.now })
            .run(signals: CheckInSignals(), answers: CSSRSAnswers([.wishDead: false, .suicidalThoughts: false, .behavior: false]))
        let stillGreen = try await ranker.report(green, withPlanFrom: InMemorySafetyPlanStore(try Self.plan()), state: LongitudinalState())
        #expect(stillGreen == green)
        #expect(stillGreen.crisisView == nil)
        #expect(model.requests.isEmpty, "the reranker is not asked when there is nothing to rank")
    }

    @Test func aValidModelOrderIsUsedInTheCrisisView() async throws {
        let model = ScriptedModel(defaultReply: "4 5 6 1 2 3 7")
        let ranker = CurrentSafetyPlanRanker(reranker: SafetyPlanReranker(model: model, budget: .seconds(600)))
        let ranked = try await ranker.report(try await Self.redReport(), withPlanFrom: InMemorySafetyPlanStore(try Self.plan()),
                                             state: Self.sleepDrivenState())
        #expect(ranked.safetyPlanOrder == [.peopleToAsk, .professionals, .environmentSafety, .warningSigns, .copingStrategies,
                                           .distraction, .reasonsForLiving])
        #expect(try #require(ranked.safetyPlanOrderSource).hasPrefix("proposed by"))
        let request = try #require(model.requests.first)
        #expect(request.promptText.contains("Latest risk tier: red"))
        let text = try #require(ranked.crisisView?.text)
        #expect(text.contains("  1. People I can ask for help\n     - Mike (battle buddy) — 555-201-7788"))
        #expect(text.contains("  2. Professionals and agencies to contact\n     - 988 Suicide & Crisis Lifeline"))
    }

    @Test func theCheckInCommandShowsTheImportedPlanRanked() async throws {
        let scratch = StoreScratch()
        let data = scratch.data.path
        let planJSON = """
            {"warningSigns": ["Can't sleep, pacing at night"], "copingStrategies": ["Breathing exercise, then a hot shower"],
             "peopleToAsk": [{"text": "Mike (battle buddy)", "phone": "555-201-7788"}],
             "professionals": [{"text": "Dr. Alvarez, VA clinic", "phone": "555-300-1000"}],
             "environmentSafety": ["Guns stay at my brother's"], "reasonsForLiving": ["My daughter's graduation"]}
            """
        let planFile = try SyntheticAudio.temporaryFile(Data(planJSON.utf8), suffix: ".json")
        let answers = try SyntheticAudio.temporaryFile(
            Data(#"{"1": true, "2": true, "3": false, "4": true, "5": false, "6": false}"#.utf8), suffix: ".json")
        defer { for path in [planFile, answers] { try? FileManager.default.removeItem(atPath: path) } }

        let imported = try await SentinelProcess.run(["plan", "import", planFile, "--data-dir", data])
        #expect(imported.status == 0, "\(imported.stderr)")

        // A first check-in, red on the screener: the screener drives (professionals first).
        let output = try await SentinelProcess.run(["checkin", "--answers", answers, "--no-model", "--data-dir", data])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Check-in result: RED"))
        #expect(output.stdout.contains("Your safety plan (most helpful now first):"))
        #expect(output.stdout.contains("""
              1. Professionals and agencies to contact
                 - 988 Suicide & Crisis Lifeline — press 1 for the Veterans Crisis Line (or text 838255) — 988
                 - Dr. Alvarez, VA clinic — 555-300-1000
              2. Making the environment safe
                 - Guns stay at my brother's
              3. People I can ask for help
                 - Mike (battle buddy) — 555-201-7788
              Also in your plan: Warning signs; Internal coping strategies; Reasons for living; People and places for distraction.
            """), "\(output.stdout)")
        #expect(!output.stdout.contains("Your safety plan:\n"), "the stored plan replaces the default steps")

        let json = try await SentinelProcess.run(["checkin", "--answers", answers, "--no-model", "--json", "--data-dir", data])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["safetyPlanOrder"] as? [Int] == [5, 6, 4, 1, 2, 7, 3])
        #expect((object["safetyPlanOrderSource"] as? String)?.contains("turned off with --no-model") == true)
        let view = try #require(object["crisisView"] as? [String: Any])
        let sections = try #require(view["rankedPlan"] as? [[String: Any]])
        #expect(sections.filter { $0["expanded"] as? Bool == true }.count == 3)
    }
}
