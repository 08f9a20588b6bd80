import PushLintModel

/// A channel importance as each API spells it, in the contract's spelling (`none`, `min`, `low`, `default`,
/// `high`, `max`).
enum ImportanceNames {
    /// Android `NotificationManager.IMPORTANCE_*` and `NotificationManagerCompat.IMPORTANCE_*`: NONE 0, MIN 1, LOW 2,
    /// DEFAULT 3, HIGH 4, MAX 5 (UNSPECIFIED -1000 has no contract spelling). The constructors take an `int`, so
    /// the numbers are read too.
    static func android(_ file: SourceFile, _ range: Range<Int>) -> ImportanceReading {
        let range = file.trimmed(range)
        switch file.classify(range) {
        case .constant(let name, _) where name.hasPrefix("IMPORTANCE_"):
            return byName(name.dropFirst("IMPORTANCE_".count), file, range)
        case .number(let value) where (0...5).contains(value):
            return .known(Contract.Importance.allCases[value])
        default:
            return .unknown(file.sourceText(range))
        }
    }

    /// Expo's `AndroidImportance` enum: UNKNOWN 0, UNSPECIFIED 1, NONE 2, MIN 3, LOW 4, DEFAULT 5, HIGH 6, MAX 7 (its
    /// own numbering, not Android's: expo-notifications' NotificationChannelManager.types).
    static func expo(_ file: SourceFile, _ range: Range<Int>) -> ImportanceReading {
        let range = file.trimmed(range)
        switch file.classify(range) {
        case .constant(let name, "AndroidImportance"):
            return byName(Substring(name), file, range)
        case .number(let value) where (2...7).contains(value):
            return .known(Contract.Importance.allCases[value - 2])
        default:
            return .unknown(file.sourceText(range))
        }
    }

    /// flutter_local_notifications' `Importance`: unspecified, none, min, low, defaultImportance, high, max.
    static func flutter(_ file: SourceFile, _ range: Range<Int>) -> ImportanceReading {
        let range = file.trimmed(range)
        guard case .constant(let name, "Importance") = file.classify(range) else {
            return .unknown(file.sourceText(range))
        }
        switch name {
        case "none": return .known(.none)
        case "min": return .known(.min)
        case "low": return .known(.low)
        case "defaultImportance": return .known(.default)
        case "high": return .known(.high)
        case "max": return .known(.max)
        default: return .unknown(file.sourceText(range))
        }
    }

    static func byName(_ name: Substring, _ file: SourceFile, _ range: Range<Int>) -> ImportanceReading {
        switch name {
        case "NONE": return .known(.none)
        case "MIN": return .known(.min)
        case "LOW": return .known(.low)
        case "DEFAULT": return .known(.default)
        case "HIGH": return .known(.high)
        case "MAX": return .known(.max)
        default: return .unknown(file.sourceText(range))
        }
    }
}
