import PushLintJSON

/// A set of file-name extensions (`caf`, `wav`), for rules about a file a payload names: a string value's extension is
/// compared with them on the value's bytes, without building a string, since a rule asks it of every payload.
public struct FileExtensions: Sendable {
    /// The extensions in lower case, as UTF-8.
    let names: [[UInt8]]

    /// `names` in lower case.
    public init(_ names: [String]) { self.names = names.map { Array($0.utf8) } }

    /// The bytes have an extension (text after their last dot, which is not their first byte) that is none of these,
    /// in any letter case.
    func isOtherExtension(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot + 1 < bytes.count else { return false }
        let ext = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
        return !names.contains { known in
            known.count == ext.count && zip(known, ext).allSatisfy { $0 == ($1 | 0x20) }
        }
    }
}

extension JSONDocument {
    /// The string `node` names a file with an extension that is none of `known` (`doorbell.mp3` outside `caf`,
    /// `wav`); false for a name without an extension. `node` must be a string.
    public func hasFileExtension(_ node: NodeID, outside known: FileExtensions) -> Bool {
        withStringBytes(node, known.isOtherExtension)
    }
}
