import Foundation
import Sentinel
import Testing

/// `sentinel checkin` recording into the store, `sentinel ingest` and `sentinel purge`, through
/// the real executable.
@Suite(.serialized) struct StoreCommandLineTests {
    static let orangeAnswers = """
        {"wish_dead": true, "suicidal_thoughts": true, "method": true, "intent": false, "plan": false, "behavior": false,
         "note": "the cormorant private words"}
        """

    @Test func checkInsAreRecordedIngestWorksAndPurgeLeavesNoFileBehind() async throws {
        let scratch = StoreScratch()
        let data = scratch.data.path
        let answers = try SyntheticAudio.temporaryFile(Data(Self.orangeAnswers.utf8), suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: answers) }

        // Two check-ins: an orange one from a file, a yellow one answered on standard input.
        let orange = try await SentinelProcess.run(["checkin", "--answers", answers, "--no-model", "--data-dir", data])
        #expect(orange.status == 0, "\(orange.stderr)")
        let yellow = try await SentinelProcess.run(["checkin", "--no-model", "--data-dir", data], input: "yes\nno\nno\n")
        #expect(yellow.status == 0, "\(yellow.stderr)")
        #expect(!orange.stderr.contains("not saved"), "\(orange.stderr)")

        // A record in the default inbox, ingested once.
        let inbox = scratch.data.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try Data(#"{"text": {"div": "<div>Seen in clinic.<script>alert(1)</script></div>"}}"#.utf8)
            .write(to: inbox.appendingPathComponent("visit.json"))
        let ingest = try await SentinelProcess.run(["ingest", "--no-model", "--data-dir", data])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stdout.contains("Ingested visit.json (narrative): added to the narrative as a dated summary line; removed 1 piece"))
        let again = try await SentinelProcess.run(["ingest", "--no-model", "--data-dir", data])
        #expect(again.stdout.contains("No records waiting"))

        do {
            let store = try SentinelStore(directory: scratch.data)
            #expect(try store.checkIns().map(\.finalTier) == [.orange, .yellow])
            let state = try store.longitudinalState()
            #expect(state.checkInCount == 2)
            #expect(state.crisisFrequency == 1)
            #expect(state.narrative.contains("Seen in clinic."))
            #expect(try store.crisisHistory.load(now: Date()).sessions.count == 1)
            try store.close()
        }
        #expect(try StoreScratch.files(under: scratch.data, containing: "cormorant").isEmpty)
        #expect(try StoreScratch.files(under: scratch.data, containing: "Seen in clinic").isEmpty)

        // Without --yes, anything but yes removes nothing.
        let declined = try await SentinelProcess.run(["purge", "--data-dir", data], input: "no\n")
        #expect(declined.status == 1)
        #expect(declined.stdout.contains("Nothing was removed."))
        #expect(FileManager.default.fileExists(atPath: scratch.data.appendingPathComponent("sentinel.key").path))

        let purge = try await SentinelProcess.run(["purge", "--data-dir", data], input: "yes\n")
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect(purge.stdout.contains("Removed the store's encryption key"))
        #expect(purge.stdout.contains("Removed the encrypted store"))
        #expect(purge.stdout.contains("Removed the encrypted crisis history"))
        #expect(purge.stdout.contains("Removed the processed medical records"))
        #expect(purge.stdout.contains("nothing is left in"))
        #expect(!FileManager.default.fileExists(atPath: scratch.data.path), "no file and no directory is left behind")

        let twice = try await SentinelProcess.run(["purge", "--yes", "--data-dir", data])
        #expect(twice.status == 0)
        #expect(twice.stdout.contains("Nothing to remove"))
    }
}
