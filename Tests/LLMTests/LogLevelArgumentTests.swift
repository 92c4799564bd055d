import Logging
@testable import LLM
import Testing

/// Issue 26, item 13: `--log-level` anywhere on the command line, `HOMEOS_LOG_LEVEL`, a clear error.
@Suite struct LogLevelArgumentTests {
    @Test func theOptionIsTakenOffWhereverItIs() throws {
        let (arguments, level) = try LogLevelArgument.extract(from: ["ask", "--log-level", "debug", "--no-model", "hi"], environment: [:])
        #expect(arguments == ["ask", "--no-model", "hi"])
        #expect(level == .debug)
        let joined = try LogLevelArgument.extract(from: ["--log-level=TRACE", "checkin"], environment: ["HOMEOS_LOG_LEVEL": "error"])
        #expect(joined.arguments == ["checkin"] && joined.level == .trace, "the option wins over the environment")
    }

    @Test func theEnvironmentThenTheDefaultDecide() throws {
        #expect(try LogLevelArgument.extract(from: ["ask"], environment: ["HOMEOS_LOG_LEVEL": "info"]).level == .info)
        #expect(try LogLevelArgument.extract(from: ["ask"], environment: [:]).level == LogLevelArgument.defaultLevel)
        // After "--" everything is the command's own text, even "--log-level".
        let passed = try LogLevelArgument.extract(from: ["ask", "--", "--log-level", "debug"], environment: [:])
        #expect(passed.arguments == ["ask", "--", "--log-level", "debug"] && passed.level == .warning)
    }

    @Test func anUnknownLevelSaysWhichExist() {
        #expect(throws: LogLevelArgument.InvalidLevel.self) { try LogLevelArgument.extract(from: ["--log-level", "loud"], environment: [:]) }
        #expect(LogLevelArgument.InvalidLevel(value: "loud").description
                == "Unknown log level \"loud\": use trace, debug, info, notice, warning, error, critical.")
    }
}
