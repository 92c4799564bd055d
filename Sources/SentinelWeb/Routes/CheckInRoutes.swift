import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// The check-in: the C-SSRS one question at a time (a yes to 4, 5 or 6b opens the crisis view
/// at once), then the optional voice recording, uploads and note, then the result.
struct CheckInRoutes {
    let context: RouteContext

    /// The largest voice upload (a minute of 48 kHz 16-bit stereo is 11 MB).
    static let voiceLimit = 16 * 1024 * 1024
    /// The largest Health export accepted (exports of years of data run to hundreds of MB; the
    /// baseline needs 30 days).
    static let healthLimit = 200 * 1024 * 1024
    /// The largest face-telemetry file.
    static let faceLimit = 4 * 1024 * 1024
    /// The voice recording's accepted length in seconds.
    static let voiceSeconds = 5.0...120.0

    func register(on router: Router<WebRequestContext>) {
        router.get("/checkin") { _, _ in
            _ = try Unlocked.require()
            var draft = await context.vault.draft ?? CheckInDraft(startedAt: Date())
            if await context.vault.draft == nil { await context.vault.setDraft(draft) }
            if draft.isRedNow { return Response(status: .seeOther, headers: [.location: "/crisis"]) }
            if let item = draft.nextItem { return question(item, draft: draft) }
            draft = await context.vault.draft ?? draft
            return signalsPage(draft)
        }
        router.post("/checkin/answer") { request, _ in
            let store = try Unlocked.require()
            let form = try await URLEncodedForm.read(request)
            guard var draft = await context.vault.draft, let item = draft.nextItem else {
                return Response(status: .seeOther, headers: [.location: "/checkin"])
            }
            // A form from an earlier question (the back button) does not change a later answer.
            guard form["item"] == item.rawValue, let answer = form["answer"].flatMap(YesNoAnswer.parse) else {
                return Response(status: .seeOther, headers: [.location: "/checkin"])
            }
            draft.answers[item] = answer
            await context.vault.setDraft(draft)
            if draft.isRedNow {
                // Red does not wait: no further question, the crisis view now.
                try await startCrisisNow(draft: draft, store: store)
                return Response(status: .seeOther, headers: [.location: "/crisis"])
            }
            return Response(status: .seeOther, headers: [.location: "/checkin"])
        }
        router.post("/checkin/restart") { _, _ in
            _ = try Unlocked.require()
            await context.vault.setDraft(CheckInDraft(startedAt: Date()))
            return Response(status: .seeOther, headers: [.location: "/checkin"])
        }
        router.post("/checkin/voice") { request, _ in
            _ = try Unlocked.require()
            guard var draft = await context.vault.draft, draft.nextItem == nil else { throw Self.noCheckIn }
            let data = try await Upload.read(request, limit: Self.voiceLimit, what: "The recording")
            // The audio stays in memory: it is measured here and dropped.
            let audio: WAVAudio
            do { audio = try WAVAudio(data: data) } catch {
                throw APIError(.unsupportedMediaType, "That is not a WAV recording Sentinel can read (\(error)). Nothing was stored.")
            }
            guard Self.voiceSeconds.contains(audio.duration) else {
                throw APIError(.unprocessableContent, String(format: "The recording is %.0f seconds long; record between 30 and 60 seconds. Nothing was stored.", audio.duration))
            }
            let prosody = ProsodyAnalyzer().analyze(audio)
            draft.prosody = prosody
            draft.recordingSeconds = audio.duration
            await context.vault.setDraft(draft)
            return JSONResponse.make(VoicePayload(prosody))
        }
        router.post("/checkin/health") { request, _ in
            _ = try Unlocked.require()
            guard var draft = await context.vault.draft, draft.nextItem == nil else { throw Self.noCheckIn }
            let data = try await Upload.read(request, limit: Self.healthLimit, what: "The Health export")
            let daily: DailyHealthData
            do { daily = try HealthDataLoader.load(data: data, name: "the upload") } catch {
                throw APIError(.unprocessableContent, "That file is not a usable Health export: \(error). Nothing was stored.")
            }
            let today = CalendarDay.today()
            if let last = daily.lastDay, last < today {
                throw APIError(.unprocessableContent, "The export ends on \(last), before today: export it again from the Health app. Nothing was stored.")
            }
            guard let report = HealthBaselineAnalyzer().analyze(daily, asOf: today) else {
                throw APIError(.unprocessableContent, "The export has no days Sentinel can compare. Nothing was stored.")
            }
            draft.health = report
            await context.vault.setDraft(draft)
            return JSONResponse.make(["summary": report.metrics.map(\.summary)])
        }
        router.post("/checkin/face") { request, _ in
            _ = try Unlocked.require()
            guard var draft = await context.vault.draft, draft.nextItem == nil else { throw Self.noCheckIn }
            let data = try await Upload.read(request, limit: Self.faceLimit, what: "The face-telemetry file")
            guard let text = String(data: data, encoding: .utf8) else {
                throw APIError(.unsupportedMediaType, "The face-telemetry file is not text (CSV or JSON). Nothing was stored.")
            }
            let report: FaceTelemetryReport
            do {
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                let frames = trimmed.hasPrefix("[") || trimmed.hasPrefix("{")
                    ? try FaceTelemetryParser.parseJSON(trimmed) : try FaceTelemetryParser.parseCSV(trimmed)
                report = try FaceTelemetryAnalyzer().analyze(frames)
            } catch {
                throw APIError(.unprocessableContent, "That face-telemetry file cannot be used: \(error). Nothing was stored.")
            }
            draft.face = report
            await context.vault.setDraft(draft)
            return JSONResponse.make(["summary": report.pattern.rawValue])
        }
        router.post("/checkin/finish") { request, _ in
            let store = try Unlocked.require()
            let form = try await URLEncodedForm.read(request)
            guard let draft = await context.vault.draft, draft.nextItem == nil else {
                return Response(status: .seeOther, headers: [.location: "/checkin"])
            }
            let report = try await finish(draft, note: form["note"], store: store)
            await context.vault.setDraft(nil)
            await context.vault.setLastReport(report)
            return Response(status: .seeOther, headers: [.location: report.crisisView != nil ? "/crisis" : "/checkin/result"])
        }
        router.get("/checkin/result") { _, _ in
            _ = try Unlocked.require()
            guard let report = await context.vault.lastReport else { return Response(status: .seeOther, headers: [.location: "/"]) }
            return context.page("Your check-in", ResultView(report: report).html)
        }
    }

    static let noCheckIn = APIError(.conflict, "There is no check-in waiting for this: start the check-in again from its page.")

    /// Runs the check-in's AI step and saves it, with the crisis session and plan when orange or red.
    private func finish(_ draft: CheckInDraft, note: String?, store: SentinelStore) async throws -> CheckInReport {
        let recorder = LongitudinalRecorder(store: store, compressor: context.models.compressor)
        let state = try? recorder.stateForNextCheckIn(now: Date())
        let signals = draft.signals(note: note, longitudinal: state)
        var checkIn = CheckIn(ai: context.models.aiStep(), now: { Date() })
        let profile = try store.loadProfile() ?? VeteranProfile(name: "")
        checkIn.profile = profile.crisisProfile(hopeBox: try store.loadHopeBox())
        checkIn.crisisScreen = context.models.crisisScreen
        var report: CheckInReport
        do { report = try await checkIn.run(signals: signals, answers: draft.answers) } catch {
            throw APIError(.unprocessableContent, "The check-in could not be scored: \(error). Start it again.")
        }
        if let explainer = context.models.explainer {
            let (text, source) = await explainer.explain(report, history: state?.promptSummary)
            report.useExplanation(text, source: source)
        }
        report.showCoping(from: try store.currentSafetyPlan())
        if report.crisisView != nil {
            let ranker = CurrentSafetyPlanRanker(reranker: context.models.reranker, tracker: recorder.tracker)
            report.showSafetyPlan(try store.currentSafetyPlan(), ranking: await ranker.rank(after: report, state: state ?? LongitudinalState()))
            if let session = CrisisSession(tier: report.finalTier, now: Date(), recheckAfter: context.configuration.recheckAfter) {
                _ = try? store.crisisHistory.record(session, now: Date())
                await context.vault.setCrisis(session, plan: report.crisisView?.rankedPlan)
            }
        }
        _ = try await recorder.record(report, signals: signals)
        return report
    }

    /// A red answer mid-screener: the partial check-in is saved as red, the crisis session opens,
    /// and the plan is ordered for it (at once, by the driver, when the model is slow or absent).
    private func startCrisisNow(draft: CheckInDraft, store: SentinelStore) async throws {
        let now = Date()
        let record = CheckInRecord(startedAt: draft.startedAt, completedAt: now, finalTier: .red, screenerTier: .red,
                                   decidedBy: .screener, answers: draft.answers)
        let recorder = LongitudinalRecorder(store: store, compressor: .withoutModel())
        let state = try? recorder.stateForNextCheckIn(now: now)
        _ = try await recorder.record(record, transcript: nil, sleep: nil)
        let ranker = CurrentSafetyPlanRanker(reranker: context.models.reranker, tracker: recorder.tracker)
        let current = recorder.tracker.update(state ?? LongitudinalState(), with: record)
        let ranking = await ranker.reranker.rank(SafetyPlanRerankingInput(state: current, tier: .red))
        let plan = CrisisPlanSection.sections(of: try store.currentSafetyPlan(), order: ranking.order)
        if let session = CrisisSession(tier: .red, now: now, recheckAfter: context.configuration.recheckAfter) {
            _ = try? store.crisisHistory.record(session, now: now)
            await context.vault.setCrisis(session, plan: plan)
        }
        await context.vault.setDraft(nil)
    }

    private func question(_ item: CSSRSItem, draft: CheckInDraft) -> Response {
        let asked = CSSRSScreener.applicableItems(given: draft.answers)
        let position = (asked.firstIndex(of: item) ?? 0) + 1
        let clarification = item.clarification.map { "<p class=\"hint\">\(Page.escape($0))</p>" } ?? ""
        let body = """
            <p class="progress">Question \(position) of \(asked.count)\(draft.answers.values.isEmpty ? "" : " so far")</p>
            \(Page.form("/checkin/answer", attributes: "class=\"card question\""))
            <input type="hidden" name="item" value="\(item.rawValue)">
            <fieldset><legend><span class="timeframe">\(Page.escape(item.timeFrame)):</span> \(Page.escape(item.question))</legend>
            \(clarification)
            <div class="answers"><button type="submit" name="answer" value="yes" class="answer">Yes</button>
            <button type="submit" name="answer" value="no" class="answer">No</button></div></fieldset></form>
            <p class="hint">If you are not safe right now, you don't have to finish: use the crisis bar at the top.</p>
            """
        return context.page("Check-in", body)
    }

    private func signalsPage(_ draft: CheckInDraft) -> Response {
        let voice = draft.prosody.map { "<p class=\"measured\" id=\"voice-result\">\(Page.escape($0.summary))</p>" }
            ?? "<p class=\"measured\" id=\"voice-result\" aria-live=\"polite\"></p>"
        let body = """
            <p>Thank you. These are optional: each one helps Sentinel notice changes you might not.</p>
            <section class="card" aria-labelledby="voice-title"><h2 id="voice-title">Your voice (optional)</h2>
            <p>Talk for 30 to 60 seconds about your day. Sentinel measures the pitch and pauses in memory; the recording is never saved.</p>
            <div class="recorder"><button type="button" id="record-start">Start recording</button>
            <button type="button" id="record-stop" disabled>Stop and measure</button>
            <span id="record-timer" aria-live="polite">0 s</span></div>\(voice)</section>
            <section class="card" aria-labelledby="uploads-title"><h2 id="uploads-title">Files (optional)</h2>
            <label for="health-file">Apple Health export (export.xml) or daily CSV</label>
            <input type="file" id="health-file" data-upload="/checkin/health" accept=".xml,.csv,text/xml,text/csv">
            <p class="measured" id="health-file-result" aria-live="polite"></p>
            <label for="face-file">Face telemetry (CSV or JSON)</label>
            <input type="file" id="face-file" data-upload="/checkin/face" accept=".csv,.json">
            <p class="measured" id="face-file-result" aria-live="polite"></p></section>
            \(Page.form("/checkin/finish", attributes: "class=\"card\""))
            <label for="note">In a sentence or two, how have you been doing lately? (optional)</label>
            <textarea id="note" name="note" rows="3" maxlength="2000"></textarea>
            <button type="submit">Finish check-in</button></form>
            """
        return context.page("Check-in", body)
    }
}

/// The measured voice, as the page shows it.
struct VoicePayload: Encodable, Sendable {
    var summary: String
    var seconds: Double
    var medianPitch: Double?
    var pitchVariability: Double?
    var pausesPerMinute: Double
    var pauseCount: Int
    var speakingTime: Double

    init(_ prosody: ProsodyFeatures) {
        summary = prosody.summary
        seconds = prosody.duration
        medianPitch = prosody.medianPitch
        pitchVariability = prosody.pitchVariability
        pausesPerMinute = prosody.pausesPerMinute
        pauseCount = prosody.pauseCount
        speakingTime = prosody.speakingTime
    }
}
