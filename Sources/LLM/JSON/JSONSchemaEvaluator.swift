import Foundation

/// A compiled schema: the node table and what evaluation needs besides it.
struct JSONSchemaProgram: Sendable {
    var nodes: [JSONSchemaNode]
    var root: Int
    /// Per schema resource, its `$dynamicAnchor` names and their nodes.
    var dynamicAnchors: [[String: Int]]
    /// Whether evaluated-property/item annotations must be collected (`unevaluated*` is used).
    var tracksAnnotations: Bool
}

/// What a successful evaluation of a schema against one instance evaluated (the annotations
/// `unevaluatedProperties` and `unevaluatedItems` depend on).
struct JSONSchemaEvaluated {
    var properties: Set<String> = []
    /// Items `0..<itemPrefix` were evaluated (`prefixItems`).
    var itemPrefix = 0
    /// Every item was evaluated (`items`, `unevaluatedItems`).
    var allItems = false
    /// Items `contains` matched.
    var itemIndices: Set<Int> = []

    mutating func merge(_ other: JSONSchemaEvaluated) {
        properties.formUnion(other.properties)
        itemPrefix = max(itemPrefix, other.itemPrefix)
        allItems = allItems || other.allItems
        itemIndices.formUnion(other.itemIndices)
    }

    func covers(item index: Int) -> Bool { allItems || index < itemPrefix || itemIndices.contains(index) }
}

/// One run of a program over one instance, collecting violations (or stopping at the first failure
/// when not collecting, as inside `anyOf`, `oneOf`, `not`, `if` and `contains`).
struct JSONSchemaEvaluator {
    let program: JSONSchemaProgram
    /// Whether violations are recorded; when false, evaluation stops at the first failing keyword.
    var collecting: Bool
    private(set) var violations: [JSONSchemaViolation] = []
    /// The current instance location, as unescaped tokens.
    var instancePath: [String] = []
    /// The schema resources entered so far, outermost first (`$dynamicRef` resolution).
    private var dynamicScope: [Int] = []
    /// (node, instance depth) pairs being evaluated: meeting one again means a loop that consumes nothing.
    private var active: Set<Int> = []
    private var depth = 0
    /// Deepest nesting of schema evaluations before giving up.
    static let maximumDepth = 320

    init(program: JSONSchemaProgram, collecting: Bool) {
        self.program = program
        self.collecting = collecting
    }

    /// Evaluates node `index` against `instance`, adding what it evaluated to `evaluated` when valid.
    mutating func evaluate(_ index: Int, _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        let node = program.nodes[index]
        if node.keywords.isEmpty { return true }
        let key = index &* 65_536 &+ instancePath.count
        guard depth < Self.maximumDepth, active.insert(key).inserted else { return reportRunaway(node) }
        let entered = dynamicScope.last != node.resource
        if entered { dynamicScope.append(node.resource) }
        depth += 1
        defer {
            depth -= 1
            if entered { dynamicScope.removeLast() }
            active.remove(key)
        }
        var local = JSONSchemaEvaluated()
        var valid = true
        for keyword in node.keywords where !apply(keyword, node, instance, &local) {
            valid = false
            if !collecting { return false }
        }
        if valid && program.tracksAnnotations { evaluated.merge(local) }
        return valid
    }

    private mutating func reportRunaway(_ node: JSONSchemaNode) -> Bool {
        let reason = depth < Self.maximumDepth
            ? "the schema refers back to itself without consuming the instance (infinite recursion)"
            : "schema evaluation nested deeper than \(Self.maximumDepth) levels"
        return record(node.location, keyword: "$ref", reason)
    }

    /// Evaluates without recording violations (the caller reports a summary instead).
    mutating func probe(_ index: Int, _ instance: JSONValue, _ evaluated: inout JSONSchemaEvaluated) -> Bool {
        let saved = collecting
        collecting = false
        defer { collecting = saved }
        return evaluate(index, instance, &evaluated)
    }

    /// Probes a child instance (an array item, or a property name for `propertyNames`). The path
    /// token keeps the recursion guard from taking a different instance at the same depth for a loop.
    mutating func probe(_ index: Int, _ instance: JSONValue, at token: String) -> Bool {
        instancePath.append(token)
        defer { instancePath.removeLast() }
        var ignored = JSONSchemaEvaluated()
        return probe(index, instance, &ignored)
    }

    /// Evaluates a child instance (an object member or an array item), extending the instance path.
    mutating func evaluate(_ index: Int, _ instance: JSONValue, at token: String) -> Bool {
        instancePath.append(token)
        defer { instancePath.removeLast() }
        var ignored = JSONSchemaEvaluated()
        return evaluate(index, instance, &ignored)
    }

    /// The first node in the dynamic scope (outermost first) that declares `$dynamicAnchor: name`.
    func dynamicTarget(_ name: String) -> Int? {
        for resource in dynamicScope {
            if let node = program.dynamicAnchors[resource][name] { return node }
        }
        return nil
    }

    /// Whether node `index` is the `false` schema.
    func isFalseSchema(_ index: Int) -> Bool {
        let keywords = program.nodes[index].keywords
        if keywords.count == 1, case .reject = keywords[0].kind { return true }
        return false
    }

    /// Records a violation of `keyword` (when collecting); always returns false.
    mutating func fail(_ keyword: JSONSchemaKeyword, _ node: JSONSchemaNode, _ message: @autoclosure () -> String) -> Bool {
        if case .reject = keyword.kind { return record(node.location, keyword: "false", message()) }
        return record(node.location + "/" + JSONPointer.escape(keyword.name), keyword: keyword.name, message())
    }

    /// Records a violation at the current instance path (when collecting); always returns false.
    mutating func record(_ schemaPath: String, keyword: String, _ message: @autoclosure () -> String,
                         extraToken: String? = nil) -> Bool {
        if collecting {
            var tokens = instancePath
            if let extraToken { tokens.append(extraToken) }
            violations.append(JSONSchemaViolation(instancePath: JSONPointer(tokens: tokens), keyword: keyword,
                                                  schemaPath: schemaPath, message: message()))
        }
        return false
    }

    /// A short rendering of a value for messages.
    static func render(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// JSON Schema equality: numbers by value (`1 == 1.0`), strings by code points (unlike Swift's
    /// `==`, which treats canonically equivalent strings as equal), objects regardless of key order.
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return left.unicodeScalars.elementsEqual(right.unicodeScalars)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let other = right[key], equal(value, other) else { return false }
            }
            return true
        default:
            return lhs == rhs
        }
    }

    /// Whether `instance` is of JSON Schema type `type` (`integer`: a number without fraction).
    static func matches(_ instance: JSONValue, type: String) -> Bool {
        switch (type, instance) {
        case ("number", .number): return true
        case ("integer", .number(let number)): return number.isFinite && number.rounded() == number
        default: return instance.typeName == type
        }
    }

    /// Whether `value` is an integer multiple of `divisor`, in decimal arithmetic where possible
    /// (so 0.0075 is a multiple of 0.0001), falling back to an exact binary remainder for huge values.
    static func isMultiple(_ value: Double, of divisor: Double) -> Bool {
        if value == 0 { return true }
        guard value.isFinite else { return false }
        if abs(value) < 1e30, abs(divisor) > 1e-30, abs(value / divisor) < 1e36,
           let decimalValue = Decimal(string: "\(value)"), let decimalDivisor = Decimal(string: "\(divisor)") {
            var quotient = decimalValue / decimalDivisor
            var rounded = Decimal()
            NSDecimalRound(&rounded, &quotient, 0, .plain)
            return rounded == quotient
        }
        return value.truncatingRemainder(dividingBy: divisor) == 0
    }
}
