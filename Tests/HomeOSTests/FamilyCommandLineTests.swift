import Foundation
import HomeOS
import LLM
import Testing

/// `homeos init`, `homeos skills` and `homeos data`, run as a person would.
@Suite(.serialized) struct FamilyCommandLineTests {
    @Test func initFromTheSampleRefusesToOverwriteWithoutForce() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let dataDirectory = home.appending("family-data")
        let sample = RepositoryFiles.sampleFamily.path
        let created = try await HomeOSProcess.run(["init", "--from", sample, "--data-dir", dataDirectory.path], home: home.url)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.contains("Created the family: 4 members, 2 medications"), "\(created.stdout)")

        let storage = try SQLiteStorage(directory: dataDirectory)
        let family = try storage.load(.family)
        #expect(family.timeZoneIdentifier == "America/Chicago")
        #expect(family.members(withRole: .child).first?.allergies == ["peanuts"])
        let rosa = try #require(family.members(withRole: .grandparent).first)
        #expect(try storage.load(.medications).contains { $0.memberID == rosa.id && $0.name == "atorvastatin" })

        let again = try await HomeOSProcess.run(["init", "--from", sample, "--data-dir", dataDirectory.path], home: home.url)
        #expect(again.status != 0)
        #expect(again.stderr.contains("already exists") && again.stderr.contains("--force"), "\(again.stderr)")

        try storage.update(.family) { $0.name = "Changed" }
        let forced = try await HomeOSProcess.run(["init", "--force", "--from", sample, "--data-dir", dataDirectory.path], home: home.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("Replaced"))
        #expect(try storage.load(.family).name == "The Rivera family")
    }

    @Test func initUsesHomeosHomeByDefault() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let result = try await HomeOSProcess.run(["init", "--from", RepositoryFiles.sampleFamily.path], home: home.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appending("family.sqlite").path))
    }

    @Test func initWithoutATerminalOrAFileExplainsAndCreatesNothing() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let result = try await HomeOSProcess.run(["init"], home: home.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--from"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appending("family.sqlite").path))
    }

    @Test func initRejectsAnInvalidFamilyFile() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let file = home.appending("family.json")
        try Data(#"{"name": "F", "timeZone": "UTC", "members": [{"name": "Bo", "role": "dad"}]}"#.utf8).write(to: file)
        let wrongRole = try await HomeOSProcess.run(["init", "--from", file.path], home: home.url)
        #expect(wrongRole.status != 0)
        #expect(wrongRole.stderr.contains("members[0].role"), "\(wrongRole.stderr)")
        try Data(#"{"name": "F", "timeZone": "Atlantis/Central", "members": [{"name": "Bo", "age": 300}]}"#.utf8).write(to: file)
        let invalid = try await HomeOSProcess.run(["init", "--from", file.path], home: home.url)
        #expect(invalid.status != 0)
        #expect(invalid.stderr.contains("Atlantis/Central") && invalid.stderr.contains("impossible age 300"), "\(invalid.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appending("family.sqlite").path))
    }

    @Test(.enabled(if: HomeOSProcess.terminalAvailable)) func initAsksOnATerminal() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let answers = ["The Tests", "Mars/Base", "America/Chicago",
                       "Ann Lee", "", "41", "", "vegetarian", "+1 555 0100", "",
                       "Bo", "kid", "child", "seven", "7", "peanuts, sesame", "", "", "",
                       "", "21:30-07:00"]
        let result = try await HomeOSProcess.runInTerminal(["init"], home: home.url, input: answers.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let family = try SQLiteStorage(directory: home.url).load(.family)
        #expect(family.name == "The Tests")
        #expect(family.timeZoneIdentifier == "America/Chicago")
        #expect(family.members.map(\.id) == ["ann-lee", "bo"])
        #expect(family.members[0].role == .parent && family.members[0].dietaryPreferences == ["vegetarian"])
        #expect(family.members[0].contact == FamilyMember.Contact(phone: "+1 555 0100"))
        #expect(family.members[1].role == .child && family.members[1].age == 7)
        #expect(family.members[1].allergies == ["peanuts", "sesame"])
        #expect(family.quietHours == QuietHours(start: "21:30", end: "07:00"))
    }

    @Test func skillsListEnableAndDisable() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        func skills(_ arguments: [String]) async throws -> [String: Bool] {
            let result = try await HomeOSProcess.run(["skills"] + arguments + ["--json"], home: home.url)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try JSONValue(parsing: result.stdout).arrayValue ?? []
            return Dictionary(uniqueKeysWithValues: items.compactMap { item in
                item["id"]?.stringValue.map { ($0, item["enabled"]?.boolValue ?? false) }
            })
        }
        let initial = try await skills([])
        #expect(initial.count == 19)
        #expect(initial.values.allSatisfy { $0 })
        #expect(!FileManager.default.fileExists(atPath: home.appending("family.sqlite").path), "listing creates nothing")

        let disabled = try await HomeOSProcess.run(["skills", "disable", "marketplace-sell"], home: home.url)
        #expect(disabled.status == 0, "\(disabled.stderr)")
        await #expect(try skills(["list"])["marketplace-sell"] == false)
        #expect(try SQLiteStorage(directory: home.url).load(.skillSettings).disabledSkillIDs == ["marketplace-sell"])

        let table = try await HomeOSProcess.run(["skills"], home: home.url)
        #expect(table.stdout.contains("18 of 19 enabled"), "\(table.stdout)")

        #expect(try await HomeOSProcess.run(["skills", "enable", "marketplace-sell"], home: home.url).status == 0)
        await #expect(try skills([])["marketplace-sell"] == true)

        let unknown = try await HomeOSProcess.run(["skills", "disable", "time-travel"], home: home.url)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("meal-planning"), "lists the real ids: \(unknown.stderr)")
    }

    @Test func dataExportAndImportRoundTrip() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let source = home.appending("source"), target = home.appending("target")
        let first = home.appending("export-1"), second = home.appending("export-2")
        #expect(try await HomeOSProcess.run(["init", "--from", RepositoryFiles.sampleFamily.path, "--data-dir", source.path], home: home.url).status == 0)
        #expect(try await HomeOSProcess.run(["skills", "disable", "tools", "--data-dir", source.path], home: home.url).status == 0)

        let exported = try await HomeOSProcess.run(["data", "export", first.path, "--data-dir", source.path], home: home.url)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("Exported 5 documents"), "\(exported.stdout)")
        let refused = try await HomeOSProcess.run(["data", "export", first.path, "--data-dir", source.path], home: home.url)
        #expect(refused.status != 0 && refused.stderr.contains("--force"), "\(refused.stderr)")

        let imported = try await HomeOSProcess.run(["data", "import", first.path, "--data-dir", target.path], home: home.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await HomeOSProcess.run(["data", "export", second.path, "--data-dir", target.path], home: home.url).status == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: first.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.contains(StoragePaths.family) && files.contains(StoragePaths.skillSettings))
        for file in files {
            #expect(try Data(contentsOf: first.appendingPathComponent(file)) == Data(contentsOf: second.appendingPathComponent(file)), "\(file)")
        }

        try Data("{broken".utf8).write(to: first.appendingPathComponent(StoragePaths.notes))
        let bad = try await HomeOSProcess.run(["data", "import", first.path, "--data-dir", home.appending("never").path], home: home.url)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains(StoragePaths.notes) && bad.stderr.contains("Nothing was imported"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appending("never").path))
    }

    @Test func theStressWriterIsHiddenAndNoDataIsReadBeforeInit() async throws {
        let home = try TemporaryFolder("homeos-cli")
        defer { home.remove() }
        let help = try await HomeOSProcess.run(["data", "--help"], home: home.url)
        #expect(help.stdout.contains("export") && help.stdout.contains("import"))
        #expect(!help.stdout.contains("stress-writer"))
        let export = try await HomeOSProcess.run(["data", "export", home.appending("out").path], home: home.url)
        #expect(export.status != 0)
        #expect(export.stderr.contains("homeos init"), "\(export.stderr)")
    }
}
