import ArgumentParser
import Foundation
import HomeOS
import LLM
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `homeos daemon`: runs the proactive scheduler until SIGINT or SIGTERM.
struct DaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Run HomeOS in the background: briefings, medication and other reminders, delivered on time.",
        discussion: """
            Fires each scheduled job (see `homeos schedule list`) at its time in the family's time zone through \
            the chosen notifier, and records it in the family's store, so a restart never sends the same one \
            twice. On start, jobs missed less than --grace minutes ago (the machine slept, the daemon was \
            stopped) are sent once; older ones are skipped. Reminders and events added while it runs are \
            picked up within a minute. Ctrl-C or SIGTERM stops it cleanly (exit status 0).

            The morning briefing and the evening wind-down are written by the model in one call each (30 s \
            budget); without a model, or when it fails or is slower, they are a plain summary of the day.

            Examples:
              homeos daemon
              homeos daemon --notifier log --log-file ~/.homeos/notifications.log --no-model
              homeos daemon --notifier desktop --grace 120
            """)

    /// Where notifications go.
    enum NotifierChoice: String, ExpressibleByArgument, CaseIterable {
        case terminal, log, desktop
    }

    @OptionGroup var data: DataDirectoryOptions

    @OptionGroup var model: ModelOptions

    @Flag(name: .customLong("no-model"), help: "Write briefings without a model (a plain summary of the day).")
    var noModel = false

    @Option(name: .long, help: "Where notifications go: terminal (standard output), log (append JSON lines to --log-file) or desktop (notify-send; falls back to terminal when it is not installed).")
    var notifier: NotifierChoice = .terminal

    @Option(name: .customLong("log-file"), help: ArgumentHelp(
        "The file --notifier log appends to (default: notifications.log in the data folder).", valueName: "path"))
    var logFile: String?

    @Option(name: .long, help: ArgumentHelp("Send jobs missed up to this many minutes ago once on start.", valueName: "minutes"))
    var grace: Int = 30

    func validate() throws {
        if noModel && model.model != nil { throw ValidationError("--no-model and --model exclude each other.") }
        if noModel && model.engine == .remote { throw ValidationError("--no-model and --engine remote exclude each other.") }
        if !(0...7 * 24 * 60).contains(grace) { throw ValidationError("--grace must be between 0 and 10080 minutes (a week), got \(grace).") }
        if logFile != nil && notifier != .log { throw ValidationError("--log-file needs --notifier log.") }
    }

    func run() async throws {
        let storage = try data.openRequiredStorage()
        let scheduler: SkillScheduler
        do {
            scheduler = try SkillScheduler(storage: storage)
        } catch let error as SchedulerError {
            throw CommandFailure(error.description)
        }
        let output = try makeNotifier(timeZone: scheduler.calendar.timeZone)
        var bridge: LLMBridge?
        if !noModel {
            do {
                bridge = LLMBridge(model: try await model.loadModel())
            } catch {
                Terminal.error("homeos daemon: the model could not be loaded (\(error)); briefings will be plain summaries.")
            }
        }
        let daemon = SchedulerDaemon(
            storage: storage, clock: SystemSchedulerClock(), notifier: output,
            content: NotificationContentProducer(storage: storage, briefings: BriefingWriter(storage: storage, bridge: bridge)),
            configuration: .init(grace: TimeInterval(grace) * 60),
            log: { Terminal.error("homeos daemon: " + $0) })

        let started = Mutex(false)
        let calendar = scheduler.calendar
        let task = Task {
            try await daemon.run { report in
                guard started.withLock({ first in defer { first = true }; return !first }) else { return }
                let next = report.nextDelivery.map { calendar.describe($0) } ?? "nothing within a week"
                Terminal.error("homeos daemon: ready — \(scheduler.jobs.count) jobs for \(scheduler.family.name) "
                    + "(\(calendar.timeZone.identifier)); notifier \(output.name); grace \(grace) min; "
                    + "caught up \(report.delivered.count), missed \(report.missed.count), already fired \(report.alreadyFired.count); "
                    + "next: \(next)")
            }
        }
        let stop = StopSignals(signals: [SIGINT, SIGTERM]) { name in
            Terminal.error("homeos daemon: \(name) received, stopping.")
            task.cancel()
        }
        defer { stop.cancel() }
        do {
            try await task.value
        } catch let error as SchedulerError {
            throw CommandFailure(error.description)
        } catch let error as StorageError {
            throw CommandFailure(error.description)
        }
        Terminal.error("homeos daemon: stopped.")
    }

    /// The notifier chosen with --notifier.
    private func makeNotifier(timeZone: TimeZone) throws -> any Notifier {
        switch notifier {
        case .terminal:
            return TerminalNotifier(timeZone: timeZone)
        case .log:
            let url = logFile.map { URL(fileURLWithPath: NSString(string: $0).expandingTildeInPath) }
                ?? data.directory.appendingPathComponent("notifications.log")
            do {
                return try LogFileNotifier(url: url)
            } catch {
                throw CommandFailure(error.description)
            }
        case .desktop:
            if let desktop = DesktopNotifier() { return desktop }
            Terminal.error("homeos daemon: notify-send is not installed (package libnotify-bin); notifications go to the terminal.")
            return TerminalNotifier(timeZone: timeZone)
        }
    }
}

/// Turns SIGINT/SIGTERM into a callback on a dispatch queue (instead of the default exit), until cancelled.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], onSignal: @escaping @Sendable (String) -> Void) {
        let queue = DispatchQueue(label: "homeos.daemon.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
            source.setEventHandler { onSignal(name) }
            source.resume()
            return source
        }
    }

    /// Stops listening.
    func cancel() { sources.forEach { $0.cancel() } }
}
