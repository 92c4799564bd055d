import Foundation
import LLM
import NaturalTime
import Skills

/// school (patterns A+C): timetables, days off and grades read from the family's data
/// (``StorageDocument/schoolSchedules``, ``StorageDocument/grades``), with a short generated
/// summary in front of the facts. The facts are always shown, so a model slip cannot change them.
struct SchoolSkill: HomeOSSkill {
    static let catalogEntry = HomeOSSkillCatalog.school

    /// What to look up.
    enum Topic: String, SchemaStringEnum {
        case schedule, grades
    }

    /// Arguments: the child and what to look up, when the router extracted them.
    @SkillArguments
    struct Arguments: Codable, Sendable {
        var child: String?
        var topic: Topic?
    }

    let services: HomeOSServices

    func execute(arguments: Arguments, context: SkillContext) async throws -> SkillResult {
        let message = context.message
        let family = CoreSkillSupport.family(services)
        let schedules = try services.storage.load(.schoolSchedules)
        let grades = try services.storage.load(.grades)
        let named = arguments.child.flatMap { family?.member(named: $0) } ?? DailySkillSupport.member(namedIn: message, family: family)
        let childIDs: [String] = named.map { [$0.id] }
            ?? Array(Set(schedules.map(\.memberID) + grades.map(\.memberID))).sorted()
        func name(_ id: String) -> String { family?.member(id: id)?.name ?? id }

        let topic = arguments.topic
            ?? (DailySkillSupport.mentions(message, any: ["grade", "report card", "score", "marks", "test result", "did", "get in"]) ? .grades : .schedule)
        var facts: [String] = []
        switch topic {
        case .grades:
            let subject = Set(grades.map { $0.subject.lowercased() }).first { message.lowercased().contains($0) }
            for id in childIDs {
                let mine = grades.filter { $0.memberID == id && (subject == nil || $0.subject.lowercased() == subject) }
                    .sorted { ($0.date ?? "") > ($1.date ?? "") }
                for grade in mine.prefix(5) {
                    var line = "\(name(id)) — \(grade.subject): \(grade.grade)"
                    if let assessment = grade.assessment { line += " (\(assessment))" }
                    if let date = grade.date { line += ", \(date)" }
                    facts.append(line)
                }
            }
            if facts.isEmpty {
                return .response("I don't have any grades recorded" + (named.map { " for \($0.name)" } ?? "")
                    + (subject.map { " in \($0)" } ?? "") + ". You can add them to the family's data and I'll keep track.")
            }
        case .schedule:
            let resolved = RelativeDateResolver(timeZone: context.timeZone).resolve(message, relativeTo: context.now)
            let day = resolved.date ?? CoreSkillSupport.day(context.now, in: context.timeZone)
            guard let weekday = DailySkillSupport.weekday(of: day, timeZone: context.timeZone) else {
                return .error("I couldn't work out which day you mean.")
            }
            let relevant = schedules.filter { childIDs.contains($0.memberID) }
            if relevant.isEmpty {
                return .response("I don't have a school schedule" + (named.map { " for \($0.name)" } ?? "")
                    + " yet. Add one to the family's data and I can answer questions about school days.")
            }
            for schedule in relevant {
                if schedule.daysOff.contains(day) {
                    facts.append("\(name(schedule.memberID)): no school on \(weekday.rawValue.capitalized) \(day) (day off at \(schedule.school)).")
                    continue
                }
                let periods = schedule.periods(on: weekday)
                if periods.isEmpty {
                    facts.append("\(name(schedule.memberID)): no classes on \(weekday.rawValue.capitalized) \(day) in the timetable.")
                } else {
                    let list = periods.map { "\($0.start)–\($0.end) \($0.subject)" + ($0.teacher.map { " (\($0))" } ?? "") }
                    facts.append("\(name(schedule.memberID)) at \(schedule.school) on \(weekday.rawValue.capitalized) \(day): "
                        + list.joined(separator: "; "))
                }
            }
        }
        let factsText = facts.joined(separator: "\n")
        let messages = services.promptMessages(
            skillID: id, instruction: "Answer the question in one short sentence using only the school data given. Do not list every item.",
            data: factsText, context: context)
        guard let summary = await DailySkillSupport.generate(messages, context: context, maxTokens: 60) else {
            return .response(factsText)
        }
        let firstLine = summary.split(separator: "\n").first.map(String.init) ?? summary
        return .response(firstLine + "\n" + factsText)
    }
}
