extension HealthExportParser {
    /// Parses the export at `path` into daily values.
    public func load(path: String) throws(HealthImportError) -> DailyHealthData {
        var data = DailyHealthData()
        data.skippedRecords = try parse(path: path) { data.add($0) }
        if data.isEmpty { throw .noRecords(path: path) }
        return data
    }
}
