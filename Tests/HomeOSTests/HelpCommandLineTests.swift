import Foundation
import Testing

/// The family sees the family's commands; the developer tools answer under `homeos dev`.
@Suite struct HelpCommandLineTests {
    static let familyCommands = ["init", "serve", "ask", "chat", "conversation", "approve", "deny", "schedule", "daemon", "data", "models", "skills", "feedback", "remote-fallback", "mcp"]
    static let developerCommands = ["generate", "route", "eval", "train", "bench", "genes"]

    /// The subcommand names in the SUBCOMMANDS section of a help text.
    static func subcommands(in help: String) -> [String] {
        guard let section = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            // A subcommand line is indented two spaces; its wrapped description, more.
            guard line.hasPrefix("  "), line.dropFirst(2).first != " ",
                  let name = line.split(separator: " ").first, name != "See" else { return nil }
            return String(name)
        }
    }

    @Test func topLevelHelpListsOnlyTheFamilyCommandsAndDev() async throws {
        let home = try HomeOSProcess.temporaryHome("help")
        defer { try? FileManager.default.removeItem(at: home) }
        let help = try await HomeOSProcess.run(["--help"], home: home)
        #expect(help.status == 0)
        #expect(Self.subcommands(in: help.stdout) == Self.familyCommands, "\(help.stdout)")
        #expect(help.stdout.contains("homeos dev --help"))
        let dev = try await HomeOSProcess.run(["dev", "--help"], home: home)
        #expect(Self.subcommands(in: dev.stdout) == Self.developerCommands, "\(dev.stdout)")
        // The old top-level names are gone, so scripts learn the new home from the error.
        let old = try await HomeOSProcess.run(["eval", "prompts", "--no-model"], home: home)
        #expect(old.status != 0)
    }
}
