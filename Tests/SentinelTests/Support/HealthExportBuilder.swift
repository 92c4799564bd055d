import Foundation
import Sentinel

/// Writes a synthetic Apple Health `export.xml` with Apple's element and attribute names, and
/// remembers the daily values it encoded so tests can compute z-scores by hand.
struct HealthExportBuilder {
    /// First day of the export.
    let firstDay = CalendarDay(year: 2024, month: 1, day: 1)!
    /// Number of days.
    let days = 45
    /// The day from which values drop: the last three days, so "today" (the last day) is far
    /// below its rolling 30-day baseline even though the two days before it are in that baseline.
    var dropFrom: CalendarDay { firstDay.adding(days: days - 3) }

    /// Steps the phone recorded each day (the watch records fewer, which must not be added).
    func steps(on day: CalendarDay) -> Double {
        let i = day.ordinal - firstDay.ordinal
        return day >= dropFrom ? Double(3_400 + 150 * (i % 4)) : Double(8_000 + 130 * ((i * 7) % 11))
    }

    /// The two HRV samples of each day.
    func hrvSamples(on day: CalendarDay) -> (Double, Double) {
        let i = day.ordinal - firstDay.ordinal
        return day >= dropFrom ? (28 + Double(i % 3), 31.5) : (44 + Double((i * 5) % 7), 47.25 - Double(i % 2))
    }

    /// Minutes of REM in the night ending on `day` (the other stages are fixed).
    func remMinutes(on day: CalendarDay) -> Int {
        let i = day.ordinal - firstDay.ordinal
        return day >= dropFrom ? 30 + 5 * (i % 3) : 150 + 10 * ((i * 3) % 5)
    }

    /// Hours asleep in the night ending on `day`: 22:45–23:40 core (before midnight),
    /// 23:40–02:00 core, 02:00–03:30 deep, then REM. In-bed and awake records do not count.
    func sleepHours(on day: CalendarDay) -> Double {
        (55.0 + 140 + 90 + Double(remMinutes(on: day))) / 60
    }

    static func timestamp(_ day: CalendarDay, _ minutes: Int, offset: String = "-0800") -> String {
        let overflowDays = minutes >= 0 ? minutes / 1440 : -1
        let minutesOfDay = minutes - overflowDays * 1440
        let d = day.adding(days: overflowDays)
        let h = minutesOfDay / 60, m = minutesOfDay % 60
        return "\(d) \(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m):00 \(offset)"
    }

    func record(_ type: String, source: String, unit: String?, start: String, end: String, value: String,
                children: String = "") -> String {
        let unitAttribute = unit.map { " unit=\"\($0)\"" } ?? ""
        let open = "<Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"17.2\" "
            + "device=\"&lt;&lt;HKDevice: 0x283a1c0a0&gt;, name:iPhone, manufacturer:Apple Inc.&gt;\"\(unitAttribute) "
            + "creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\""
        return children.isEmpty ? " \(open)/>" : " \(open)>\n\(children)\n </Record>"
    }

    /// The export's XML text.
    func xml(extraRecords: [String] = []) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE HealthData [",
            "<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>",
            "<!ATTLIST HealthData locale CDATA #REQUIRED>",
            "<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>",
            "<!ATTLIST Record type CDATA #REQUIRED unit CDATA #IMPLIED value CDATA #IMPLIED>",
            "]>",
            "<HealthData locale=\"en_US\">",
            " <ExportDate value=\"2024-02-15 09:00:00 -0800\"/>",
            " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1980-04-02\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexMale\"/>",
        ]
        let stepType = "HKQuantityTypeIdentifierStepCount", hrvType = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
        let sleepType = "HKCategoryTypeIdentifierSleepAnalysis", phone = "Chris’s iPhone", watch = "Chris’s Apple Watch"
        for offset in 0..<days {
            let day = firstDay.adding(days: offset)
            let zone = offset % 2 == 0 ? "-0800" : "-0700"
            // Steps: three phone records adding up to the day's total; the watch saw 60 % of them.
            let total = Int(steps(on: day))
            let parts = [total / 3, total / 3, total - 2 * (total / 3)]
            for (index, minutes) in [480, 750, 1125].enumerated() {
                lines.append(record(stepType, source: phone, unit: "count", start: Self.timestamp(day, minutes, offset: zone),
                                    end: Self.timestamp(day, minutes + 20, offset: zone), value: "\(parts[index])"))
            }
            lines.append(record(stepType, source: watch, unit: "count", start: Self.timestamp(day, 600),
                                end: Self.timestamp(day, 660), value: "\(Int(Double(total) * 0.6))"))
            // HRV: two samples, one with Apple's beat-to-beat metadata list.
            let (a, b) = hrvSamples(on: day)
            lines.append(record(hrvType, source: watch, unit: "ms", start: Self.timestamp(day, 450), end: Self.timestamp(day, 451),
                                value: "\(a)", children: "  <HeartRateVariabilityMetadataList>\n   "
                                    + "<InstantaneousBeatsPerMinute bpm=\"62\" time=\"7:31:02.34 AM\"/>\n  </HeartRateVariabilityMetadataList>"))
            lines.append(record(hrvType, source: watch, unit: "ms", start: Self.timestamp(day, 1300), end: Self.timestamp(day, 1301),
                                value: "\(b)"))
            // Sleep for the night ending on `day` (starts the evening before).
            let rem = remMinutes(on: day)
            let asleep = "HKCategoryValueSleepAnalysis"
            let stages: [(Int, Int, String)] = [
                (-90, 450 + rem, "InBed"), (-75, -20, "AsleepCore"), (-20, 120, "AsleepCore"), (120, 210, "AsleepDeep"),
                (210, 210 + rem, "AsleepREM"), (210 + rem, 225 + rem, "Awake"),
            ]
            for (start, end, stage) in stages {
                lines.append(record(sleepType, source: watch, unit: nil, start: Self.timestamp(day, start),
                                    end: Self.timestamp(day, end), value: asleep + stage))
            }
            // Types Sentinel ignores.
            lines.append(record("HKQuantityTypeIdentifierHeartRate", source: watch, unit: "count/min",
                                start: Self.timestamp(day, 700), end: Self.timestamp(day, 700), value: "71"))
        }
        lines += extraRecords
        lines.append(" <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"30\" durationUnit=\"min\" "
            + "startDate=\"2024-01-03 07:00:00 -0800\" endDate=\"2024-01-03 07:30:00 -0800\"/>")
        lines.append(" <ActivitySummary dateComponents=\"2024-01-03\" activeEnergyBurned=\"400\"/>")
        lines.append("</HealthData>")
        return lines.joined(separator: "\n") + "\n"
    }
}
