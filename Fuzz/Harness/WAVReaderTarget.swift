import Foundation
import Sentinel

extension FuzzTarget {
    /// `WAVAudio(data:)`: any bytes. What it accepts has a usable rate, finite samples in
    /// [-1, 1], and no more samples than the bytes could hold.
    static let wavReader = FuzzTarget(name: "wav-reader", summary: "WAVAudio(data:) on any bytes; accepted audio has a sane rate and finite samples in [-1, 1]") { data in
        guard let audio = try? WAVAudio(data: data) else { return }
        guard audio.sampleRate > 0 else { violated("sample rate is positive", "\(audio.sampleRate)") }
        guard audio.samples.count <= data.count else { violated("no more samples than bytes", "\(audio.samples.count) from \(data.count) bytes") }
        for sample in audio.samples where !(sample.isFinite && abs(sample) <= 1) {
            violated("samples are finite and within [-1, 1]", "\(sample)")
        }
    }
}
