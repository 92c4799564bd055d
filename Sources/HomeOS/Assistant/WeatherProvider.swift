import Foundation

/// A day's forecast.
public struct WeatherForecast: Sendable, Hashable, Codable {
    /// Where.
    public var location: String
    /// The day (yyyy-MM-dd).
    public var date: String
    /// Short description ("light rain").
    public var summary: String
    /// High and low, in °C.
    public var highCelsius: Double
    /// Low, in °C.
    public var lowCelsius: Double
    /// Chance of precipitation, 0–1.
    public var precipitationChance: Double

    /// Creates a forecast.
    public init(location: String, date: String, summary: String, highCelsius: Double, lowCelsius: Double, precipitationChance: Double) {
        self.location = location
        self.date = date
        self.summary = summary
        self.highCelsius = highCelsius
        self.lowCelsius = lowCelsius
        self.precipitationChance = precipitationChance
    }
}

/// Where the tools skill gets weather. HomeOS ships none (no network by default): without a
/// provider the skill says honestly that weather is not configured.
public protocol WeatherProvider: Sendable {
    /// The forecast for `location` on `date`.
    func forecast(for location: String, on date: Date) async throws -> WeatherForecast
}
