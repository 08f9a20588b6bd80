import PushLintModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time each rule took in a run (`--timing`, as ESLint's TIMING), with the parse and the payload model beside
/// them, so that a share is a share of the lint's work. Rules and stages are timed through the run's `RunClock`:
/// without `--timing` it is stopped, and no clock is read.
public struct RuleTiming: Sendable {
    public struct Entry: Sendable, Equatable {
        /// A rule id, or `(parse)` / `(payload model)` for the work before the rules.
        public var name: String
        public var nanoseconds: UInt64
    }

    /// Every rule that ran and the two stages, most expensive first (ties by name).
    public var entries: [Entry]

    public var totalNanoseconds: UInt64 { entries.reduce(0) { $0 &+ $1.nanoseconds } }

    /// The table the command line prints: the `top` most expensive (all when nil), time and share of the total.
    public func table(top: Int?) -> String {
        let total = max(1, totalNanoseconds)
        let shown = top.map { Array(entries.prefix($0)) } ?? entries
        let width = max(4, shown.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, n - s.count))
            return left ? fill + s : s + fill
        }
        func fixed(_ value: Double, _ decimals: Int) -> String {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let scaled = Int((value * scale).rounded())
            let whole = scaled / Int(scale)
            let fraction = scaled % Int(scale)
            let digits = String(fraction)
            return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        var lines = [
            "\(pad("Rule", width)) | Time (ms) | Relative",
            ":" + String(repeating: "-", count: width - 1) + "-|----------:|--------:",
        ]
        for entry in shown {
            let ms = Double(entry.nanoseconds) / 1e6
            let share = Double(entry.nanoseconds) * 100 / Double(total)
            lines.append(
                "\(pad(entry.name, width)) | \(pad(fixed(ms, 3), 9, left: true)) | \(pad(fixed(share, 1) + "%", 8, left: true))"
            )
        }
        lines.append(
            "\(pad("total", width)) | \(pad(fixed(Double(total) / 1e6, 3), 9, left: true)) | "
                + pad("100.0%", 8, left: true))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Collects a run's times: each worker sums into an array of its own (`RuleClock`) and merges it here once per file
/// or run of messages.
final class RuleTimingCollector: Sendable {
    static let parse = "(parse)", model = "(payload model)"
    /// The slots of the two stages in every worker's sums.
    static let parseSlot = 0, modelSlot = 1

    let names: [String]
    let index: [String: Int]
    private let totals: Mutex<[UInt64]>

    init(ruleIds: [String]) {
        names = [Self.parse, Self.model] + ruleIds
        index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        totals = Mutex(Array(repeating: 0, count: names.count))
    }

    func clock() -> RuleClock { RuleClock(nanoseconds: Array(repeating: 0, count: names.count)) }

    /// The slots of these rules, in their order.
    func slots(_ ids: [String]) -> [Int] { ids.map { index[$0] ?? 0 } }

    func merge(_ clock: RuleClock) {
        totals.withLock { totals in
            for k in totals.indices { totals[k] &+= clock.nanoseconds[k] }
        }
    }

    var timing: RuleTiming {
        let totals = totals.withLock { $0 }
        let entries = zip(names, totals).map { RuleTiming.Entry(name: $0, nanoseconds: $1) }
        return RuleTiming(entries: entries.sorted { ($0.nanoseconds, $1.name) > ($1.nanoseconds, $0.name) })
    }
}

/// One worker's sums.
struct RuleClock {
    var nanoseconds: [UInt64]

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

/// The clock a run reads for `--timing`, injected into the rule runner and the stages: every rule and stage is timed
/// through it by the same code whether timing is on or not. The stopped clock (no `--timing`) reads no time and
/// keeps nothing; the monotonic one sums the workers' times in a collector.
struct RunClock: Sendable {
    /// Nanoseconds on a monotonic clock; always 0 for the stopped clock.
    let now: @Sendable () -> UInt64
    /// Adds a worker's sums to the run's totals; nothing for the stopped clock.
    let merge: @Sendable (RuleClock) -> Void
    /// The names of the slots: the two stages, then every rule that runs.
    let collector: RuleTimingCollector
    /// Whether the clock reads time: the stopped clock's loops run the rules and nothing else (a clock read and a
    /// sum around each rule is a cost paid for every payload).
    let reads: Bool

    /// The clock of a run without `--timing`: it reads no time, its sums are empty and nothing is merged.
    static let stopped = RunClock(
        now: { 0 }, merge: { _ in }, collector: RuleTimingCollector(ruleIds: []), reads: false)

    /// The clock of a run with `--timing`.
    static func monotonic(ruleIds: [String]) -> RunClock {
        let collector = RuleTimingCollector(ruleIds: ruleIds)
        return RunClock(
            now: { RuleClock.now() }, merge: { collector.merge($0) }, collector: collector, reads: true)
    }

    /// A worker's sums, all zero, one slot per stage and rule.
    func sums() -> RuleClock { reads ? collector.clock() : RuleClock(nanoseconds: []) }

    /// The slot of each of these rules, in their order.
    func slots(_ ids: [String]) -> [Int] { collector.slots(ids) }

    /// Runs `body` and adds its time to `slot` of `sums`.
    func measure<T>(_ slot: Int, _ sums: inout RuleClock, _ body: () -> T) -> T {
        guard reads else { return body() }
        let start = now()
        let result = body()
        sums.nanoseconds[slot] &+= now() &- start
        return result
    }

    /// What a list of rules finds, in rule order, each rule's time added to its slot.
    func findings<R>(of rules: [R], slots: [Int], _ sums: inout RuleClock, _ check: (R) -> [Diagnostic])
        -> [Diagnostic]
    {
        var found: [Diagnostic] = []
        guard reads else {
            // Each rule is lent to `check` where it lies: `for rule in rules` copies every rule's existential into
            // a local for every payload.
            for index in rules.indices {
                // Most rules find nothing: appending an empty result still reallocates the array.
                let findings = check(rules[index])
                if !findings.isEmpty { found += findings }
            }
            return found
        }
        for index in rules.indices {
            let start = now()
            let findings = check(rules[index])
            sums.nanoseconds[slots[index]] &+= now() &- start
            if !findings.isEmpty { found += findings }
        }
        return found
    }

    /// `findings(of:slots:_:_:)` with sums of its own, merged when done.
    func findings<R>(of rules: [R], slots: [Int], _ check: (R) -> [Diagnostic]) -> [Diagnostic] {
        var sums = sums()
        defer { merge(sums) }
        return findings(of: rules, slots: slots, &sums, check)
    }
}
