import PushLintJSON

/// A platform payload written inside an envelope: an SNS platform value (a string of JSON, parsed into a document of
/// its own) or a relay's platform member (an object in the file's document). Every payload rule checks it as a
/// payload of its platform, and the contract, the summaries and `init` learn from it: it is what devices receive.
public struct EnclosedPayload: Sendable {
    /// The envelope member that holds the payload (`APNS`, `pn_apns`, `apns`), in the envelope's document.
    public let key: NodeID
    public let value: NodeID
    /// The document the payload's nodes are in: the envelope's own, or the SNS value unescaped and parsed.
    public let document: JSONDocument
    public let payload: Payload
    /// The escaped text of an SNS value, which maps the payload's spans back to the file; nil for a payload written
    /// in place.
    public let decoded: DecodedJSONString?
}

extension Payload {
    /// The payloads inside this envelope, in file order; empty for a payload of its own. `snsSidecar`: the message
    /// attributes of an SNS message's sidecar file (docs/sns.md).
    public func enclosedPayloads(in doc: JSONDocument, snsSidecar: [(name: String, value: String)]? = nil)
        -> [EnclosedPayload]
    {
        if let sns {
            return sns.platformPayloads(sidecar: snsSidecar).map {
                EnclosedPayload(
                    key: $0.part.key, value: $0.part.value, document: $0.document, payload: $0.payload,
                    decoded: $0.decoded)
            }
        }
        if let relay {
            return relay.platformPayloads(doc).map {
                EnclosedPayload(
                    key: $0.part.key, value: $0.part.value, document: doc, payload: $0.payload, decoded: nil)
            }
        }
        return []
    }
}
