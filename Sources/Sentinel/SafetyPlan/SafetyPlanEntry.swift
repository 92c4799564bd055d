/// One line of a safety plan: a warning sign, a coping strategy, a place, a reason for living,
/// or a contact with a phone number.
public struct SafetyPlanEntry: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The entry in the person's own words ("Go for a run", "Mom", "Dr. Alvarez, VA mental health clinic").
    public var text: String
    /// A phone number for contacts, as it should be dialled ("(555) 123-4567", "988").
    public var phone: String?

    /// Creates an entry; surrounding whitespace is trimmed and an empty phone is no phone.
    public init(text: String, phone: String? = nil) {
        self.text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let trimmedPhone = phone?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.phone = (trimmedPhone?.isEmpty ?? true) ? nil : trimmedPhone
    }

    /// Whether the entry is a personal or a professional contact, read from its words.
    public var contactKind: SafetyPlanContactKind { SafetyPlanContactClassifier.classify(text) }

    /// Whether the entry's phone number is the 988 crisis line.
    public var isCrisisLine: Bool { phone.map { PhoneNumberExtractor.digits(of: $0) == "988" } ?? false }

    /// "text, phone" or just the text.
    public var description: String { phone.map { "\(text) — \($0)" } ?? text }

    enum CodingKeys: String, CodingKey { case text, name, phone }

    /// Decodes `{"text": "…", "phone": "…"}`; `name` is accepted for `text`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            self.init(text: text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decodeIfPresent(String.self, forKey: .text)
            ?? container.decodeIfPresent(String.self, forKey: .name)
        guard let text else {
            throw DecodingError.keyNotFound(CodingKeys.text, .init(codingPath: container.codingPath,
                                                                    debugDescription: "an entry needs \"text\" (or \"name\")"))
        }
        self.init(text: text, phone: try container.decodeIfPresent(String.self, forKey: .phone))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(phone, forKey: .phone)
    }
}
