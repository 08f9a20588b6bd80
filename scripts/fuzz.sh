#!/usr/bin/env bash
# Fuzzes pushlint with libFuzzer: the parser in every mode, a whole lint with the example contract, every
# reporter and the app scanners (FuzzTarget.swift). Usage: scripts/fuzz.sh SECONDS [JOBS]
# New corpus entries go to .fuzz/corpus, crashes to .fuzz/artifacts; add a crash to testdata/fuzz/regressions/
# once fixed, where the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:?usage: scripts/fuzz.sh SECONDS [JOBS]}"
jobs="${2:-1}"
# ld.gold crashes on ASan-instrumented Swift objects; lld from the toolchain links them.
swift build -c release --product pushlint-fuzz --build-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
# Leaks at exit are the Swift runtime's statics (compiled regexes), not pushlint's: do not report them as crashes.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
mkdir -p .fuzz/corpus .fuzz/artifacts
seeds=(testdata/fuzz testdata/fixtures/apns/clean testdata/fixtures/fcm/clean testdata/fixtures/expo/clean testdata/examples/push testdata/apps
  testdata/conformance/json-test-suite)
# Directories only: libFuzzer reads the files directly inside each.
dirs=()
for d in "${seeds[@]}"; do
  while IFS= read -r sub; do dirs+=("$sub"); done < <(find "$d" -type d)
done
parallel=()
# With -jobs, libFuzzer writes each worker's log to fuzz-N.log in the working directory.
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
exec .build-fuzz/release/pushlint-fuzz .fuzz/corpus "${dirs[@]}" \
  -max_total_time="$seconds" -timeout=10 -detect_leaks=0 -rss_limit_mb=4096 -max_len=65536 \
  "${parallel[@]}" -artifact_prefix=.fuzz/artifacts/ -print_final_stats=1
