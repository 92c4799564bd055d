import Foundation
import HomeOS
import Testing

/// Issue 26, item 10: medications, reminders, events and members are added, changed and removed
/// from the terminal, checked as an import is; a failed check saves nothing.
@Suite(.serialized) struct DataEntryCommandLineTests {
    @Test func medicationsAreAddedChangedListedAndRemoved() async throws {
        let home = try await AssistantCommandLineTests.Home()
        defer { home.folder.remove() }
        let added = try await home.run(["data", "add", "medication", "--member", "rosa", "--name", "lisinopril", "--dose", "10 mg",
                                        "--times", "08:00", "--refill", "2026-12-20"])
        #expect(added.status == 0, "\(added.stderr)")
        let medication = try #require(try home.storage().load(.medications).first { $0.name == "lisinopril" })
        #expect(medication.memberID == "rosa" && medication.dosage == "10 mg" && medication.times == ["08:00"])
        #expect(added.stdout.contains(medication.id.uuidString))

        let changed = try await home.run(["data", "change", "medication", medication.id.uuidString, "--dose", "20 mg", "--times", "08:00,20:00"])
        #expect(changed.status == 0, "\(changed.stderr)")
        let after = try #require(try home.storage().load(.medications).first { $0.id == medication.id })
        #expect(after.dosage == "20 mg" && after.times == ["08:00", "20:00"] && after.refillDate == "2026-12-20")

        let listed = try await home.run(["data", "list", "medication"])
        #expect(listed.stdout.contains("lisinopril") && listed.stdout.contains("atorvastatin"), "\(listed.stdout)")

        // A check that fails saves nothing, and says what to fix.
        let before = try home.storage().load(.medications)
        let wrongTime = try await home.run(["data", "change", "medication", medication.id.uuidString, "--times", "25:00"])
        #expect(wrongTime.status != 0 && wrongTime.stderr.contains("not HH:mm"), "\(wrongTime.stderr)")
        let nobody = try await home.run(["data", "add", "medication", "--member", "zeus", "--name", "x", "--dose", "1 mg"])
        #expect(nobody.status != 0 && nobody.stderr.contains("zeus"), "\(nobody.stderr)")
        #expect(try home.storage().load(.medications) == before)

        let removed = try await home.run(["data", "remove", "medication", medication.id.uuidString])
        #expect(removed.status == 0 && removed.stdout.contains("Removed medication lisinopril"), "\(removed.stdout)\(removed.stderr)")
        #expect(try home.storage().load(.medications).count == before.count - 1)
        let again = try await home.run(["data", "remove", "medication", medication.id.uuidString])
        #expect(again.status != 0 && again.stderr.contains("homeos data list medication"), "\(again.stderr)")
    }

    @Test func remindersEventsAndMembers() async throws {
        let home = try await AssistantCommandLineTests.Home()
        defer { home.folder.remove() }
        let reminder = try await home.run(["data", "add", "reminder", "--title", "Call the plumber", "--when", "tomorrow at 5pm",
                                           "--member", "maria"])
        #expect(reminder.status == 0, "\(reminder.stderr)")
        let saved = try #require(try home.storage().load(.reminders).first { $0.title == "Call the plumber" })
        #expect(saved.due != nil && saved.memberID == "maria")
        let nonsense = try await home.run(["data", "add", "reminder", "--title", "x", "--when", "sometime soon"])
        #expect(nonsense.status != 0 && nonsense.stderr.contains("not a time HomeOS understands"), "\(nonsense.stderr)")

        let event = try await home.run(["data", "add", "event", "--title", "Dentist", "--when", "friday 3pm", "--kind", "appointment",
                                        "--member", "leo"])
        #expect(event.status == 0, "\(event.stderr)")
        #expect(try home.storage().load(.calendarEvents).contains { $0.title == "Dentist" && $0.kind == .appointment && $0.memberIDs == ["leo"] })

        let member = try await home.run(["data", "add", "member", "--name", "Aunt May", "--role", "other", "--age", "70",
                                         "--allergies", "peanuts"])
        #expect(member.status == 0, "\(member.stderr)")
        let family = try #require(try home.storage().loadIfPresent(.family))
        let may = try #require(family.members.first { $0.name == "Aunt May" })
        #expect(may.allergies == ["peanuts"] && may.age == 70)
        let changed = try await home.run(["data", "change", "member", may.id, "--allergies", "peanuts,sesame"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try home.storage().loadIfPresent(.family)?.members.first { $0.id == may.id }?.allergies == ["peanuts", "sesame"])

        // Someone a record names is not removed behind its back.
        let named = try await home.run(["data", "remove", "member", "rosa"])
        #expect(named.status != 0 && named.stderr.contains("atorvastatin"), "\(named.stderr)")
        let removed = try await home.run(["data", "remove", "member", may.id])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try home.storage().loadIfPresent(.family)?.members.contains { $0.id == may.id } == false)
    }
}
