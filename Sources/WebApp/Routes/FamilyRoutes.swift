import Foundation
import HomeOS
import Hummingbird
import WebFoundation

/// `/api/family`: members, medications, events, reminders, appliances and school schedules, each
/// added, edited and deleted through forms validated here.
struct FamilyRoutes {
    let session: FamilySession

    func register(on router: Router<WebRequestContext>) {
        router.get("/api/family/forms") { _, _ in
            let family = try await session.family()
            return JSONResponse.make(["kinds": FamilyKind.allCases.map { FormPayload(kind: $0, family: family) }])
        }
        router.get("/api/family") { _, _ in
            let family = try await session.family()
            let editor = FamilyEditor(storage: session.storage, family: family)
            var records: [String: [FamilyRecord]] = [:]
            for kind in FamilyKind.allCases { records[kind.rawValue] = try editor.records(kind) }
            return JSONResponse.make(FamilyPayload(name: family.name, timeZone: family.timeZoneIdentifier, records: records))
        }
        router.post("/api/family/:kind") { request, context in
            let kind = try Self.kind(in: context)
            let values = try await JSONResponse.decode([String: FormValue].self, from: request, context: context)
            let record = try FamilyEditor(storage: session.storage, family: try await session.family()).save(kind, id: nil, values: values)
            await session.familyChanged()
            return JSONResponse.make(["record": record], status: .created)
        }
        router.put("/api/family/:kind/:id") { request, context in
            let kind = try Self.kind(in: context)
            let id = context.parameters.get("id") ?? ""
            let values = try await JSONResponse.decode([String: FormValue].self, from: request, context: context)
            let record = try FamilyEditor(storage: session.storage, family: try await session.family()).save(kind, id: id, values: values)
            await session.familyChanged()
            return JSONResponse.make(["record": record])
        }
        router.delete("/api/family/:kind/:id") { _, context in
            let kind = try Self.kind(in: context)
            try FamilyEditor(storage: session.storage, family: try await session.family()).delete(kind, id: context.parameters.get("id") ?? "")
            await session.familyChanged()
            return JSONResponse.make(["ok": true])
        }
    }

    private static func kind(in context: WebRequestContext) throws -> FamilyKind {
        guard let text = context.parameters.get("kind"), let kind = FamilyKind(rawValue: text) else {
            throw APIError(.notFound, "There is no such kind of family record; use one of "
                + FamilyKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return kind
    }
}

/// A kind's form.
struct FormPayload: Encodable, Sendable {
    var kind: String
    var title: String
    var singular: String
    var fields: [FormField]

    init(kind: FamilyKind, family: Family) {
        self.kind = kind.rawValue
        title = kind.title
        singular = kind.singular
        fields = kind.fields(for: family)
    }
}

/// The Family page's data.
struct FamilyPayload: Encodable, Sendable {
    var name: String
    var timeZone: String
    var records: [String: [FamilyRecord]]
}
