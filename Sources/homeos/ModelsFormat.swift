import Foundation
import ModelHub

/// Text for the models commands.
enum ModelsFormat {
    /// Prints the user catalog's problems (its entries are ignored until they are fixed).
    static func warn(about library: ModelLibrary) {
        for problem in library.catalogProblems {
            Terminal.error("warning: \(problem) Its models are ignored until then.")
        }
    }

    /// The short status shown in `models list`.
    static func status(_ status: ModelLibrary.ModelStatus) -> String {
        switch status.state {
        case .installed(.catalog): return "installed, verified"
        case .installed(.pinned): return "installed, verified (pinned)"
        case .installed(.unverified): return "installed, unverified"
        case .partial(let done, let total):
            if let total, total > 0 { return "partial \(Int(Double(done) / Double(total) * 100))%" }
            return "partial \(ByteCount.format(done))"
        case .notInstalled:
            if case .installedPackage = status.entry.source { return "not installed (make setup)" }
            return status.entry.isDownloadable ? "not installed" : "not installed (no download)"
        case .damaged: return "damaged"
        case .unavailable:
            switch status.entry.runtime {
            case .openAICompatible: return "unavailable (remote)"
            default: return "unavailable (Apple only)"
            }
        }
    }

    /// The size column: exact, published (`~`) or unknown.
    static func size(_ entry: CatalogEntry) -> String {
        if let exact = entry.sizeBytes { return ByteCount.format(exact) }
        if let published = entry.publishedSizeBytes { return "~" + ByteCount.format(published) }
        return entry.runtime.isLocal ? "unknown" : "-"
    }

    /// A short runtime name for tables.
    static func runtime(_ kind: RuntimeKind) -> String {
        switch kind {
        case .llamaCppGGUF: return "gguf"
        case .openAICompatible: return "remote"
        case .mlx: return "mlx"
        case .foundationModels: return "apple-fm"
        case .mediaPipeTask: return "mediapipe"
        }
    }

    /// Left-aligned columns; the first row is the header.
    static func table(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }
        return rows.map(line).joined(separator: "\n")
    }

    /// JSON for machines, sorted keys, pretty-printed.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `12.3 s`, `4 m 05 s`.
    static func duration(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return String(format: "%dm%02ds", seconds / 60, seconds % 60) }
        return String(format: "%dh%02dm", seconds / 3600, (seconds % 3600) / 60)
    }
}

/// One row of `homeos models list --json`.
struct ModelListItem: Encodable {
    var id: String
    var name: String
    var family: String
    var runtime: String
    var parameters: String
    var quantization: String?
    var sizeBytes: Int64?
    var publishedSizeBytes: Int64?
    var contextLength: Int?
    var uses: [String]
    var license: String
    var source: String
    var state: String
    var installed: Bool
    var verified: Bool
    var verification: String?
    var detail: String
    var selected: Bool
    var isDefault: Bool
    var path: String

    init(_ status: ModelLibrary.ModelStatus) {
        let entry = status.entry
        id = entry.id
        name = entry.displayName
        family = entry.family
        runtime = entry.runtime.rawValue
        parameters = entry.parameters
        quantization = entry.quantization
        sizeBytes = entry.sizeBytes
        publishedSizeBytes = entry.publishedSizeBytes
        contextLength = entry.contextLength
        uses = entry.uses.map(\.rawValue)
        license = entry.license
        source = entry.source.description
        state = status.state.label
        installed = status.state.isInstalled
        verified = status.state.isVerified
        if case .installed(let how) = status.state { verification = how.rawValue }
        detail = status.state.description
        selected = status.isSelected
        isDefault = status.isDefault
        path = status.path
    }
}
