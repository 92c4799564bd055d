import HomeOS
import Testing

@Suite struct HealthDisclaimerTests {
    @Test func exactText() {
        #expect(HealthDisclaimer.text == "This is not medical advice. For emergencies call 911; otherwise check with your doctor or pharmacist.")
    }

    @Test func appendsAfterABlankLine() {
        #expect(HealthDisclaimer.appending(to: "Rest and drink fluids.") == "Rest and drink fluids.\n\n" + HealthDisclaimer.text)
    }

    @Test func isIdempotent() {
        let once = HealthDisclaimer.appending(to: "Rest and drink fluids.")
        #expect(HealthDisclaimer.appending(to: once) == once)
        #expect(HealthDisclaimer.appending(to: HealthDisclaimer.appending(to: once)) == once)
        #expect(once.components(separatedBy: "not medical advice").count == 2)
    }

    @Test func recognisesTheDisclaimerDespiteCaseAndSpacing() {
        let answer = "Take it with food.\nTHIS IS NOT MEDICAL ADVICE.  For emergencies call 911; otherwise check\nwith your doctor or pharmacist."
        #expect(HealthDisclaimer.isPresent(in: answer))
        #expect(HealthDisclaimer.appending(to: answer) == answer)
    }

    @Test func replacesAModelsParaphrase() {
        let answer = "Ibuprofen is usually taken with food. This is not medical advice, ask a doctor."
        #expect(HealthDisclaimer.appending(to: answer) == "Ibuprofen is usually taken with food.\n\n" + HealthDisclaimer.text)
        let onOwnLine = "Drink water.\nNot medical advice!"
        #expect(HealthDisclaimer.appending(to: onOwnLine) == "Drink water.\n\n" + HealthDisclaimer.text)
    }

    @Test func emptyAnswerBecomesTheDisclaimer() {
        #expect(HealthDisclaimer.appending(to: "") == HealthDisclaimer.text)
        #expect(HealthDisclaimer.appending(to: "  \n ") == HealthDisclaimer.text)
    }
}
