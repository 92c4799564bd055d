@testable import HomeOS
import Testing

@Suite struct MedicalTriageTests {
    let triage = MedicalTriage()

    @Test func levelsAreOrderedBySeverity() {
        #expect(TriageLevel.informational < .monitor)
        #expect(TriageLevel.monitor < .urgent)
        #expect(TriageLevel.urgent < .emergency)
        #expect(TriageLevel.allCases.max() == .emergency)
        for level in TriageLevel.allCases { #expect(!level.guidance.isEmpty) }
        #expect(TriageLevel.emergency.guidance.contains("911"))
    }

    @Test func readsLevelsFromModelLabels() {
        #expect(TriageLevel(label: "URGENT") == .urgent)
        #expect(TriageLevel(label: "Triage: monitor.") == .monitor)
        #expect(TriageLevel(label: "emergency") == .emergency)
        #expect(TriageLevel(label: "info") == .informational)
        #expect(TriageLevel(label: "no idea") == nil)
    }

    static let urgent: [String] = [
        "my 2 month old has a fever",
        "my 6-week-old feels hot, temp 100.6",
        "my newborn has a fever",
        "my baby has a high fever",
        "my 6 month old has a temperature of 102.5",
        "I have a fever of 104",
        "fever of 40C since this morning",
        "he's had a fever for 4 days",
        "fever for two weeks now",
        "grandma fell in the bathroom",
        "grandpa had a fall this morning",
        "she has hives after eating strawberries",
        "I think he broke his arm",
        "he hit his head on the table",
        "my son is wheezing",
        "she's vomiting blood",
        "worst headache and a stiff neck",
        "the baby has no wet diapers today",
        "dad seems suddenly confused",
        "my dog bit her hand",
    ]

    @Test(arguments: urgent)
    func urgentFloor(_ message: String) {
        let floor = triage.floor(for: message)
        #expect(floor.level == .urgent, "\(message) → \(floor)")
        #expect(!floor.reasons.isEmpty)
    }

    static let monitor: [String] = [
        "my 6 month old has a temperature of 101",
        "slight fever and a runny nose",
        "he has a cough and a sore throat",
        "I have a headache",
        "she has a mild rash on her arm",
        "my tummy hurts",
    ]

    @Test(arguments: monitor)
    func monitorFloor(_ message: String) {
        #expect(triage.floor(for: message).level == .monitor, "\(message)")
    }

    static let informational: [String] = [
        "what is a healthy resting heart rate?",
        "I fell asleep on the couch",
        "no fever today",
        "it's 104 degrees outside, any tips for the kids?",
        "when is grandma's next appointment?",
        "we had fun this fall",
    ]

    @Test(arguments: informational)
    func informationalFloor(_ message: String) {
        let floor = triage.floor(for: message)
        #expect(floor.level == .informational, "\(message) → \(floor)")
        #expect(floor.reasons.isEmpty)
    }

    @Test func familyDataAgeSharpensTheFloor() {
        #expect(triage.floor(for: "she has a fever", patientAgeInMonths: 1).level == .urgent)
        #expect(triage.floor(for: "she has a fever", patientAgeInMonths: 120).level == .monitor)
        #expect(triage.floor(for: "she has a high fever", patientAgeInMonths: 8).level == .urgent)
        #expect(triage.floor(for: "she has a high fever", patientAgeInMonths: 240).level == .monitor)
    }

    @Test func readsAgesAndTemperatures() {
        #expect(MedicalTriage.ageInMonths(in: ScannedText("my 6 week old")) == 1)
        #expect(MedicalTriage.ageInMonths(in: ScannedText("a 3-month-old baby")) == 3)
        #expect(MedicalTriage.ageInMonths(in: ScannedText("my 2 year old")) == 24)
        #expect(MedicalTriage.ageInMonths(in: ScannedText("fever for 2 weeks")) == nil)
        #expect(abs((MedicalTriage.temperatureFahrenheit(in: ScannedText("fever of 39C")) ?? 0) - 102.2) < 0.001)
        #expect(MedicalTriage.temperatureFahrenheit(in: ScannedText("temp is 101.3 F")) == 101.3)
        #expect(MedicalTriage.temperatureFahrenheit(in: ScannedText("the oven temperature is 350")) == nil)
    }

    @Test func emergencyNetCombinesTheFloor() {
        let net = MedicalEmergencyNet()
        let assessment = net.assess("my 2 month old has a fever")
        #expect(!assessment.isEmergency)
        #expect(assessment.triage == .urgent)
        #expect(net.assess("my son can't breathe and has a fever").triage == .emergency)
    }
}
