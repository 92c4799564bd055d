import Foundation
import LLM
import Skills

/// A HomeOS skill as an MCP tool: its name and description, and an input schema that is the
/// skill's own argument schema (one source of truth) plus `userMessage`, the person's words, which
/// skills read the way they read a chat message.
public struct SkillTool: Sendable {
    /// The skill.
    public let descriptor: SkillDescriptor

    /// The property every tool adds to its skill's arguments.
    public static let requestProperty = "userMessage"

    /// Creates the tool of a skill.
    public init(_ descriptor: SkillDescriptor) {
        self.descriptor = descriptor
    }

    /// The tool's name (the skill's id).
    public var name: String { descriptor.id }

    /// What the tool does, and whether it waits for the family's approval.
    public var description: String {
        descriptor.summary + (descriptor.permissions.isDisjoint(with: [.contactPeople, .spendMoney]) ? "" : " Actions that spend money, book or contact someone wait for the family's approval.")
    }

    /// The input schema: the skill's argument schema with `userMessage` added (and required; no skill has an argument of that name).
    public var inputSchema: JSONValue {
        let root = descriptor.argumentsSchema.root
        var properties: [(String, JSONValue)] = [(Self.requestProperty, .object(JSONObject([
            ("type", "string"), ("description", "What the person asked, in their own words."),
        ])))]
        if case .object(let existing)? = root["properties"] {
            properties += existing.map { ($0.key, $0.value) }
        }
        var required: [JSONValue] = [.string(Self.requestProperty)]
        required += root["required"]?.arrayValue ?? []
        return .object(JSONObject([
            ("type", "object"),
            ("properties", .object(JSONObject(properties))),
            ("required", .array(required)),
        ]))
    }

    /// The skill's arguments within a tool call's input (`userMessage` taken out).
    public static func skillArguments(from input: JSONValue) -> (request: String, arguments: JSONValue) {
        guard case .object(let object) = input else { return ("", [:]) }
        let request = object[requestProperty]?.stringValue ?? ""
        let arguments = object.filter { $0.key != requestProperty }
        return (request, .object(JSONObject(arguments.map { ($0.key, $0.value) })))
    }
}
