import ShopLanguage
import Synchronization

/// Which step of a transcript is running, so a file stopped by its timeout can say where it
/// was.
final class TranscriptProgress: Sendable {
    private let step = Mutex<Step?>(nil)

    /// Notes the step that starts now (nil: none runs).
    func running(_ step: Step?) {
        self.step.withLock { $0 = step }
    }

    /// The step running now.
    var runningStep: Step? {
        step.withLock { $0 }
    }
}
