import Sentinel

/// How a risk tier looks on a page: its word, its colour and what it means.
extension RiskTier {
    /// The CSS class of the tier's badge.
    var cssClass: String { "tier tier-\(rawValue)" }

    /// The colour of the tier in charts (the same as its badge).
    var chartColor: String {
        switch self {
        case .green: return "#1b7f3b"
        case .yellow: return "#a06d00"
        case .orange: return "#c24e00"
        case .red: return "#b00020"
        }
    }

    /// The badge, as HTML.
    var badge: String { "<span class=\"\(cssClass)\">\(rawValue.uppercased())</span>" }
}
