import ArgumentParser
import Foundation
import Sentinel

/// `sentinel purge`: destroys all of Sentinel's data in one step.
struct PurgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purge",
        abstract: "Destroy all Sentinel data: the encrypted store, its keys, the crisis history and processed records.",
        discussion: """
            Removes, from the data directory (--data-dir, $SENTINEL_DATA_DIR or ~/.homeos/sentinel): \
            the store (sentinel.sqlite and its -wal/-shm files), the encryption keys (overwritten \
            first), the crisis history, the processed medical records and the inbox; then the \
            directory itself. Files that are not Sentinel's are left in place and listed. Asks \
            for confirmation unless --yes is given. This cannot be undone.

            Examples:
              sentinel purge
              sentinel purge --yes --data-dir ~/private/sentinel
            """
    )

    @Option(name: .long, help: ArgumentHelp("The data directory (default: $SENTINEL_DATA_DIR, else ~/.homeos/sentinel).", valueName: "directory"))
    var dataDir: String?

    @Flag(name: .long, help: "Do not ask for confirmation.")
    var yes = false

    func run() async throws {
        let directory = SentinelDataDirectory.resolve(explicit: dataDir)
        guard FileManager.default.fileExists(atPath: directory.path) else {
            Console.out("Nothing to remove: \(directory.path) does not exist.\n")
            return
        }
        if !yes {
            let console = Console(promptsToStandardError: false)
            console.prompt("This destroys all Sentinel data in \(directory.path) (check-ins, history, safety plan, keys). "
                + "It cannot be undone.\nType yes to continue: ")
            guard let answer = await console.readLine(), YesNoAnswer.parse(answer) == true else {
                Console.out("Nothing was removed.\n")
                throw ExitCode(1)
            }
        }
        let report: PurgeReport
        do { report = try SentinelStore.purge(directory: directory) } catch {
            Console.error("Purge stopped: \(error)")
            throw ExitCode(1)
        }
        if report.isEmpty {
            Console.out("Nothing to remove: \(directory.path) holds no Sentinel data.\n")
        } else {
            Console.out(report.lines.joined(separator: "\n") + "\n")
        }
        if report.leftInPlace.isEmpty {
            Console.out("All Sentinel data is destroyed; nothing is left in \(directory.path).\n")
        } else {
            Console.out("Sentinel's data is destroyed; \(report.leftInPlace.count) other file(s) were left in \(directory.path).\n")
        }
    }
}
