import Foundation
import LLM
import Sentinel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Terminal input and output for the `sentinel` commands.
///
/// Prompts go to standard output, or to standard error when the command prints JSON (so that
/// standard output stays machine-readable). Nothing here writes to a log.
struct Console: Sendable {
    /// Whether prompts go to standard error.
    let promptsToStandardError: Bool

    /// Whether standard input is a terminal (otherwise it is a pipe or a file).
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    /// Writes text to standard output, unbuffered, with control characters shown as visible escapes
    /// (notes, plans and imported records may hold terminal escape sequences).
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalSafeText.visible(text).utf8))
    }

    /// Writes a line to standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes prompt text (no newline added).
    func prompt(_ text: String) {
        if promptsToStandardError {
            FileHandle.standardError.write(Data(text.utf8))
        } else {
            Console.out(text)
        }
    }

    /// Reads one line from standard input, or nil at end of input.
    ///
    /// The blocking read runs on its own thread so that the AI step (and everything else on the
    /// concurrency pool) keeps running while the person thinks. Works the same for a terminal,
    /// a pipe and a redirected file.
    func readLine() async -> String? {
        let line: String? = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Swift.readLine(strippingNewline: true)) }
            thread.start()
        }
        // Piped answers are not echoed by a terminal; echo them so the transcript reads well.
        if let line, !Console.inputIsTerminal { prompt(line + "\n") }
        if line == nil, !Console.inputIsTerminal { prompt("\n") }
        return line
    }

    /// Asks a yes/no question until the answer is yes or no; "help" shows the crisis lines.
    func askYesNo(_ question: String) async throws -> Bool {
        while true {
            prompt(question)
            guard let line = await readLine() else { throw InputEnded() }
            if let answer = YesNoAnswer.parse(line) { return answer }
            if ["help", "h", "?"].contains(line.trimmingCharacters(in: .whitespaces).lowercased()) {
                prompt(Console.crisisLines + "\n")
            } else {
                prompt("Please answer yes or no (or type help for crisis lines).\n")
            }
        }
    }

    /// The crisis lines as text.
    static var crisisLines: String {
        (["If you need to talk to someone now:"] + CrisisResource.unitedStates.map { "  \($0.name): \($0.instructions)" })
            .joined(separator: "\n")
    }

    /// Encodes a value as pretty, key-sorted JSON with ISO 8601 dates.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Standard input ended before the questions were done.
struct InputEnded: Error, CustomStringConvertible {
    var description: String { "input ended before every question was answered" }
}
