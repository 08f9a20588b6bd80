#!/usr/bin/env bash
# The benchmark (issue 8): one command on a fresh machine. Builds release binaries with the Swift runtime linked
# statically, installs the anchors (jq, valgrind, check-jsonschema), generates the corpora, measures, and
# writes BENCHMARKS.md. Not part of `swift test`. Usage: scripts/bench.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v jq >/dev/null || need+=(jq)
command -v valgrind >/dev/null || need+=(valgrind)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${need[@]}"
fi
mkdir -p bench-out
if [ ! -x bench-out/venv/bin/check-jsonschema ]; then
  python3 -m venv bench-out/venv
  bench-out/venv/bin/pip install -q check-jsonschema
fi
swift build -c release --static-swift-stdlib --product pushlint
swift build -c release --static-swift-stdlib --product pushlint-bench
python3 scripts/bench.py "$@"
