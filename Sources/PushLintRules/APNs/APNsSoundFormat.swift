import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-sound-format`: a custom sound in a file format iOS does not play for notifications.
struct APNsSoundFormat: PayloadRule {
    static let description = RuleDescription(
        id: "apns-sound-format",
        summary: "The notification sound names a file in a format iOS does not play for notifications.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            A custom notification sound is a file in the app bundle or in `Library/Sounds`, and Apple lists the \
            formats the system plays: linear PCM, MA4 (IMA/ADPCM), µLaw or aLaw in an `aiff`, `wav` or `caf` \
            file, at most 30 seconds long (Apple, "UNNotificationSound" and "Generating a remote \
            notification": custom sounds; https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, where an unknown file gives the default \
            sound). A name ending in `.mp3`, `.m4a`, `.ogg` or another extension is not played: the device uses \
            the default sound instead, so this is a warning that names the file. Names without an extension, \
            `default`, and values with placeholders are not judged. The name is read from `aps.sound`, from a \
            critical sound's `name`, and from what FCM and Expo put there.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "Your order is here", "sound": ↓"doorbell.mp3"}}"#),
            RuleExample(
                #"{"aps": {"alert": "Recall", "sound": {"critical": 1, "name": ↓"siren.m4a", "volume": 0.9}}}"#,
                note: "A critical sound's name."),
            RuleExample(
                #"{"to": "ExponentPushToken[N1pX0cIw8aLmOq5bT3vRzY]", "title": "Ding", "sound": ↓"chime.ogg"}"#,
                note: "Expo message."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order is here", "sound": "doorbell.caf"}}"#),
            RuleExample(#"{"aps": {"alert": "Hi", "sound": "default"}}"#),
            RuleExample(#"{"aps": {"alert": "Hi", "sound": "Chime.AIFF"}}"#, note: "Extensions in any case."),
            RuleExample(#"{"aps": {"alert": "Hi", "sound": "{{sound}}.mp3"}}"#, fileName: "hi.json.tmpl"),
        ])

    /// The extensions of the containers Apple lists for notification sounds (`aif` is `aiff`'s short form).
    static let playable = FileExtensions(["aiff", "aif", "wav", "caf"])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let sound = context.payload.apns?.field("sound") else { return [] }
        var name = sound.value
        if doc.kind(name) == .object {
            guard let inner = doc.member(name, "name") else { return [] }
            name = inner
        }
        guard doc.kind(name) == .string, doc.hasFileExtension(name, outside: Self.playable),
            !context.isTemplated(name)
        else { return [] }
        let file = doc.string(name)
        let ext = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return [diagnostic(Self.notPlayable(file, ext), at: name, in: doc)]
    }

    // MARK: Messages

    static func notPlayable(_ file: String, _ ext: String) -> FindingText {
        FindingText(
            "sound \(MessageText.single(file)) is a .\(ext) file, which iOS does not play for notifications (aiff, wav or caf only): the device plays the default sound; convert it to .caf and name that file",
            help: "convert it to a .caf, .aiff or .wav file")
    }
}
