import Foundation
import Sentinel
import Testing

/// `sentinel profile`: the crisis profile and hope box kept in the encrypted store, used by every
/// check-in without a --profile file; and guided coping from the plan for yellow.
@Suite(.serialized) struct ProfileCommandLineTests {
    @Test func theStoredProfileReachesTheCrisisViewWithoutAFile() async throws {
        let scratch = StoreScratch()
        let data = scratch.data.path
        let set = try await SentinelProcess.run(["profile", "set", "--name", "Sam", "--buddy-name", "Alex",
                                                 "--buddy-phone", "555-123-4567", "--self-command", "You got through March.",
                                                 "--data-dir", data])
        #expect(set.status == 0, "\(set.stderr)")
        let hope = try await SentinelProcess.run(["profile", "hope", "add", "Fishing", "with", "Dad", "--data-dir", data])
        #expect(hope.status == 0, "\(hope.stderr)")
        let shown = try await SentinelProcess.run(["profile", "show", "--json", "--data-dir", data])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect((json["hopeBox"] as? [String]) == ["Fishing with Dad"])
        #expect(((json["profile"] as? [String: Any])?["name"] as? String) == "Sam")
        #expect(try SentinelStore(directory: scratch.data).loadProfile()?.battleBuddy?.phone == "555-123-4567")

        // Orange: 1 yes, 2 yes, 3 yes, 4 no, 5 no, 6 no.
        let checkIn = try await SentinelProcess.run(["checkin", "--no-model", "--no-recheck", "--data-dir", data],
                                                    input: "yes\nyes\nyes\nno\nno\nno\n")
        #expect(checkIn.status == 0, "\(checkIn.stderr)")
        #expect(checkIn.stdout.contains("ORANGE"), "\(checkIn.stdout)")
        #expect(checkIn.stdout.contains("Alex"), "the battle buddy from the store: \(checkIn.stdout)")
        #expect(checkIn.stdout.contains("555-123-4567"))
        #expect(checkIn.stdout.contains("You got through March."))
        #expect(checkIn.stdout.contains("Fishing with Dad"))
    }

    @Test func badValuesAreRefusedAndNothingChanges() async throws {
        let scratch = StoreScratch()
        let data = scratch.data.path
        let noName = try await SentinelProcess.run(["profile", "set", "--line", "text", "--data-dir", data])
        #expect(noName.status != 0)
        #expect(noName.stderr.contains("--name"), "\(noName.stderr)")
        let badPhone = try await SentinelProcess.run(["profile", "set", "--name", "Sam", "--buddy-name", "Alex", "--buddy-phone", "call me",
                                                      "--data-dir", data])
        #expect(badPhone.status != 0)
        #expect(badPhone.stderr.contains("phone number"), "\(badPhone.stderr)")
        let badLine = try await SentinelProcess.run(["profile", "set", "--name", "Sam", "--line", "pager", "--data-dir", data])
        #expect(badLine.status != 0)
        let remove = try await SentinelProcess.run(["profile", "hope", "remove", "3", "--data-dir", data])
        #expect(remove.status != 0)
        #expect(remove.stderr.contains("no hope-box entry 3"), "\(remove.stderr)")
        #expect(try SentinelStore(directory: scratch.data).loadProfile() == nil)
    }

    @Test func aYellowCheckInGuidesCopingFromThePlan() async throws {
        let scratch = StoreScratch()
        let data = scratch.data.path
        for (section, text) in [("coping", "Walk the dog around the block"), ("distraction", "Coffee at the VFW hall"),
                                ("help", "Alex 555-123-4567")] {
            let added = try await SentinelProcess.run(["plan", "add", section, text, "--data-dir", data])
            #expect(added.status == 0, "\(added.stderr)")
        }
        // Yellow: 1 yes, 2 no, 6 no.
        let yellow = try await SentinelProcess.run(["checkin", "--no-model", "--data-dir", data], input: "yes\nno\nno\n")
        #expect(yellow.stdout.contains("YELLOW"), "\(yellow.stdout)")
        #expect(yellow.stdout.contains("From your safety plan, for today:"), "\(yellow.stdout)")
        #expect(yellow.stdout.contains("Try: Walk the dog around the block"))
        #expect(yellow.stdout.contains("Go to: Coffee at the VFW hall"))
        #expect(yellow.stdout.contains("Reach out to: Alex"))
        // Green shows no coping list.
        let green = try await SentinelProcess.run(["checkin", "--no-model", "--data-dir", data], input: "no\nno\nno\n")
        #expect(green.stdout.contains("GREEN"))
        #expect(!green.stdout.contains("From your safety plan"))
    }
}
