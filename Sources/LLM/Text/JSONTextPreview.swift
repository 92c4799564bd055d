/// Turns the pieces of a JSON answer, as the model writes them, into the readable text inside
/// it: the characters of its string values (never the keys, braces, numbers or quotes), one value
/// per line. A streaming front end (the web app's chat, `homeos chat`) passes a skill's structured
/// answer (a dinner idea is JSON) through it, so a person watches the words arrive; the finished
/// answer then replaces the preview.
///
/// ```swift
/// var preview = JSONTextPreview()
/// preview.feed(#"{"name": "Lemon chi"#)   // "Lemon chi"
/// preview.feed(#"cken", "minutes": 30}"#) // "cken"
/// ```
public struct JSONTextPreview: Sendable {
    private var containers: [Character] = []
    private var expectingKey = false
    private var inString = false
    private var stringIsKey = false
    private var escaping = false
    private var unicodeDigitsLeft = 0
    private var valuesSeen = 0

    /// Creates a preview at the start of an answer.
    public init() {}

    /// The readable text in `piece`, given every piece before it.
    public mutating func feed(_ piece: String) -> String {
        var output = ""
        for character in piece {
            if inString {
                readStringCharacter(character, into: &output)
                continue
            }
            switch character {
            case "{":
                containers.append("{")
                expectingKey = true
            case "[":
                containers.append("[")
            case "}", "]":
                _ = containers.popLast()
            case ":":
                expectingKey = false
            case ",":
                expectingKey = containers.last == "{"
            case "\"":
                inString = true
                stringIsKey = containers.last == "{" && expectingKey
                if !stringIsKey {
                    if valuesSeen > 0 { output += "\n" }
                    valuesSeen += 1
                }
            default:
                break  // numbers, true, false, null and whitespace are not text to read
            }
        }
        return output
    }

    private mutating func readStringCharacter(_ character: Character, into output: inout String) {
        if unicodeDigitsLeft > 0 {
            unicodeDigitsLeft -= 1  // \uXXXX: left out of the preview (the final answer has it)
            return
        }
        if escaping {
            escaping = false
            guard !stringIsKey else { return }
            switch character {
            case "n": output += "\n"
            case "t": output += " "
            case "u": unicodeDigitsLeft = 4
            default: output.append(character)
            }
            return
        }
        switch character {
        case "\\": escaping = true
        case "\"": inString = false
        default: if !stringIsKey { output.append(character) }
        }
    }
}
