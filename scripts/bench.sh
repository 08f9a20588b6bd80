#!/usr/bin/env bash
# The benchmark (issue 8): one command on a fresh machine. Builds release binaries with the Swift runtime linked
# statically, installs check-jsonschema (an anchor) into bench-out/venv, generates the corpora, measures, and
# writes BENCHMARKS.md. Not part of `swift test`. Usage: scripts/bench.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
# jq (an anchor) and valgrind (instruction counts) are used when installed; without them those rows are left out.
for tool in jq valgrind; do
  command -v "$tool" >/dev/null || echo "bench: $tool is not installed; its measurements are skipped" >&2
done
mkdir -p bench-out
if [ ! -x bench-out/venv/bin/check-jsonschema ]; then
  python3 -m venv bench-out/venv
  bench-out/venv/bin/pip install -q check-jsonschema
fi
swift build -c release --static-swift-stdlib --product pushlint
swift build -c release --static-swift-stdlib --product pushlint-bench
python3 scripts/bench.py "$@"
