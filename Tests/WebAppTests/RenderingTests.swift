import Testing
import LLM
@testable import WebApp

/// What reaches the page as HTML: only tags the renderer writes.
@Suite(.serialized) struct RenderingTests {
    @Test func markupInAnswersIsText() {
        let html = SafeMarkdown.html("<img src=x onerror=alert(1)> and <script>alert(2)</script> **bold <b>**")
        #expect(!html.contains("<img") && !html.contains("<script") && !html.contains("<b>"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("<strong>bold &lt;b&gt;</strong>"))
    }

    @Test func markdownSubsetRenders() {
        let html = SafeMarkdown.html("# Plan\nFirst line\nsecond *line*\n\n- one\n- `two`\n\n1. a\n2. b")
        #expect(html == "<p class=\"heading\"><strong>Plan</strong></p>\n<p>First line<br>second <em>line</em></p>\n"
            + "<ul><li>one</li><li><code>two</code></li></ul>\n<ol><li>a</li><li>b</li></ol>")
    }

    @Test func attributeBreakoutIsEscaped() {
        #expect(SafeMarkdown.escape("\"'><") == "&quot;&#39;&gt;&lt;")
    }

    @Test func jsonPreviewShowsOnlyTheTextInside() {
        var preview = JSONTextPreview()
        let pieces = [#"{"na"#, #"me": "Lemon "#, #"chicken", "minutes": 30, "#, #""steps": ["Heat \"oven\"", "Ro"#, #"ast\u00e9"]}"#]
        let text = pieces.map { preview.feed($0) }.joined()
        #expect(text == "Lemon chicken\nHeat \"oven\"\nRoast")
    }
}
