import Foundation
import Sentinel
import Testing
import WebFoundation
@testable import SentinelWeb

@Suite struct RenderingTests {
    static let hostile = "<script>alert(1)</script>\"' onload=x"

    @Test func everyPageCarriesTheCrisisLineAndEscapesWhatItShows() {
        let page = Page(title: Self.hostile, body: "<p>\(Page.escape(Self.hostile))</p>", navigation: false)
        #expect(page.html.contains("href=\"tel:988\""))
        #expect(page.html.contains("href=\"sms:838255\""))
        #expect(!page.html.contains("<script>alert"))
        #expect(page.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39; onload=x"))
    }

    @Test func formsCarryTheRequestsCSRFTokenEscaped() {
        let form = CSRFToken.$current.withValue("abc\"><x") { Page.form("/plan") }
        #expect(form == "<form method=\"post\" action=\"/plan?csrf=abc&quot;&gt;&lt;x\">")
        #expect(Page.form("/plan?first=1").hasPrefix("<form method=\"post\" action=\"/plan?first=1\""))
    }

    @Test func chartsDrawEachCheckInAndEscapeTheirLabels() {
        let now = Date()
        let chart = SVGChart(title: "Sleep \(Self.hostile)", points: [
            .init(date: now.addingTimeInterval(-86_400), value: 6.5, label: "a \(Self.hostile)"),
            .init(date: now, value: 4, label: "b"),
        ], start: now.addingTimeInterval(-30 * 86_400), end: now)
        let svg = chart.svg
        #expect(svg.components(separatedBy: "<circle").count == 3)
        #expect(svg.contains("<polyline"))
        #expect(svg.contains("role=\"img\""))
        #expect(!svg.contains("<script>"))
        let empty = SVGChart(title: "Steps", points: [], start: now, end: now).svg
        #expect(empty.contains("no check-ins with this signal"))
    }
}
