import Foundation
import Sentinel

/// Asks the C-SSRS screener questions on the console.
struct Questionnaire: Sendable {
    let console: Console

    /// The introduction shown before the first question.
    static let introduction = """
        Sentinel check-in. Everything stays on this computer.
        Answer each question yes or no (y/n). Type "help" at any time to see crisis lines.


        """

    /// Asks one screener item and returns the answer.
    func ask(_ item: CSSRSItem) async throws -> Bool {
        var text = "\n\(item.number). \(item.timeFrame): \(item.question)\n"
        if let clarification = item.clarification { text += "   (\(clarification))\n" }
        text += "   yes/no > "
        let answer = try await console.askYesNo(text)
        // A yes to intent (4) or a plan (5) is the red tier, which does not wait: the crisis lines
        // come now, before any other question.
        if answer, item == .intent || item == .plan {
            console.prompt("\nThank you for telling me. You don't have to wait until the end of this check-in.\n"
                + Console.crisisLines + "\n")
        }
        return answer
    }

    /// Asks for an optional note; nil when skipped or at end of input.
    func askNote() async -> String? {
        console.prompt("In a sentence or two, how have you been doing lately? (press Enter to skip)\n> ")
        guard let line = await console.readLine() else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
