import Foundation
import LLM
import MCP

/// Converts between HomeOS's `JSONValue` and the MCP SDK's `Value` (both are plain JSON).
enum MCPValueBridge {
    /// `value` as an MCP value.
    static func mcp(_ value: JSONValue) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    /// MCP arguments as a HomeOS JSON object.
    static func json(_ arguments: [String: Value]?) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(arguments ?? [:]))
    }
}
