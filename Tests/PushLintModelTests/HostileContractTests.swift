import PushLintJSON
import PushLintModel
import Testing

/// Contracts and configs that pass validation but used to crash or hang (issue 33, reproducers C1, C2, C3, C4, C7).
@Suite struct HostileContractTests {
    /// C3: the matcher recursed once per character, and 30 000 characters overflowed the stack.
    @Test func aLongValueIsMatchedWithoutRecursion() throws {
        let pattern = try #require(ContractPattern("^[0-9]+$"))
        let digits = String(repeating: "1", count: 30_000)
        #expect(pattern.check(digits) == .matched)
        #expect(pattern.check(digits + "x") == .notMatched)
        #expect(pattern.check("x" + digits) == .notMatched)
    }

    /// C4: a nested quantifier ran out of its backtracking budget on every non-matching value and was taken as a
    /// match; the automaton decides it.
    @Test func aNestedQuantifierIsDecided() throws {
        let pattern = try #require(ContractPattern("^([a-z0-9]+-?)+$"))
        for i in 0..<200 {
            #expect(pattern.check("summer-sale-2026-week-\(i)-weekend_") == .notMatched)
            #expect(pattern.check("summer-sale-2026-week-\(i)-weekend") == .matched)
        }
    }

    /// C4: what still passes the step budget says so, instead of passing.
    @Test func aPatternPastTheBudgetIsTooComplexNotAMatch() throws {
        let pattern = try #require(ContractPattern("[ab]{0,5000}c"))
        #expect(pattern.check(String(repeating: "a", count: 3000)) == .tooComplex)
        #expect(pattern.check("aac") == .matched)
    }

    @Test func countedRepetitionsThatWriteOutTooLargeAreRefused() {
        #expect(ContractPattern("^a{100000}$") == nil)
        #expect(ContractPattern.problem("^a{100000}$")?.contains("smaller counts") == true)
        #expect(ContractPattern("^[a-z]{1,255}$") != nil)
    }

    /// An empty group writes no instruction, so repeating it was never stopped by the instruction count: these
    /// expanded 10^10 (and 10^12) empty nodes while the contract was read.
    @Test(arguments: [#"^((){100000}){100000}$"#, #"^(?:(?:(?:a{0}){10000}){10000}){10000}$"#, #"^((()*){99999})+$"#])
    func repeatedEmptyGroupsAreRefusedNotExpanded(_ source: String) throws {
        #expect(ContractPattern(source) == nil)
        #expect(ContractPattern.problem(source)?.contains("smaller counts") == true)
        let json = #"{"events": {"a": {"files": ["x"], "fields": {"n": {"pattern": "\#(source)"}}}}}"#
        #expect(throws: ConfigurationError.self) { try Contract.read(path: "c.json", bytes: Array(json.utf8)) }
    }

    /// Small repetitions of an empty group are ordinary patterns.
    @Test func aFewEmptyGroupsStillCompile() throws {
        let pattern = try #require(ContractPattern("^(){3}a(?:){2,5}$"))
        #expect(pattern.check("a") == .matched)
        #expect(pattern.check("b") == .notMatched)
    }

    /// C1: `maxLength` near 2^61 times 4 bytes, or `maxBytes` at Int.max plus the literal, trapped.
    @Test func declaredSizesSaturate() throws {
        let contract = try Contract.read(
            path: "c.json",
            bytes: Array(
                #"{"variables": {"a": {"maxLength": 2305843009213693952}, "b": {"maxBytes": 9223372036854775807}}}"#
                    .utf8))
        #expect(contract.variables["a"]?.worstCaseBytes == Int.max)
        #expect(contract.variables["b"]?.worstCaseBytes == Int.max)
        #expect(Saturating.add(Int.max, 1) == Int.max)
        #expect(Saturating.add(Int.min, -1) == Int.min)
        #expect(Saturating.multiply(Int.max / 2, 4) == Int.max)
        #expect(Saturating.add(40, 2) == 42)
    }

    /// C2: Jinja's `truncate(N)` allows N + 5, which trapped at Int.max; a bound with more digits than an Int is
    /// still a bound.
    @Test func truncateBoundsSaturate() throws {
        func bound(_ text: String) -> Int? {
            PlaceholderDelimiters.mustache.find(in: text).first?.declaredMaximumLength
        }
        #expect(bound("{{ title | truncate(9223372036854775807) }}") == Int.max)
        #expect(bound("{{ title | truncate: 4611686018427387904 }}") == 4_611_686_018_427_387_904)
        #expect(bound("{{ title | truncate: 99999999999999999999999 }}") == Int.max)
        #expect(bound("{{ title | truncate(40) }}") == 45)
    }

    /// C7: a ratio documented as 0 to 1 is refused outside it (1e19 times a limit trapped).
    @Test(arguments: ["1e19", "-1", "2", "-2.3e16"])
    func aRatioOutsideItsRangeIsAConfigError(_ ratio: String) {
        let rule = RuleDescription(
            id: "payload-size-headroom", summary: "s", family: .size, defaultSeverity: .warning, rationale: "r",
            options: [RuleOption("ratio", .number, default: "0.9", "share", range: 0...1)])
        let text = #"{"options": {"payload-size-headroom": {"ratio": "# + ratio + "}}}"
        #expect {
            _ = try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: [rule])
        } throws: { error in
            "\(error)".contains("must be between 0 and 1")
        }
        let fine = #"{"options": {"payload-size-headroom": {"ratio": 0.95}}}"#
        #expect(throws: Never.self) {
            _ = try Config.read(path: ".pushlint.json", bytes: Array(fine.utf8), rules: [rule])
        }
    }
}
