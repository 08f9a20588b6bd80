import Foundation
import PushLintServer

extension LanguageServer {
    /// Waits until the background work is done and publishes it; false when it is not done within `timeout`
    /// seconds (the stdio loop is woken by its workers instead, so only tests wait).
    @discardableResult
    func waitUntilIdle(timeout: Double = 120) -> Bool {
        var waited = 0.0
        while true {
            collectFinished()
            if isIdle {
                collectFinished()
                return true
            }
            if waited >= timeout { return false }
            Thread.sleep(forTimeInterval: 0.0005)
            waited += 0.001
        }
    }
}
