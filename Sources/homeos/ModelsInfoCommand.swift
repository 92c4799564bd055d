import ArgumentParser
import Foundation
import LlamaEngine
import ModelHub

/// `homeos models info ID`: everything known about one model.
struct ModelsInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a model's catalog entry, files, install state and memory estimate.")

    @OptionGroup var location: ModelsLocationOptions

    @Argument(help: ArgumentHelp("A catalog id or alias.", valueName: "id"))
    var model: String

    @Option(name: .long, help: "Context window (tokens) for the memory estimate (default: the balanced preset's).")
    var context: Int?

    @Flag(name: .long, help: "Print JSON.")
    var json = false

    func run() async throws {
        let library = location.library()
        let entry = try library.entry(named: model)
        let status = library.status(of: entry)
        let contextSize = context ?? LlamaConfiguration.preset(.balanced).contextSize
        let estimate = library.memoryEstimate(for: entry, contextSize: contextSize)
        let available = SystemMemory().availableBytes()
        let metadata = entry.runtime == .llamaCppGGUF && status.state.isInstalled
            ? try? GGUFMetadata.read(URL(fileURLWithPath: library.directory.path(of: entry))) : nil

        if json {
            struct Info: Encodable {
                var entry: CatalogEntry
                var status: ModelListItem
                var memoryEstimate: MemoryEstimate?
                var availableMemoryBytes: Int64?
                var record: InstallRecord?
                var availability: String
            }
            print(try ModelsFormat.json(Info(entry: entry, status: ModelListItem(status),
                                             memoryEstimate: entry.runtime.isLocal ? estimate : nil,
                                             availableMemoryBytes: available, record: library.record(for: entry.id),
                                             availability: entry.runtime.availability.description)))
            return
        }

        var rows: [(String, String)] = [
            ("id", entry.id),
            ("name", entry.displayName),
            ("family", entry.family),
            ("aliases", entry.aliases.isEmpty ? "-" : entry.aliases.joined(separator: ", ")),
            ("runtime", "\(entry.runtime) — \(entry.runtime.availability)"),
            ("parameters", entry.parameters),
            ("quantization", entry.quantization ?? "-"),
            ("context length", entry.contextLength.map { "\($0) tokens" } ?? "unknown"),
            ("size", sizeText(entry)),
            ("license", entry.license),
            ("source", entry.source.description + (entry.requiresToken ? " (gated: needs HOMEOS_HF_TOKEN)" : "")),
            ("uses", entry.uses.map(\.rawValue).joined(separator: ", ")),
            ("instruction-tuned", entry.isInstructionTuned ? "yes" : "no (base model)"),
            ("chat template", entry.chatTemplate.isEmpty ? "-" : entry.chatTemplate),
            ("status", status.state.description),
            ("selected", status.isSelected ? "yes" : (status.isDefault ? "no (this is the default model)" : "no")),
        ]
        if entry.runtime.isLocal {
            rows.append(("path", status.path))
            for file in entry.files {
                let size = file.sizeBytes.map { "\($0) bytes" } ?? "size not catalogued"
                let hash = file.sha256 ?? library.record(for: entry.id)?.files[file.path].map { "\($0.sha256) (recorded)" } ?? "no published SHA-256"
                rows.append(("file", "\(file.path) [\(file.role.rawValue)] \(size), sha256 \(hash)"))
                if let url = file.url { rows.append(("  from", DownloadURL.withoutQuery(url))) }
            }
            let free = available.map { "; \(ByteCount.format($0)) available now" } ?? ""
            if !entry.runtime.availability.isAvailable {
                rows.append(("memory", "not estimated (the runtime is unavailable here)"))
            } else if status.state.isInstalled || entry.approximateSizeBytes != nil {
                rows.append(("memory", "about \(ByteCount.format(estimate.totalBytes)) at \(estimate.contextSize) tokens (\(estimate.breakdown))\(free)"))
            } else {
                rows.append(("memory", "weights unknown until downloaded, plus KV cache \(ByteCount.format(estimate.kvCacheBytes)) for \(estimate.contextSize) tokens and overhead\(free)"))
            }
        }
        if let metadata {
            let shape = metadata.shape.map { "\($0.layers) layers, \($0.kvHeads) KV heads × \($0.keyLength)" } ?? "shape unknown"
            rows.append(("gguf", "\(metadata.architecture), \(shape), trained context \(metadata.contextLength.map(String.init) ?? "?")"))
        }
        if let record = library.record(for: entry.id) {
            rows.append(("downloaded", "\(record.installedAt.formatted(.iso8601)), \(record.verification)"))
        }
        if !entry.notes.isEmpty { rows.append(("notes", entry.notes)) }
        let width = rows.map(\.0.count).max() ?? 0
        for (key, value) in rows {
            print(key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
    }

    private func sizeText(_ entry: CatalogEntry) -> String {
        if let exact = entry.sizeBytes { return "\(ByteCount.format(exact)) (\(exact) bytes)" }
        if let published = entry.publishedSizeBytes { return "about \(ByteCount.format(published)) (published)" }
        return entry.runtime.isLocal ? "unknown until downloaded" : "-"
    }
}
