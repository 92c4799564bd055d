import Foundation
import HTTPTypes
import Hummingbird
import WebFoundation

/// One server-rendered page in Sentinel's layout: the crisis bar with 988 on top of every page,
/// the navigation when unlocked, and the page's own content. Every value placed in a page goes
/// through ``Page/escape(_:)``.
struct Page {
    /// The page title (shown in the tab and as the heading).
    var title: String
    /// The page's content, already HTML.
    var body: String
    /// Whether to show the navigation (unlocked pages).
    var navigation = true
    /// The idle lock in seconds, for the page's timer that returns to the unlock page.
    var idleSeconds: Int?
    /// The page's HTTP status.
    var status: HTTPResponse.Status = .ok

    /// `text` escaped for HTML.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// An opening `<form>` posting to `path`, carrying the CSRF token in its address.
    static func form(_ path: String, attributes: String = "") -> String {
        let separator = path.contains("?") ? "&" : "?"
        let token = CSRFToken.current.map { "\(separator)csrf=\(escape($0))" } ?? ""
        return "<form method=\"post\" action=\"\(escape(path))\(token)\"\(attributes.isEmpty ? "" : " " + attributes)>"
    }

    /// The crisis bar of every page: 988 one tap away, locked or not.
    static let crisisBar = """
        <div class="crisis-bar" role="region" aria-label="Crisis help">
        <span>Need help now?</span>
        <a class="call" href="tel:988">Call 988, then press 1</a>
        <a href="sms:838255">Text 838255</a>
        <a href="/crisis">Crisis view</a>
        </div>
        """

    private static let links = [("/", "Home"), ("/checkin", "Check in"), ("/dashboard", "Dashboard"), ("/plan", "Safety plan"),
                                ("/reports", "Reports"), ("/settings", "Settings")]

    /// The page as HTML.
    var html: String {
        let nav = navigation ? """
            <header class="top"><nav aria-label="Sentinel"><ul>\(Self.links.map { "<li><a href=\"\($0.0)\">\($0.1)</a></li>" }.joined())</ul>
            \(Self.form("/lock", attributes: "class=\"lock-form\""))<button type="submit" class="secondary">Lock</button></form></nav></header>
            """ : ""
        let idle = idleSeconds.map { " data-idle-seconds=\"\($0)\"" } ?? ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(title)) · Sentinel</title><link rel="stylesheet" href="/sentinel.css">
            <script src="/sentinel.js" defer></script></head>
            <body\(idle)><a class="skip" href="#main">Skip to content</a>
            \(Self.crisisBar)
            \(nav)
            <main id="main"><h1>\(Self.escape(title))</h1>
            \(body)
            </main></body></html>
            """
    }

    /// The page as a response. Nothing Sentinel sends may be cached (the guard adds `no-store`).
    var response: Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A short error page that keeps the person oriented: what went wrong and where to go.
    static func problem(_ title: String, _ message: String, status: HTTPResponse.Status, back: String = "/") -> Response {
        Page(title: title, body: "<p class=\"form-error\" role=\"alert\">\(escape(message))</p><p><a href=\"\(escape(back))\">Go back</a></p>",
             navigation: false, status: status).response
    }
}
