import ArgumentParser
import Sentinel

/// `sentinel`: the veteran crisis check-in command line.
@main
struct SentinelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sentinel",
        abstract: "Sentinel — a private check-in for veteran crisis support. Everything runs on this machine.",
        discussion: "If you are in crisis now: dial 988 then press 1 (Veterans Crisis Line), text 838255, or call 911.",
        subcommands: [CheckInCommand.self, CSSRSCommand.self, ProsodyCommand.self, HealthCommand.self, IngestCommand.self,
                      PurgeCommand.self, PlanCommand.self, ReportCommand.self]
    )
}
