import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// The crisis view: call or text the crisis line, call the battle buddy, the top three steps of
/// the safety plan ordered for now, the hope box, and the 10-minute recheck. Reachable while
/// locked too, with the crisis lines only (nothing personal without the passphrase).
struct CrisisRoutes {
    let context: RouteContext

    func register(on router: Router<WebRequestContext>) {
        router.get("/crisis") { _, _ in
            guard let store = Unlocked.store else { return Page(title: "Help is here", body: Self.lines(preferred: nil) + """
                <p><a href="/unlock">Unlock Sentinel</a> to see your safety plan and your battle buddy's number.</p>
                """, navigation: false).response }
            return try await crisisPage(store: store)
        }
        router.post("/crisis/recheck") { request, _ in
            let store = try Unlocked.require()
            let form = try await URLEncodedForm.read(request)
            guard let answer = form["answer"].flatMap(RecheckAnswer.init(rawValue:)) else {
                throw APIError(.badRequest, "Choose how you are doing: more stable, about the same, or still not safe.")
            }
            guard var session = await context.vault.crisis, !session.isEnded else {
                return Response(status: .seeOther, headers: [.location: "/crisis"])
            }
            let now = Date()
            session.refresh(now: now)
            if case .active = session.state { session.recheckNow() }  // answering before the timer is allowed
            do { try session.answerRecheck(answer, now: now) } catch {
                throw APIError(.conflict, "\(error)")
            }
            // Every answer is recorded in the crisis history (encrypted, kept 30 days).
            do { _ = try store.crisisHistory.record(session, now: now) } catch {
                await context.vault.setCrisis(session)
                throw APIError(.internalServerError, "Your answer could not be saved (\(error)). If you are not safe, call 988 now.")
            }
            await context.vault.setCrisis(session)
            return Response(status: .seeOther, headers: [.location: "/crisis"])
        }
    }

    /// The crisis lines, the preferred one first.
    static func lines(preferred: VeteranProfile.PreferredLine?) -> String {
        var links = [
            (VeteranProfile.PreferredLine.veteransCrisisLine,
             "<li><a class=\"button call\" id=\"call-vcl\" href=\"tel:988\">Veterans Crisis Line</a><span>Dial 988, then press 1</span></li>"),
            (.text, "<li><a class=\"button\" id=\"text-line\" href=\"sms:838255\">Text 838255</a><span>Veterans Crisis Line by text</span></li>"),
            (.lifeline, "<li><a class=\"button\" id=\"call-988\" href=\"tel:988\">Call 988</a><span>988 Suicide &amp; Crisis Lifeline</span></li>"),
        ]
        if let preferred, let index = links.firstIndex(where: { $0.0 == preferred }) { links.insert(links.remove(at: index), at: 0) }
        return """
            <section class="card crisis-lines" aria-labelledby="lines-title"><h2 id="lines-title">Reach someone now</h2>
            <ul class="lines">\(links.map(\.1).joined())
            <li><a class="button" href="tel:911">Call 911</a><span>If you are in immediate danger</span></li></ul></section>
            """
    }

    private func crisisPage(store: SentinelStore) async throws -> Response {
        let profile = try store.loadProfile()
        let hopeBox = try store.loadHopeBox()
        var plan = await context.vault.crisisPlan
        if plan == nil {
            let ranking = try await CurrentSafetyPlanRanker(reranker: context.models.reranker).rank(store: store)
            plan = CrisisPlanSection.sections(of: try store.currentSafetyPlan(), order: ranking.order)
        }
        var body = ""
        if let message = profile?.selfCommand {
            body += "<p class=\"self-command\">\(Page.escape(message))</p>"
        }
        body += Self.lines(preferred: profile?.preferredLine)
        if let buddy = profile?.battleBuddy {
            let number = buddy.phone.filter { $0.isNumber || $0 == "+" }
            body += """
                <section class="card" aria-labelledby="buddy-title"><h2 id="buddy-title">Your battle buddy</h2>
                <a class="button call" id="call-buddy" href="tel:\(Page.escape(number))">Call \(Page.escape(buddy.name))</a>
                <span>\(Page.escape(buddy.phone))</span></section>
                """
        }
        body += await recheckSection()
        body += planSection(plan ?? [])
        body += hopeSection(hopeBox)
        return context.page("You are not alone", body)
    }

    private func recheckSection() async -> String {
        guard var session = await context.vault.crisis else { return "" }
        session.refresh(now: Date())
        let history = session.rechecks.map { "<li>\(Page.escape(Self.time($0.at))): \(Page.escape($0.answer.label))</li>" }.joined()
        let recorded = history.isEmpty ? "" : "<h3>Your answers</h3><ul id=\"recheck-history\">\(history)</ul>"
        switch session.state {
        case .resolved:
            return "<section class=\"card\" id=\"recheck\" aria-labelledby=\"recheck-title\"><h2 id=\"recheck-title\">Checking in</h2>"
                + "<p>You said you feel more stable. Your plan stays here whenever you need it.</p>\(recorded)</section>"
        case .escalated:
            return """
                <section class="card urgent" id="recheck" aria-labelledby="recheck-title"><h2 id="recheck-title">Please call now</h2>
                <p>You said you are still not safe. Call 988 and press 1 now; stay on the line.</p>
                <a class="button call" href="tel:988">Call 988 now</a>\(recorded)</section>
                """
        case .active(let at):
            return recheckForm(due: at, recorded: recorded)
        case .recheckDue:
            return recheckForm(due: Date(), recorded: recorded)
        }
    }

    private func recheckForm(due: Date, recorded: String) -> String {
        let buttons = RecheckAnswer.allCases.map {
            "<button type=\"submit\" name=\"answer\" value=\"\($0.rawValue)\" class=\"answer\">\(Page.escape($0.label))</button>"
        }.joined()
        return """
            <section class="card" id="recheck" aria-labelledby="recheck-title" data-due="\(Int(due.timeIntervalSince1970 * 1000))">
            <h2 id="recheck-title">Let's check in again in <span id="recheck-countdown" aria-live="polite">a few minutes</span></h2>
            <p>Try the first steps of your plan below. When the timer ends (or sooner), tell Sentinel how you are doing.</p>
            \(Page.form("/crisis/recheck"))<div class="answers">\(buttons)</div></form>\(recorded)</section>
            """
    }

    private func planSection(_ sections: [CrisisPlanSection]) -> String {
        let items = sections.map { section -> String in
            let entries = section.entries.map { entry -> String in
                let phone = entry.phone.map { " <a href=\"tel:\(Page.escape($0.filter { $0.isNumber || $0 == "+" }))\">\(Page.escape($0))</a>" } ?? ""
                return "<li>\(Page.escape(entry.text))\(phone)</li>"
            }.joined()
            let list = entries.isEmpty ? "<p class=\"hint\">Nothing written here yet.</p>" : "<ul>\(entries)</ul>"
            return "<details class=\"plan-step\"\(section.expanded ? " open" : "")><summary>\(Page.escape(section.section.title))</summary>\(list)</details>"
        }.joined()
        return "<section class=\"card\" id=\"crisis-plan\" aria-labelledby=\"plan-title\"><h2 id=\"plan-title\">Your safety plan, for right now</h2>\(items)"
            + "<p><a href=\"/plan\">Edit your plan</a></p></section>"
    }

    private func hopeSection(_ box: HopeBox) -> String {
        guard !box.texts.isEmpty || !box.images.isEmpty else { return "" }
        let texts = box.texts.map { "<li>\(Page.escape($0))</li>" }.joined()
        let images = box.images.map {
            "<figure><img src=\"/hope/images/\(Page.escape($0.id))\" alt=\"\(Page.escape($0.caption))\"><figcaption>\(Page.escape($0.caption))</figcaption></figure>"
        }.joined()
        return "<section class=\"card hope\" id=\"hope-box\" aria-labelledby=\"hope-title\"><h2 id=\"hope-title\">Your hope box</h2>"
            + (texts.isEmpty ? "" : "<ul>\(texts)</ul>") + "<div class=\"hope-images\">\(images)</div></section>"
    }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}
