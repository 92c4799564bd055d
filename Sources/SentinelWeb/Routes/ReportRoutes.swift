import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// SBAR reports for each recipient, streamed into the page as they are written (with a print
/// style sheet), and the medical-records inbox: a FHIR or JSON discharge summary uploaded here is
/// ingested in memory and the page shows what was taken in.
struct ReportRoutes {
    let context: RouteContext

    /// The largest record upload.
    static let recordLimit = 2 * 1024 * 1024

    func register(on router: Router<WebRequestContext>) {
        router.get("/reports") { _, _ in
            let store = try Unlocked.require()
            let buttons = SBARRecipient.allCases.map {
                "<button type=\"button\" class=\"report-button\" data-recipient=\"\($0.rawValue)\">\(Page.escape($0.title))</button>"
            }.joined()
            let count = try store.ingestedRecordCount()
            let body = """
                <section class="card" aria-labelledby="sbar-title"><h2 id="sbar-title">A report for someone who can help</h2>
                <p>SBAR: situation, background, assessment, recommendation. Written on this computer from your check-ins.</p>
                <div class="report-buttons">\(buttons)</div>
                <pre id="report-output" class="report" aria-live="polite" tabindex="0"></pre>
                <p><button type="button" id="report-print" class="secondary" hidden>Print</button></p></section>
                <section class="card no-print" aria-labelledby="records-title"><h2 id="records-title">Medical records inbox</h2>
                <p>Add a discharge summary (FHIR or JSON, up to 2 MB). Sentinel reads it into your summary; the file itself is kept only encrypted.</p>
                <label for="record-file">Record file</label><input type="file" id="record-file" accept=".json,application/json,application/fhir+json">
                <p class="measured" id="record-file-result" aria-live="polite"></p>
                <p>Records taken in so far: <span id="record-count">\(count)</span></p></section>
                """
            return context.page("Reports and records", body)
        }
        router.post("/reports/sbar") { request, _ in
            let store = try Unlocked.require()
            guard let recipient = request.uri.queryParameters["for"].flatMap({ SBARRecipient(rawValue: String($0)) }) else {
                throw APIError(.badRequest, "Choose who the report is for: \(SBARRecipient.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let now = Date()
            let input = SBARInput(checkIns: try store.checkIns(), state: try store.longitudinalState(),
                                  crisisHistory: try? store.crisisHistory.load(now: now), safetyPlan: try store.loadSafetyPlan(), now: now)
            let writer = context.models.reportWriter
            let (stream, continuation) = AsyncStream<String>.makeStream()
            let work = Task {
                _ = await writer.write(input, for: recipient) { continuation.yield($0) }
                continuation.finish()
            }
            let shutdown = context.shutdown
            return Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody { writer in
                let registration = shutdown.onShutdown { work.cancel() }
                defer { shutdown.remove(registration) }
                do {
                    for await piece in stream { try await writer.write(ByteBuffer(string: piece)) }
                    try await writer.finish(nil)
                } catch {
                    work.cancel()
                    throw error
                }
            })
        }
        router.post("/records") { request, _ in
            let store = try Unlocked.require()
            let data = try await Upload.read(request, limit: Self.recordLimit, what: "The record")
            let name = request.uri.queryParameters["name"].map { String($0.prefix(120)) } ?? "upload.json"
            let inbox = RecordInbox(store: store, compressor: context.models.compressor)
            let outcome = try await inbox.ingest(data: data, name: name)
            switch outcome.status {
            case .ingested(let form, let narrative, let removed):
                let how = narrative == .integrated ? "woven into your summary by the on-device model"
                    : narrative == .appended ? "added to your summary as a dated line" : "kept; your summary did not change"
                var summary = "Taken in: a \(form.rawValue) record, \(how)."
                if removed > 0 { summary += " \(removed) piece\(removed == 1 ? "" : "s") of active content (scripts or links) removed." }
                return JSONResponse.make(RecordPayload(status: "ingested", message: summary, count: try store.ingestedRecordCount()))
            case .duplicate(let at):
                return JSONResponse.make(RecordPayload(status: "duplicate", message: "This record was already taken in on \(DashboardRoutes.day(at)).",
                                                       count: try store.ingestedRecordCount()), status: .ok)
            case .rejected(let reason):
                throw APIError(.unprocessableContent, "That file is not a record Sentinel can read: \(reason). Nothing was stored.")
            }
        }
    }
}

/// What the records upload answers.
struct RecordPayload: Encodable, Sendable {
    var status: String
    var message: String
    var count: Int
}
