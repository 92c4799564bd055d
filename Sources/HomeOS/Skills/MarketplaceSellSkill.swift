import Foundation
import LLM
import Skills

/// marketplace-sell (patterns D+C): extracts {item, condition, price}, writes the listing text
/// (the model, or a fixed template), and asks for approval before anything is posted.
struct MarketplaceSellSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.marketplaceSell

    /// Arguments: what the router extracted, if anything; missing parts are read from the message.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var item: String?
        var condition: String?
        @Minimum(0)
        var price: Double?
    }

    /// The schema the model fills from the message.
    static let extractionSchema = try! JSONSchema([
        "type": "object",
        "properties": [
            "item": ["type": ["string", "null"]],
            "condition": ["type": ["string", "null"]],
            "price": ["type": ["number", "null"]],
        ],
        "required": ["item", "condition", "price"],
        "additionalProperties": false,
    ])

    /// Worked examples for the extraction; the prompt shows the most relevant few.
    static let examples: [JSONExample] = [
        JSONExample(input: "Sell our old stroller, good condition, for $60", output: ["item": "stroller", "condition": "good", "price": 60]),
        JSONExample(input: "List the kids' bike for 45 dollars", output: ["item": "kids' bike", "condition": nil, "price": 45]),
        JSONExample(input: "I want to sell the treadmill, barely used", output: ["item": "treadmill", "condition": "like new", "price": nil]),
        JSONExample(input: "Post the dining table online for $200, it has a few scratches", output: ["item": "dining table", "condition": "fair", "price": 200]),
        JSONExample(input: "Put the new-in-box blender up for sale at 30", output: ["item": "blender", "condition": "new", "price": 30]),
        JSONExample(input: "Sell my iPad", output: ["item": "iPad", "condition": nil, "price": nil]),
    ]

    let services: HomeOSServices

    /// The approved action's name.
    static let actionName = "post-listing"

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let message = context.message
        var item = arguments.item?.dailyNonBlank.flatMap { Self.itemName($0, in: message) }
        var condition = arguments.condition?.dailyNonBlank.flatMap(Self.normalizedCondition)
        var price = arguments.price
        if item == nil || price == nil {
            let messages = services.promptMessages(
                skillID: id,
                instruction: "Extract what the family wants to sell: item (a short noun phrase), condition (new, like new, good, fair or used), price in dollars as a number. Use null for anything not said.",
                context: context)
            if let value = await DailySkillSupport.extractJSON(messages, schema: Self.extractionSchema, services, context: context,
                                                               examples: Self.examples) {
                item = item ?? value["item"]?.stringValue?.dailyNonBlank.flatMap { Self.itemName($0, in: message) }
                condition = condition ?? value["condition"]?.stringValue?.dailyNonBlank.flatMap(Self.normalizedCondition)
                price = price ?? value["price"]?.numberValue
            }
        }
        item = item ?? Self.item(in: context.message)
        // A condition the message states in words ("old", "barely used") beats the model's reading
        // of it (SmolLM2 called an "old bike" new).
        condition = Self.condition(in: message) ?? condition
        price = price ?? HireHelperSkill.budget(in: context.message)
            ?? DailySkillSupport.number(in: context.message, pattern: #"\bfor\s+([0-9][0-9,]*(?:\.[0-9]+)?)\b"#)

        guard let item else { return .response("What would you like to sell?") }
        guard let price else { return .response("What price would you like to ask for the \(item)?") }
        let finalCondition = condition ?? "used"

        let messages = services.promptMessages(
            skillID: id,
            instruction: "Write a friendly marketplace listing for the item in at most 3 sentences: what it is, its condition, and the price. Do not invent brands, sizes or defects. No title line.",
            data: "Item: \(item)\nCondition: \(finalCondition)\nPrice: \(DailySkillSupport.money(price))", context: context)
        let listing = await DailySkillSupport.generate(messages, context: context, maxTokens: 120)
            .flatMap { Self.isListing($0, item: item, price: price) ? $0 : nil }
            ?? Self.template(item: item, condition: finalCondition, price: price)

        return .needsApproval(ApprovalRequest(
            summary: "Post a listing: \(item) for \(DailySkillSupport.money(price))",
            details: [.init("Item", item), .init("Condition", finalCondition), .init("Price", DailySkillSupport.money(price)),
                      .init("Listing", listing)],
            risk: .medium,
            onApprove: "The listing is saved, ready to post.",
            onDeny: "Nothing is posted.",
            action: PendingAction(skillID: id, name: Self.actionName,
                                  payload: ["item": .string(item), "condition": .string(finalCondition),
                                            "price": .number(price), "listing": .string(listing)])))
    }

    func performApproved(_ action: PendingAction, context: SkillContext) async throws -> SkillResult {
        guard action.name == Self.actionName, let item = action.payload["item"]?.stringValue,
              let listing = action.payload["listing"]?.stringValue else {
            return .error("This approval is not a listing HomeOS understands.")
        }
        try services.storage.update(.notes) {
            $0.append(Note(text: listing, createdAt: context.now, tags: ["listing", "marketplace", item.lowercased()]))
        }
        return .response("Approved. The listing for the \(item) is saved in your notes. HomeOS has no marketplace account "
            + "connected, so copy it into the marketplace you use:\n\n" + listing)
    }

    /// Whether the model's text is a listing for `item` at `price`: it names the item and the
    /// price, and it is not the model talking about itself ("As an AI, I can't…" came back as a
    /// listing). Anything else is replaced by the deterministic template.
    static func isListing(_ text: String, item: String, price: Double) -> Bool {
        let lower = text.lowercased()
        let selfTalk = ["as an ai", "language model", "i'm an ai", "i am an ai", "as a model", "i can't", "i cannot",
                        "i'm sorry", "i am sorry", "i don't have", "i do not have", "i'm unable", "i am unable", "as an assistant"]
        guard !selfTalk.contains(where: lower.contains) else { return false }
        let itemWords = CoreSkillSupport.words(item).filter { $0.count > 2 }
        let namesItem = itemWords.isEmpty || itemWords.contains { lower.contains($0) }
        let amount = price.rounded() == price ? String(Int(price)) : String(format: "%.2f", price)
        return namesItem && lower.contains(amount)
    }

    /// The listing without a model.
    static func template(item: String, condition: String, price: Double) -> String {
        let name = item.prefix(1).uppercased() + item.dropFirst()
        return "For sale: \(name), in \(condition.lowercased()) condition. Asking \(DailySkillSupport.money(price)). "
            + "From a smoke-free family home; pick-up locally. Message me if you're interested!"
    }

    /// A model's `item` when it names a thing rather than echoing the request (a small model
    /// sometimes returns the whole message, "Sell our old bike for $40", as the item); else nil.
    static func itemName(_ item: String, in message: String) -> String? {
        let lowered = item.lowercased()
        let verbs = ["sell", "list ", "listing", "post ", "for sale", "get rid of", "$"]
        let echoes = verbs.contains(where: lowered.contains) || lowered == message.lowercased()
            || lowered.split(separator: " ").count > 6
        return echoes ? nil : item
    }

    /// "Sell our old stroller for $40" → "stroller".
    static func item(in text: String) -> String? {
        let patterns = [
            #"(?:sell|selling|list|get rid of)\s+(?:our|my|the|a|an|this|these|those)?\s*(?:old\s+|used\s+)?(.+?)(?:\s+(?:for|at|on|in|because)\b|[.,!?]|$)"#,
        ]
        for pattern in patterns {
            if let value = DailySkillSupport.capture(in: text, pattern: pattern),
               !["it", "something", "stuff", "things"].contains(value.lowercased()) {
                return value
            }
        }
        return nil
    }

    /// A model's condition as one of new, like new, good, fair or used; nil when it is none of
    /// them and states none (a small model sometimes echoes the whole message).
    static func normalizedCondition(_ value: String) -> String? {
        let lowered = value.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if ["new", "like new", "good", "fair", "used"].contains(lowered) { return lowered }
        return lowered.split(separator: " ").count <= 4 ? condition(in: lowered) : nil
    }

    /// The condition a message states, if any ("old" reads as used). Phrases match whole words:
    /// "unused" is not "used", "golden" is not "old", "newspapers" is not "new".
    static func condition(in text: String) -> String? {
        let phrases = [("like new", "like new"), ("brand new", "new"), ("barely used", "like new"),
                       ("never used", "like new"), ("unused", "like new"),
                       ("good condition", "good"), ("great condition", "good"), ("fair", "fair"),
                       ("worn", "fair"), ("used", "used"), ("old", "used"), ("new", "new")]
        return phrases.first { CoreSkillSupport.mentions(text, [$0.0]) }?.1
    }
}
