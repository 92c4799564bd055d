import Foundation

/// Something in the home that needs care (furnace, dishwasher, car), with its recurring tasks.
///
/// Stored as a list at ``StoragePaths/appliances``; work done goes to the maintenance log.
public struct Appliance: Codable, Sendable, Hashable, Identifiable {
    /// A recurring maintenance task (`Replace filter` every 90 days).
    public struct MaintenanceTask: Codable, Sendable, Hashable {
        /// What to do.
        public var name: String
        /// Days between two times it is done.
        public var intervalDays: Int
        /// The local day it was last done, `yyyy-MM-dd`, if ever.
        public var lastDone: String?

        /// Creates a task.
        public init(name: String, intervalDays: Int, lastDone: String? = nil) {
            self.name = name
            self.intervalDays = intervalDays
            self.lastDone = lastDone
        }

        /// The local day it is next due (`lastDone` + interval), nil when never done.
        public var nextDue: String? { lastDone.flatMap { DayString.adding(intervalDays, to: $0) } }
    }

    /// A stable identifier, unique in the home (a slug such as `furnace`); log entries refer to it.
    public var id: String
    /// The name the family uses (`Basement furnace`).
    public var name: String
    /// The kind of appliance (`furnace`, `dishwasher`, `car`), if known.
    public var kind: String?
    /// Where it is, if useful.
    public var location: String?
    /// Make and model, if known.
    public var model: String?
    /// The local day it was installed or bought, `yyyy-MM-dd`, if known.
    public var installedOn: String?
    /// Its recurring tasks.
    public var tasks: [MaintenanceTask]

    /// Creates an appliance.
    public init(id: String, name: String, kind: String? = nil, location: String? = nil, model: String? = nil,
                installedOn: String? = nil, tasks: [MaintenanceTask] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.location = location
        self.model = model
        self.installedOn = installedOn
        self.tasks = tasks
    }

    /// Tasks due on or before `day` (`yyyy-MM-dd`), including tasks never done.
    public func tasksDue(onOrBefore day: String) -> [MaintenanceTask] {
        guard let limit = DayString.dayNumber(day) else { return [] }
        return tasks.filter { task in
            guard let due = task.nextDue.flatMap(DayString.dayNumber) else { return true }
            return due <= limit
        }
    }

    private enum CodingKeys: String, CodingKey { case id, name, kind, location, model, installedOn, tasks }

    /// Decodes an appliance; missing `tasks` are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id),
                  name: try container.decode(String.self, forKey: .name),
                  kind: try container.decodeIfPresent(String.self, forKey: .kind),
                  location: try container.decodeIfPresent(String.self, forKey: .location),
                  model: try container.decodeIfPresent(String.self, forKey: .model),
                  installedOn: try container.decodeIfPresent(String.self, forKey: .installedOn),
                  tasks: try container.decodeIfPresent([MaintenanceTask].self, forKey: .tasks) ?? [])
    }
}
