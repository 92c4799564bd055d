import Skills
import Testing

@Suite struct RoutingVocabularyTests {
    @Test func replacesWholeWordsOnlyWhateverTheCase() {
        let vocabulary = RoutingVocabulary(["atorvastatin": "medication", "vitamin d": "medication"])
        #expect(vocabulary.apply(to: "How much Atorvastatin does Grandma take?") == "How much medication does Grandma take?")
        #expect(vocabulary.apply(to: "vitamin D and atorvastatin") == "medication and medication")
        #expect(vocabulary.apply(to: "atorvastatins") == "atorvastatins")  // not a whole word
        #expect(RoutingVocabulary().apply(to: "unchanged") == "unchanged")
    }
}
