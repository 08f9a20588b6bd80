import PushLintModel
import Testing

@testable import PushLintEngine

/// `init` learns the bundle id from `apns-topic`, without the suffix each push type adds (platform-rules.md §1.2).
@Suite struct InitializerTopicTests {
    @Test(arguments: APNsPushType.allCases)
    func everyPushTypesTopicGivesTheBundleId(_ pushType: APNsPushType) {
        let topic = "com.example.shop" + (pushType.topicSuffix ?? "")
        #expect(Initializer.bundleId(ofTopic: topic) == "com.example.shop")
    }

    @Test func aTopicWithoutASuffixIsTheBundleId() {
        #expect(Initializer.bundleId(ofTopic: "com.example.voipshop") == "com.example.voipshop")
    }
}
