/// One category of a closed-set classification.
public struct ClassificationCategory: Sendable, Hashable, Codable {
    /// The name returned when the input belongs here (for example a skill id).
    public var name: String
    /// What belongs in the category, in a sentence the model can use.
    public var description: String
    /// A few example inputs.
    public var examples: [String]

    /// Creates a category.
    public init(name: String, description: String, examples: [String] = []) {
        self.name = name
        self.description = description
        self.examples = examples
    }
}

/// The outcome of ``LLMBridge/classify(input:categories:maxExamplesPerCategory:deadline:)``.
public struct Classification: Sendable, Hashable {
    /// How the category was chosen.
    public enum Method: String, Sendable, Hashable {
        /// Highest log-likelihood of the category name after the prompt.
        case logLikelihood
        /// Decoding constrained to the category names.
        case constrainedChoice
        /// Free text matched to a name (engines that can do neither).
        case freeTextMatch
    }

    /// The chosen category's name; always one of the given names.
    public var name: String
    /// How it was chosen.
    public var method: Method
    /// Log-likelihood per category name (for ``Method/logLikelihood``), best first.
    public var scores: [(name: String, logLikelihood: Double)]

    public static func == (lhs: Classification, rhs: Classification) -> Bool {
        lhs.name == rhs.name && lhs.method == rhs.method && lhs.scores.map(\.name) == rhs.scores.map(\.name)
            && lhs.scores.map(\.logLikelihood) == rhs.scores.map(\.logLikelihood)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(method)
    }
}

extension LLMBridge {
    /// Puts `input` into exactly one of `categories`.
    ///
    /// Engines that can score continuations rank every category name by log-likelihood; engines
    /// that can constrain decoding choose among the names; only engines that can do neither get
    /// free text, which is matched to a name or rejected with ``LLMBridgeError/unclassifiable(rawOutput:)``.
    /// The answer is never a name outside the set.
    public func classify(input: String, categories: [ClassificationCategory], maxExamplesPerCategory: Int = 2,
                         deadline: Deadline? = nil) async throws -> Classification {
        let names = categories.map(\.name)
        guard !names.isEmpty else { throw LLMError.invalidRequest("classification needs at least one category") }
        guard Set(names).count == names.count else { throw LLMError.invalidRequest("category names must be unique") }
        guard !names.contains(where: { $0.trimmingWhitespace.isEmpty }) else {
            throw LLMError.invalidRequest("category names must not be empty")
        }
        let messages = Self.classificationPrompt(input: input, categories: categories, maxExamples: maxExamplesPerCategory)

        if let scorer = model as? any LogLikelihoodScoring, scorer.canScoreLogLikelihoods {
            let prompt = try await scorer.formattedPrompt(for: messages)
            let scores = try await scorer.logLikelihoods(of: names, after: prompt)
            let ranked = zip(names, scores).sorted { $0.1 > $1.1 }.map { (name: $0.0, logLikelihood: $0.1) }
            return Classification(name: ranked[0].name, method: .logLikelihood, scores: ranked)
        }
        let options = GenerationOptions(maxTokens: 24)
        if model.supportsConstrainedDecoding {
            let result = try await model.respond(to: GenerationRequest(
                messages: messages, options: options, constraint: .choices(names), deadline: deadline))
            let answer = result.text.trimmingWhitespace
            if names.contains(answer) { return Classification(name: answer, method: .constrainedChoice, scores: []) }
            throw LLMBridgeError.unclassifiable(rawOutput: result.text)
        }
        let result = try await model.respond(to: GenerationRequest(messages: messages, options: options, deadline: deadline))
        guard let name = Self.matchCategory(in: result.text, names: names) else {
            throw LLMBridgeError.unclassifiable(rawOutput: result.text)
        }
        return Classification(name: name, method: .freeTextMatch, scores: [])
    }

    /// Evaluates the fixed part of ``classify(input:categories:maxExamplesPerCategory:deadline:)``'s
    /// prompt for `categories` ahead of time (everything before the message), on a model that
    /// scores continuations and can prefill (``PromptPrefilling``), so a later classification
    /// evaluates only its message.
    /// - Returns: whether the model was asked to prefill.
    @discardableResult
    public func prefillClassification(categories: [ClassificationCategory], maxExamplesPerCategory: Int = 2) async -> Bool {
        guard let prefiller = model as? any PromptPrefilling, let scorer = model as? any LogLikelihoodScoring,
              scorer.canScoreLogLikelihoods, !categories.isEmpty,
              let prompt = try? await scorer.formattedPrompt(
                  for: Self.classificationPrompt(input: "", categories: categories, maxExamples: maxExamplesPerCategory))
        else { return false }
        await prefiller.prefill(prompt)
        return true
    }

    /// The classification prompt: the categories with descriptions and examples, then the input.
    static func classificationPrompt(input: String, categories: [ClassificationCategory], maxExamples: Int) -> [ChatMessage] {
        var lines = ["Classify the message into exactly one category. Reply with the category name only.", "", "Categories:"]
        for category in categories {
            var line = "- \(category.name): \(category.description)"
            let examples = category.examples.prefix(maxExamples)
            if !examples.isEmpty { line += " Examples: " + examples.map { "\"\($0)\"" }.joined(separator: "; ") }
            lines.append(line)
        }
        return [.system(lines.joined(separator: "\n")), .user("Message: \(input)\nCategory:")]
    }

    /// The category a free-text answer names: an exact match, else the name mentioned first.
    static func matchCategory(in text: String, names: [String]) -> String? {
        let answer = text.trimmingWhitespace.lowercased().trimmingCharacters(in: ".\"'`*: ")
        if let exact = names.first(where: { $0.lowercased() == answer }) { return exact }
        let mentions = names.compactMap { name -> (String, String.Index)? in
            text.lowercased().range(of: name.lowercased()).map { (name, $0.lowerBound) }
        }
        return mentions.min { $0.1 < $1.1 }?.0
    }
}

extension String {
    func trimmingCharacters(in characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
