import Foundation

/// Prepares a message for the crisis rules: lower case, one kind of apostrophe, contractions and
/// common slang spelled out ("kms" → "kill myself", "unalive" → "kill", "od'd" → "overdosed"),
/// a few frequent misspellings fixed, and the text cut into sentences, so a crisis sentence inside a
/// shopping list is judged on its own.
struct CrisisTextNormalizer: Sendable {
    /// Whole-word replacements, applied to each token.
    static let replacements: [String: String] = [
        "im": "i am", "i'm": "i am", "ive": "i have", "i've": "i have", "i'd": "i would", "i'll": "i will",
        "dont": "do not", "don't": "do not", "didnt": "did not", "didn't": "did not", "doesnt": "does not",
        "doesn't": "does not", "cant": "can not", "can't": "can not", "cannot": "can not", "wont": "will not",
        "won't": "will not", "wouldnt": "would not", "wouldn't": "would not", "isnt": "is not", "isn't": "is not",
        "havent": "have not", "haven't": "have not", "hasnt": "has not", "hasn't": "has not", "aint": "am not",
        "ain't": "am not", "wasnt": "was not", "wasn't": "was not", "shouldve": "should have",
        "should've": "should have", "shoulda": "should have", "woulda": "would have", "coulda": "could have",
        "wanna": "want to", "gonna": "going to", "gotta": "got to", "tryna": "trying to", "imma": "i am going to",
        "it's": "it is", "that's": "that is", "there's": "there is", "he's": "he is", "she's": "she is",
        "they're": "they are", "we're": "we are", "you're": "you are", "he'll": "he will", "she'll": "she will",
        "u": "you", "ur": "your", "rn": "right now", "tn": "tonight", "tonite": "tonight", "2nite": "tonight",
        "2day": "today", "2morrow": "tomorrow", "tmrw": "tomorrow", "tmr": "tomorrow", "pls": "please",
        "kms": "kill myself", "kys": "kill yourself", "unalive": "kill", "unaliving": "killing", "unalived": "killed",
        "sewerslide": "suicide", "suicde": "suicide", "sucide": "suicide", "suicid": "suicide", "suiside": "suicide",
        "myslef": "myself", "myelf": "myself", "myslf": "myself", "mysef": "myself", "meself": "myself",
        "od": "overdose", "od'd": "overdosed", "oded": "overdosed", "od'ed": "overdosed", "oding": "overdosing",
        "od'ing": "overdosing", "overdoes": "overdose", "pils": "pills", "piils": "pills", "tabs": "tablets",
        "selfharm": "self harm", "self-harm": "self harm", "selfharming": "self harming", "sh'd": "self harmed",
        "tonights": "tonight is", "todays": "today is", "thats": "that is", "whats": "what is", "itd": "it would",
        "theyd": "they would", "theyll": "they will", "youll": "you will", "werent": "were not",
        "everythings": "everything is", "hes": "he is", "we'll": "we will", "they'll": "they will", "you'll": "you will",
        "it'll": "it will", "that'll": "that will", "there'll": "there will", "we'd": "we would", "they'd": "they would",
        "she'd": "she would", "he'd": "he would", "you'd": "you would", "i'd've": "i would have",
        "shes": "she is", "hed": "he would", "wnat": "want", "wnt": "want", "wan": "want", "r": "are", "bc": "because",
        "cuz": "because", "cos": "because", "pistols": "pistol is", "appt": "appointment", "gud": "good",
        "goodbye's": "goodbyes", "everyones": "everyone is", "nobodys": "nobody is", "noone": "no one", "no-one": "no one",
    ]

    /// Spellings that dodge filters or hide the word ("k*ll", "sewer slide", "ctb") and a few
    /// idiomatic phrases for killing oneself, replaced in the lower-cased text before it is cut
    /// into words (the word list above cannot see across a "*" or a space).
    static let phraseReplacements: [(String, String)] = [
        ("k*ll", "kill"), ("k!ll", "kill"), ("k1ll", "kill"), ("ki11", "kill"), ("su*cide", "suicide"),
        ("s*icide", "suicide"), ("sui*ide", "suicide"), ("suic*de", "suicide"), ("s**cide", "suicide"),
        ("unal*ve", "unalive"), ("un-alive", "unalive"), ("sewer slide", "suicide"), ("sewer-slide", "suicide"),
        ("self-delete", "kill myself"), ("self delete", "kill myself"), ("delete myself", "kill myself"),
        ("do myself in", "kill myself"), ("doing myself in", "kill myself"), ("did myself in", "kill myself"),
        ("ctb", "kill myself"), ("off myself", "kill myself"),
        ("end myself", "kill myself"), ("neck myself", "kill myself"), ("necking myself", "killing myself"),
        ("top myself", "kill myself"), ("topping myself", "killing myself"),
    ]

    /// The sentences of `text`, normalised; each keeps only letters, digits, spaces and apostrophes.
    func sentences(_ text: String) -> [String] {
        var text = text.lowercased()
        for (phrase, replacement) in Self.phraseReplacements where text.contains(phrase) {
            // Whole words only ("ctb" but not a word that contains it).
            let pattern = "(?<![a-z0-9])" + NSRegularExpression.escapedPattern(for: phrase) + "(?![a-z0-9])"
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        var sentences: [String] = []
        var words: [String] = []
        var current = ""
        func flushWord() {
            guard !current.isEmpty else { return }
            let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            // Spelled-out forms first, then apostrophes dropped ("grandma's" → "grandmas").
            if !word.isEmpty {
                let bare = word.replacingOccurrences(of: "'", with: "")
                words.append((Self.replacements[word] ?? Self.replacements[bare] ?? bare).replacingOccurrences(of: "'", with: ""))
            }
            current = ""
        }
        func flushSentence() {
            flushWord()
            if !words.isEmpty { sentences.append(words.joined(separator: " ")) }
            words = []
        }
        for character in text {
            switch character {
            case "’", "‘", "`", "´": current.append("'")
            case _ where character.isLetter || character.isNumber || character == "'": current.append(character)
            case "-" where !current.isEmpty: current.append("-")
            case ".", "!", "?", ";", "\n", "\r", "•", "|": flushSentence()
            default: flushWord()
            }
        }
        flushSentence()
        return sentences.map { $0.replacingOccurrences(of: "-", with: " ") }
    }
}
