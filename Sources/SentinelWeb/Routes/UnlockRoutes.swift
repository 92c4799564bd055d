import Foundation
import Hummingbird
import Sentinel
import WebFoundation

/// Setting Sentinel up (`/welcome`), unlocking it (`/unlock`) and locking it (`/lock`).
struct UnlockRoutes {
    let context: RouteContext

    /// The shortest passphrase accepted.
    static let minimumPassphraseLength = 8

    static let privacy = """
        <section class="privacy" aria-labelledby="privacy-title"><h2 id="privacy-title">Your privacy</h2>
        <ul><li>Everything stays on this computer. Nothing is sent anywhere.</li>
        <li>Your check-ins, notes, safety plan and hope box are encrypted with a key made from your passphrase.
        Without the passphrase nobody can read them, and neither can Sentinel: write it down somewhere safe.</li>
        <li>Voice recordings are measured in memory and never saved.</li>
        <li>Sentinel locks itself when you leave it alone, and you can delete everything at any time.</li></ul></section>
        """

    func register(on router: Router<WebRequestContext>) {
        router.get("/welcome") { _, _ in
            guard !(await context.vault.isSetUp) else { return Response(status: .seeOther, headers: [.location: "/unlock"]) }
            return welcome(values: [:], errors: [:])
        }
        router.post("/welcome") { request, _ in
            guard !(await context.vault.isSetUp) else { return Response(status: .seeOther, headers: [.location: "/unlock"]) }
            let form = try await URLEncodedForm.read(request)
            var errors: [String: String] = [:]
            let passphrase = form.fields["passphrase"]?.first ?? ""
            if passphrase.count < Self.minimumPassphraseLength {
                errors["passphrase"] = "Use at least \(Self.minimumPassphraseLength) characters."
            } else if passphrase != (form.fields["confirm"]?.first ?? "") {
                errors["confirm"] = "The two passphrases are not the same."
            }
            let name = form["name"] ?? ""
            if name.isEmpty { errors["name"] = "Enter the name Sentinel should use for you." }
            let buddyName = form["buddy_name"], buddyPhone = form["buddy_phone"]
            if (buddyName == nil) != (buddyPhone == nil) {
                errors[buddyName == nil ? "buddy_name" : "buddy_phone"] = "Enter both your battle buddy's name and phone number, or neither."
            } else if let buddyPhone, PhoneNumberExtractor.matches(in: buddyPhone).isEmpty {
                errors["buddy_phone"] = "Enter a phone number, such as 555-123-4567."
            }
            let line = form["line"].flatMap(VeteranProfile.PreferredLine.init(rawValue:)) ?? .veteransCrisisLine
            guard errors.isEmpty else {
                var values = form.fields.compactMapValues(\.first)
                values["passphrase"] = nil
                values["confirm"] = nil
                return welcome(values: values, errors: errors, status: .unprocessableContent)
            }
            let buddy = buddyName.flatMap { name in buddyPhone.map { CrisisProfile.Contact(name: name, phone: $0) } }
            let profile = VeteranProfile(name: name, battleBuddy: buddy, preferredLine: line, selfCommand: form["self_command"])
            let token: String
            do { token = try await context.vault.create(passphrase: passphrase, profile: profile) } catch {
                return Page.problem("Sentinel could not be set up", "\(error)", status: .internalServerError, back: "/welcome")
            }
            var response = Response(status: .seeOther, headers: [.location: "/plan?first=1"])
            response.setCookie(Self.unlockCookie(token))
            return response
        }
        router.get("/unlock") { request, _ in
            guard await context.vault.isSetUp else { return Response(status: .seeOther, headers: [.location: "/welcome"]) }
            if Unlocked.store != nil { return Response(status: .seeOther, headers: [.location: "/"]) }
            return await unlockPage(message: nil)
        }
        router.post("/unlock") { request, _ in
            let form = try await URLEncodedForm.read(request)
            let passphrase = form.fields["passphrase"]?.first ?? ""
            do {
                let token = try await context.vault.unlock(passphrase: passphrase)
                var response = Response(status: .seeOther, headers: [.location: "/"])
                response.setCookie(Self.unlockCookie(token))
                return response
            } catch let failure as SentinelVault.UnlockFailure {
                switch failure {
                case .wrongPassphrase(let wait):
                    return await unlockPage(message: "That passphrase is not right. You can try again in \(Self.seconds(wait)).",
                                            status: .unauthorized)
                case .tooSoon(let wait):
                    return await unlockPage(message: "Please wait \(Self.seconds(wait)) before trying again.", status: .tooManyRequests)
                case .storeProblem(let reason):
                    return await unlockPage(message: reason, status: .internalServerError)
                }
            }
        }
        router.post("/lock") { _, _ in
            await context.vault.lock(.lockedByPerson)
            var response = Response(status: .seeOther, headers: [.location: "/unlock"])
            response.setCookie(Self.clearedUnlockCookie)
            return response
        }
    }

    /// The unlock cookie, emptied and expired (after locking or purging).
    static var clearedUnlockCookie: Cookie {
        Cookie(name: VaultGate<WebRequestContext>.cookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict)
    }

    static func unlockCookie(_ token: String) -> Cookie {
        Cookie(name: VaultGate<WebRequestContext>.cookie, value: token, path: "/", httpOnly: true, sameSite: .strict)
    }

    static func seconds(_ duration: Duration) -> String {
        let value = max(1, Int(duration.components.seconds) + (duration.components.attoseconds > 0 ? 1 : 0))
        return value == 1 ? "1 second" : "\(value) seconds"
    }

    private func unlockPage(message: String?, status: HTTPResponse.Status = .ok) async -> Response {
        let reason: String
        switch await context.vault.lockReason {
        case .idle: reason = "Sentinel locked itself after \(Self.seconds(context.configuration.idleLock)) without use."
        case .lockedByPerson: reason = "Sentinel is locked."
        case .notYetUnlocked: reason = "Enter your passphrase to open Sentinel."
        }
        let error = message.map { "<p class=\"form-error\" role=\"alert\">\(Page.escape($0))</p>" } ?? ""
        let body = """
            <p id="lock-reason">\(Page.escape(reason))</p>\(error)
            \(Page.form("/unlock", attributes: "class=\"card\""))
            <label for="passphrase">Passphrase</label>
            <input id="passphrase" name="passphrase" type="password" autocomplete="current-password" required autofocus>
            <button type="submit">Unlock</button></form>
            <p class="hint">Forgot it? The data cannot be recovered without it. You can start again from Settings after unlocking,
            or delete the data folder.</p>
            """
        return Page(title: "Unlock Sentinel", body: body, navigation: false, status: status).response
    }

    private func welcome(values: [String: String], errors: [String: String], status: HTTPResponse.Status = .ok) -> Response {
        func field(_ name: String, _ label: String, type: String = "text", extra: String = "", hint: String? = nil) -> String {
            let error = errors[name].map { "<span class=\"field-error\" id=\"\(name)-error\">\(Page.escape($0))</span>" } ?? ""
            let describers = (hint == nil ? [] : ["\(name)-hint"]) + (errors[name] == nil ? [] : ["\(name)-error"])
            let described = (errors[name] != nil ? " aria-invalid=\"true\"" : "")
                + (describers.isEmpty ? "" : " aria-describedby=\"\(describers.joined(separator: " "))\"")
            let value = type == "password" ? "" : " value=\"\(Page.escape(values[name] ?? ""))\""
            let hintHTML = hint.map { "<span class=\"hint\" id=\"\(name)-hint\">\(Page.escape($0))</span>" } ?? ""
            return "<label for=\"\(name)\">\(Page.escape(label))</label>\(hintHTML)<input id=\"\(name)\" name=\"\(name)\" type=\"\(type)\"\(value)\(described) \(extra)>\(error)"
        }
        let lines = VeteranProfile.PreferredLine.allCases.map { line in
            "<option value=\"\(line.rawValue)\"\(values["line"] == line.rawValue ? " selected" : "")>\(Page.escape(line.label))</option>"
        }.joined()
        let body = """
            <p>Sentinel is a private daily check-in. It takes a few minutes, and help is always one tap away at the top of the page.</p>
            \(Self.privacy)
            \(Page.form("/welcome", attributes: "class=\"card\""))
            <fieldset><legend>Your passphrase</legend>
            \(field("passphrase", "Passphrase", type: "password", extra: "autocomplete=\"new-password\" required minlength=\"\(Self.minimumPassphraseLength)\"",
                    hint: "At least \(Self.minimumPassphraseLength) characters. It unlocks and encrypts everything."))
            \(field("confirm", "Type it again", type: "password", extra: "autocomplete=\"new-password\" required"))
            </fieldset>
            <fieldset><legend>About you</legend>
            \(field("name", "Your name", extra: "autocomplete=\"given-name\" required"))
            \(field("buddy_name", "Battle buddy's name", hint: "Someone you trust to call on a hard day."))
            \(field("buddy_phone", "Battle buddy's phone", type: "tel", extra: "autocomplete=\"off\""))
            <label for="line">Crisis line you prefer</label><select id="line" name="line">\(lines)</select>
            \(field("self_command", "A message to yourself for hard moments (optional)"))
            </fieldset>
            <button type="submit">Set up Sentinel</button></form>
            """
        return Page(title: "Welcome to Sentinel", body: body, navigation: false, status: status).response
    }
}
