import Foundation
import HomeOS
import HummingbirdTesting
import LLM
import Testing
@testable import WebApp

/// The Family page's forms and Today: records added, edited and deleted; every invalid field named
/// with its own message; nothing written by a rejected form.
@Suite(.serialized) struct FamilyRouteTests {
    @Test func formsDescribeEveryKind() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let forms = try await web.get("/api/family/forms").json
            let kinds = forms["kinds"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
            #expect(kinds == ["members", "medications", "events", "reminders", "appliances", "schools"])
            let family = try await web.get("/api/family").json
            #expect(family["name"]?.stringValue == "The Rivera family")
            #expect(family["records"]?["members"]?.arrayValue?.count == 4)
        }
    }

    @Test func addedMedicationShowsInTodaysScheduleAndCanBeMarkedTaken() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let created = try await web.send(.post, "/api/family/medications",
                                             json: #"{"member":"rosa","name":"metformin","dosage":"500 mg","times":"8:00, 20:00"}"#)
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(created.json["record"]?["id"]?.stringValue)
            let today = try await web.get("/api/today").json
            let doses = today["medications"]?.arrayValue?.filter { $0["name"]?.stringValue == "metformin" } ?? []
            #expect(doses.map { $0["time"]?.stringValue } == ["08:00", "20:00"])
            #expect(doses.first?["dosage"]?.stringValue == "500 mg")
            #expect(doses.first?["member"]?.stringValue == "Grandma Rosa")

            let taken = try await web.send(.post, "/api/medications/\(id)/taken", json: #"{"time":"08:00"}"#)
            #expect(taken.status == .ok)
            let after = try await web.get("/api/today").json["medications"]?.arrayValue ?? []
            #expect(after.first { $0["name"]?.stringValue == "metformin" && $0["time"]?.stringValue == "08:00" }?["taken"] == true)
            let wrongTime = try await web.send(.post, "/api/medications/\(id)/taken", json: #"{"time":"13:00"}"#)
            #expect(wrongTime.status == .badRequest)
        }
        #expect(try fixture.storage.load(.medications).contains { $0.name == "metformin" && $0.times == ["08:00", "20:00"] })
    }

    @Test func invalidFormNamesEachFieldAndWritesNothing() async throws {
        let fixture = try await WebFixture()
        let before = try fixture.storage.load(.medications)
        try await fixture.test { web in
            let response = try await web.send(.post, "/api/family/medications",
                                              json: #"{"member":"nobody","name":"","dosage":"5 mg","times":"noon","refillDate":"soon"}"#)
            #expect(response.status == .badRequest)
            let fields = response.json["fields"]
            #expect(fields?["member"]?.stringValue == "Choose one of the listed options.")
            #expect(fields?["name"]?.stringValue?.contains("required") == true)
            #expect(fields?["times"]?.stringValue?.contains("HH:mm") == true)
            #expect(fields?["refillDate"]?.stringValue?.contains("YYYY-MM-DD") == true)
            #expect(fields?["dosage"] == nil)
            #expect(response.json["error"]?.stringValue?.contains("nothing was saved") == true)
        }
        #expect(try fixture.storage.load(.medications) == before)
    }

    @Test func memberIsEditedAndDeletedButNotWhileMedicationsReferToIt() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let edited = try await web.send(.put, "/api/family/members/leo",
                                            json: #"{"name":"Leo","role":"child","age":"10","allergies":"peanuts, sesame"}"#)
            #expect(edited.status == .ok, "\(edited.text)")
            let blocked = try await web.send(.delete, "/api/family/members/rosa")
            #expect(blocked.status == .conflict)
            #expect(blocked.json["error"]?.stringValue?.contains("medication") == true)
            let added = try await web.send(.post, "/api/family/members", json: #"{"name":"Sam","role":"child","age":"4"}"#)
            #expect(added.status == .created)
            let r1 = try await web.send(.delete, "/api/family/members/sam")
            #expect(r1.status == .ok)
            let badAge = try await web.send(.post, "/api/family/members", json: #"{"name":"Old","role":"other","age":"400"}"#)
            #expect(badAge.json["fields"]?["age"]?.stringValue?.contains("0 to 130") == true)
        }
        let family = try fixture.storage.load(.family)
        #expect(family.member(id: "leo")?.allergies == ["peanuts", "sesame"])
        #expect(family.member(id: "leo")?.age == 10)
        #expect(family.member(id: "rosa") != nil)
        #expect(family.member(id: "sam") == nil)
    }

    @Test func hostileNameIsStoredAsTextAndServedAsJSON() async throws {
        let fixture = try await WebFixture()
        let hostile = "<img src=x onerror=alert(1)>"
        try await fixture.test { web in
            let created = try await web.send(.post, "/api/family/members", json: #"{"name":"<img src=x onerror=alert(1)>","role":"other"}"#)
            #expect(created.status == .created)
            let family = try await web.get("/api/family")
            #expect(family.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(family.json["records"]?["members"]?.arrayValue?.contains { $0["title"]?.stringValue == hostile } == true)
        }
    }

    @Test func eventsRemindersAppliancesAndSchoolsRoundTrip() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let event = try await web.send(.post, "/api/family/events",
                                           json: #"{"title":"Dentist","kind":"appointment","start":"2026-12-01T15:30","members":"Leo"}"#)
            #expect(event.status == .created, "\(event.text)")
            let backwards = try await web.send(.post, "/api/family/events",
                                               json: #"{"title":"X","start":"2026-12-01T15:30","end":"2026-12-01T14:00"}"#)
            #expect(backwards.json["fields"]?["end"]?.stringValue == "The end is before the start.")
            let reminder = try await web.send(.post, "/api/family/reminders", json: #"{"title":"Call the plumber","member":"daniel"}"#)
            #expect(reminder.status == .created)
            let reminderID = try #require(reminder.json["record"]?["id"]?.stringValue)
            let r2 = try await web.send(.post, "/api/reminders/\(reminderID)/done")
            #expect(r2.status == .ok)
            let appliance = try await web.send(.post, "/api/family/appliances", json: #"{"name":"Dryer","kind":"dryer"}"#)
            #expect(appliance.json["record"]?["id"]?.stringValue == "dryer")
            let school = try await web.send(.post, "/api/family/schools",
                                            json: #"{"member":"maria","school":"Night school","periods":"Tuesday 18:00-20:00 Spanish"}"#)
            #expect(school.status == .created, "\(school.text)")
            let badSchool = try await web.send(.post, "/api/family/schools", json: #"{"member":"daniel","school":"X","periods":"sometime maths"}"#)
            #expect(badSchool.json["fields"]?["periods"]?.stringValue?.contains("Monday 08:30-09:15") == true)
        }
        let events = try fixture.storage.load(.calendarEvents)
        #expect(events.first { $0.title == "Dentist" }?.memberIDs == ["leo"])
        #expect(try fixture.storage.load(.reminders).first { $0.title == "Call the plumber" }?.isDone == true)
        #expect(try fixture.storage.load(.schoolSchedules).first { $0.memberID == "maria" }?.periods.first?.subject == "Spanish")
    }

    @Test func skillsAreSwitchedOffAndOn() async throws {
        let fixture = try await WebFixture()
        try await fixture.test { web in
            let off = try await web.send(.post, "/api/skills/marketplace-sell", json: #"{"enabled":false}"#)
            #expect(off.json["skill"]?["enabled"] == false)
            let listing = try await web.get("/api/models").json
            #expect(listing["skills"]?.arrayValue?.first { $0["id"]?.stringValue == "marketplace-sell" }?["enabled"] == false)
        }
        #expect(try !fixture.storage.load(.skillSettings).isEnabled("marketplace-sell"))
    }
}
