@_exported import PushLintEngine
