import Foundation
import Sentinel

/// A finished check-in as the person reads it: the tier, why, which signal decided it, and the
/// measured signals.
struct ResultView {
    var report: CheckInReport

    /// The signal that set the final tier, in plain words.
    var driver: String {
        switch report.decidedBy {
        case .screener:
            let items = report.screener.decisiveItems.map { "\($0.number) (\($0.label))" }
            return items.isEmpty ? "Your answers to the questions." : "Your answers to the questions: yes to \(items.joined(separator: ", "))."
        case .wearables: return "Your wearable data: a significant change from your own 30-day baseline."
        case .model: return "The on-device review of your signals raised the tier above the questions' result."
        case .words: return "Something in what you wrote."
        }
    }

    var html: String {
        let tier = report.finalTier
        let signals = report.signals.lines
        let signalList = signals.isEmpty ? "<p>No optional signals this time.</p>"
            : "<ul class=\"signals\">" + signals.map { "<li>\(Page.escape($0))</li>" }.joined() + "</ul>"
        let coping = report.copingSteps.map { steps in
            "<section class=\"card\" id=\"coping\" aria-labelledby=\"coping-title\"><h2 id=\"coping-title\">From your safety plan, for today</h2><ul>"
                + steps.map { "<li>\(Page.escape($0))</li>" }.joined() + "</ul><p><a href=\"/plan\">Your whole plan</a></p></section>"
        } ?? ""
        let crisis = tier.showsCrisisResources
            ? "<p class=\"urgent\"><a class=\"button\" href=\"/crisis\">Open the crisis view</a></p>" : ""
        return """
            <section class="card result" aria-labelledby="tier-title">
            <h2 id="tier-title">Today: <span id="result-tier" data-tier="\(tier.rawValue)">\(tier.badge)</span> \(Page.escape(tier.label))</h2>
            \(crisis)
            <p id="result-explanation">\(Self.isModelWritten(report) ? "<span class=\"hint\">In the on-device model's words:</span> " : "")\(Page.escape(report.explanation))</p>
            <p id="result-driver"><strong>What decided it:</strong> \(Page.escape(driver))</p>
            <p class="hint">\(Page.escape(report.ai.summary))</p>
            \(report.explanation == tier.guidance ? "" : "<p>\(Page.escape(tier.guidance))</p>")</section>
            \(coping)<section class="card" aria-labelledby="signals-title"><h2 id="signals-title">Your signals</h2>\(signalList)</section>
            <p><a href="/dashboard">See your last 30 days</a></p>
            """
    }
}

extension ResultView {
    /// Whether the explanation was written by the model (labelled as such on the page).
    static func isModelWritten(_ report: CheckInReport) -> Bool {
        if case .model = report.explanationSource { return true }
        return false
    }
}
