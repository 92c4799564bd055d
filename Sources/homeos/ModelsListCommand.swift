import ArgumentParser
import Foundation
import ModelHub

/// `homeos models list`: the catalog with what is installed, verified and selected.
struct ModelsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the catalog: installed and verified models, downloadable ones, and those unavailable here.")

    @OptionGroup var location: ModelsLocationOptions

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    @Flag(name: .long, help: "Only installed models.")
    var installed = false

    func run() async throws {
        let library = location.library()
        let statuses = library.statuses().filter { !installed || $0.state.isInstalled }
        if json {
            print(try ModelsFormat.json(statuses.map(ModelListItem.init)))
            return
        }
        var rows = [["", "ID", "FAMILY", "PARAMS", "QUANT", "SIZE", "RUNTIME", "STATUS", "USE"]]
        for status in statuses {
            let entry = status.entry
            rows.append([status.isSelected ? "*" : "", entry.id, entry.family, entry.parameters, entry.quantization ?? "-",
                         ModelsFormat.size(entry), ModelsFormat.runtime(entry.runtime), ModelsFormat.status(status),
                         entry.uses.map(\.rawValue).joined(separator: ",")])
        }
        print(ModelsFormat.table(rows))
        let selected = statuses.first(where: \.isSelected)?.entry.id
        print("")
        print(selected.map { "* selected: \($0)" } ?? "No model selected: commands use the default, \(library.catalog.defaultEntry.id).")
        print("Models: \(library.paths.modelsDirectory.path)   Catalog additions: \(library.paths.userCatalogFile.path)")
        if statuses.contains(where: { if case .unavailable = $0.state { return true } else { return false } }) {
            print("Unavailable models need runtimes this machine lacks; `homeos models info ID` says why and what to use instead.")
        }
    }
}
