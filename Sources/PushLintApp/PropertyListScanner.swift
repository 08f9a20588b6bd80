/// A value of an XML property list, with the line it starts on.
indirect enum PropertyListValue: Sendable {
    case dictionary([(key: String, line: Int, value: PropertyListValue)], line: Int)
    case array([PropertyListValue], line: Int)
    case string(String, line: Int)
    case boolean(Bool, line: Int)
    /// A number, a date or data: present, but not read.
    case other(line: Int)

    var line: Int {
        switch self {
        case .dictionary(_, let line), .array(_, let line), .string(_, let line), .boolean(_, let line),
            .other(let line):
            return line
        }
    }

    func member(_ key: String) -> PropertyListValue? {
        guard case .dictionary(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

/// Builds property-list values from XML events, on an explicit stack (a deeply nested file costs no recursion).
enum PropertyListReader {
    static let maximumDepth = 512
    static let binaryReason =
        "it is a binary property list, which app scan does not read; convert it with `plutil -convert xml1 FILE`"

    static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("bplist".utf8)) }

    enum ReadError: Error { case malformed(String) }

    /// The root value of an XML property list, or why it could not be read.
    static func read(_ bytes: [UInt8]) -> Result<PropertyListValue, ReadError> {
        let (events, complete) = XMLReader.events(bytes)
        // A frame is changed in place (`stack[last].elements.append`): taking an enum's array out, appending and
        // putting it back copies it on every element while the enum still holds it, quadratic in the list's length.
        struct Frame {
            var isDictionary: Bool
            var line: Int
            var members: [(key: String, line: Int, value: PropertyListValue)] = []
            var elements: [PropertyListValue] = []
            var pendingKey: (String, Int)?
        }
        var stack: [Frame] = []
        var root: PropertyListValue?
        var text = ""
        var textOpen: (name: String, line: Int)?

        func add(_ value: PropertyListValue, _ stack: inout [Frame], _ root: inout PropertyListValue?) {
            guard !stack.isEmpty else {
                if root == nil { root = value }
                return
            }
            let top = stack.count - 1
            if stack[top].isDictionary {
                if let key = stack[top].pendingKey { stack[top].members.append((key.0, key.1, value)) }
                stack[top].pendingKey = nil
            } else {
                stack[top].elements.append(value)
            }
        }

        for event in events {
            switch event {
            case .start(let name, _, let selfClosing, let line):
                switch name {
                case "dict" where !selfClosing:
                    guard stack.count < maximumDepth else {
                        return .failure(.malformed("it is nested deeper than \(maximumDepth) levels"))
                    }
                    stack.append(Frame(isDictionary: true, line: line))
                case "dict":
                    add(.dictionary([], line: line), &stack, &root)
                case "array" where !selfClosing:
                    guard stack.count < maximumDepth else {
                        return .failure(.malformed("it is nested deeper than \(maximumDepth) levels"))
                    }
                    stack.append(Frame(isDictionary: false, line: line))
                case "array":
                    add(.array([], line: line), &stack, &root)
                case "true", "false":
                    add(.boolean(name == "true", line: line), &stack, &root)
                case "key", "string", "integer", "real", "date", "data":
                    if selfClosing {
                        if name == "string" { add(.string("", line: line), &stack, &root) }
                        if name == "key", stack.last?.isDictionary == true {
                            stack[stack.count - 1].pendingKey = ("", line)
                        }
                        if name != "string" && name != "key" { add(.other(line: line), &stack, &root) }
                    } else {
                        textOpen = (name, line)
                        text = ""
                    }
                default:
                    continue
                }
            case .text(let value, _):
                if textOpen != nil { text += value }
            case .end(let name, _):
                if let open = textOpen, open.name == name {
                    textOpen = nil
                    switch name {
                    case "key":
                        if stack.last?.isDictionary == true { stack[stack.count - 1].pendingKey = (text, open.line) }
                    case "string": add(.string(text, line: open.line), &stack, &root)
                    default: add(.other(line: open.line), &stack, &root)
                    }
                    continue
                }
                guard name == "dict" || name == "array", let top = stack.popLast() else { continue }
                add(
                    top.isDictionary
                        ? .dictionary(top.members, line: top.line) : .array(top.elements, line: top.line),
                    &stack, &root)
            }
        }
        guard let root else {
            return .failure(.malformed(complete ? "it holds no property list value" : "it is not well-formed XML"))
        }
        return .success(root)
    }
}

/// Reads `Info.plist` (`UIBackgroundModes`; `NSExtension` > `NSExtensionPointIdentifier` of a Notification Service
/// Extension) and `*.entitlements` (every entitlement key whose value is not `false`).
enum PropertyListScanner {
    static let serviceExtensionPoint = "com.apple.usernotifications.service"

    /// The plist's root value, or nil with the file marked unreadable (and why) when it is no XML plist.
    static func readRoot(_ bytes: [UInt8], into scan: inout AppSourceScan) -> PropertyListValue? {
        switch PropertyListReader.read(bytes) {
        case .success(let value): return value
        case .failure(.malformed(let reason)):
            scan.unreadable = reason
            return nil
        }
    }

    static func scanInfoPlist(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        guard let root = readRoot(bytes, into: &scan) else { return }
        if let modes = root.member("UIBackgroundModes") {
            if case .array(let elements, _) = modes {
                for element in elements {
                    if case .string(let mode, let line) = element {
                        scan.facts.append(
                            RawFact(
                                .backgroundMode, id: SourceExpression(value: .literal(mode), text: mode, line: line),
                                line: line))
                    }
                }
            }
        }
        if case .string(let point, let line) = root.member("NSExtension")?.member("NSExtensionPointIdentifier"),
            point == serviceExtensionPoint
        {
            scan.facts.append(RawFact(.serviceExtension, line: line))
        }
    }

    static func scanEntitlements(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        guard let root = readRoot(bytes, into: &scan) else { return }
        guard case .dictionary(let members, _) = root else {
            scan.unreadable = "its root is not a dictionary of entitlements"
            return
        }
        for member in members {
            // `<false/>` declares the entitlement off.
            if case .boolean(false, _) = member.value { continue }
            scan.facts.append(
                RawFact(
                    .entitlement,
                    id: SourceExpression(value: .literal(member.key), text: member.key, line: member.line),
                    line: member.line))
        }
    }
}
