import LLM
import Testing

@Suite struct ResponseSanitizerTests {
    let sanitizer = ResponseSanitizer()

    static let labels: [(String, String)] = [
        ("Answer: Paris is the capital of France.", "Paris is the capital of France."),
        ("**Answer:** Paris.", "Paris."),
        ("## Response: Sure thing.", "Sure thing."),
        ("Most useful part: Drink water.", "Drink water."),
        ("MOST USEFUL PART: Drink water.", "Drink water."),
        ("Assistant: Hi there!", "Hi there!"),
        ("Response:\nSure thing.", "Sure thing."),
        ("Assistant: Answer: Layered labels.", "Layered labels."),
        ("model: Paris.", "Paris."),
        ("Final answer: 42 apples.", "42 apples."),
    ]

    @Test(arguments: labels)
    func stripsMetaLabels(_ raw: String, _ expected: String) {
        #expect(sanitizer.sanitize(raw).text == expected)
    }

    static let turns: [(String, String)] = [
        ("Paris is lovely.\nUser: what about Rome?\nModel: Rome is old.", "Paris is lovely."),
        ("Paris is lovely.\n  user: more", "Paris is lovely."),
        ("Paris is lovely.\nmodel: more", "Paris is lovely."),
        ("Sure!<end_of_turn>\n<start_of_turn>user\nmore", "Sure!"),
        ("<start_of_turn>model\nHello there<end_of_turn>", "Hello there"),
        ("<|im_start|>assistant\nHi<|im_end|>\n<|im_start|>user\nagain", "Hi"),
        ("Hello <|eot_id|> junk", "Hello"),
        ("Done.</s>extra", "Done."),
        ("First line.\nHuman: next", "First line."),
    ]

    @Test(arguments: turns)
    func cutsHallucinatedTurns(_ raw: String, _ expected: String) {
        let result = sanitizer.sanitize(raw)
        #expect(result.text == expected)
    }

    @Test func reportsTruncation() {
        #expect(sanitizer.sanitize("Hi.\nUser: more").wasTruncated)
        #expect(!sanitizer.sanitize("Hi.").wasTruncated)
    }

    @Test func removesLeftoverSpecialTokens() {
        #expect(sanitizer.sanitize("Text with <pad> leftover <unk>tokens <|reserved_7|>here").text == "Text with leftover tokens here")
        #expect(sanitizer.sanitize("[INST] hi [/INST] Hello").text == "hi Hello")
    }

    @Test func fixesWhitespace() {
        #expect(sanitizer.sanitize("  Hello   world \n\n\n\nBye  ").text == "Hello world\n\nBye")
        #expect(sanitizer.sanitize("- one\n-  two\n\t- three").text == "- one\n- two\n- three")
    }

    @Test func addsMissingSpaceAfterPunctuation() {
        #expect(sanitizer.clean("Hello.How are you?I am fine,thanks!See you;bye") == "Hello. How are you? I am fine, thanks! See you; bye")
        #expect(sanitizer.clean("Note:bring water") == "Note: bring water")
        #expect(sanitizer.clean("Dr.Smith will call") == "Dr. Smith will call")
    }

    static let untouched: [String] = [
        "It costs 3.5 dollars at 7:30 pm for about 1,000 people.",
        "See https://example.com/path?x=1,y=2 for details.",
        "Email me at a.b@example.com today.",
        "Visit example.com now.",
        "Try herbs, e.g.Basil or i.e.Thyme.",
        "The U.S.Army band plays.",
        "Version 2.0 is out.",
    ]

    @Test(arguments: untouched)
    func leavesNumbersAddressesAndAbbreviations(_ text: String) {
        #expect(sanitizer.clean(text) == text)
    }

    @Test func extractsTrailingFollowUpQuestion() {
        let result = sanitizer.sanitize("Try pasta tonight. Would you like a recipe?")
        #expect(result.text == "Try pasta tonight.")
        #expect(result.followUpQuestion == "Would you like a recipe?")
        #expect(result.displayText == "Try pasta tonight.\n\nWould you like a recipe?")

        let list = sanitizer.sanitize("Options:\n- Pasta\n- Tacos\nWhich one sounds good?")
        #expect(list.text == "Options:\n- Pasta\n- Tacos")
        #expect(list.followUpQuestion == "Which one sounds good?")

        let labelled = sanitizer.sanitize("Here is the plan.\nFollow-up question: Want the grocery list?")
        #expect(labelled.text == "Here is the plan.")
        #expect(labelled.followUpQuestion == "Want the grocery list?")
    }

    @Test func aLoneQuestionStaysAsText() {
        let result = sanitizer.sanitize("What time works for you?")
        #expect(result.text == "What time works for you?")
        #expect(result.followUpQuestion == nil)
        #expect(result.displayText == "What time works for you?")
        let noExtraction = ResponseSanitizer(extractsFollowUpQuestion: false).sanitize("Done. Anything else?")
        #expect(noExtraction.text == "Done. Anything else?")
        #expect(noExtraction.followUpQuestion == nil)
    }

    @Test func neverEmptyWhenInputHadVisibleText() {
        let inputs = [
            "User: hello there", "Answer:", "<start_of_turn>user\nhi", "**Response:**", "model:", "user: x\nmodel: y",
            "<end_of_turn>Real text", "  Assistant:  \n\n", "?", "<|im_start|>user\nQuestion?<|im_end|>",
        ]
        for input in inputs {
            #expect(!sanitizer.sanitize(input).text.isEmpty, "\(input)")
        }
    }

    @Test func onlySpecialTokensOrWhitespaceGiveEmptyText() {
        #expect(sanitizer.sanitize("").text == "")
        #expect(sanitizer.sanitize("   \n ").text == "")
        #expect(sanitizer.sanitize("<end_of_turn>").text == "")
    }
}
