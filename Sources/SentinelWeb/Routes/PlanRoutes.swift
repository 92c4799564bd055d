import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// The Stanley–Brown safety plan (seven sections; 988 fixed under professionals), written step
/// by step or pasted from a worksheet, and the hope box: words and pictures, stored encrypted.
struct PlanRoutes {
    let context: RouteContext

    /// The largest pasted worksheet.
    static let worksheetLimit = 32 * 1024

    func register(on router: Router<WebRequestContext>) {
        router.get("/plan") { request, _ in
            let store = try Unlocked.require()
            let first = request.uri.queryParameters["first"] != nil
            return context.page(first ? "Your first safety plan" : "Safety plan and hope box",
                                planPage(plan: try store.currentSafetyPlan(), box: try store.loadHopeBox(), first: first, message: nil))
        }
        router.post("/plan") { request, _ in
            let store = try Unlocked.require()
            let form = try await URLEncodedForm.read(request)
            var entries: [SafetyPlanSection: [SafetyPlanEntry]] = [:]
            for section in SafetyPlanSection.allCases {
                let lines = (form.fields[section.key]?.first ?? "").split(whereSeparator: \.isNewline)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                entries[section] = lines.prefix(20).map(SafetyPlanEntry.init(parsing:))
            }
            try store.saveSafetyPlan(SafetyPlan(entries))
            return Response(status: .seeOther, headers: [.location: "/plan?saved=1"])
        }
        router.post("/plan/import") { request, _ in
            let store = try Unlocked.require()
            let form = try await URLEncodedForm.read(request, limit: Self.worksheetLimit)
            guard let text = form["worksheet"] else {
                return context.page("Safety plan and hope box", planPage(plan: try store.currentSafetyPlan(), box: try store.loadHopeBox(),
                                                                        first: false, message: "Paste the worksheet's text first."),
                                    status: .unprocessableContent)
            }
            let result: SafetyPlanWorksheetParser.Result
            do { result = try SafetyPlanWorksheetParser().parse(text) } catch {
                return context.page("Safety plan and hope box", planPage(plan: try store.currentSafetyPlan(), box: try store.loadHopeBox(),
                                                                        first: false, message: "\(error)"), status: .unprocessableContent)
            }
            try store.saveSafetyPlan(result.plan)
            let found = result.sectionsFound.count
            return context.page("Safety plan and hope box", planPage(
                plan: result.plan, box: try store.loadHopeBox(), first: false,
                message: "Read \(found) of 7 sections from the worksheet. Check each one below and save any changes."))
        }
        router.post("/hope/texts") { request, _ in
            let store = try Unlocked.require()
            let form = try await URLEncodedForm.read(request)
            var box = try store.loadHopeBox()
            box.texts = (form.fields["texts"]?.first ?? "").split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.prefix(50).map { String($0.prefix(500)) }
            try store.saveHopeBox(box)
            return Response(status: .seeOther, headers: [.location: "/plan#hope-box"])
        }
        router.post("/hope/images") { request, _ in
            let store = try Unlocked.require()
            let caption = request.uri.queryParameters["caption"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !caption.isEmpty else { throw APIError(.badRequest, "Add a few words about the picture first. Nothing was stored.") }
            let data = try await Upload.read(request, limit: HopeBox.imageLimit, what: "The picture")
            guard let type = HopeBox.imageType(of: data) else {
                throw APIError(.unsupportedMediaType, "Only PNG and JPEG pictures can go in the hope box. Nothing was stored.")
            }
            var box = try store.loadHopeBox()
            guard box.images.count < HopeBox.imageCountLimit else {
                throw APIError(.conflict, "The hope box holds \(HopeBox.imageCountLimit) pictures; remove one first.")
            }
            box.images.append(HopeBox.Image(caption: String(caption.prefix(200)), mediaType: type, data: data))
            try store.saveHopeBox(box)
            return JSONResponse.make(["ok": true])
        }
        router.get("/hope/images/:id") { _, requestContext in
            let store = try Unlocked.require()
            let id = requestContext.parameters.get("id") ?? ""
            guard let image = try store.loadHopeBox().images.first(where: { $0.id == id }) else { throw APIError.notFound("That picture") }
            return Response(status: .ok, headers: [.contentType: image.mediaType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.data)))
        }
        router.post("/hope/images/:id/delete") { _, requestContext in
            let store = try Unlocked.require()
            let id = requestContext.parameters.get("id") ?? ""
            var box = try store.loadHopeBox()
            box.images.removeAll { $0.id == id }
            try store.saveHopeBox(box)
            return Response(status: .seeOther, headers: [.location: "/plan#hope-box"])
        }
    }

    private func planPage(plan: SafetyPlan, box: HopeBox, first: Bool, message: String?) -> String {
        let intro = first ? """
            <p>A safety plan is a short list, in your own words, of what helps when things get hard. Write it step by step
            below, or paste the text of a paper worksheet. You can change it any time.</p>
            """ : ""
        let note = message.map { "<p class=\"notice\" role=\"status\">\(Page.escape($0))</p>" } ?? ""
        let sections = SafetyPlanSection.allCases.map { section -> String in
            let own = plan.ownEntries[section] ?? []
            let text = own.map { entry in entry.phone.map { "\(entry.text) \($0)" } ?? entry.text }.joined(separator: "\n")
            let fixed = section == .professionals
                ? "<p class=\"fixed\" id=\"plan-988\">\(Page.escape(SafetyPlan.crisisLine.text)) <span class=\"hint\">(always here)</span></p>" : ""
            return """
                <div class="plan-section"><label for="plan-\(section.key)">Step \(section.rawValue): \(Page.escape(section.title))</label>
                \(fixed)<textarea id="plan-\(section.key)" name="\(section.key)" rows="3" aria-describedby="plan-hint">\(Page.escape(text))</textarea></div>
                """
        }.joined()
        let texts = box.texts.joined(separator: "\n")
        let images = box.images.map { image in
            """
            <figure><img src="/hope/images/\(Page.escape(image.id))" alt="\(Page.escape(image.caption))"><figcaption>\(Page.escape(image.caption))</figcaption>
            \(Page.form("/hope/images/\(image.id)/delete"))<button type="submit" class="secondary">Remove</button></form></figure>
            """
        }.joined()
        return """
            \(intro)\(note)
            \(Page.form("/plan", attributes: "class=\"card\" id=\"plan-form\""))
            <p class="hint" id="plan-hint">One item per line. A phone number on a line becomes a tap-to-call link.</p>
            \(sections)<button type="submit">Save safety plan</button></form>
            <details class="card"\(first ? " open" : "")><summary>Paste a paper worksheet instead</summary>
            \(Page.form("/plan/import"))<label for="worksheet">The worksheet's text</label>
            <textarea id="worksheet" name="worksheet" rows="8"></textarea><button type="submit">Read worksheet</button></form></details>
            <section class="card" id="hope-box" aria-labelledby="hope-title"><h2 id="hope-title">Hope box</h2>
            \(Page.form("/hope/texts"))<label for="hope-texts">Words that give you hope: reasons, quotes, memories (one per line)</label>
            <textarea id="hope-texts" name="texts" rows="4">\(Page.escape(texts))</textarea><button type="submit">Save words</button></form>
            <div class="hope-images">\(images)</div>
            <div class="hope-upload"><label for="hope-caption">About the picture</label><input id="hope-caption" type="text" maxlength="200">
            <label for="hope-image">Picture (PNG or JPEG, up to 2 MB)</label>
            <input type="file" id="hope-image" accept="image/png,image/jpeg">
            <p class="measured" id="hope-image-result" aria-live="polite"></p></div></section>
            \(first ? "<p><a class=\"button primary\" href=\"/\">Done for now</a></p>" : "")
            """
    }
}
