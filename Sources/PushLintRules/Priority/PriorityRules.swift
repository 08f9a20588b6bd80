import PushLintModel

enum PriorityRules {
    static let all: [any Rule] = [PriorityHighWithoutNotification(), PriorityHighNonUrgent(), PriorityHighRatio()]
}
