#!/usr/bin/env bash
# Fuzzes pushlint with libFuzzer (Sources/pushlint-fuzz/FuzzTarget.swift).
#
# Usage: scripts/fuzz.sh SECONDS [JOBS] [MODE]      (or PUSHLINT_FUZZ_MODE=MODE scripts/fuzz.sh SECONDS [JOBS])
#
# MODE aims the fuzzer at one surface, each with its seed corpus in testdata/fuzz/MODE/ and its own corpus in
# .fuzz/corpus-MODE:
#   all       (default) the parser in every mode, a whole lint with the example contract, every reporter, the
#             server and the app scanners, on the same bytes
#   contract  the bytes up to the first "\n---\n" as a contract (variables, patterns, enums, sizes), the rest as a
#             payload, a template and JSON Lines checked against it
#   template  the bytes as a template of each dialect (placeholders, Handlebars, Liquid, Jinja, Go), under the
#             example contract and its variables
#   jsonl     the bytes as a JSON Lines log: every finding on a line the input has, its span inside that line
#   lsp       the bytes as JSON-RPC messages (LSP framing, or one JSON text a line) fed to the language server in
#             memory (no files read or written): every answer JSON, every range ordered, and the server still
#             answers a request after them
#   app       the bytes as each kind of app source: Kotlin, Java, Swift, Objective-C, JS/TS, Dart, AndroidManifest,
#             strings.xml, Info.plist, entitlements, app.json, app.config.js
#   sns       the bytes as an AWS SNS envelope, written raw inside its platform strings (their escapes) and escaped
#             as one (the inner JSON), and every string decoded with its source map; as a PubNub message and a
#             Pusher Beams body; and as each sidecar file (SNS attributes, VAPID claims)
# Each input must finish within -timeout (10 s): a hang is reported as a crash.
#
# Examples: scripts/fuzz.sh 300 1 lsp       scripts/fuzz.sh 600 2 jsonl
# Replay a crash or a corpus without libFuzzer: swift run pushlint-fuzz --mode=MODE FILE...
# New corpus entries go to .fuzz/corpus-MODE, crashes to .fuzz/artifacts/MODE-*; add a crash to
# testdata/fuzz/regressions/ once fixed, where the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:?usage: scripts/fuzz.sh SECONDS [JOBS] [MODE]}"
jobs="${2:-1}"
mode="${3:-${PUSHLINT_FUZZ_MODE:-all}}"
case "$mode" in
  all | contract | template | jsonl | lsp | app | sns) ;;
  *) echo "scripts/fuzz.sh: MODE is one of all, contract, template, jsonl, lsp, app, sns (not '$mode')" >&2; exit 2 ;;
esac
# ld.gold crashes on ASan-instrumented Swift objects; lld from the toolchain links them.
swift build -c release --product pushlint-fuzz --build-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
# Leaks at exit are the Swift runtime's statics (compiled regexes), not pushlint's: do not report them as crashes.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
# Swift's backtracer reads the crashed process's memory, which AddressSanitizer reports as a second error that hides
# the first (a failed precondition): libFuzzer's own stack trace is enough.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export PUSHLINT_FUZZ_MODE="$mode"
corpus=.fuzz/corpus-$mode
[ "$mode" = all ] && corpus=.fuzz/corpus
mkdir -p "$corpus" .fuzz/artifacts
case "$mode" in
  all)
    seeds=(testdata/fuzz testdata/fixtures/apns/clean testdata/fixtures/fcm/clean testdata/fixtures/expo/clean testdata/examples/push testdata/apps
      testdata/pubnub testdata/pusher-beams testdata/conformance/json-test-suite) ;;
  template) seeds=(testdata/fuzz/template testdata/examples/push/templates) ;;
  jsonl) seeds=(testdata/fuzz/jsonl testdata/examples/sent) ;;
  app) seeds=(testdata/fuzz/app testdata/apps) ;;
  sns) seeds=(testdata/fuzz/sns testdata/sns testdata/pubnub testdata/pusher-beams) ;;
  *) seeds=("testdata/fuzz/$mode") ;;
esac
# Directories only: libFuzzer reads the files directly inside each.
dirs=()
for d in "${seeds[@]}"; do
  while IFS= read -r sub; do dirs+=("$sub"); done < <(find "$d" -type d)
done
parallel=()
# With -jobs, libFuzzer writes each worker's log to fuzz-N.log in the working directory.
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
exec .build-fuzz/release/pushlint-fuzz "$corpus" "${dirs[@]}" \
  -max_total_time="$seconds" -timeout=10 -detect_leaks=0 -rss_limit_mb=4096 -max_len=65536 \
  "${parallel[@]}" -artifact_prefix=".fuzz/artifacts/$mode-" -print_final_stats=1
