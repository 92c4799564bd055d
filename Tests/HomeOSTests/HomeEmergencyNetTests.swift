@testable import HomeOS
import Testing

@Suite struct HomeEmergencyNetTests {
    let net = HomeEmergencyNet()

    static let emergencies: [(String, HomeEmergencyKind)] = [
        ("I smell gas in the kitchen", .gasLeak),
        ("it smells like rotten eggs in the basement", .gasLeak),
        ("I think there's a gas leak", .gasLeak),
        ("the stove is hissing gas", .gasLeak),
        ("our carbon monoxide alarm is going off", .carbonMonoxide),
        ("the CO detector keeps beeping", .carbonMonoxide),
        ("the kitchen is on fire", .fire),
        ("smoke is pouring out of the dryer", .fire),
        ("the toaster caught fire", .fire),
        ("the smoke alarm is going off and I smell smoke", .fire),
        ("a pipe burst in the basement", .flooding),
        ("water is pouring through the ceiling", .flooding),
        ("the basement is flooding", .flooding),
        ("the water heater is leaking everywhere", .flooding),
        ("the outlet in the bedroom is sparking", .electrical),
        ("there's a burning smell from the outlet", .electrical),
        ("a power line is down in the yard", .electrical),
    ]

    @Test(arguments: emergencies)
    func detectsEmergency(_ message: String, _ kind: HomeEmergencyKind) {
        let assessment = net.assess(message)
        #expect(assessment.kinds.contains(kind), "\(message) → \(assessment.kinds)")
        #expect(assessment.isEmergency)
        #expect(!assessment.instructions.isEmpty)
    }

    static let benign: [String] = [
        "where's the nearest gas station?",
        "we're out of gas",
        "gas prices are crazy this week",
        "let's light the fire pit tonight",
        "I'm flooded with emails today",
        "replace the battery in the carbon monoxide detector",
        "the smoke detector is chirping",
        "the team is on fire this season",
        "the basement flooded last spring but it's dry now",
        "how do I prevent pipes from freezing?",
        "when is the furnace filter due?",
        "we have a fire drill at school tomorrow",
        "switch off the lights please",
        "that idea really sparked my interest",
    ]

    @Test(arguments: benign)
    func ignoresLookAlikes(_ message: String) {
        let assessment = net.assess(message)
        #expect(!assessment.isEmergency, "\(message) → \(assessment.kinds) \(assessment.matches)")
    }

    @Test func gasLeakSaysLeaveDoNotSwitchAndCall() {
        let text = net.assess("I smell gas").text
        #expect(text.contains("Leave the house now"))
        #expect(text.contains("Do not turn lights"))
        #expect(text.contains("911"))
        #expect(text.contains("gas utility"))
    }

    @Test func floodingSaysShutOffTheWater() {
        let text = net.assess("a pipe burst and water is everywhere").text
        #expect(text.contains("Shut off the main water valve"))
        #expect(text.contains("911"))
    }

    @Test func negatedAndPastMentionsAreDiscounted() {
        let negated = net.assess("I don't smell gas anymore")
        #expect(!negated.isEmergency)
        #expect(negated.matches.contains { $0.discount == .negated })
        let past = net.assess("the basement flooded last year")
        #expect(!past.isEmergency)
        #expect(past.matches.contains { $0.discount == .historical })
    }

    @Test func everyKindHasInstructions() {
        for kind in HomeEmergencyKind.allCases {
            let steps = HomeEmergencyNet.steps(for: kind)
            #expect(steps.contains(kind.whomToCall))
            #expect(!kind.title.isEmpty)
        }
        let combined = HomeEmergencyNet.instructions(for: [.fire, .electrical])
        #expect(Set(combined).count == combined.count)
    }
}
