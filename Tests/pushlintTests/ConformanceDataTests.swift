import Foundation
import TestSupport
import Testing

/// The conformance data the tests and scripts read is in the repository (testdata/conformance/, sources and
/// licences in its README), so a fresh clone tests alone. When a file is missing, this says what to run, instead
/// of a count mismatch or a read error elsewhere; no test skips for want of it.
@Suite struct ConformanceDataTests {
    static let restore = "run `git checkout -- testdata/conformance` (testdata/conformance/README.md lists its sources)"

    /// Every file a test or script reads by name, and each folder read whole with its least number of files.
    static let files = [
        "README.md", "junit/junit-10.xsd", "junit/JUnit.xsd", "junit/sample-invalid.xml",
        "sarif/sarif-schema-2.1.0.json", "sarif/sample-invalid.sarif", "rdjson/DiagnosticResult.json",
        "platforms/fcm-v1-message.schema-facts.json", "fcm-rejected/cases.json",
        "json-test-suite/LICENSE", "json-test-suite-transform/LICENSE",
    ]
    static let folders = [("json-test-suite", 318), ("json-test-suite-transform", 22), ("apns", 25), ("expo", 10)]

    @Test(arguments: files)
    func fileIsInTheRepository(_ relative: String) {
        let url = Paths.conformance.appendingPathComponent(relative)
        #expect(
            FileManager.default.fileExists(atPath: url.path),
            "testdata/conformance/\(relative) is missing: \(Self.restore)")
    }

    @Test(arguments: folders)
    func folderIsComplete(_ folder: String, _ least: Int) {
        let count = Paths.files(in: Paths.conformance.appendingPathComponent(folder), withExtension: "json").count
        #expect(count >= least, "testdata/conformance/\(folder) has \(count) JSON files, not \(least): \(Self.restore)")
    }

    @Test func dataIsNotReadFromBesideTheCheckout() {
        #expect(Paths.conformance.path.hasPrefix(Paths.repo.path + "/"))
    }
}
