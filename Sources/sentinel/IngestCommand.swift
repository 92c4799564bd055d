import ArgumentParser
import Foundation
import Sentinel

/// `sentinel ingest`: reads discharge summaries from the inbox into the longitudinal narrative.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Read discharge summaries from the inbox folder into your check-in history (each file once).",
        discussion: """
            Scans the inbox (--inbox, default: the inbox folder of the data directory) for .json \
            files: FHIR DocumentReference with an inline text/plain attachment, FHIR Composition \
            with section narratives, or {"text": {"div": "..."}}. Narratives are sanitized to plain \
            text (scripts, styles, event handlers and javascript: links are removed). The text is \
            folded into the longitudinal narrative by the on-device model (30 s budget); without a \
            model, a dated summary line is appended. Each processed file is encrypted into the data \
            directory's processed folder and removed from the inbox, so nothing is ingested twice. \
            Files that cannot be read stay in the inbox.

            Examples:
              sentinel ingest
              sentinel ingest --inbox ~/Downloads/records --no-model
            """
    )

    @Option(name: .long, help: ArgumentHelp("The folder to scan (default: <data dir>/inbox).", valueName: "directory"))
    var inbox: String?

    @Option(name: .long, help: ArgumentHelp("The data directory (default: $SENTINEL_DATA_DIR, else ~/.homeos/sentinel).", valueName: "directory"))
    var dataDir: String?

    @OptionGroup var ai: AIOptions

    func run() async throws {
        let store: SentinelStore
        do { store = try StoreAccess.open(dataDir: dataDir) } catch {
            Console.error("\(error)")
            throw ExitCode(1)
        }
        let inboxURL = inbox.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath, isDirectory: true) } ?? store.defaultInboxURL
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: inboxURL.path, isDirectory: &isDirectory) {
            if inbox != nil {
                Console.error("The inbox \(inboxURL.path) does not exist.")
                throw ExitCode(1)
            }
            try FileManager.default.createDirectory(at: inboxURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } else if !isDirectory.boolValue {
            Console.error("The inbox \(inboxURL.path) is a file, not a folder.")
            throw ExitCode(1)
        }
        let (compressor, usesModel) = ai.narrativeCompressor()
        let inboxReader = RecordInbox(store: store, inbox: inboxURL, compressor: compressor)
        let pending = inboxReader.pendingFiles()
        guard !pending.isEmpty else {
            Console.out("No records waiting in \(inboxURL.path).\n")
            return
        }
        Console.out("Reading \(pending.count) record file(s) from \(inboxURL.path)"
            + (usesModel ? " with the on-device model (up to 30 s each)…\n" : " (no model: summary lines are appended)…\n"))
        let report: RecordInbox.Report
        do { report = try await inboxReader.ingestAll() } catch {
            Console.error("Ingestion stopped: \(error)")
            throw ExitCode(1)
        }
        for outcome in report.files {
            switch outcome.status {
            case .ingested(let form, let narrative, let active):
                var line = "Ingested \(outcome.file) (\(form.rawValue)): "
                    + (narrative == .integrated ? "integrated into the narrative by the model" : "added to the narrative as a dated summary line")
                if active > 0 { line += "; removed \(active) piece(s) of active content (scripts, event handlers, script links)" }
                Console.out(line + ".\n")
            case .duplicate(let date):
                Console.out("Skipped \(outcome.file): already ingested on \(Self.day(date)); removed from the inbox.\n")
            case .rejected(let reason):
                Console.out("Left \(outcome.file) in the inbox: \(reason)\n")
            }
        }
        Console.out("\(report.ingestedCount) ingested, \(report.duplicateCount) duplicate(s), \(report.rejectedCount) left in the inbox.\n")
        if report.rejectedCount > 0 { throw ExitCode(1) }
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
