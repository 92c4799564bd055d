import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// Settings: lock now, export everything as JSON, and purge everything behind a typed confirmation.
struct SettingsRoutes {
    let context: RouteContext

    /// What the person types to confirm a purge.
    static let purgeConfirmation = "DELETE"

    func register(on router: Router<WebRequestContext>) {
        router.get("/settings") { _, _ in
            _ = try Unlocked.require()
            return context.page("Settings", page(message: nil))
        }
        router.get("/settings/export") { _, _ in
            let store = try Unlocked.require()
            let now = Date()
            let export = Export(exportedAt: now, profile: try store.loadProfile(), safetyPlan: try store.loadSafetyPlan(),
                                hopeBoxTexts: try store.loadHopeBox().texts, checkIns: try store.checkIns(),
                                longitudinal: try store.longitudinalState(), crisisHistory: try? store.crisisHistory.load(now: now))
            var response = JSONResponse.make(export)
            response.headers[.contentDisposition] = "attachment; filename=\"sentinel-export.json\""
            return response
        }
        router.post("/settings/purge") { request, _ in
            _ = try Unlocked.require()
            let form = try await URLEncodedForm.read(request)
            guard form["confirm"] == Self.purgeConfirmation else {
                return context.page("Settings", page(message: "Nothing was deleted: type \(Self.purgeConfirmation) in capitals to confirm."),
                                    status: .unprocessableContent)
            }
            await context.vault.lock(.lockedByPerson)
            let report: PurgeReport
            do { report = try SentinelStore.purge(directory: context.vault.directory) } catch {
                return Page.problem("Not everything was deleted", "\(error)", status: .internalServerError, back: "/welcome")
            }
            let left = report.leftInPlace.isEmpty ? "" : "<p>Files that are not Sentinel's were left in place: "
                + Page.escape(report.leftInPlace.joined(separator: ", ")) + "</p>"
            var response = Page(title: "Everything was deleted", body: """
                <p id="purged">Sentinel deleted \(report.removed.count) file\(report.removed.count == 1 ? "" : "s"): your check-ins, plan, hope box, \
                reports and keys. Nothing can be recovered.</p>\(left)<p><a href="/welcome">Set Sentinel up again</a></p>
                """, navigation: false).response
            response.setCookie(UnlockRoutes.clearedUnlockCookie)
            return response
        }
    }

    private func page(message: String?) -> String {
        let note = message.map { "<p class=\"form-error\" role=\"alert\">\(Page.escape($0))</p>" } ?? ""
        return """
            <section class="card" aria-labelledby="lock-title"><h2 id="lock-title">Lock</h2>
            <p>Sentinel locks itself after \(UnlockRoutes.seconds(context.configuration.idleLock)) without use.</p>
            \(Page.form("/lock"))<button type="submit">Lock now</button></form></section>
            <section class="card" aria-labelledby="export-title"><h2 id="export-title">Export</h2>
            <p>Everything Sentinel keeps, decrypted, as one JSON file. Keep it somewhere private.</p>
            <a class="button secondary" href="/settings/export" download>Download export</a></section>
            <section class="card danger" aria-labelledby="purge-title"><h2 id="purge-title">Delete everything</h2>
            <p>Deletes every check-in, your plan, hope box, reports, records and keys. This cannot be undone.</p>\(note)
            \(Page.form("/settings/purge"))<label for="confirm">Type \(Self.purgeConfirmation) to confirm</label>
            <input id="confirm" name="confirm" autocomplete="off" required>
            <button type="submit" class="destructive">Delete everything</button></form></section>
            """
    }
}

/// Everything Sentinel keeps, for the export.
struct Export: Encodable, Sendable {
    var exportedAt: Date
    var profile: VeteranProfile?
    var safetyPlan: SafetyPlan?
    var hopeBoxTexts: [String]
    var checkIns: [CheckInRecord]
    var longitudinal: LongitudinalState
    var crisisHistory: CrisisHistory?
}
