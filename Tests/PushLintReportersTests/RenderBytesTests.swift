import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters
import Testing

@Suite struct RenderBytesTests {
    /// The CLI writes `renderBytes`; tests and goldens read `render`: both must be the same output.
    @Test(arguments: ReportFormat.allCases)
    func bytesAreTheRenderedText(_ format: ReportFormat) throws {
        let reporter = Reporters.make(format, options: ReportFixtures.options)
        for report in [ReportFixtures.findings, ReportFixtures.clean] {
            #expect(reporter.renderBytes(report) == Array(reporter.render(report).utf8))
        }
    }
}

@Suite struct ParallelRenderingTests {
    /// A report long enough to be rendered on several threads: the fixtures' files, over and over, under
    /// distinct paths (with and without findings, so some text parts are empty).
    static var long: LintReport {
        let base = ReportFixtures.findings
        var files: [FileReport] = []
        for copy in 0..<50 {
            for file in base.files {
                var renamed = file
                renamed.path = ReportFixtures.path("\(copy)/" + file.path.display)
                files.append(renamed)
            }
        }
        return LintReport(files: files, skipped: base.skipped, project: base.project, rules: base.rules)
    }

    /// `--jobs` changes how a report is rendered, never what it says.
    @Test(arguments: ReportFormat.allCases)
    func outputDoesNotDependOnJobs(_ format: ReportFormat) throws {
        let report = Self.long
        var options = ReportFixtures.options
        let one = Reporters.make(format, options: options).renderBytes(report)
        options.jobs = 4
        let four = Reporters.make(format, options: options).renderBytes(report)
        #expect(one == four)
        // (concise writes one short line per finding and no summary: the same report is shorter there.)
        #expect(one.count > (format == .concise ? 40_000 : 50_000), "long enough to be split")
    }

    /// One batch file with thousands of findings: its findings are rendered in slices on several threads.
    static var largeBatch: LintReport {
        let base = ReportFixtures.findings
        let template = base.files.flatMap(\.diagnostics)
        let diagnostics = (0..<5000).map { i in
            var d = template[i % template.count]
            d.message += " #\(i)"
            return d
        }
        let file = FileReport(
            path: ReportFixtures.path("push/batch.json"), kind: .fcm, wireBytes: 4000, wireLimit: 4096,
            diagnostics: diagnostics)
        return LintReport(files: [file], skipped: 0, project: [], rules: base.rules)
    }

    @Test(arguments: [ReportFormat.json, .text])
    func aLargeBatchRendersTheSameOnAnyNumberOfThreads(_ format: ReportFormat) throws {
        var options = ReportFixtures.options
        let one = Reporters.make(format, options: options).renderBytes(Self.largeBatch)
        options.jobs = 3
        let three = Reporters.make(format, options: options).renderBytes(Self.largeBatch)
        #expect(one == three)
        if format == .json {
            let document = try #require(JSONParser.parse(three).document)
            let files = try #require(document.member(document.root, "files"))
            let entry = try #require(document.elements(files).first)
            let list = try #require(document.member(entry, "diagnostics"))
            #expect(document.elements(list).count == 5000)
        } else {
            #expect(String(decoding: three, as: UTF8.self).contains("#4999 "))
        }
    }

    /// Two batch files written in slices, in one run of files: their parts are kept apart and joined once.
    @Test func twoLargeBatchesInOneRunRenderTheSameOnAnyNumberOfThreads() throws {
        let batch = Self.largeBatch.files[0]
        var second = batch
        second.path = ReportFixtures.path("push/second.json")
        let report = LintReport(files: [batch, second], skipped: 0, project: [], rules: Self.largeBatch.rules)
        var options = ReportFixtures.options
        let one = Reporters.make(.json, options: options).renderBytes(report)
        options.jobs = 3
        let three = Reporters.make(.json, options: options).renderBytes(report)
        #expect(one == three)
        let document = try #require(JSONParser.parse(three).document)
        let files = try #require(document.member(document.root, "files"))
        #expect(document.elements(files).count == 2)
        for entry in document.elements(files) {
            let list = try #require(document.member(entry, "diagnostics"))
            #expect(document.elements(list).count == 5000)
        }
    }

    @Test func parallelJSONIsOneValidDocumentWithEveryFile() throws {
        var options = ReportFixtures.options
        options.jobs = 4
        let bytes = Reporters.make(.json, options: options).renderBytes(Self.long)
        let document = try #require(JSONParser.parse(bytes).document)
        let files = try #require(document.member(document.root, "files"))
        #expect(document.elements(files).count == Self.long.files.count)
    }
}
