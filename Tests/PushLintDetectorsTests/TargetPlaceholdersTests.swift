import PushLintDetectors
import PushLintJSON
import Testing

/// `TargetPlaceholders`: the stand-ins documentation writes where a device token goes, against real token shapes.
@Suite struct TargetPlaceholdersTests {
    @Test(arguments: [
        // Expo's own examples (EXPO-D) and their variants.
        "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "ExponentPushToken[xxx]", "ExpoPushToken[XXXXXXXXXXXXXXXXXXXXXX]",
        "ExponentPushToken[yyyyyyyyyyyyyyyyyyyyyy]", "ExponentPushToken[aaaaaaaaaaaaaaaaaaaaaa]",
        "ExponentPushToken[...]",
        "ExponentPushToken[]", "ExponentPushToken[…]", "ExponentPushToken[YOUR_TOKEN]", "ExponentPushToken[<token>]",
        // Names.
        "YOUR_EXPO_PUSH_TOKEN", "YOUR_DEVICE_TOKEN", "DEVICE_TOKEN", "FCM_TOKEN", "TOKEN", "token", "device-token",
        "your_device_token", "yourDeviceToken", "expoPushToken", "your token here", "REGISTRATION_TOKEN", "placeholder",
        "RECIPIENT", "changeme",
        // Wrapped.
        "<token>", "<YOUR_TOKEN>", "<device token>", "{token}", "{{token}}", "${EXPO_TOKEN}", "%TOKEN%",
        // Filler and masks.
        "xxx", "XXXXXXXX", "xxxx-xxxx-xxxx", "...", "…", "***", "00000000-0000-0000-0000-000000000000",
        // Firebase's docs print a token cut short.
        "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1...", "dQw4w9WgXcQ:APA91b…",
    ])
    func placeholders(_ value: String) {
        #expect(TargetPlaceholders.isPlaceholder(value), "\(value)")
    }

    @Test(arguments: [
        // Real shapes: Expo tokens (bracketed and the bare UUID form), an FCM token, an APNs token.
        "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "ExpoPushToken[a]", "ExponentPushToken[abc]",
        "ExponentPushToken[K3tokenZq9bY2mT7pLd4sR]", "a1b2c3d4-e5f6-a7b8-c9d0-e1f2a3b4c5d6",
        "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1-9F3sk2XJ4nKq0xY7rWmHbA6ZcT5uVvNpQ8LgDiE1oSfRjM0tU9yB2hKlCwQzXe4aIdGnO",
        "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad",
        "740F4707BEBCF74F9B7C25D48E3358945F6AA01DA5DDB387462C7EAF61BB78AD",
        // Not tokens, but no placeholders either: other rules judge them.
        "", "ab", "ExponentPushToken[abc", "weekly-deals",
    ])
    func realValues(_ value: String) {
        #expect(!TargetPlaceholders.isPlaceholder(value), "\(value)")
    }

    /// The byte form, as a rule calls it on a string node: `doc.withStringBytes(node, TargetPlaceholders.isPlaceholder)`.
    @Test func bytesAndTextAgree() {
        for value in ["<token>", "ExponentPushToken[xxx]", "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "…", "token"] {
            #expect(value.withUTF8Bytes(TargetPlaceholders.isPlaceholder) == TargetPlaceholders.isPlaceholder(value))
        }
    }

    @Test func messageNamesThePlaceholder() {
        #expect(
            TargetPlaceholders.message(field: "to", value: "ExponentPushToken[xxx]")
                == "`to` holds the documentation placeholder 'ExponentPushToken[xxx]'; the real token is filled in at send time"
        )
        let long = String(repeating: "x", count: 80)
        #expect(
            TargetPlaceholders.message(field: "token", value: long).contains(
                "'" + String(repeating: "x", count: 57) + "...'"))
        // Over 60 bytes, under 60 characters: shown whole.
        let accented = String(repeating: "é", count: 40)
        #expect(TargetPlaceholders.message(field: "token", value: accented).contains("'" + accented + "'"))
    }
}
