/// Rendering a template for one selection of its choices, with a map from the rendered bytes back to the template,
/// and the selections worth rendering (all of them, or a pairwise cover past a bound).

/// Where each run of rendered bytes came from: literal template text maps byte for byte, a placeholder or tag maps
/// to its tag's start.
public struct TemplateSourceMap: Sendable {
    var renderStarts: [Int] = []
    var sourceStarts: [Int] = []
    var lengths: [Int] = []
    var literal: [Bool] = []
    /// The end of each run's source: a tag's end for a run a tag wrote.
    var sourceEnds: [Int] = []
    var sourceEnd = 0

    mutating func append(render: Int, source: Int, length: Int, isLiteral: Bool, sourceEnd end: Int? = nil) {
        guard length > 0 else { return }
        renderStarts.append(render)
        sourceStarts.append(source)
        lengths.append(length)
        literal.append(isLiteral)
        sourceEnds.append(end ?? source + length)
    }

    /// The run that holds a rendered offset.
    func run(_ offset: Int) -> Int? {
        var low = 0
        var high = renderStarts.count
        while low < high {
            let mid = (low + high) / 2
            if renderStarts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset - renderStarts[low - 1] < lengths[low - 1] else { return nil }
        return low - 1
    }

    /// The template offset of a rendered offset (the end of the rendering maps to the end of the template).
    public func sourceOffset(_ offset: Int) -> Int {
        var low = 0
        var high = renderStarts.count
        while low < high {
            let mid = (low + high) / 2
            if renderStarts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return sourceStarts.first ?? 0 }
        let k = low - 1
        let inside = offset - renderStarts[k]
        if inside >= lengths[k] {
            // Past the last run: the end of the template.
            return k == renderStarts.count - 1 ? sourceEnd : sourceStarts[k] + (literal[k] ? lengths[k] : 0)
        }
        return literal[k] ? sourceStarts[k] + inside : sourceStarts[k]
    }

    /// A rendered span in the template: its start, and its end when that lies after the start.
    public func sourceSpan(_ span: ByteSpan) -> ByteSpan {
        let start = sourceOffset(span.start)
        var end = span.end > span.start ? sourceOffset(span.end - 1) + 1 : start
        // A span that ends in what a tag wrote ends with the tag.
        if span.end > span.start, let k = run(span.end - 1), !literal[k] { end = sourceEnds[k] }
        return ByteSpan(start, end >= start ? end : start + 1)
    }
}

/// One rendering: its bytes, their map, and which choices it asked.
public struct TemplateRendering: Sendable {
    public var bytes: [UInt8]
    public var map: TemplateSourceMap
    /// For each choice of the program, whether this rendering reached a block that asks it.
    public var reached: [Bool]
    /// Steps it took: pieces written and loop iterations.
    public var work: Int
}

extension TemplateProgram {
    /// Renders the template with `selection[c]` as the option of choice `c`. Nil when the rendering would pass
    /// `limit` bytes (loops in loops double at every level), would take more than `workLimit` steps (a piece
    /// written or a loop iteration each: empty loops in loops write nothing and still multiply), or the template
    /// cannot render.
    public func render(_ selection: [UInt8], limit: Int, workLimit: Int? = nil) -> TemplateRendering? {
        guard isRenderable, depth <= Self.maximumDepth else { return nil }
        // What every rendering writes (the text outside conditions and loops) already passes a limit: no selection
        // can render, and none is started (a 7.5 MB template would write 4 MiB of each rendering, then drop it).
        guard minimumRendering.bytes <= limit, minimumRendering.work <= workLimit ?? limit else { return nil }
        var state = RenderState(
            limit: limit, workLimit: workLimit ?? limit, reached: [Bool](repeating: false, count: choices.count))
        state.map.sourceEnd = source.count
        render(body: 0, selection, &state, loops: [])
        guard !state.overflow else { return nil }
        return TemplateRendering(bytes: state.bytes, map: state.map, reached: state.reached, work: state.work)
    }

    struct RenderState {
        var bytes: [UInt8] = []
        var map = TemplateSourceMap()
        var limit: Int
        var workLimit: Int
        var work = 0
        var overflow = false
        var reached: [Bool]

        init(limit: Int, workLimit: Int, reached: [Bool]) {
            self.limit = limit
            self.workLimit = workLimit
            self.reached = reached
        }

        /// Whether `length` more bytes stay within the limit; marks the rendering overflowed when not.
        mutating func fits(_ length: Int) -> Bool {
            guard bytes.count + length <= limit else {
                overflow = true
                return false
            }
            return true
        }

        /// The end of a placeholder: its padding and `}}`.
        mutating func closePlaceholder(pad: Int) {
            if pad > 0 { bytes.append(contentsOf: repeatElement(0x20, count: pad)) }
            bytes.append(UInt8(ascii: "}"))
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Each loop iteration writes its placeholders with its own number of spaces before `}}`: the same variable,
    /// but `"{{ k }}": …` rendered twice is two keys, as the engine's values would be.
    /// At most 64; saturating, so that a deep loop's iteration (a contract's `maxItems`) never overflows the sum.
    static func padding(_ loops: [(Int, Int)]) -> Int {
        var pad = 0
        for (level, loop) in loops.enumerated() where loop.0 > 0 {
            guard level < 6, loop.0 < 64 >> level else { return 64 }
            pad += loop.0 << level
            if pad >= 64 { return 64 }
        }
        return pad
    }

    /// Recursive over blocks, whose nesting is at most `maximumDepth`.
    func render(body: Int, _ selection: [UInt8], _ state: inout RenderState, loops: [(Int, Int)]) {
        for piece in bodies[body] {
            guard !state.overflow else { return }
            state.work += 1
            guard state.work <= state.workLimit else {
                state.overflow = true
                return
            }
            switch piece {
            case .text(let start, let end):
                guard state.bytes.count + (end - start) <= state.limit else {
                    state.overflow = true
                    return
                }
                state.map.append(render: state.bytes.count, source: start, length: end - start, isLiteral: true)
                state.bytes.append(contentsOf: source[start..<end])
            case .literal(let span, let text):
                guard state.bytes.count + text.count <= state.limit else {
                    state.overflow = true
                    return
                }
                state.map.append(
                    render: state.bytes.count, source: span.start, length: text.count, isLiteral: false,
                    sourceEnd: span.end)
                state.bytes.append(contentsOf: text)
            case .output(let span, let expression):
                guard state.fits(expression.count + 4 + Self.padding(loops)) else { return }
                let pad = Self.padding(loops)
                state.map.append(
                    render: state.bytes.count, source: span.start, length: expression.count + 4 + pad,
                    isLiteral: false, sourceEnd: span.end)
                state.bytes.append(UInt8(ascii: "{"))
                state.bytes.append(UInt8(ascii: "{"))
                state.bytes.append(contentsOf: expression)
                state.closePlaceholder(pad: pad)
            case .placeholder(let span):
                // `{{name}}` as written: the tag's bytes up to its `}}`, then the loop's padding and `}}`.
                let pad = Self.padding(loops)
                guard state.fits(span.length + pad) else { return }
                state.map.append(
                    render: state.bytes.count, source: span.start, length: span.length + pad, isLiteral: false,
                    sourceEnd: span.end)
                state.bytes.append(contentsOf: source[span.start..<(span.end - 2)])
                state.closePlaceholder(pad: pad)
            case .block(let index):
                let block = blocks[index]
                switch block.kind {
                case .silent:
                    continue
                case .plain:
                    if let first = block.bodies.first { render(body: first, selection, &state, loops: loops) }
                case .loop:
                    state.reached[block.choice] = true
                    let counts = loopCounts[block.choice]
                    let option = Int(selection[block.choice])
                    let count = option < counts.count ? counts[option] : option
                    if count == 0 {
                        if block.bodies.count > 1 { render(body: block.bodies[1], selection, &state, loops: loops) }
                    } else {
                        for iteration in 0..<count {
                            state.work += 1
                            guard !state.overflow, state.work <= state.workLimit else {
                                state.overflow = true
                                return
                            }
                            render(body: block.bodies[0], selection, &state, loops: loops + [(iteration, count)])
                        }
                    }
                case .branches:
                    guard !block.bodies.isEmpty else { continue }
                    if let position = block.position {
                        let (iteration, count) = loops.last ?? (0, 1)
                        var holds: Bool
                        switch position {
                        case .first: holds = iteration == 0
                        case .last: holds = iteration == count - 1
                        case .notFirst: holds = iteration > 0
                        }
                        if block.positionNegated { holds.toggle() }
                        if holds {
                            render(body: block.bodies[0], selection, &state, loops: loops)
                        } else if block.bodies.count > 1 {
                            render(body: block.bodies[1], selection, &state, loops: loops)
                        }
                        continue
                    }
                    guard block.choice >= 0 else { continue }
                    state.reached[block.choice] = true
                    let option = Int(selection[block.choice])
                    if let branch = block.options.firstIndex(of: option), branch < block.bodies.count {
                        render(body: block.bodies[branch], selection, &state, loops: loops)
                    }
                }
            }
        }
    }
}

/// A rendering's bytes as a dictionary key, hashed as one block of memory: an array of bytes hashes byte by byte, a
/// tenth of the time of linting a large template that only tells whether two selections rendered the same.
public struct TemplateRenderedBytes: Hashable, Sendable {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// Which selections to render: every combination while there are at most `limit`, else a greedy pairwise cover
/// (every option of every two choices together at least once), or, for very many choices, every option of every
/// choice once.
public struct TemplateSelections: Sendable {
    public enum Coverage: Sendable, Hashable {
        case every
        case pairwise
        case eachOption
    }
    public var rows: [[UInt8]]
    public var coverage: Coverage
    /// How many combinations there are (a Double: 30 loops are 3^30).
    public var combinations: Double

    /// Pairwise covers are built for at most this many choices; past it each option is rendered once.
    public static let pairwiseChoiceLimit = 128
    /// ... and for choices of at most this many options (a `case` of 40 `when`s is rendered option by option).
    public static let pairwiseOptionLimit = 16

    public init(domains: [Int], limit: Int) {
        var total = 1.0
        for d in domains { total *= Double(d) }
        combinations = total
        if total <= Double(limit) {
            coverage = .every
            rows = Self.every(domains)
        } else if domains.count <= Self.pairwiseChoiceLimit, (domains.max() ?? 1) <= Self.pairwiseOptionLimit {
            coverage = .pairwise
            rows = Self.pairwise(domains, limit: limit)
        } else {
            coverage = .eachOption
            let widest = domains.max() ?? 1
            // Options past 255 are not rendered (a `case` of 300 `when`s).
            rows = (0..<min(widest, limit, 256)).map { r in domains.map { UInt8(min(r, $0 - 1)) } }
        }
    }

    static func every(_ domains: [Int]) -> [[UInt8]] {
        var rows: [[UInt8]] = []
        // Counted in Int: a choice of 256 options reaches 256 before it wraps.
        var row = [Int](repeating: 0, count: domains.count)
        while true {
            rows.append(row.map { UInt8($0) })
            var k = domains.count - 1
            while k >= 0 {
                row[k] += 1
                if Int(row[k]) < domains[k] { break }
                row[k] = 0
                k -= 1
            }
            if k < 0 { return rows }
        }
    }

    /// Greedy: each row starts from the first pair not yet covered and gives every other choice the option that
    /// covers the most new pairs with the choices already set.
    static func pairwise(_ domains: [Int], limit: Int) -> [[UInt8]] {
        let n = domains.count
        let width = domains.max() ?? 1
        // covered[(i * n + j) * width * width + a * width + b] for i < j.
        var covered = [Bool](repeating: false, count: n * n * width * width)
        func index(_ i: Int, _ a: Int, _ j: Int, _ b: Int) -> Int {
            i < j ? ((i * n + j) * width + a) * width + b : ((j * n + i) * width + b) * width + a
        }
        var uncovered = 0
        for i in 0..<n { for j in (i + 1)..<max(i + 1, n) { uncovered += domains[i] * domains[j] } }
        var rows: [[UInt8]] = []
        var cursor = (i: 0, j: 1, a: 0, b: 0)
        while uncovered > 0, rows.count < limit {
            // The first uncovered pair, from where the last search stopped.
            var seed: (Int, Int, Int, Int)?
            search: while cursor.i < n {
                while cursor.j < n {
                    while cursor.a < domains[cursor.i] {
                        while cursor.b < domains[cursor.j] {
                            if !covered[index(cursor.i, cursor.a, cursor.j, cursor.b)] {
                                seed = (cursor.i, cursor.a, cursor.j, cursor.b)
                                break search
                            }
                            cursor.b += 1
                        }
                        cursor.b = 0
                        cursor.a += 1
                    }
                    cursor.a = 0
                    cursor.j += 1
                }
                cursor.i += 1
                cursor.j = cursor.i + 1
            }
            guard let (si, sa, sj, sb) = seed else { break }
            var row = [Int](repeating: -1, count: n)
            row[si] = sa
            row[sj] = sb
            for k in 0..<n where row[k] < 0 {
                var best = 0
                var bestGain = -1
                for step in 0..<domains[k] {
                    let v = (step + rows.count) % domains[k]
                    var gain = 0
                    for l in 0..<n where row[l] >= 0 && !covered[index(k, v, l, row[l])] { gain += 1 }
                    if gain > bestGain {
                        bestGain = gain
                        best = v
                    }
                }
                row[k] = best
            }
            for i in 0..<n {
                for j in (i + 1)..<max(i + 1, n) where !covered[index(i, row[i], j, row[j])] {
                    covered[index(i, row[i], j, row[j])] = true
                    uncovered -= 1
                }
            }
            rows.append(row.map { UInt8($0) })
        }
        return rows
    }

    /// The choices that decide whether something happens: those every row of `subset` reached, with fewer options
    /// among them than among the rows outside it. Empty when `subset` is every row (it always happens).
    public func deciding(_ subset: [Int], reached: [[Bool]]) -> [(choice: Int, options: [Int])] {
        guard subset.count < rows.count, let first = subset.first else { return [] }
        let inSubset = Set(subset)
        var result: [(Int, [Int])] = []
        for c in rows[first].indices {
            guard subset.allSatisfy({ reached[$0][c] }) else { continue }
            let inside = Set(subset.map { Int(rows[$0][c]) })
            var outside: Set<Int> = []
            for r in rows.indices where !inSubset.contains(r) && reached[r][c] { outside.insert(Int(rows[r][c])) }
            // Some row outside has an option no row inside has (or does not reach the choice at all).
            let unreachedOutside = rows.indices.contains { !inSubset.contains($0) && !reached[$0][c] }
            if unreachedOutside || !outside.isSubset(of: inside) { result.append((c, inside.sorted())) }
        }
        return result
    }
}
