import Foundation
import LLM

extension FuzzTarget {
    /// `JSONValue(parsing:)`: any bytes. A document that parses is written back out and must
    /// parse to the same value (nothing lost or changed on the way through).
    static let jsonParser = FuzzTarget(name: "json-parser", summary: "JSONValue(parsing:) on any bytes; what parses round-trips through jsonText and prettyText") { data in
        guard let value = try? JSONValue(parsing: data) else { return }
        for text in [value.jsonText, value.prettyText] {
            let again: JSONValue
            do { again = try JSONValue(parsing: text) } catch { violated("written JSON parses again", "\(error): \(text)") }
            guard again == value else { violated("written JSON parses to the same value", text) }
        }
    }
}
