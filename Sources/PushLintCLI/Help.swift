import PushLintEngine

enum Help {
    static let root = """
        OVERVIEW: Lint push-notification payloads (APNs, FCM HTTP v1, Expo) and check them against your app's contract.

        USAGE: pushlint [lint] [PATH ...] [options]
               pushlint <subcommand>

        SUBCOMMANDS:
          lint (default)          Lint payload files and folders.
          rules                   List every rule.
          explain RULE-ID         Print a rule's documentation.
          init [--contract]       Write a starter .pushlint.json (and contract); never overwrites.
          schema NAME             Write a JSON Schema (draft 2020-12): apns, fcm, expo, config or contract.
          server                  Run the language server (LSP over stdio) for editors.
          app scan [PATH ...]     Read an app's sources for the facts a push contract needs.

        OPTIONS:
          --version               Print the version.
          -h, --help              Show help. 'pushlint help <subcommand>' shows a subcommand's help.

        EXIT CODES: 0 no finding at or above --fail-on; 1 findings; 2 usage or configuration error.
        See 'pushlint lint --help' for the lint options.

        """

    static let lint = """
        OVERVIEW: Lint payload files and folders (default: .).

        USAGE: pushlint lint [PATH ...] [options]

        ARGUMENTS:
          PATH                    A named file is linted as a payload (pushlint's own files are read as what they
                                  are; with --force-exclude, 'exclude' applies to it); folders are walked for the
                                  config's 'include' globs, and a walked file is linted only when it looks like a
                                  payload (docs/discovery.md).
                                  '-' reads one payload from standard input.

        OUTPUT:
          -f, --format FORMAT     text (default), json, junit, sarif, github, concise (one line per finding),
                                  gitlab (Code Quality), checkstyle or rdjson (reviewdog).
          -o, --output FILE       Write the --format output to FILE instead of stdout.
              --report FORMAT=FILE
                                  Also write FORMAT to FILE; repeatable.
              --color auto|always|never
                                  Colour in text output (auto honours NO_COLOR and a non-terminal).
          -q, --quiet             Report errors only; no summaries or notes on stderr.

        CONFIGURATION:
          -c, --config FILE       Default: the nearest .pushlint.json walking up from the working directory.
              --force-exclude     Skip named files that the config's 'exclude' matches too (for pre-commit hooks,
                                  which name every changed file).
              --contract FILE     Use this contract instead of the config's.
              --app PATH          Read the app's sources here for the app-* rules instead of the config's 'app'
                                  folders; repeatable.
              --kind KIND         auto (default), apns, fcm, fcm-legacy, expo, sns, webpush, pubnub or
                                  pusher-beams.
              --rule ID=LEVEL     Set a rule to off, info, warning or error; repeatable.

        INPUT:
              --stdin             Read one payload from standard input.
              --stdin-format json|jsonl
                                  jsonl: standard input is JSON Lines, one payload per line, streamed (default
                                  jsonl when --stdin-filename ends in .jsonl or .ndjson).
              --max-findings-per-rule N
                                  JSON Lines: the report keeps the first N findings of each rule (default 100);
                                  a summary on stderr counts them all. --max-file-bytes is the limit of a line.
              --stdin-filename NAME
                                  The name to report (and to match globs) for --stdin.
              --max-file-bytes N  Files larger than N bytes are not parsed (json-limit). Default 8388608.
          -j, --jobs N            Files linted in parallel. Default: the number of active processors.
              --timing[=N|all]    After the report, print to stderr the time of each rule (and of parsing and
                                  building the payload model), the N most expensive (default 10).

        FIXES:
              --fix               Apply every safe fix and write the files (atomically, keeping their mode).
              --fix-dry-run       Print the fixes as a unified diff and change nothing (exit 1 when there are any).
              --unsafe-fixes      Also apply fixes marked unsafe (with --fix or --fix-dry-run).

        BASELINE:
              --write-baseline FILE
                                  Record today's findings in FILE (keyed by path, rule and JSON pointer) and exit 0.
              --baseline FILE     Hide the findings FILE records; report entries that no longer occur (info).
              --strict-baseline   With --baseline: entries that no longer occur are errors, so the baseline only shrinks.

        EXIT STATUS:
              --fail-on LEVEL     Lowest severity that fails the run: error (default), warning or info.
              --max-warnings N    Also fail when there are more than N warnings.
          Exit 0: nothing at or above the fail level. 1: findings (or too many warnings).
          2: usage or configuration error, or a named path that does not exist.

        """

    static let rules = """
        OVERVIEW: List every rule with its family, default severity and summary.

        USAGE: pushlint rules [--format text|json]

        OPTIONS:
          -f, --format text|json  json: an array of {id, family, defaultSeverity, fixable, summary}.

        """

    static let initCommand = """
        OVERVIEW: Write a commented starter .pushlint.json; with --contract also a starter push-contract.json filled
        from the payloads found (channels, categories, one event per data value that names it or per file name,
        custom fields with their types) and name it in the config. Existing files are never overwritten.

        USAGE: pushlint init [--contract] [FOLDER]

        ARGUMENTS:
          FOLDER                  Where to write and what to scan. Default: the working directory.

        OPTIONS:
              --contract          Also write push-contract.json from the templates below FOLDER.

        """

    static let explain = """
        OVERVIEW: Print a rule's documentation (the same text as rules/<id>.md).

        USAGE: pushlint explain RULE-ID

        """

    static let schema = """
        OVERVIEW: Write a JSON Schema (draft 2020-12) for editors, generated from the tables the rules read.

        USAGE: pushlint schema apns|fcm|expo|sns|webpush|config|contract

        apns, fcm, expo and webpush describe payloads, sns an AWS SNS message (MessageStructure json); config
        describes .pushlint.json (with every rule id and each rule's options), contract the contract file. The same
        files are committed under schemas/ (apns.schema.json, fcm.schema.json, expo.schema.json, sns.schema.json,
        webpush.schema.json, pushlint.schema.json, push-contract.schema.json).

        """

    static let app = """
        OVERVIEW: Read an app's sources for the facts a push contract needs, each with its file and line: Android
        channels (created, deleted, grouped, with their importance), the FCM default channel, POST_NOTIFICATIONS, the
        FirebaseMessagingService; iOS categories and their actions, background modes, entitlements, Notification
        Service Extensions, PushKit. Kotlin, Java, Swift, Objective-C, Expo and React Native (JS/TS), Flutter (Dart),
        manifests, string resources, plists. Nothing is built or run; an identifier that is not a literal or a simple
        constant of the app is listed as unresolved, never guessed.

        USAGE: pushlint app scan [PATH ...] [options]
               pushlint app scan [PATH ...] --write-contract [--dry-run] [--contract FILE]

        ARGUMENTS:
          PATH                    App folders or files. Default: the config's 'app' folders, else the working
                                  directory. build, .gradle, Carthage, .dart_tool, .expo, .idea, Pods,
                                  node_modules, DerivedData, .build, .venv and .git folders are never walked.

        OPTIONS:
          -f, --format text|json  text (default): a summary by kind with path:line. json: one object with channels,
                                  categories, backgroundModes, entitlements, defaultChannel, serviceExtension,
                                  unresolved (and more; see docs/app-scan.md).
          -c, --config FILE       Default: the nearest .pushlint.json walking up from the working directory.
              --force-exclude     Skip named files that the config's 'exclude' matches too (for pre-commit hooks,
                                  which name every changed file).
          -j, --jobs N            Files read in parallel. Default: the number of active processors.
          --write-contract        Merge the facts into the contract (the config's, --contract FILE, else a new
                                  push-contract.json beside the config): prints the diff, what was added and what
                                  was left as written, then writes the file atomically. Never deletes or
                                  overwrites what the team wrote.
          --dry-run               With --write-contract: print the diff, write nothing.
          --contract FILE         With --write-contract: the contract to update.

        EXIT STATUS: 0 when the scan ran, whatever it found (files that cannot be read are listed, never fatal);
        2 usage or configuration error, or a named path that does not exist.

        """

    static let server = """
        OVERVIEW: Run the pushlint language server: LSP over standard input and output (Content-Length framing).

        USAGE: pushlint server [--stdio]

        Diagnostics as 'pushlint lint' gives them for each open document's path (nearest .pushlint.json and its
        contract), quick fixes, hover with the rule's documentation, completion inside aps, FCM message and Expo
        messages. Editor setup: docs/editor.md.

        """
}
