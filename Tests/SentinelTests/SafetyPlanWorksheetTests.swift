import Foundation
@testable import Sentinel
import Testing

/// Importing a scanned paper Stanley–Brown worksheet: headings, phone numbers, contact kinds.
@Suite struct SafetyPlanWorksheetTests {
    /// The text an OCR pass produced from a filled-in worksheet: "Stcp"/"Waming" misreads, a
    /// heading broken over two lines, blank underscores, form labels, a number on its own line,
    /// a therapist written under people, Mom written under professionals, the copyright footer.
    static let scannedWorksheet = """
Patient Safety Plan Template

Stcp 1: Waming signs (thoughts, images, mood, situation, behavior) that a crisis may be developing:
1. Not sleeping more than 4 hours ______________
2. Pulling away from my wife and kids
3. Drinking alone in the garage

Step 2: Internal coping strategies - Things I can do to take my mind off my problems
without contacting another person (relaxation technique, physical activity):
1. Go for a run by the river
2) Box breathing, 4 counts
3. ____________________________

Step 3: People and social settings that provide distraction:
1. Name: Tony (neighbor)          Phone: 555.410.2231
2. Place: VFW Post 1137 on Thursday nights
3. Place: The gym on Elm St.

STEP 4 : People whom I can ask for help:
1. Name: Sarah - my sister   Phone: (555) 867-5309
2. Name: Mike R. (battle buddy, 2nd Bn)
   Phone: 555 201 7788
3. Name: Dr. Patel, my therapist      Phone: 555-342-1188 ext. 204

Step 5: Professionals or agencies I can contact during a crisis:
1. Clinician Name: Jane Alvarez, LCSW   Phone: 1 (555) 390-4400
   Clinician Pager or Emergency Contact #: ____________
2. Local Urgent Care Services: VA Medical Center Emergency Dept.
   Urgent Care Services Address: 1 Veterans Way
   Urgent Care Services Phone: 555-390-9111
3. Suicide Prevention Lifeline Phone: 988
4. Name: Mom   Phone: 555-771-0042

Step 6: Making the environment safe:
1. Give my pistol to Mike to hold while things are bad
2. Lock up the sleeping pills; wife keeps the key

Step 7: The one thing that is most important to me and worth living for is:
My daughters, Emma and Lily

Safety Plan Template ©2008 Barbara Stanley and Gregory K. Brown, is reprinted with the express permission of the authors.
No portion of the Safety Plan Template may be reproduced without their express, written permission.
"""

    @Test func scannedWorksheetIsSplitIntoTheSevenSections() throws {
        let result = try SafetyPlanWorksheetParser().parse(Self.scannedWorksheet)
        #expect(result.sectionsFound == SafetyPlanSection.allCases)
        let plan = result.plan
        #expect(plan.entries(in: .warningSigns).map(\.text) == [
            "Not sleeping more than 4 hours", "Pulling away from my wife and kids", "Drinking alone in the garage",
        ])
        // The heading's second line is not an entry; the empty "3. ____" line is dropped.
        #expect(plan.entries(in: .copingStrategies).map(\.text) == ["Go for a run by the river", "Box breathing, 4 counts"])
        #expect(plan.entries(in: .distraction) == [
            SafetyPlanEntry(text: "Tony (neighbor)", phone: "(555) 410-2231"),
            SafetyPlanEntry(text: "VFW Post 1137 on Thursday nights"),
            SafetyPlanEntry(text: "The gym on Elm St"),
        ])
        #expect(plan.entries(in: .environmentSafety).map(\.text) == [
            "Give my pistol to Mike to hold while things are bad", "Lock up the sleeping pills; wife keeps the key",
        ])
        #expect(plan.entries(in: .reasonsForLiving).map(\.text) == ["My daughters, Emma and Lily"])
        // Nothing of the footer or the title got in.
        let everything = SafetyPlanSection.allCases.flatMap { plan.entries(in: $0) }.map(\.text).joined(separator: " ")
        #expect(!everything.contains("Stanley"))
        #expect(!everything.contains("permission"))
        #expect(!everything.contains("Template"))
    }

    @Test func contactsKeepTheirNumbersAndAreSortedIntoPersonalAndProfessional() throws {
        let result = try SafetyPlanWorksheetParser().parse(Self.scannedWorksheet)
        let plan = result.plan
        // The therapist written under people moved to professionals; Mom moved the other way.
        #expect(plan.entries(in: .peopleToAsk) == [
            SafetyPlanEntry(text: "Sarah - my sister", phone: "(555) 867-5309"),
            SafetyPlanEntry(text: "Mike R. (battle buddy, 2nd Bn)", phone: "(555) 201-7788"),
            SafetyPlanEntry(text: "Mom", phone: "(555) 771-0042"),
        ])
        #expect(plan.entries(in: .professionals) == [
            SafetyPlan.crisisLine,
            SafetyPlanEntry(text: "Dr. Patel, my therapist", phone: "(555) 342-1188 ext. 204"),
            SafetyPlanEntry(text: "Jane Alvarez, LCSW", phone: "(555) 390-4400"),
            SafetyPlanEntry(text: "VA Medical Center Emergency Dept, 1 Veterans Way", phone: "(555) 390-9111"),
        ])
        // 988 is listed once, as the plan's own crisis line.
        #expect(plan.entries(in: .professionals).filter(\.isCrisisLine).count == 1)
        #expect(result.notes.contains { $0.contains("Dr. Patel") && $0.contains("professional") })
        #expect(result.notes.contains { $0.contains("Mom") && $0.contains("personal") })
        #expect(plan.warnings.isEmpty)
    }

    @Test func headingsAreRecognisedInTheirUsualSpellings() {
        let cases: [(String, SafetyPlanSection)] = [
            ("Step 1: Warning signs", .warningSigns),
            ("STEP 2 - INTERNAL COPING STRATEGIES", .copingStrategies),
            ("3. People and social settings that provide distraction:", .distraction),
            ("People I can ask for help:", .peopleToAsk),
            ("Step 5: Professionals or agencies I can contact during a crisis:", .professionals),
            ("Making the environment safe", .environmentSafety),
            ("Reasons for living:", .reasonsForLiving),
            ("Step 6 - Lethal means", .environmentSafety),
            ("5tep 4: Pcople whom I can ask for hclp", .peopleToAsk),  // garbled words: the step number decides
        ]
        for (line, section) in cases {
            #expect(SafetyPlanWorksheetParser.heading(in: line)?.section == section, "\(line)")
        }
        for entry in ["1. Call someone to ask for help when I feel this way", "Go to places where there are people",
                      "2. Walk the dog"] {
            #expect(SafetyPlanWorksheetParser.heading(in: entry) == nil, "\(entry)")
        }
    }

    @Test func aHeadingWithTextAfterItsColonKeepsTheText() throws {
        let plan = try SafetyPlanWorksheetParser().parse("Warning signs: can't sleep\nReasons for living: my dog Max\n").plan
        #expect(plan.entries(in: .warningSigns).map(\.text) == ["can't sleep"])
        #expect(plan.entries(in: .reasonsForLiving).map(\.text) == ["my dog Max"])
    }

    @Test func textWithoutHeadingsIsRefused() {
        #expect(throws: SafetyPlanError.noSectionsFound) {
            try SafetyPlanWorksheetParser().parse("Grocery list\nmilk\neggs\n")
        }
    }

    @Test func usPhoneNumbersAreFoundInTheirCommonFormats() {
        let text = """
            (555) 123-4567, 555.234.5678 and 555 345 6789; 5554567890. Toll free +1 800-273-8255 or 1-800-273-TALK (8255). \
            Office x: 555-222-3333 ext. 12. Crisis: 988, emergencies 911, or text 838255. Not numbers: 2024-01-05, 12345.
            """
        #expect(PhoneNumberExtractor.extract(from: text) == [
            "(555) 123-4567", "(555) 234-5678", "(555) 345-6789", "(555) 456-7890", "1-800-273-8255", "1-800-273-8255",
            "(555) 222-3333 ext. 12", "988", "911", "838255",
        ])
        #expect(PhoneNumberExtractor.extract(from: "Room 101, 23 Main St, zip 90210").isEmpty)
        #expect(PhoneNumberExtractor.extract(from: "call 123-456-7890").isEmpty, "an area code cannot start with 1")
    }

    @Test func contactKindsAreToldApartByTheirWords() {
        for text in ["Dr. Lee", "My therapist Anna", "VA mental health clinic", "Vet Center counselor", "Crisis hotline",
                     "Jane Alvarez, LCSW", "St. Mary's Hospital ER", "Case manager Tom"] {
            #expect(SafetyPlanContactClassifier.classify(text) == .professional, "\(text)")
        }
        for text in ["Mom", "My brother Mike", "Sarah (sister)", "Battle buddy Chris", "Tony", "Mom (a nurse)", "Jose Luis Garcia"] {
            #expect(SafetyPlanContactClassifier.classify(text) == .personal, "\(text)")
        }
        #expect(SafetyPlanContactClassifier.classify("the bench by the lake") == .unknown)
    }
}
