import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// The home page and the 30-day dashboard: tier history and signal trends as SVG drawn here,
/// the longitudinal narrative, and the days since the last crisis.
struct DashboardRoutes {
    let context: RouteContext

    func register(on router: Router<WebRequestContext>) {
        router.get("/") { _, _ in
            let store = try Unlocked.require()
            let profile = try store.loadProfile()
            let last = try store.checkIns().last
            let lastLine = last.map { "<p>Your last check-in: \($0.finalTier.badge) on \(Page.escape(Self.day($0.completedAt)))</p>" }
                ?? "<p>You haven't checked in yet.</p>"
            let greeting = profile.map { "Hello, \(Page.escape($0.name))." } ?? "Hello."
            let planNote = try store.loadSafetyPlan() == nil
                ? "<p class=\"hint\">You have no safety plan yet. <a href=\"/plan\">Write one now</a>; it takes a few minutes.</p>" : ""
            let body = """
                <p class="greeting">\(greeting)</p>\(lastLine)\(try crisisLine(store))
                <p><a class="button primary" href="/checkin">Start today's check-in</a></p>\(planNote)
                """
            return context.page("Sentinel", body)
        }
        router.get("/dashboard") { _, _ in
            let store = try Unlocked.require()
            return context.page("Your last 30 days", try dashboard(store))
        }
    }

    private func crisisLine(_ store: SentinelStore) throws -> String {
        guard let days = try Self.daysSinceLastCrisis(store) else { return "" }
        return "<p id=\"days-since-crisis\">Days since your last crisis: <strong>\(days)</strong></p>"
    }

    /// Whole days since the most recent crisis session or red check-in; nil when none in 30 days.
    static func daysSinceLastCrisis(_ store: SentinelStore, now: Date = Date()) throws -> Int? {
        let sessions = (try? store.crisisHistory.load(now: now).sessions.map(\.openedAt)) ?? []
        let state = try store.longitudinalState()
        guard let last = (sessions + state.crisisDates).max() else { return nil }
        return Calendar.current.dateComponents([.day], from: Calendar.current.startOfDay(for: last),
                                               to: Calendar.current.startOfDay(for: now)).day
    }

    private func dashboard(_ store: SentinelStore) throws -> String {
        let now = Date(), start = now.addingTimeInterval(-30 * 24 * 3600)
        let records = try store.checkIns(since: start)
        let state = try store.longitudinalState()
        let tiers = SVGChart(title: "Risk tier by check-in", points: records.map {
            SVGChart.Point(date: $0.completedAt, value: Double($0.finalTier.severity), color: $0.finalTier.chartColor,
                           label: "\(Self.day($0.completedAt)): \($0.finalTier.rawValue)")
        }, start: start, end: now, range: 0...3, yLabels: RiskTier.allCases.map { (Double($0.severity), $0.rawValue) })
        func trend(_ title: String, unit: String, _ value: (CheckInMeasurements) -> Double?) -> String {
            SVGChart(title: title, points: records.compactMap { record in
                value(record.measurements).map {
                    SVGChart.Point(date: record.completedAt, value: $0, label: "\(Self.day(record.completedAt)): \(SVGChart.number($0)) \(unit)")
                }
            }, start: start, end: now).svg
        }
        let days = try Self.daysSinceLastCrisis(store, now: now).map { "<strong>\($0)</strong>" } ?? "none in the last 30 days"
        let narrative = state.narrative.isEmpty ? "<p class=\"hint\">Your summary grows with each check-in.</p>"
            : "<p id=\"narrative\">\(Page.escape(state.narrative))</p>"
        let driver = state.primaryDriver.map { "<p>What has weighed most lately: \(Page.escape($0.rawValue.replacingOccurrences(of: "_", with: " ")))</p>" } ?? ""
        return """
            <section class="card" aria-labelledby="summary-title"><h2 id="summary-title">Summary</h2>
            <p>\(records.count) check-in\(records.count == 1 ? "" : "s") in the last 30 days · trend: \(Page.escape(state.trajectory.rawValue))</p>
            <p id="days-since-crisis">Days since your last crisis: \(days)</p>\(driver)\(narrative)</section>
            <section class="card" aria-labelledby="tiers-title"><h2 id="tiers-title">Tier history</h2>\(tiers.svg)</section>
            <section class="card" aria-labelledby="trends-title"><h2 id="trends-title">Signal trends</h2>
            \(trend("Sleep (hours)", unit: "h") { $0.sleepHours })
            \(trend("Steps", unit: "steps") { $0.steps })
            \(trend("Heart-rate variability (ms)", unit: "ms") { $0.hrvMilliseconds })
            \(trend("Voice pitch variability (semitones)", unit: "st") { $0.pitchVariability })
            \(trend("Pauses per minute", unit: "/min") { $0.pausesPerMinute })</section>
            """
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "EEE MMM d"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: date)
    }
}
