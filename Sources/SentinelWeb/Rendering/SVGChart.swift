import Foundation
import Sentinel

/// Charts drawn on the server as SVG (no chart library, no JavaScript): the tier history and a
/// signal's trend over the last 30 days.
struct SVGChart {
    /// A point: when, and the value.
    struct Point {
        var date: Date
        var value: Double
        var color: String = "#1f4e79"
        var label: String
    }

    var title: String
    var points: [Point]
    /// The period drawn (x axis).
    var start: Date
    var end: Date
    /// The y range; nil fits the values.
    var range: ClosedRange<Double>?
    /// Labels on the y axis, at values.
    var yLabels: [(Double, String)] = []
    /// Draw a line through the points.
    var line = true

    private let width = 640.0, height = 200.0, left = 56.0, right = 12.0, top = 14.0, bottom = 28.0

    /// The chart as an accessible SVG element: its title and a text summary for screen readers.
    var svg: String {
        let id = "chart-" + title.lowercased().filter { $0.isLetter || $0.isNumber }
        guard !points.isEmpty else {
            return "<p class=\"empty-chart\">\(Page.escape(title)): no check-ins with this signal in the last 30 days.</p>"
        }
        let values = points.map(\.value)
        var low = range?.lowerBound ?? (values.min() ?? 0), high = range?.upperBound ?? (values.max() ?? 1)
        if high - low < 1e-9 { low -= 1; high += 1 }
        let span = max(end.timeIntervalSince(start), 1)
        func x(_ date: Date) -> Double { left + (width - left - right) * min(max(date.timeIntervalSince(start) / span, 0), 1) }
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - (value - low) / (high - low)) }
        func f(_ value: Double) -> String { String(format: "%.1f", value) }
        var parts: [String] = []
        parts.append("<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(height - bottom))\" x2=\"\(f(width - right))\" y2=\"\(f(height - bottom))\"/>")
        let labels = yLabels.isEmpty ? [(low, Self.number(low)), (high, Self.number(high))] : yLabels
        for (value, text) in labels {
            parts.append("<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(value)))\"/>")
            parts.append("<text class=\"ylabel\" x=\"\(f(left - 6))\" y=\"\(f(y(value) + 4))\" text-anchor=\"end\">\(Page.escape(text))</text>")
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "MMM d"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        parts.append("<text class=\"xlabel\" x=\"\(f(left))\" y=\"\(f(height - 8))\">\(formatter.string(from: start))</text>")
        parts.append("<text class=\"xlabel\" x=\"\(f(width - right))\" y=\"\(f(height - 8))\" text-anchor=\"end\">\(formatter.string(from: end))</text>")
        let sorted = points.sorted { $0.date < $1.date }
        if line, sorted.count > 1 {
            let path = sorted.map { "\(f(x($0.date))),\(f(y($0.value)))" }.joined(separator: " ")
            parts.append("<polyline class=\"trend\" points=\"\(path)\"/>")
        }
        for point in sorted {
            parts.append("<circle cx=\"\(f(x(point.date)))\" cy=\"\(f(y(point.value)))\" r=\"5\" fill=\"\(point.color)\"><title>\(Page.escape(point.label))</title></circle>")
        }
        let summary = sorted.map(\.label).suffix(6).joined(separator: "; ")
        return """
            <figure class="chart"><svg role="img" aria-labelledby="\(id)-title \(id)-desc" viewBox="0 0 \(Int(width)) \(Int(height))" \
            xmlns="http://www.w3.org/2000/svg"><title id="\(id)-title">\(Page.escape(title))</title>\
            <desc id="\(id)-desc">\(Page.escape(summary))</desc>\(parts.joined())</svg>
            <figcaption>\(Page.escape(title))</figcaption></figure>
            """
    }

    static func number(_ value: Double) -> String {
        abs(value) >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}
