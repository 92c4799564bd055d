import Foundation
import LLM

/// One public message with the routing answer the label map gives it.
public struct RoutingExample: Sendable, Hashable {
    /// The message.
    public var text: String
    /// The public label (SLURP `scenario_action`, CLINC150 intent, `oos`).
    public var sourceLabel: String
    /// The skill that should take it; nil when it is out of scope.
    public var expectedSkill: String?

    /// Creates an example.
    public init(text: String, sourceLabel: String, expectedSkill: String?) {
        self.text = text
        self.sourceLabel = sourceLabel
        self.expectedSkill = expectedSkill
    }

    /// Whether the message belongs to some skill.
    public var isInScope: Bool { expectedSkill != nil }
}

/// Loads SLURP and CLINC150 splits as ``RoutingExample``s mapped through the label map.
///
/// SLURP splits: `devel` (tuning) and `test` (reporting). CLINC150 splits: `train` (training;
/// in-scope rows plus `oos_train`), `val` (tuning; plus `oos_val`) and `test` (reporting; plus
/// `oos_test`). Excluded labels are dropped.
public struct RoutingDataset: Sendable {
    /// Where the data is.
    public let data: EvaluationData
    /// How labels map to skills.
    public let labelMap: RoutingLabelMap

    /// Creates a loader.
    public init(data: EvaluationData, labelMap: RoutingLabelMap) {
        self.data = data
        self.labelMap = labelMap
    }

    /// Reads the corpora from `data`, with the label map shipped with this module.
    public init(data: EvaluationData) throws(RoutingDataError) {
        self.init(data: data, labelMap: try .bundled())
    }

    /// The development split of each corpus (the only ones training and tuning may read).
    public static func developmentSplit(of corpus: RoutingLabelMap.Corpus) -> String {
        corpus == .slurp ? "devel" : "val"
    }

    /// The training split of each corpus, when it has one (CLINC150 `train`; the SLURP copy here
    /// ships no training split). Training may read it; tuning decisions are made on the development split.
    public static func trainingSplit(of corpus: RoutingLabelMap.Corpus) -> String? {
        corpus == .slurp ? nil : "train"
    }

    /// The splits each corpus offers.
    public static func splits(of corpus: RoutingLabelMap.Corpus) -> [String] {
        corpus == .slurp ? ["devel", "test"] : ["train", "val", "test"]
    }

    /// The mapped rows of `split` (excluded labels dropped), in file order.
    /// - Throws: ``RoutingDataError`` when the split is unknown or its file cannot be read.
    public func examples(corpus: RoutingLabelMap.Corpus, split: String) throws(RoutingDataError) -> [RoutingExample] {
        guard Self.splits(of: corpus).contains(split) else {
            throw .unknownSplit(corpus: corpus.rawValue, split: split, available: Self.splits(of: corpus))
        }
        return try labelledRows(corpus: corpus, split: split).compactMap { text, label in
            switch labelMap.target(of: label, in: corpus) {
            case .skill(let id): return RoutingExample(text: text, sourceLabel: label, expectedSkill: id)
            case .outOfScope: return RoutingExample(text: text, sourceLabel: label, expectedSkill: nil)
            case .excluded: return nil
            }
        }
    }

    /// Every row of `split` with its public label, excluded labels included, in file order.
    /// - Throws: ``RoutingDataError`` when the split is unknown or its file cannot be read.
    public func labelledRows(corpus: RoutingLabelMap.Corpus, split: String) throws(RoutingDataError) -> [(text: String, label: String)] {
        guard Self.splits(of: corpus).contains(split) else {
            throw .unknownSplit(corpus: corpus.rawValue, split: split, available: Self.splits(of: corpus))
        }
        return corpus == .slurp ? try slurp(split: split) : try clinc(split: split)
    }

    /// SLURP rows as (sentence, `scenario_action`).
    private func slurp(split: String) throws(RoutingDataError) -> [(String, String)] {
        let url = try data.requireForReading(.slurp).appendingPathComponent("\(split).jsonl")
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch { throw .unreadable(path: url.path, detail: "\(error)") }
        var rows: [(String, String)] = []
        for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            guard let object = try? JSONValue(parsing: String(line)),
                  let sentence = object["sentence"]?.stringValue,
                  let scenario = object["scenario"]?.stringValue, let action = object["action"]?.stringValue else {
                throw .malformed(file: url.path, detail: "line \(number + 1) lacks sentence, scenario or action")
            }
            rows.append((sentence, scenario + "_" + action))
        }
        return rows
    }

    /// CLINC150 rows of `split` plus `oos_<split>`, as (text, intent).
    private func clinc(split: String) throws(RoutingDataError) -> [(String, String)] {
        let url = try data.requireForReading(.clinc150).appendingPathComponent("data_full.json")
        let root: JSONValue
        do { root = try JSONValue(parsing: try Data(contentsOf: url)) } catch {
            throw .unreadable(path: url.path, detail: "\(error)")
        }
        var rows: [(String, String)] = []
        for key in [split, "oos_" + split] {
            guard let pairs = root[key]?.arrayValue else { throw .malformed(file: url.path, detail: "no \"\(key)\" array") }
            for pair in pairs {
                guard let items = pair.arrayValue, items.count == 2, let text = items[0].stringValue,
                      let label = items[1].stringValue else {
                    throw .malformed(file: url.path, detail: "a \"\(key)\" row is not a [text, label] pair")
                }
                rows.append((text, label))
            }
        }
        return rows
    }
}
