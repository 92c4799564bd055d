import Foundation
import HomeOS
import LLM
import Skills
import Synchronization
import Testing

/// The issue's "Must show" scenarios for the core skills, with the scripted model for exact assertions.
@Suite struct CoreSkillScenarioTests {
    static let peanutDinner = #"{"name": "Thai peanut noodles", "cuisine": "Thai", "prepMinutes": 25, "description": "Rice noodles tossed in a creamy peanut butter sauce.", "keyIngredients": ["rice noodles", "peanut butter", "lime", "crushed peanuts"]}"#
    static let satayDinner = #"{"name": "Chicken satay skewers", "cuisine": "Indonesian", "prepMinutes": 30, "description": "Grilled chicken with a rich dipping sauce.", "keyIngredients": ["chicken", "satay sauce", "rice"]}"#
    static let safeDinner = #"{"name": "Herb roasted chicken", "cuisine": "French", "prepMinutes": 25, "description": "Chicken roasted with thyme and garlic.", "keyIngredients": ["chicken", "thyme", "garlic", "potatoes"]}"#
    static let grapefruitDinner = #"{"name": "Grapefruit and avocado salad with salmon", "cuisine": "Californian", "prepMinutes": 20, "description": "Seared salmon on greens with grapefruit segments.", "keyIngredients": ["salmon", "grapefruit", "avocado", "greens"]}"#

    // MARK: Meal planning

    @Test func twentyDinnersNeverContainPeanutsEvenWhenTheModelProposesThem() async throws {
        let scenario = try CoreScenario()
        let model = ScriptedModel()
        model.add(ScriptedModel.Rule(matcher: .any, reply: .compute { request in
            request.promptText.count % 2 == 0 ? CoreSkillScenarioTests.peanutDinner : CoreSkillScenarioTests.satayDinner
        }))
        let skill = MealPlanningSkill(services: scenario.services)
        let checker = AllergenChecker()
        for index in 0..<20 {
            let result = try await skill.execute(arguments: .init(request: .dinner),
                                                 context: scenario.context("What should we have for dinner tonight? (\(index))", model: model))
            let text = try #require(result.coreText, "\(result)")
            #expect(!text.lowercased().contains("peanut"), "\(text)")
            #expect(!text.lowercased().contains("satay"), "\(text)")
            #expect(checker.check(text: text, allergies: ["peanuts", "shellfish"]).isSafe, "\(text)")
        }
        // Each suggestion asked the model twice (the proposal, then one regeneration) before the safe fallback.
        #expect(model.requests.count >= 40)
    }

    @Test func aPeanutProposalIsRegeneratedOnce() async throws {
        let scenario = try CoreScenario()
        let model = ScriptedModel(defaultReply: Self.safeDinner)
        model.when(contains: "dinner", reply: Self.peanutDinner, times: 1)
        let result = try await MealPlanningSkill(services: scenario.services)
            .execute(arguments: .init(), context: scenario.context("What should we have for dinner?", model: model))
        let text = try #require(result.coreText)
        #expect(text.contains("Herb roasted chicken"))
        let requests = model.requests
        try #require(requests.count == 2)
        #expect(requests[1].promptText.contains("Thai peanut noodles"), "the retry names the rejected dish")
    }

    @Test func aCopiedWorkedExampleGoesStraightToTheSafeList() async throws {
        let scenario = try CoreScenario()
        let copy = #"{"name": "Lemon herb chicken with rice", "cuisine": "Mediterranean", "prepMinutes": 35, "description": "Juicy chicken thighs roasted with lemon and herbs, served with rice.", "keyIngredients": ["chicken thighs", "lemon", "rice", "parsley"]}"#
        let model = ScriptedModel(defaultReply: copy)
        let pitch = "The family will love the tender fish next to the roasted vegetables."
        model.add(.init(matcher: .predicate { $0.promptText.contains("why the family will enjoy it") }, reply: .text(pitch)))
        let shown = Mutex("")
        let tap = TokenTap.readable(attemptStarted: { shown.withLock { $0 = "" } }, text: { piece in shown.withLock { $0 += piece } })
        let context = scenario.context("What should we have for dinner?", model: model)
        let result = try await TokenTap.$current.withValue(tap) {
            try await MealPlanningSkill(services: scenario.services).execute(arguments: .init(), context: context)
        }
        let text = try #require(result.coreText)
        #expect(text.hasPrefix("How about"))
        #expect(!text.contains("Lemon herb chicken"))
        // The copy is stopped once its name is complete, and a streaming page never shows it: it
        // shows the safe dish's name, then the model's words on it, which the answer keeps.
        let streamed = shown.withLock { $0 }
        #expect(!streamed.contains("Lemon"))
        #expect(streamed.hasPrefix("How about ") && streamed.hasSuffix(pitch), "\(streamed)")
        #expect(text.contains(pitch))
        // Greedy decoding would copy it again: no second proposal, not even the simplified prompt;
        // the second call is the pitch.
        #expect(model.requests.count == 2)
        #expect(model.requests.last?.promptText.contains("why the family will enjoy it") == true)
    }

    @Test func afterACopyTheNextDinnerNamesTheSafeDishAtOnce() async throws {
        let scenario = try CoreScenario()
        let copy = #"{"name": "Lemon herb chicken with rice", "cuisine": "Mediterranean", "prepMinutes": 35, "description": "Roasted.", "keyIngredients": ["chicken thighs", "lemon"]}"#
        let model = ScriptedModel(defaultReply: copy)
        model.add(.init(matcher: .predicate { $0.promptText.contains("why the family will enjoy it") },
                        reply: .text("Everyone will enjoy this one.")))
        let skill = MealPlanningSkill(services: scenario.services)
        for _ in 0..<2 {
            _ = try await skill.execute(arguments: .init(), context: scenario.context("What should we have for dinner?", model: model))
        }
        // The first dinner asked for a proposal (copied) and a pitch; the second only for the pitch.
        let proposals = model.requests.filter { !$0.promptText.contains("why the family will enjoy it") }
        #expect(proposals.count == 1)
        #expect(model.requests.count == 3)
    }

    @Test func dishesThatAreNotDishesAreRejected() async throws {
        let scenario = try CoreScenario()
        let looping = #"{"name": "Miso de la Casa de la Casa de la Casa de la Casa", "cuisine": "Japanese", "prepMinutes": 30, "description": "Soup.", "keyIngredients": ["miso", "tofu"]}"#
        let cuisineOnly = #"{"name": "Italian", "cuisine": "Italian", "prepMinutes": 30, "description": "Italian food.", "keyIngredients": ["pasta", "tomato"]}"#
        let instant = #"{"name": "Vegetable stir fry", "cuisine": "Chinese", "prepMinutes": 2, "description": "Quick.", "keyIngredients": ["broccoli", "carrots"]}"#
        for reply in [looping, cuisineOnly, instant] {
            let model = ScriptedModel(defaultReply: reply)
            let result = try await MealPlanningSkill(services: scenario.services)
                .execute(arguments: .init(), context: scenario.context("What should we have for dinner?", model: model))
            let text = try #require(result.coreText)
            #expect(!text.contains("de la Casa") && !text.hasPrefix("How about Italian?") && !text.contains("about 2 minutes"), "\(text)")
            #expect(model.requests.count == 3, "one regeneration, then the safe list and the model's words on it")
        }
    }

    @Test func dinnerWorksWithoutAModelAndWhenTheModelFails() async throws {
        let scenario = try CoreScenario()
        let skill = MealPlanningSkill(services: scenario.services)
        for model in [nil, CoreScenario.failingModel()] as [ScriptedModel?] {
            let result = try await skill.execute(arguments: .init(), context: scenario.context("What's for dinner?", model: model))
            let text = try #require(result.coreText)
            #expect(text.hasPrefix("How about"))
            #expect(AllergenChecker().check(text: text, allergies: ["peanuts", "shellfish"]).isSafe)
        }
    }

    /// Without a model's proposal the list answers, and it honours what the request names: a food
    /// ("noodles"), a cuisine it has ("Thai"), or failing that one of the same family (Korean →
    /// an East Asian dish), never a dish that breaks an allergy (Daniel: shellfish).
    @Test func theListsDinnerHonoursTheFoodAndCuisineTheRequestNames() async throws {
        let scenario = try CoreScenario()
        let skill = MealPlanningSkill(services: scenario.services)
        func dinner(_ message: String) async throws -> String {
            let result = try await skill.execute(arguments: .init(), context: scenario.context(message, model: nil))
            return try #require(result.coreText)
        }
        let noodles = try await dinner("What should we have for dinner tonight with noodles?")
        #expect(noodles.lowercased().contains("noodle") || noodles.contains("lo mein"), "\(noodles)")
        #expect(!noodles.lowercased().contains("shrimp"), "shellfish for Daniel: \(noodles)")
        let thai = try await dinner("Thai dinner tonight?")
        #expect(thai.hasPrefix("How about Thai basil chicken"), "\(thai)")
        let korean = try await dinner("Something Korean for dinner?")
        let eastAsian = ["lo mein", "fried rice", "rice bowls", "Thai basil", "stir-fry"]
        #expect(eastAsian.contains { korean.contains($0) }, "\(korean)")
        let tacos = try await dinner("Dinner with the kids, maybe tacos?")
        #expect(tacos.hasPrefix("How about Black bean tacos"), "\(tacos)")
    }

    @Test func grapefruitWithAtorvastatinHandsOffToHealthcare() async throws {
        let scenario = try CoreScenario()
        let model = ScriptedModel(defaultReply: Self.grapefruitDinner)
        let result = try await MealPlanningSkill(services: scenario.services)
            .execute(arguments: .init(), context: scenario.context("Suggest a light dinner", model: model))
        let handoff = try #require(result.coreHandoff, "\(result)")
        #expect(handoff.targetSkillID == "healthcare")
        #expect(handoff.reason.contains("grapefruit"))
        #expect(handoff.reason.contains("atorvastatin"))
        #expect(handoff.context["member"] == "Grandma Rosa")
        // Healthcare answers the handoff with the interaction and the disclaimer.
        let answer = try await HealthcareSkill(services: scenario.services)
            .execute(arguments: .init(), context: scenario.context("Suggest a light dinner", handoff: handoff))
        let text = try #require(answer.coreText)
        #expect(text.contains("atorvastatin"))
        #expect(HealthDisclaimer.isPresent(in: text))
    }

    @Test func weeklyPlanIsSavedAndGivesAGroceryList() async throws {
        let scenario = try CoreScenario()
        let skill = MealPlanningSkill(services: scenario.services)
        let plan = try await skill.execute(arguments: .init(request: .weeklyPlan), context: scenario.context("Plan our dinners for the week"))
        #expect(plan.coreText?.contains("saved") == true)
        let stored = try #require(try scenario.storage.loadIfPresent(.mealPlan))
        #expect(stored.dinners.count == 7)
        #expect(stored.weekStart == "2026-11-18")
        for dinner in stored.dinners {
            #expect(AllergenChecker().check(name: dinner.name, ingredients: dinner.keyIngredients, allergies: ["peanuts", "shellfish"]).isSafe)
        }
        let groceries = try #require(try await skill.execute(arguments: .init(), context: scenario.context("Make a grocery list")).coreText)
        #expect(groceries.contains("Grocery list"))
        #expect(groceries.contains(stored.dinners[0].keyIngredients[0].lowercased()))
        _ = try await skill.execute(arguments: .init(), context: scenario.context("We had lasagna tonight"))
        let history = try scenario.storage.load(.mealHistory)
        #expect(history.last?.name == "lasagna")
    }

    // MARK: Restaurant reservation

    @Test func bookingAnItalianTableForSaturdayAt7ForFour() async throws {
        let scenario = try CoreScenario()
        let skill = RestaurantReservationSkill(services: scenario.services)
        for model in [nil, ScriptedModel(defaultReply: "{}"), CoreScenario.failingModel()] as [ScriptedModel?] {
            let result = try await skill.execute(
                arguments: .init(), context: scenario.context("Book a table at an Italian place for Saturday at 7pm for 4", model: model))
            let approval = try #require(result.coreApproval, "\(result)")
            #expect(approval.risk == .medium)
            #expect(approval.coreDetail("Date") == "2026-11-21")
            #expect(approval.coreDetail("Time") == "19:00")
            #expect(approval.coreDetail("Party size") == "4")
            #expect(approval.coreDetail("Cuisine") == "Italian")
        }
    }

    @Test func theCuisineTheMessageNamesBeatsOneFromAnEarlierTurn() async throws {
        let scenario = try CoreScenario()
        let earlier = [ConversationTurn(speaker: .person, text: "Book a table at an Italian place for Saturday at 7pm for 4"),
                       ConversationTurn(speaker: .assistant, text: "Needs approval: Book an Italian table for 4")]
        var context = scenario.context("Book a table at a Thai place for Friday at 6pm for 2")
        context.history = earlier
        let result = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: RestaurantReservationSkill.Arguments(cuisine: "Italian"), context: context)
        let approval = try #require(result.coreApproval, "\(result)")
        #expect(approval.coreDetail("Cuisine") == "Thai")
        #expect(approval.summary.hasPrefix("Book a Thai table for 2"), "\(approval.summary)")
    }

    @Test func aPlaceOrRequestNobodyMentionedIsNotBooked() async throws {
        let scenario = try CoreScenario()
        let message = "Book a table at an Italian place for Saturday at 7pm for 4"
        let invented = RestaurantReservationSkill.Arguments(cuisine: "Italian", location: "Cannellino",
                                                            specialRequests: "Cannellino, 40000000000000000000")
        let result = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: invented, context: scenario.context(message))
        let approval = try #require(result.coreApproval, "\(result)")
        #expect(approval.coreDetail("Where") == nil)
        #expect(!approval.summary.contains("Cannellino"))
        #expect(approval.summary.hasPrefix("Book an Italian table for 4"), "\(approval.summary)")
        #expect(approval.coreDetail("Special requests")?.contains("Cannellino") != true)

        // What the person did say is kept.
        let said = RestaurantReservationSkill.Arguments(location: "downtown", specialRequests: "a window seat")
        let kept = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: said, context: scenario.context(message + " downtown, a window seat please"))
        let keptApproval = try #require(kept.coreApproval, "\(kept)")
        #expect(keptApproval.coreDetail("Where") == "downtown")
        #expect(keptApproval.coreDetail("Special requests")?.contains("a window seat") == true)
    }

    @Test func relativeArgumentsHandedOverAreResolved() async throws {
        let scenario = try CoreScenario()
        let handoff = HandoffRequest(targetSkillID: "restaurant-reservation", reason: "dining out")
        let result = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: .init(cuisine: "sushi", date: "tomorrow", time: "7", partySize: 2),
            context: scenario.context("Reserve sushi", handoff: handoff))
        let approval = try #require(result.coreApproval, "\(result)")
        #expect(approval.coreDetail("Date") == "2026-11-19")
        #expect(approval.coreDetail("Time") == "19:00")
        #expect(approval.coreDetail("Party size") == "2")
    }

    /// Issue 21: "Book us a table at the French bistro for 2 people" came back dated 2022-01-01 by
    /// the model. A date, time or size nobody said is dropped, and the skill asks for exactly that.
    @Test func valuesTheModelInventedAreAskedForInstead() async throws {
        let scenario = try CoreScenario()
        let result = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: .init(cuisine: "French", date: "2022-01-01", time: "19:00", partySize: 2, location: "the French bistro"),
            context: scenario.context("Book us a table at the French bistro for 2 people"))
        #expect(result.coreApproval == nil, "\(result)")
        guard case .response(let question) = result else { Issue.record("\(result)"); return }
        #expect(question.contains("day") && question.contains("time") && !question.contains("2022"), "\(question)")
        #expect(!question.contains("how many"), "the party size was said: \(question)")
    }

    /// Issue 21: "at 9am today" was accepted after 9am, and "for 2 tomorrow at 6pm" became 14:00.
    @Test func aTimeThatHasPassedIsAskedAgainAndTheStatedTimeWins() async throws {
        let scenario = try CoreScenario()  // Wednesday 12:00 in Chicago
        let skill = RestaurantReservationSkill(services: scenario.services)
        let past = try await skill.execute(arguments: .init(), context: scenario.context("Book a table for 4 today at 9am"))
        #expect(past == .response("09:00 today has already passed. What time would you like the table?"), "\(past)")
        let evening = try await skill.execute(arguments: .init(), context: scenario.context("Book an Italian table for 2 tomorrow at 6pm"))
        let approval = try #require(evening.coreApproval, "\(evening)")
        #expect(approval.coreDetail("Time") == "18:00" && approval.coreDetail("Party size") == "2" && approval.coreDetail("Date") == "2026-11-19")
    }

    /// Issue 21: "Thai" came back from the model as "Cambodia"; a cuisine nobody said is not kept.
    @Test func aCuisineTheModelMadeUpGivesWayToTheOneSaid() async throws {
        let scenario = try CoreScenario()
        let result = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: .init(cuisine: "Cambodia"), context: scenario.context("Book a Thai table for 2 tomorrow at 7pm"))
        let approval = try #require(result.coreApproval, "\(result)")
        #expect(approval.coreDetail("Cuisine") == "Thai", "\(approval)")
    }

    @Test func aRequestMissingTheTimeAsksExactlyForTheTime() async throws {
        let scenario = try CoreScenario()
        let result = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: .init(), context: scenario.context("Book a table at an Italian place for Saturday for 4", model: ScriptedModel()))
        let text = try #require(result.coreText, "\(result)")
        #expect(text == "What time would you like the table?")
        let missingSize = try await RestaurantReservationSkill(services: scenario.services).execute(
            arguments: .init(), context: scenario.context("Book a table for Saturday at 7pm"))
        #expect(missingSize.coreText == "How many people should I book for?")
    }

    @Test func approvedReservationIsRecordedInTheCalendar() async throws {
        let scenario = try CoreScenario()
        let skill = RestaurantReservationSkill(services: scenario.services)
        let result = try await skill.execute(arguments: .init(), context: scenario.context("Book a table at an Italian place for Saturday at 7pm for 4"))
        let approval = try #require(result.coreApproval)
        let registry = try HomeOSSkillSet.registry(services: scenario.services)
        let done = try await registry.skill(approval.action.skillID).performApproved(approval.action, context: scenario.context("yes"))
        #expect(done.coreText?.contains("calendar") == true)
        let events = try scenario.storage.load(.calendarEvents)
        let event = try #require(events.last)
        #expect(event.kind == .reservation)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CoreScenario.chicago
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: event.start)
        #expect([parts.year, parts.month, parts.day, parts.hour, parts.minute] == [2026, 11, 21, 19, 0])
    }

    // MARK: Healthcare

    @Test func myDaughterCantBreatheGetsEmergencyInstructionsEvenWhenTheModelThrows() async throws {
        let scenario = try CoreScenario()
        let skill = HealthcareSkill(services: scenario.services)
        for model in [nil, CoreScenario.failingModel(), ScriptedModel(defaultReply: "informational")] as [ScriptedModel?] {
            let result = try await skill.execute(arguments: .init(), context: scenario.context("my daughter can't breathe", model: model))
            let text = try #require(result.coreText, "\(result)")
            #expect(text.contains(MedicalEmergencyNet.callEmergencyServices))
            #expect(text.contains("911"))
            #expect(HealthDisclaimer.isPresent(in: text))
        }
    }

    @Test func everyHealthAnswerCarriesTheDisclaimer() async throws {
        let scenario = try CoreScenario()
        let skill = HealthcareSkill(services: scenario.services)
        let messages = ["Leo has a fever of 39", "When is grandma's atorvastatin refill due?", "What medications does Grandma Rosa take?",
                        "When is Leo's next doctor appointment?", "Is it ok to take ibuprofen with a cold?", "my daughter can't breathe",
                        "Daniel has chest pain", "Maria has a mild headache", "Leo fell off his bike and his wrist is swollen"]
        let models: [ScriptedModel?] = [nil, CoreScenario.failingModel(),
                                        ScriptedModel(defaultReply: "model: Rest and drink fluids. This is not medical advice.")]
        for model in models {
            for message in messages {
                let result = try await skill.execute(arguments: .init(), context: scenario.context(message, model: model))
                let text = try #require(result.coreText, "\(message): \(result)")
                #expect(HealthDisclaimer.isPresent(in: text), "\(message): \(text)")
                #expect(!text.lowercased().contains("model:"), "role markers are trimmed: \(text)")
            }
        }
    }

    @Test func aSymptomIsTriagedEvenWhenTheModelReadsItAsAMedicationQuestion() async throws {
        let scenario = try CoreScenario()
        let skill = HealthcareSkill(services: scenario.services)
        let result = try await skill.execute(arguments: .init(topic: .medication),
                                             context: scenario.context("Leo has a fever of 38.5", model: nil))
        let text = try #require(result.coreText, "\(result)")
        #expect(text.contains("Triage:"), "\(text)")
        #expect(!text.contains("Medications on record"))
        // With nothing named outright, the model's topic decides.
        let refills = try #require(try await skill.execute(arguments: .init(topic: .refill),
                                                           context: scenario.context("Anything for grandma?")).coreText)
        #expect(refills.contains("atorvastatin"), "\(refills)")
    }

    @Test func triageFloorIsNeverLoweredByTheModel() async throws {
        let scenario = try CoreScenario()
        let result = try await HealthcareSkill(services: scenario.services).execute(
            arguments: .init(), context: scenario.context("Leo fell and hit his head", model: ScriptedModel(defaultReply: "informational")))
        #expect(result.coreText?.contains("Triage: urgent") == true, "\(result)")
    }

    @Test func medicationLookupRefillsAndCallingTheDoctor() async throws {
        let scenario = try CoreScenario()
        let skill = HealthcareSkill(services: scenario.services)
        let meds = try #require(try await skill.execute(arguments: .init(), context: scenario.context("What medications does grandma take?")).coreText)
        #expect(meds.contains("atorvastatin 20 mg"))
        #expect(!meds.contains("epinephrine"))
        let refill = try #require(try await skill.execute(arguments: .init(), context: scenario.context("Any refills due?")).coreText)
        #expect(refill.contains("overdue"))
        #expect(try scenario.storage.load(.reminders).contains { $0.title.contains("atorvastatin") })
        let call = try await skill.execute(arguments: .init(), context: scenario.context("Call the doctor about grandma"))
        #expect(call.coreHandoff?.targetSkillID == "telephony")
    }

    // MARK: Tools, telephony, home

    @Test func toolsWithoutAWeatherProviderSaysSoHonestly() async throws {
        let scenario = try CoreScenario()
        let result = try await ToolsSkill(services: scenario.services).execute(arguments: .init(), context: scenario.context("Will it rain tomorrow?"))
        #expect(result.coreText?.contains("not configured") == true)
    }

    @Test func toolsWithAWeatherProviderReportsTheForecast() async throws {
        let scenario = try CoreScenario(weather: CoreFixedWeather())
        let result = try await ToolsSkill(services: scenario.services).execute(arguments: .init(), context: scenario.context("What's the weather tomorrow?"))
        #expect(result.coreText?.contains("light rain") == true)
        #expect(result.coreText?.contains("2026-11-19") == true)
    }

    @Test func remindersAndNotesAreSaved() async throws {
        let scenario = try CoreScenario()
        let skill = ToolsSkill(services: scenario.services)
        let result = try await skill.execute(arguments: .init(), context: scenario.context("Remind me to call the plumber tomorrow at 8am"))
        #expect(result.coreText?.contains("call the plumber") == true, "\(result)")
        let reminder = try #require(try scenario.storage.load(.reminders).last)
        #expect(reminder.due == CoreScenario.now.addingTimeInterval(20 * 3600))
        _ = try await skill.execute(arguments: .init(), context: scenario.context("Make a note that the wifi password is on the fridge"))
        #expect(try scenario.storage.load(.notes).last?.text == "the wifi password is on the fridge")
        let question = try await skill.execute(arguments: .init(action: .reminder), context: scenario.context("Remind me to water the plants"))
        #expect(question.coreText == "When should I remind you?")
    }

    /// Seen with SmolLM2: the extracted arguments carried the extraction prompt's "Today is …" line,
    /// which became the reminder's title and moved it to today.
    @Test func modelArgumentsCarryingPromptTextNeitherMoveNorRenameTheReminder() async throws {
        let scenario = try CoreScenario()
        let skill = ToolsSkill(services: scenario.services)
        let leaked = ToolsSkill.Arguments(action: .reminder,
                                          text: "Today is 2026-11-22. Use null or leave out what the message does not say. You can call the dentist",
                                          when: "Today is 2026-11-22. tomorrow at 9am")
        let result = try await skill.execute(arguments: leaked, context: scenario.context("Remind me to call the dentist tomorrow at 8am"))
        let reminder = try #require(try scenario.storage.load(.reminders).last)
        #expect(reminder.due == CoreScenario.now.addingTimeInterval(20 * 3600), "\(result)")
        #expect(reminder.title == "Call the dentist")
        #expect(result.coreText?.contains("Today is") == false)
        // Grounded model words are still used.
        let clean = ToolsSkill.Arguments(action: .reminder, text: "call the dentist")
        _ = try await skill.execute(arguments: clean, context: scenario.context("Remind me tomorrow at 8am to call the dentist please"))
        #expect(try scenario.storage.load(.reminders).last?.title == "Call the dentist")
    }

    @Test func telephonyLooksUpContactsAndNeverDialsWithoutHighRiskApproval() async throws {
        let scenario = try CoreScenario()
        let skill = TelephonySkill(services: scenario.services)
        let number = try await skill.execute(arguments: .init(), context: scenario.context("What's grandma's phone number?"))
        #expect(number.coreText?.contains("+1 312 555 0119") == true, "\(number)")
        let call = try await skill.execute(arguments: .init(), context: scenario.context("Phone Daniel"))
        let approval = try #require(call.coreApproval, "\(call)")
        #expect(approval.risk == .high)
        #expect(approval.coreDetail("Number") == "+1 312 555 0187")
        let unknown = try await skill.execute(arguments: .init(), context: scenario.context("Call Leo"))
        #expect(unknown.coreText?.contains("don't have a phone number for Leo") == true, "\(unknown)")
    }

    @Test func homeEmergenciesComeFirstAndTheScheduleComesFromAppliances() async throws {
        let scenario = try CoreScenario()
        let skill = HomeMaintenanceSkill(services: scenario.services)
        for model in [nil, CoreScenario.failingModel()] as [ScriptedModel?] {
            let gas = try #require(try await skill.execute(arguments: .init(), context: scenario.context("I smell gas in the kitchen", model: model)).coreText)
            #expect(gas.contains("Leave the house now"))
            let flood = try #require(try await skill.execute(arguments: .init(), context: scenario.context("The basement is flooding", model: model)).coreText)
            #expect(flood.contains("Shut off the main water valve"))
        }
        let schedule = try #require(try await skill.execute(arguments: .init(), context: scenario.context("When is the furnace filter due?")).coreText)
        #expect(schedule.contains("Replace filter"))
        #expect(schedule.contains("overdue"))
    }

    // MARK: Transportation, family messages, elder care

    @Test func ridesNeedApprovalAndTrafficIsAnsweredHonestly() async throws {
        let scenario = try CoreScenario()
        let skill = TransportationSkill(services: scenario.services)
        let ride = try await skill.execute(arguments: .init(), context: scenario.context("Get Leo a ride to soccer at 5"))
        let approval = try #require(ride.coreApproval, "\(ride)")
        #expect(approval.risk >= .medium)
        #expect(approval.coreDetail("To") == "soccer")
        let done = try await skill.performApproved(approval.action, context: scenario.context("yes"))
        #expect(done.coreText?.contains("calendar") == true)
        #expect(try scenario.storage.load(.calendarEvents).contains { $0.title == "Ride for Leo to soccer" })
        // The stated day and time win over a "when" the model returned that the parser cannot read.
        let saturday = try await skill.execute(arguments: .init(when: "soccer practice time"),
                                               context: scenario.context("Book a ride for Leo to soccer practice on Saturday at 9am"))
        let booked = try #require(saturday.coreApproval, "\(saturday)")
        #expect(booked.coreDetail("When")?.contains("09:00") == true, "\(booked)")
        let traffic = try await skill.execute(arguments: .init(), context: scenario.context("How is traffic to downtown?", model: CoreScenario.failingModel()))
        #expect(traffic.coreText?.contains("don't have live traffic") == true, "\(traffic)")
    }

    /// The words settle these arguments, so the coordinator makes no extraction call before the answer.
    @Test func argumentsTheWordsSettleAreReadWithoutTheModel() async throws {
        let scenario = try CoreScenario()
        let tools = ToolsSkill(services: scenario.services)
        #expect(tools.argumentsReadFromWords(of: "What's on the calendar this week?") != nil)
        #expect(tools.argumentsReadFromWords(of: "Remind me to call the dentist tomorrow at 9am")?.action == .reminder)
        #expect(tools.argumentsReadFromWords(of: "Remind me to call the dentist") == nil, "no time: the model may find one in the history")
        #expect(tools.argumentsReadFromWords(of: "Make a note that the plumber comes at 9") == nil)
        // Executed with only what the words gave, and a model that fails every call, the reminder is complete.
        let reminderMessage = "Remind me to call the dentist tomorrow at 9am"
        let reminded = try await tools.execute(arguments: try #require(tools.argumentsReadFromWords(of: reminderMessage)),
                                               context: scenario.context(reminderMessage, model: CoreScenario.failingModel()))
        #expect(reminded.coreText?.hasPrefix("I'll remind you to call the dentist") == true, "\(reminded)")
        let restaurants = RestaurantReservationSkill(services: scenario.services)
        let bookingMessage = "Book a table at an Italian place for Saturday at 7pm for 4"
        let booking = try #require(restaurants.argumentsReadFromWords(of: bookingMessage))
        #expect(booking.cuisine == "Italian")
        #expect(restaurants.argumentsReadFromWords(of: "Book a table for 4 on Saturday at 7pm") == nil, "no cuisine or place")
        #expect(restaurants.argumentsReadFromWords(of: "Book an Italian place for Saturday at 7pm") == nil, "no party size")
        #expect(restaurants.argumentsReadFromWords(of: "Book an Italian place for 4 on Saturday") == nil, "no time")
        let parked = try await restaurants.execute(arguments: booking,
                                                   context: scenario.context(bookingMessage, model: CoreScenario.failingModel()))
        let approval = try #require(parked.coreApproval, "\(parked)")
        #expect(approval.coreDetail("Cuisine") == "Italian")
        #expect(approval.coreDetail("Time") == "19:00")
        #expect(approval.coreDetail("Party size") == "4")
        #expect(approval.coreDetail("Date")?.isEmpty == false)
        let meals = MealPlanningSkill(services: scenario.services)
        #expect(meals.argumentsReadFromWords(of: "What should we have for dinner tonight?")?.request == .dinner)
        #expect(meals.argumentsReadFromWords(of: "Any Mexican dinner idea for tonight?")?.cuisine == "Mexican")
        #expect(meals.argumentsReadFromWords(of: "Something quick for dinner, under 20 minutes") == nil)
        let health = HealthcareSkill(services: scenario.services)
        let fever = try #require(health.argumentsReadFromWords(of: "Leo has a fever of 38.5"))
        #expect(fever.member == "Leo" && fever.topic == .symptom)
        #expect(health.argumentsReadFromWords(of: "Is this normal?") == nil)
        let home = HomeMaintenanceSkill(services: scenario.services)
        let leak = try #require(home.argumentsReadFromWords(of: "The dishwasher is leaking"))
        #expect(leak.appliance == "dishwasher" && leak.workDone == false)
        #expect(home.argumentsReadFromWords(of: "When is the dishwasher due for service?") == nil, "a schedule question")
        #expect(home.argumentsReadFromWords(of: "I cleaned the dishwasher filter") == nil, "work done, not a problem")
        #expect(home.argumentsReadFromWords(of: "Something is leaking in the basement") == nil, "no appliance of the family's")
    }

    @Test func aChoreTheMessageDoesNotSayIsNotAChore() {
        // The extraction once returned the whole handed-off request as the chore ("It's Maria's turn for the Can you
        // help Leo understand fractions? today").
        let request = "Can you help Leo understand fractions?"
        #expect(FamilyCommsSkill.chore(in: request) == nil)
        #expect(FamilyCommsSkill.grounded(request, in: request) == nil)
        #expect(FamilyCommsSkill.grounded("dishes", in: "Whose turn is it to do the dishes?") == "dishes")
        #expect(FamilyCommsSkill.grounded("laundry", in: "Whose turn is it to do the dishes?") == nil)
    }

    @Test func messagesNeedApprovalAndChoresRotateFairly() async throws {
        let scenario = try CoreScenario()
        let skill = FamilyCommsSkill(services: scenario.services)
        let message = try await skill.execute(arguments: .init(), context: scenario.context("Tell Daniel dinner is at 7"))
        let approval = try #require(message.coreApproval, "\(message)")
        #expect(approval.coreDetail("To") == "Daniel")
        #expect(approval.coreDetail("Message") == "dinner is at 7")
        var turns: [String] = []
        for day in 0..<4 {
            var context = scenario.context("Whose turn is it to do the dishes?")
            context.now = CoreScenario.now.addingTimeInterval(Double(day) * 86_400)
            let first = try #require(try await skill.execute(arguments: .init(), context: context).coreText)
            let again = try #require(try await skill.execute(arguments: .init(), context: context).coreText)
            #expect(first == again, "the same person all day")
            turns.append(first)
        }
        #expect(turns[0].contains("Maria"))
        #expect(turns[1].contains("Daniel"))
        #expect(turns[2].contains("Leo"))
        #expect(turns[3].contains("Maria"))
    }

    @Test func elderCareTriagesAFallAsUrgentAndHandsCheckInsToTelephony() async throws {
        let scenario = try CoreScenario()
        let skill = ElderCareSkill(services: scenario.services)
        for model in [nil, CoreScenario.failingModel(), ScriptedModel(defaultReply: "informational")] as [ScriptedModel?] {
            let fall = try #require(try await skill.execute(arguments: .init(), context: scenario.context("Grandma fell this morning", model: model)).coreText)
            #expect(fall.contains("urgent"), "\(fall)")
            #expect(HealthDisclaimer.isPresent(in: fall))
        }
        let checkIn = try await skill.execute(arguments: .init(), context: scenario.context("Check in on grandma"))
        let handoff = try #require(checkIn.coreHandoff)
        #expect(handoff.targetSkillID == "telephony")
        let call = try await TelephonySkill(services: scenario.services).execute(arguments: .init(), context: scenario.context("Check in on grandma", handoff: handoff))
        #expect(call.coreApproval?.risk == .high, "\(call)")
        // A question about an elder's medications is not a concern to triage: healthcare reads the schedule.
        let question = "When does Grandma Rosa take her atorvastatin?"
        let medication = try #require(try await skill.execute(arguments: .init(), context: scenario.context(question)).coreHandoff)
        #expect(medication.targetSkillID == "healthcare")
        #expect(medication.context["member"] == "Grandma Rosa")
        let schedule = try await HealthcareSkill(services: scenario.services).execute(
            arguments: .init(), context: scenario.context(question, model: CoreScenario.failingModel(), handoff: medication))
        #expect(schedule.coreText?.contains("atorvastatin") == true, "\(schedule)")
        #expect(schedule.coreText?.contains("Triage") == false, "\(schedule)")
    }

    // MARK: Registry

    @Test func theRegistryHasNoSchemaDrift() throws {
        let scenario = try CoreScenario()
        let registry = try HomeOSSkillSet.registry(services: scenario.services)
        #expect(registry.schemaDrift().isEmpty, "\(registry.schemaDrift())")
        for id in ["meal-planning", "restaurant-reservation", "healthcare", "home-maintenance", "transportation", "family-comms",
                   "telephony", "elder-care", "tools"] {
            #expect(registry.isEnabled(id), "\(id)")
        }
    }
}

/// A weather provider with a fixed forecast.
struct CoreFixedWeather: WeatherProvider {
    func forecast(for location: String, on date: Date) async throws -> WeatherForecast {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CoreScenario.chicago
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        return WeatherForecast(location: "Chicago", date: day, summary: "light rain", highCelsius: 8, lowCelsius: 2, precipitationChance: 0.6)
    }
}
