import Foundation
@testable import Sentinel
import Testing

/// The Stanley–Brown safety plan: editing, JSON, the store, the 988 line that always stays.
@Suite struct SafetyPlanTests {
    @Test func anEmptyPlanStillLists988() {
        let plan = SafetyPlan()
        #expect(plan.entries(in: .professionals) == [SafetyPlan.crisisLine])
        #expect(SafetyPlan.crisisLine.phone == "988")
        #expect(plan.text().contains("988 Suicide & Crisis Lifeline"))
    }

    @Test func the988LineCannotBeRemoved() throws {
        var plan = SafetyPlan()
        try plan.add(text: "Dr. Alvarez 555-390-4400", to: .professionals)
        #expect(throws: SafetyPlanError.crisisLineRequired) { try plan.remove(at: 1, from: .professionals) }
        let removed = try plan.remove(at: 2, from: .professionals)
        #expect(removed == SafetyPlanEntry(text: "Dr. Alvarez", phone: "(555) 390-4400"))
        #expect(plan.entries(in: .professionals) == [SafetyPlan.crisisLine])
        #expect(throws: SafetyPlanError.crisisLineRequired) { try plan.remove(at: 1, from: .professionals) }
    }

    @Test func the988LineIsNeverDuplicatedAndSurvivesJSONWithoutIt() throws {
        var plan = SafetyPlan()
        #expect(try plan.add(text: "Veterans Crisis Line 988", to: .professionals) == false)
        #expect(try plan.add(SafetyPlanEntry(text: "Lifeline", phone: "988"), to: .peopleToAsk) == false)
        #expect(plan.entries(in: .professionals).count == 1)

        let withoutIt = try JSONDecoder().decode(SafetyPlan.self, from: Data(#"{"professionals": ["Dr. Lee"]}"#.utf8))
        #expect(withoutIt.entries(in: .professionals) == [SafetyPlan.crisisLine, SafetyPlanEntry(text: "Dr. Lee")])
        // The plan's own JSON lists 988; reading it back keeps it once.
        let roundTrip = try JSONDecoder().decode(SafetyPlan.self, from: JSONEncoder().encode(withoutIt))
        #expect(roundTrip == withoutIt)
        #expect(roundTrip.entries(in: .professionals).filter(\.isCrisisLine).count == 1)
    }

    @Test func entriesAreAddedAndRemovedByTheirShownNumbers() throws {
        var plan = SafetyPlan()
        try plan.add(text: "Walk the dog", to: .copingStrategies)
        try plan.add(text: "Play guitar", to: .copingStrategies)
        try plan.add(text: "Mike (battle buddy) (555) 201-7788", to: .peopleToAsk)
        #expect(plan.entries(in: .peopleToAsk) == [SafetyPlanEntry(text: "Mike (battle buddy)", phone: "(555) 201-7788")])
        #expect(try plan.remove(at: 1, from: .copingStrategies).text == "Walk the dog")
        #expect(plan.entries(in: .copingStrategies).map(\.text) == ["Play guitar"])
        #expect(throws: SafetyPlanError.indexOutOfRange(section: .copingStrategies, index: 3, count: 1)) {
            try plan.remove(at: 3, from: .copingStrategies)
        }
        #expect(throws: SafetyPlanError.emptyEntry(section: .reasonsForLiving)) { try plan.add(text: "  ", to: .reasonsForLiving) }
    }

    @Test func aPlanWithoutAHelpContactWarns() throws {
        var plan = SafetyPlan()
        #expect(plan.warnings.count == 1)
        #expect(plan.warnings[0].contains("No one is listed"))
        try plan.add(text: "Sarah", to: .peopleToAsk)
        #expect(plan.warnings.count == 1)
        #expect(plan.warnings[0].contains("No phone number"))
        try plan.add(text: "Mom 555-771-0042", to: .peopleToAsk)
        #expect(plan.warnings.isEmpty)
        #expect(plan.hasHelpContact)
    }

    @Test func sectionNamesAreReadFromNumbersKeysAndCommonWords() {
        #expect(SafetyPlanSection(argument: "2") == .copingStrategies)
        #expect(SafetyPlanSection(argument: "help") == .peopleToAsk)
        #expect(SafetyPlanSection(argument: "Lethal_Means") == .environmentSafety)
        #expect(SafetyPlanSection(argument: "reasonsForLiving") == .reasonsForLiving)
        #expect(SafetyPlanSection(argument: "warning signs") == .warningSigns)
        #expect(SafetyPlanSection(argument: "8") == nil)
        #expect(SafetyPlanSection(argument: "banana") == nil)
    }

    @Test func jsonImportAcceptsStringsAndObjectsAndNamesBadKeys() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plan-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("plan.json")
        try Data("""
            {"warningSigns": ["Not sleeping"], "peopleToAsk": [{"text": "Mom", "phone": "555-771-0042"}, {"name": "Mike"}],
             "environmentSafety": ["Pistol stays with Mike"], "reasonsForLiving": ["My daughters"]}
            """.utf8).write(to: good)
        let plan = try SafetyPlan.load(jsonFile: good.path)
        #expect(plan.entries(in: .peopleToAsk) == [SafetyPlanEntry(text: "Mom", phone: "555-771-0042"), SafetyPlanEntry(text: "Mike")])
        #expect(plan.entries(in: .professionals) == [SafetyPlan.crisisLine])

        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"hobbies": ["golf"]}"#.utf8).write(to: bad)
        #expect {
            try SafetyPlan.load(jsonFile: bad.path)
        } throws: { error in
            "\(error)".contains("unknown section \"hobbies\"") && "\(error)".contains("warningSigns")
        }
    }

    @Test func theEncryptedStoreKeepsThePlan() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plan-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var plan = SafetyPlan()
        try plan.add(text: "Mike (battle buddy) 555-201-7788", to: .peopleToAsk)
        try plan.add(text: "Pistol stays with Mike", to: .environmentSafety)
        do {
            let store = try SentinelStore(directory: directory)
            #expect(try store.loadSafetyPlan() == nil)
            try store.saveSafetyPlan(plan)
            try store.close()
        }
        let reopened = try SentinelStore(directory: directory)
        #expect(try reopened.loadSafetyPlan() == plan)
        #expect(try reopened.currentSafetyPlan().entries(in: .professionals).first == SafetyPlan.crisisLine)
    }

    @Test func updatesThroughTheStoringProtocolSaveOnlyOnSuccess() throws {
        let store = InMemorySafetyPlanStore()
        try store.updateSafetyPlan { try $0.add(text: "Walk the dog", to: .copingStrategies) }
        #expect(throws: SafetyPlanError.crisisLineRequired) {
            try store.updateSafetyPlan { plan in
                try plan.add(text: "Play guitar", to: .copingStrategies)
                try plan.remove(at: 1, from: .professionals)
            }
        }
        #expect(try store.currentSafetyPlan().entries(in: .copingStrategies).map(\.text) == ["Walk the dog"])
    }

    @Test func theCommandLineEditsThePlanAndKeeps988() async throws {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-cli-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let empty = try await SentinelProcess.run(["plan", "show", "--data-dir", dataDir])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.contains("1. 988 Suicide & Crisis Lifeline"))
        #expect(empty.stderr.contains("Warning: No one is listed"))

        let added = try await SentinelProcess.run(["plan", "add", "help", "Mike (battle buddy) 555-201-7788", "--data-dir", dataDir])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Mike (battle buddy) — (555) 201-7788"))
        #expect(!added.stderr.contains("Warning"))

        let refused = try await SentinelProcess.run(["plan", "remove", "professionals", "1", "--data-dir", dataDir])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("cannot be removed"))

        let worksheet = URL(fileURLWithPath: dataDir).appendingPathComponent("worksheet.txt")
        try Data(SafetyPlanWorksheetTests.scannedWorksheet.utf8).write(to: worksheet)
        let imported = try await SentinelProcess.run(["plan", "import-text", worksheet.path, "--data-dir", dataDir])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Found 7 of 7 sections"))
        #expect(imported.stdout.contains("Dr. Patel, my therapist — (555) 342-1188 ext. 204"))

        let json = try await SentinelProcess.run(["plan", "show", "--json", "--data-dir", dataDir])
        #expect(json.status == 0)
        let plan = try JSONDecoder().decode(SafetyPlan.self, from: Data(json.stdout.utf8))
        #expect(plan.entries(in: .reasonsForLiving).map(\.text) == ["My daughters, Emma and Lily"])
        #expect(!plan.entries(in: .peopleToAsk).contains { $0.text.contains("Mike (battle buddy) 555") }, "import replaced the plan")
    }
}
