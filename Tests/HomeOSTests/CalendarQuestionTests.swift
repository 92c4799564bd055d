import Foundation
import HomeOS
import Testing

/// "What's on the calendar this week?" reads the calendar; it never files a note.
@Suite struct CalendarQuestionTests {
    @Test func aCalendarQuestionListsTheEventsAndSavesNothing() async throws {
        let scenario = try CoreScenario()
        let tomorrowAtFive = CoreScenario.now.addingTimeInterval(29 * 3600)  // Thursday 17:00 in Chicago
        let nextMonth = CoreScenario.now.addingTimeInterval(30 * 86_400)
        try scenario.storage.update(.calendarEvents) {
            $0 = [CalendarEvent(title: "Dentist — Leo", kind: .appointment, start: tomorrowAtFive),
                  CalendarEvent(title: "Far away", start: nextMonth)]
        }
        let notesBefore = try scenario.storage.load(.notes).count
        let skill = ToolsSkill(services: scenario.services)
        for message in ["what's on the calendar this week?", "What do we have tomorrow?", "anything on this week"] {
            let result = try await skill.execute(arguments: .init(), context: scenario.context(message))
            guard case .response(let text) = result else { Issue.record("\(message): \(result)"); continue }
            #expect(text.contains("Dentist — Leo") && !text.contains("Far away"), "\(message): \(text)")
        }
        let today = try await skill.execute(arguments: .init(action: .note), context: scenario.context("what's on today?"))
        #expect(today == .response("Nothing is on the calendar today."))
        #expect(try scenario.storage.load(.notes).count == notesBefore)
        // Writing to the calendar or taking a note is not a question.
        let note = try await skill.execute(arguments: .init(), context: scenario.context("note: the schedule for soccer changed"))
        #expect(try scenario.storage.load(.notes).count == notesBefore + 1, "\(note)")
    }
}
