import Foundation

/// A discharge summary (or other record) read from the inbox, as sanitized plain text.
public struct MedicalRecord: Sendable, Hashable {
    /// The document form it came in.
    public enum Form: String, Sendable, Hashable, Codable, CaseIterable {
        /// `{"text": {"div": "<div>…</div>"}}`.
        case narrative
        /// A FHIR `DocumentReference` with an inline base64 `text/plain` attachment.
        case documentReference = "DocumentReference"
        /// A FHIR `Composition` whose sections carry narratives.
        case composition = "Composition"
    }

    /// The form.
    public var form: Form
    /// The record's title, when it has one.
    public var title: String?
    /// The record's date, when it has one.
    public var date: Date?
    /// The plain text.
    public var text: String
    /// Active content removed from its narratives (scripts, event handlers, script links).
    public var activeContentRemoved: Int

    /// The bytes that identify the record's content (form, title, date and text), for telling
    /// a record already ingested from a new one.
    public var contentIdentity: Data {
        let parts = [form.rawValue, title ?? "", date.map { String($0.timeIntervalSince1970) } ?? "", text]
        return Data(parts.joined(separator: "\u{1F}").utf8)
    }

    /// What the record is, in words: "discharge summary", or its title.
    public var kind: String {
        let title = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return title.isEmpty ? "discharge summary" : title
    }
}

/// Why a file in the inbox could not be read as a record.
public enum MedicalRecordError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// Not JSON.
    case notJSON(file: String)
    /// JSON, but none of the three forms.
    case unsupportedForm(file: String, resourceType: String?)
    /// A `DocumentReference` without an inline text attachment.
    case noTextAttachment(file: String)
    /// The attachment's data is not base64, or not UTF-8 text.
    case badAttachment(file: String, reason: String)
    /// The record has no text once sanitized.
    case empty(file: String)

    /// What is wrong with the file (never its contents).
    public var description: String {
        switch self {
        case .notJSON(let file):
            return "\(file) is not JSON; the inbox takes FHIR DocumentReference or Composition resources, or {\"text\": {\"div\": …}}."
        case .unsupportedForm(let file, let resourceType):
            return "\(file) is \(resourceType.map { "a FHIR \($0)" } ?? "JSON without a narrative"); the inbox takes "
                + "DocumentReference (text/plain attachment), Composition (section narratives) or {\"text\": {\"div\": …}}."
        case .noTextAttachment(let file):
            return "\(file) is a DocumentReference without an inline text/plain attachment (content[].attachment.data)."
        case .badAttachment(let file, let reason):
            return "The attachment in \(file) could not be read: \(reason)."
        case .empty(let file):
            return "\(file) has no text once its narrative is sanitized."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}

/// Reads the three record forms into ``MedicalRecord``s, sanitizing every XHTML narrative.
public enum MedicalRecordParser {
    /// Parses a record file's bytes; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(MedicalRecordError) -> MedicalRecord {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw .notJSON(file: file) }
        let resourceType = object["resourceType"] as? String
        var record: MedicalRecord
        switch resourceType {
        case "DocumentReference":
            record = try documentReference(object, file: file)
        case "Composition":
            record = composition(object)
        case nil:
            guard let div = (object["text"] as? [String: Any])?["div"] as? String else {
                throw .unsupportedForm(file: file, resourceType: nil)
            }
            let clean = NarrativeSanitizer.sanitize(div)
            record = MedicalRecord(form: .narrative, title: object["title"] as? String, date: date(object["date"]),
                                   text: clean.text, activeContentRemoved: activeCount(clean))
        default:
            throw .unsupportedForm(file: file, resourceType: resourceType)
        }
        record.title = record.title.map { NarrativeSanitizer.sanitize($0).text }
        guard !record.text.allSatisfy(\.isWhitespace) else { throw .empty(file: file) }
        return record
    }

    private static func documentReference(_ object: [String: Any], file: String) throws(MedicalRecordError) -> MedicalRecord {
        let contents = object["content"] as? [[String: Any]] ?? []
        let attachments = contents.compactMap { $0["attachment"] as? [String: Any] }
        guard let attachment = attachments.first(where: { attachment in
            let type = (attachment["contentType"] as? String ?? "").lowercased()
            return attachment["data"] is String && (type.hasPrefix("text/plain") || type.hasPrefix("text/html") || type.hasPrefix("application/xhtml"))
        }), let encoded = attachment["data"] as? String else {
            throw .noTextAttachment(file: file)
        }
        guard let bytes = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
            throw .badAttachment(file: file, reason: "the data is not base64")
        }
        guard let decoded = String(data: bytes, encoding: .utf8) else {
            throw .badAttachment(file: file, reason: "the text is not UTF-8")
        }
        let type = (attachment["contentType"] as? String ?? "").lowercased()
        var text: String
        var active = 0
        // Plain text with markup in it is treated as markup: active content never passes as "text".
        // The check is on the normalized text, since dropping invisible characters can join "<" to a name.
        let plain = NarrativeSanitizer.normalize(decoded)
        if type.hasPrefix("text/plain"), NarrativeSanitizer.neutralizeTagStarts(plain) == plain {
            text = plain
        } else {
            let clean = NarrativeSanitizer.sanitize(decoded)
            text = clean.text
            active = activeCount(clean)
        }
        let title = (attachment["title"] as? String) ?? (object["description"] as? String)
            ?? ((object["type"] as? [String: Any])?["text"] as? String)
        if let description = object["description"] as? String, !description.isEmpty, title != description {
            text = NarrativeSanitizer.sanitize(description).text + "\n" + text
        }
        return MedicalRecord(form: .documentReference, title: title, date: date(object["date"]) ?? date(attachment["creation"]),
                             text: text, activeContentRemoved: active)
    }

    private static func composition(_ object: [String: Any]) -> MedicalRecord {
        var lines: [String] = []
        var active = 0
        if let div = (object["text"] as? [String: Any])?["div"] as? String {
            let clean = NarrativeSanitizer.sanitize(div)
            active += activeCount(clean)
            if !clean.text.isEmpty { lines.append(clean.text) }
        }
        func visit(_ sections: [[String: Any]]) {
            for section in sections {
                let title = (section["title"] as? String).map { NarrativeSanitizer.sanitize($0).text } ?? ""
                var body = ""
                if let div = (section["text"] as? [String: Any])?["div"] as? String {
                    let clean = NarrativeSanitizer.sanitize(div)
                    active += activeCount(clean)
                    body = clean.text
                }
                if !title.isEmpty || !body.isEmpty {
                    lines.append(title.isEmpty ? body : body.isEmpty ? "\(title):" : "\(title): \(body)")
                }
                visit(section["section"] as? [[String: Any]] ?? [])
            }
        }
        visit(object["section"] as? [[String: Any]] ?? [])
        return MedicalRecord(form: .composition, title: object["title"] as? String, date: date(object["date"]),
                             text: lines.joined(separator: "\n"), activeContentRemoved: active)
    }

    private static func activeCount(_ result: NarrativeSanitizer.Result) -> Int {
        result.droppedElements.count + result.eventHandlersRemoved + result.scriptLinksRemoved
    }

    /// A FHIR date or dateTime ("2024-03-02", "2024-03-02T10:00:00Z", with or without fractions).
    static func date(_ value: Any?) -> Date? {
        guard let string = value as? String else { return nil }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: string) { return date }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: string) { return date }
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        return day.date(from: String(string.prefix(10)))
    }
}
