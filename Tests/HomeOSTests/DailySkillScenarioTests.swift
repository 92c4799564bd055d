import Foundation
@testable import HomeOS
import LLM
import Skills
import Testing

/// The sample family in memory, a fixed clock (Monday 18 May 2026, 07:00 in Chicago) and a way
/// to run one daily skill with or without a scripted model.
struct DailyFixture {
    let storage = InMemoryStorage()
    let timeZone = TimeZone(identifier: "America/Chicago")!
    let now: Date
    let services: HomeOSServices
    let today = "2026-05-18"

    init() throws {
        let data = try Data(contentsOf: RepositoryFiles.sampleFamily)
        let seed = try JSONDecoder().decode(FamilySeed.self, from: data)
        try storage.transaction { try seed.save(in: $0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        now = calendar.date(from: DateComponents(year: 2026, month: 5, day: 18, hour: 7))!
        let fixed = now
        services = HomeOSServices(storage: storage, now: { fixed })
    }

    /// A local time today (or `days` later).
    func at(_ hour: Int, _ minute: Int = 0, days: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: 2026, month: 5, day: 18 + days, hour: hour, minute: minute))!
    }

    func context(_ message: String, model: ScriptedModel?) -> SkillContext {
        SkillContext(message: message, now: now, timeZone: timeZone, bridge: model.map { LLMBridge(model: $0) },
                     deadline: .after(.seconds(120)))
    }

    func run<S: Skill>(_ skill: S, _ message: String, arguments: JSONValue = [:], model: ScriptedModel? = nil) async throws -> SkillResult {
        try await AnySkill(skill).execute(arguments: arguments, context: context(message, model: model))
    }

    func planDinner(_ name: String, on day: String) throws {
        try storage.save(MealPlan(weekStart: today, dinners: [.init(date: day, name: name, keyIngredients: ["tortillas"])],
                                  createdAt: now), to: .mealPlan)
    }
}

/// A model whose every call fails, as a crashed engine would.
func dailyFailingModel() -> ScriptedModel {
    let model = ScriptedModel()
    model.add(.init(matcher: .any, reply: .failure(LLMError.generationFailed("engine crashed"))))
    return model
}

extension SkillResult {
    var dailyText: String? { if case .response(let text) = self { text } else { nil } }
    var dailyApproval: ApprovalRequest? { if case .needsApproval(let request) = self { request } else { nil } }
    var dailyHandoff: HandoffRequest? { if case .handoff(let request) = self { request } else { nil } }
}

extension ApprovalRequest {
    func dailyDetail(_ label: String) -> String? { details.first { $0.label == label }?.value }
}

@Suite struct MentalLoadScenarioTests {
    @Test func morningBriefingMakesExactlyOneModelCall() async throws {
        let fixture = try DailyFixture()
        try fixture.planDinner("Chicken tacos", on: fixture.today)
        try fixture.storage.update(.calendarEvents) {
            $0.append(CalendarEvent(title: "Dentist", kind: .appointment, start: fixture.at(15), memberIDs: ["leo"]))
            $0.append(CalendarEvent(title: "Book club", start: fixture.at(19, days: 1)))
        }
        try fixture.storage.update(.reminders) { $0.append(Reminder(title: "Pay the water bill", due: fixture.at(12))) }
        let model = ScriptedModel(defaultReply: "assistant: Good morning! Leo's dentist is at 15:00 and tacos are on for dinner.")
        let result = try await fixture.run(MentalLoadSkill(services: fixture.services), "Give me my morning briefing", model: model)
        #expect(model.requests.count == 1)
        let text = try #require(result.dailyText)
        #expect(text.hasPrefix("Good morning"))
        let prompt = (model.requests.first?.promptText ?? "")
        #expect(prompt.contains("Dentist"))
        #expect(prompt.contains("Chicken tacos"))
        #expect(prompt.contains("Pay the water bill"))
        #expect(!prompt.contains("Book club"))
    }

    @Test func eveningWindDownMakesExactlyOneModelCall() async throws {
        let fixture = try DailyFixture()
        try fixture.planDinner("Chicken tacos", on: fixture.today)
        try fixture.storage.update(.calendarEvents) { $0.append(CalendarEvent(title: "Book club", start: fixture.at(19, days: 1))) }
        let model = ScriptedModel(defaultReply: "Tomorrow brings book club at 19:00. Sleep well.")
        let result = try await fixture.run(MentalLoadSkill(services: fixture.services), "Help me wind down", model: model)
        #expect(model.requests.count == 1)
        #expect(result.dailyText == "Tomorrow brings book club at 19:00. Sleep well.")
        #expect(model.requests.first?.promptText.contains("Book club") == true)
    }

    @Test func noDinnerPlannedHandsOffToMealPlanning() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel(defaultReply: "Good morning! Only atorvastatin at 21:00 today.")
        let result = try await fixture.run(MentalLoadSkill(services: fixture.services), "What's on today?", model: model)
        let handoff = try #require(result.dailyHandoff)
        #expect(handoff.targetSkillID == "meal-planning")
        #expect(handoff.context["date"] == fixture.today)
        #expect(handoff.context["briefing"] == "Good morning! Only atorvastatin at 21:00 today.")
        #expect(model.requests.count == 1)
    }

    @Test func aDinnerSuggestedAfterTheBriefingKeepsTheBriefingFirst() async throws {
        let fixture = try DailyFixture()
        let handoff = HandoffRequest(targetSkillID: "meal-planning", reason: "No dinner is planned for today.",
                                     context: ["briefing": "Good morning! A quiet day.", "request": "Suggest a dinner for tonight"])
        let context = SkillContext(message: "Give me my morning briefing", now: fixture.now, timeZone: fixture.timeZone,
                                   handoff: handoff)
        let result = try await AnySkill(MealPlanningSkill(services: fixture.services)).execute(arguments: [:], context: context)
        let text = try #require(result.dailyText)
        #expect(text.hasPrefix("Good morning! A quiet day.\n\nNo dinner is planned for tonight yet. "))
        #expect(!text.lowercased().contains("peanut"))
    }

    @Test func aBriefingThatLoopsIsReplacedByTheFacts() async throws {
        let fixture = try DailyFixture()
        try fixture.planDinner("Chicken tacos", on: fixture.today)
        try fixture.storage.update(.calendarEvents) { $0.append(CalendarEvent(title: "Dentist", start: fixture.at(15))) }
        let model = ScriptedModel(defaultReply: String(repeating: "Today's family's morning briefing: ", count: 12))
        let result = try await fixture.run(MentalLoadSkill(services: fixture.services), "Give me my morning briefing", model: model)
        let text = try #require(result.dailyText)
        #expect(text.contains("15:00 Dentist"))
        #expect(!text.contains("Today's family's morning briefing"))
        #expect(model.requests.count == 1)
    }

    @Test func aStreamedAnswerThatLoopsIsDroppedAndOneThatDoesNotIsKept() async throws {
        let request = GenerationRequest(messages: [.user("Give me my morning briefing")], options: GenerationOptions(maxTokens: 400))
        let looping = ScriptedModel(defaultReply: String(repeating: "Good morning family! ", count: 40))
        #expect(try await SkillModelCalls.streamUnlessLooping(request, on: looping) == nil)
        let prose = "Good morning! The dentist is at 15:00 and tacos are planned for dinner. Grandma Rosa takes her atorvastatin at 21:00."
        #expect(try await SkillModelCalls.streamUnlessLooping(request, on: ScriptedModel(defaultReply: prose)) == prose)
    }

    @Test func briefingWithoutAModelListsTheFacts() async throws {
        let fixture = try DailyFixture()
        try fixture.planDinner("Chicken tacos", on: fixture.today)
        try fixture.storage.update(.calendarEvents) { $0.append(CalendarEvent(title: "Dentist", start: fixture.at(15))) }
        for model in [nil, dailyFailingModel()] {
            let result = try await fixture.run(MentalLoadSkill(services: fixture.services), "Give me my morning briefing", model: model)
            let text = try #require(result.dailyText)
            #expect(text.contains("15:00 Dentist"))
            #expect(text.contains("Chicken tacos"))
        }
    }

    @Test func organisingGroupsOpenTasks() async throws {
        let fixture = try DailyFixture()
        try fixture.storage.update(.reminders) {
            $0.append(Reminder(title: "Renew passport", due: fixture.at(9, days: -3)))
            $0.append(Reminder(title: "Call the plumber", due: fixture.at(16)))
            $0.append(Reminder(title: "Sort the garage"))
        }
        let result = try await fixture.run(MentalLoadSkill(services: fixture.services), "I'm overwhelmed, help me organise")
        let text = try #require(result.dailyText)
        #expect(text.contains("Overdue — do first:\n• Renew passport"))
        #expect(text.contains("Today:\n• Call the plumber"))
        #expect(text.contains("No date yet:\n• Sort the garage"))
    }
}

@Suite struct HabitsScenarioTests {
    @Test func streaksAreComputedWithoutTheModel() async throws {
        let fixture = try DailyFixture()
        try fixture.storage.save([Habit(name: "Meditate", completedDays: ["2026-05-15", "2026-05-16", "2026-05-17"]),
                                  Habit(name: "Read 20 minutes", completedDays: ["2026-05-10", "2026-05-11"])], to: .habits)
        for model in [nil, dailyFailingModel()] {
            let result = try await fixture.run(HabitsSkill(services: fixture.services), "How long is my meditation streak?", model: model)
            let text = try #require(result.dailyText)
            #expect(text.contains("Meditate: 3-day streak (longest 3), not yet today"))
            #expect(!text.contains("Read 20 minutes"))
            #expect(text.contains(HabitsSkill.fallbackMotivation))
        }
        let all = try await fixture.run(HabitsSkill(services: fixture.services), "Show my habits")
        #expect(all.dailyText?.contains("Read 20 minutes: 0-day streak (longest 2)") == true)
    }

    @Test func loggingExtendsTheStreakAndTheModelOnlyEncourages() async throws {
        let fixture = try DailyFixture()
        try fixture.storage.save([Habit(name: "Meditate", completedDays: ["2026-05-16", "2026-05-17"])], to: .habits)
        let model = ScriptedModel(defaultReply: "Model: You're building real calm — keep it up!")
        let result = try await fixture.run(HabitsSkill(services: fixture.services), "Log my meditation", model: model)
        let text = try #require(result.dailyText)
        #expect(text.contains("Current streak: 3 days"))
        #expect(text.hasSuffix("You're building real calm — keep it up!"))
        #expect(model.requests.count == 1)
        let saved = try fixture.storage.load(.habits)
        #expect(saved[0].isDone(on: fixture.today))
    }

    @Test func startingAHabitSavesIt() async throws {
        let fixture = try DailyFixture()
        let result = try await fixture.run(HabitsSkill(services: fixture.services), "I want to start journaling daily")
        #expect(result.dailyText?.contains("Started tracking \"Journaling\"") == true)
        #expect(try fixture.storage.load(.habits).map(\.name) == ["Journaling"])
    }
}

@Suite struct ApprovalSkillScenarioTests {
    @Test func hireHelperReturnsAnApprovalWithTheExtractedValues() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        model.when(contains: "Extract", reply: #"{"job": "babysitter", "date": "Friday", "budget": 60}"#)
        let message = "Find a babysitter for Friday night, up to $60"
        for candidate in [model, nil] {
            let result = try await fixture.run(HireHelperSkill(services: fixture.services), message, model: candidate)
            let approval = try #require(result.dailyApproval)
            #expect(approval.dailyDetail("Job") == "babysitter")
            #expect(approval.dailyDetail("Date") == "2026-05-22")
            #expect(approval.dailyDetail("Budget") == "$60")
            #expect(approval.risk == .medium)
            #expect(approval.action.payload["budget"]?.numberValue == 60)
            #expect(approval.action.skillID == "hire-helper")
        }
        #expect(model.requests.count == 1)
    }

    @Test func hireHelperAsksForAMissingDateAndRecordsAnApprovedBooking() async throws {
        let fixture = try DailyFixture()
        let skill = HireHelperSkill(services: fixture.services)
        let missing = try await fixture.run(skill, "We need a handyman")
        #expect(missing.dailyText == "For which day do you need the handyman?")
        let approval = try #require(try await fixture.run(skill, "Hire a cleaner tomorrow under $100").dailyApproval)
        #expect(approval.dailyDetail("Date") == "2026-05-19")
        let done = try await AnySkill(skill).performApproved(approval.action, context: fixture.context("", model: nil))
        #expect(done.dailyText?.contains("cleaner") == true)
        #expect(try fixture.storage.load(.calendarEvents).count == 1)
        #expect(try fixture.storage.load(.reminders).first?.source == "hire-helper")
    }

    @Test func marketplaceSellReturnsAnApprovalWithTheListing() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        model.when(contains: "marketplace listing", reply: "Sturdy stroller in good condition, folds flat. $40.")
        model.when(contains: "Extract", reply: #"{"item": "stroller", "condition": "good", "price": 40}"#)
        let result = try await fixture.run(MarketplaceSellSkill(services: fixture.services), "Sell our old stroller for $40", model: model)
        let approval = try #require(result.dailyApproval)
        #expect(approval.dailyDetail("Item") == "stroller")
        #expect(approval.dailyDetail("Condition") == "used")  // the message says "old"; the model's "good" is a guess
        #expect(approval.dailyDetail("Price") == "$40")
        #expect(approval.dailyDetail("Listing") == "Sturdy stroller in good condition, folds flat. $40.")
        #expect(approval.action.payload["price"]?.numberValue == 40)
        #expect(model.requests.count == 2)
    }

    /// Issue 21: a listing came back as the model talking about itself.
    @Test func aListingThatIsTheModelTalkingAboutItselfIsReplacedByTheTemplate() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        model.when(contains: "marketplace listing", reply: "As an AI language model, I can't sell items, but I can help you write one.")
        model.when(contains: "Extract", reply: #"{"item": "stroller", "condition": "good", "price": 40}"#)
        let result = try await fixture.run(MarketplaceSellSkill(services: fixture.services), "Sell our old stroller for $40", model: model)
        let listing = try #require(result.dailyApproval?.dailyDetail("Listing"))
        #expect(listing.hasPrefix("For sale: Stroller") && listing.contains("$40"), "\(listing)")
        #expect(!listing.contains("AI"))
    }

    @Test func aModelThatEchoesTheMessageAsTheItemIsNotBelieved() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        model.when(contains: "marketplace listing", reply: "A sturdy bike, ready to ride. $40.")
        let echo = "Sell our old bike for $40"
        model.when(contains: "Extract", reply: #"{"item": "Sell our old bike for $40", "condition": "Sell our old bike for $40", "price": 40}"#)
        let result = try await fixture.run(MarketplaceSellSkill(services: fixture.services), echo, model: model)
        let approval = try #require(result.dailyApproval)
        #expect(approval.dailyDetail("Item") == "bike")
        #expect(approval.dailyDetail("Condition") == "used")  // "old", read from the message
        #expect(approval.dailyDetail("Price") == "$40")

        // A condition the message states beats the model's.
        let misread = ScriptedModel()
        misread.when(contains: "marketplace listing", reply: "A sturdy bike, ready to ride. $40.")
        misread.when(contains: "Extract", reply: #"{"item": "bike", "condition": "new", "price": 40}"#)
        let old = try #require(try await fixture.run(MarketplaceSellSkill(services: fixture.services), echo, model: misread).dailyApproval)
        #expect(old.dailyDetail("Condition") == "used")
    }

    @Test func theStatedConditionMatchesWholeWordsOnly() {
        #expect(MarketplaceSellSkill.condition(in: "Sell the unused crib for $90") == "like new")
        #expect(MarketplaceSellSkill.condition(in: "Sell the golden retriever's crate") == nil, "golden is not old")
        #expect(MarketplaceSellSkill.condition(in: "List the newspapers rack for $5") == nil, "newspapers is not new")
        #expect(MarketplaceSellSkill.condition(in: "Sell my old desk") == "used")
        #expect(MarketplaceSellSkill.condition(in: "Selling a like-new stroller") == "like new")
        #expect(MarketplaceSellSkill.condition(in: "Sell the bike, it's in great condition") == "good")
    }

    @Test func marketplaceSellWithoutAModelUsesTheTemplate() async throws {
        let fixture = try DailyFixture()
        let skill = MarketplaceSellSkill(services: fixture.services)
        let approval = try #require(try await fixture.run(skill, "List the bike for sale for $80").dailyApproval)
        #expect(approval.dailyDetail("Item") == "bike")
        #expect(approval.dailyDetail("Price") == "$80")
        #expect(approval.dailyDetail("Listing")?.hasPrefix("For sale: Bike") == true)
        let noPrice = try await fixture.run(skill, "Help me sell the sofa")
        #expect(noPrice.dailyText == "What price would you like to ask for the sofa?")
        let posted = try await AnySkill(skill).performApproved(approval.action, context: fixture.context("", model: nil))
        #expect(posted.dailyText?.contains("For sale: Bike") == true)
        #expect(try fixture.storage.load(.notes).first?.tags.contains("listing") == true)
    }
}

@Suite struct NoteToActionsScenarioTests {
    @Test func savesRemindersWithoutAModel() async throws {
        let fixture = try DailyFixture()
        let note = "Turn these meeting notes into tasks:\n- pay rent\n- call the plumber on Friday\n* Leo: finish science project\n"
        let result = try await fixture.run(NoteToActionsSkill(services: fixture.services), note)
        #expect(result.dailyText?.hasPrefix("Saved 3 reminders") == true)
        let reminders = try fixture.storage.load(.reminders)
        #expect(reminders.count == 3)
        #expect(reminders.allSatisfy { $0.source == "note-to-actions" })
        #expect(reminders[0].title == "Pay rent")
        let plumber = try #require(reminders.first { $0.title.lowercased().contains("plumber") })
        #expect(CoreSkillSupport.day(try #require(plumber.due), in: fixture.timeZone) == "2026-05-22")
        #expect(reminders[2].memberID == "leo")
    }

    @Test func commaListsSplitIntoReminders() async throws {
        let fixture = try DailyFixture()
        _ = try await fixture.run(NoteToActionsSkill(services: fixture.services), "Make reminders from this list: pay rent, call plumber",
                                  model: dailyFailingModel())
        #expect(try fixture.storage.load(.reminders).map(\.title) == ["Pay rent", "Call plumber"])
    }

    @Test func savesTheModelsActionItems() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        model.when(contains: "action items", reply: #"{"items": [{"title": "Book the venue", "due": "tomorrow at 10am", "owner": "Maria"}, {"title": "Send invitations", "due": null, "owner": null}]}"#)
        let result = try await fixture.run(NoteToActionsSkill(services: fixture.services),
                                           "Turn these notes into tasks: party planning — venue, invites", model: model)
        #expect(result.dailyText?.hasPrefix("Saved 2 reminders") == true)
        let reminders = try fixture.storage.load(.reminders)
        #expect(reminders.map(\.title) == ["Book the venue", "Send invitations"])
        #expect(reminders[0].memberID == "maria")
        #expect(reminders[0].due == fixture.at(10, days: 1))
    }
}

@Suite struct DailyHandoffScenarioTests {
    @Test func diningOutHandsOffToRestaurantReservation() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel()
        let result = try await fixture.run(FamilyBondingSkill(services: fixture.services),
                                           "Let's go out to eat together as a family on Saturday", model: model)
        let handoff = try #require(result.dailyHandoff)
        #expect(handoff.targetSkillID == "restaurant-reservation")
        #expect(handoff.context["partySize"] == "4")
        #expect(model.requests.isEmpty)
    }

    @Test func familyBondingGivesAtMostThreeIdeas() async throws {
        let fixture = try DailyFixture()
        let model = ScriptedModel(defaultReply: "1. Board games\n2. Bake pizza\n3. Build a fort\n4. Karaoke")
        let text = try #require(try await fixture.run(FamilyBondingSkill(services: fixture.services), "Something fun to do together tonight",
                                                       model: model).dailyText)
        #expect(text == "1. Board games\n2. Bake pizza\n3. Build a fort")
        #expect(model.requests.first?.promptText.contains("9") == true)
    }

    @Test func wellnessLogsAndHandsOffToHabits() async throws {
        let fixture = try DailyFixture()
        let skill = WellnessSkill(services: fixture.services)
        let logged = try #require(try await fixture.run(skill, "I drank two glasses of water").dailyText)
        #expect(logged.contains("Logged 2 glasses of water"))
        #expect(logged.contains("6 more glasses"))
        #expect(try fixture.storage.load(.wellnessLog).map(\.amount) == [2])
        let handoff = try #require(try await fixture.run(skill, "I want to make drinking water a habit").dailyHandoff)
        #expect(handoff.targetSkillID == "habits")
        let habit = try await HabitsSkill(services: fixture.services).execute(
            arguments: .init(), context: SkillContext(message: "I want to make drinking water a habit", now: fixture.now,
                                                      timeZone: fixture.timeZone, handoff: handoff))
        #expect(habit.dailyText?.contains("Drink 8 glasses of water") == true)
    }

    @Test func educationHandsTeacherMessagesToFamilyComms() async throws {
        let fixture = try DailyFixture()
        let result = try await fixture.run(EducationSkill(services: fixture.services),
                                           "Email Ms. Okafor that Leo needs more time for his fractions homework")
        let handoff = try #require(result.dailyHandoff)
        #expect(handoff.targetSkillID == "family-comms")
        #expect(handoff.context["recipient"] == "Ms. Okafor")
        #expect(handoff.context["child"] == "Leo")
    }

    @Test func helpingAChildUnderstandIsAnExplanationNotAMessage() {
        #expect(EducationSkill.request(for: "Can you help Leo understand fractions?") == .explain)
        #expect(EducationSkill.request(for: "Email Ms. Okafor that Leo was sick") == .message)
    }

    /// The words set the topic and the child apart, so the coordinator makes no extraction call;
    /// likewise a plain request for family ideas, whose setting is read from its words.
    @Test func anExplanationRequestsTopicIsReadFromItsWords() throws {
        let fixture = try DailyFixture()
        let bonding = FamilyBondingSkill(services: fixture.services)
        let weekend = try #require(bonding.argumentsReadFromWords(of: "Ideas for family time this weekend?"))
        #expect(weekend.setting == nil, "no setting stated: any")
        #expect(bonding.argumentsReadFromWords(of: "Any ideas for a rainy afternoon indoors?")?.setting == .home)
        #expect(bonding.argumentsReadFromWords(of: "Family time ideas at the park")?.setting == .outdoors)
        #expect(bonding.argumentsReadFromWords(of: "We're bored") == nil)
        let education = EducationSkill(services: fixture.services)
        let fractions = try #require(education.argumentsReadFromWords(of: "Can you help Leo understand fractions?"))
        #expect(fractions.topic == "fractions" && fractions.child == "Leo")
        #expect(education.argumentsReadFromWords(of: "Explain photosynthesis to a 9-year-old")?.topic == "photosynthesis")
        #expect(education.argumentsReadFromWords(of: "Email Ms. Okafor that Leo was sick") == nil, "a message for the teacher")
        #expect(education.argumentsReadFromWords(of: "Leo is stuck on something at school") == nil, "no topic set apart")
        #expect(EducationSkill.topic(of: "What are volcanoes?") == "volcanoes")
    }

    /// An explanation is asked of the model as the task alone: under the family's shared system
    /// prompt the small default model lost it.
    @Test func anExplanationIsAskedAsThePlainTask() throws {
        let prompt = EducationSkill.explanationPrompt(topic: "fractions", level: "a 9-year-old")
        #expect(prompt.count == 1 && prompt.first?.role == .user)
        #expect(prompt.first?.content == "Explain fractions to a 9-year-old in a few short sentences with one everyday example.")
    }

    @Test func schoolAnswersFromStorage() async throws {
        let fixture = try DailyFixture()
        let schedule = try #require(try await fixture.run(SchoolSkill(services: fixture.services), "What does Leo have at school today?").dailyText)
        #expect(schedule.contains("08:15–09:00 Math (Ms. Okafor)"))
        let holiday = try #require(try await fixture.run(SchoolSkill(services: fixture.services), "Is there school on May 25?").dailyText)
        #expect(holiday.contains("no school"))
        try fixture.storage.save([Grade(memberID: "leo", subject: "Math", grade: "A-", assessment: "Fractions quiz")], to: .grades)
        let grade = try #require(try await fixture.run(SchoolSkill(services: fixture.services), "What grade did Leo get in math?").dailyText)
        #expect(grade.contains("Math: A- (Fractions quiz)"))
    }
}

@Suite struct DailySkillRobustnessTests {
    /// One message per skill, from the catalog's examples.
    static let messages: [String: String] = [
        "education": "Explain photosynthesis to a 10 year old",
        "school": "Is there school on Monday?",
        "family-bonding": "Ideas for a family weekend",
        "mental-load": "Give me my morning briefing",
        "habits": "How long is my meditation streak?",
        "wellness": "How did I sleep this week?",
        "hire-helper": "Find a babysitter for Friday night",
        "marketplace-sell": "List the bike for sale for $80",
        "note-to-actions": "Make reminders from this list: pay rent, call plumber",
        "psy-rich": "Something new we have never tried",
    ]

    @Test func everySkillAnswersWithoutAModelOrWithABrokenOne() async throws {
        for model in [nil, dailyFailingModel()] {
            let fixture = try DailyFixture()
            let skills = try HomeOSSkillSet.dailySkills(services: fixture.services)
            #expect(skills.count == 10)
            for skill in skills {
                let message = try #require(Self.messages[skill.id], "no message for \(skill.id)")
                let result = try await skill.execute(arguments: [:], context: fixture.context(message, model: model))
                switch result {
                case .response(let text): #expect(text.count > 10, "\(skill.id): \(text)")
                case .needsApproval(let approval): #expect(!approval.details.isEmpty)
                case .handoff(let handoff): #expect(!handoff.targetSkillID.isEmpty)
                case .error(let message): Issue.record("\(skill.id) failed: \(message)")
                }
            }
        }
    }

    @Test func noSchemaDrift() throws {
        let fixture = try DailyFixture()
        var registry = SkillRegistry()
        for skill in try HomeOSSkillSet.dailySkills(services: fixture.services) { try registry.register(skill) }
        #expect(registry.all.count == 10)
        #expect(registry.schemaDrift().isEmpty, "\(registry.schemaDrift())")
        let catalog = Set(HomeOSSkillCatalog.all.map(\.id))
        #expect(registry.order.allSatisfy(catalog.contains))
    }

    @Test func modelTextLosesRoleMarkers() {
        #expect(DailySkillSupport.cleanModelText("assistant: Hello there.") == "Hello there.")
        #expect(DailySkillSupport.cleanModelText("<|im_start|>assistant\nHi!<|im_end|>\nuser: more") == "Hi!")
    }
}
