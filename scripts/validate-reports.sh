#!/usr/bin/env bash
# Validates pushlint's CI report formats with the formats' own validators (see docs/report-formats.md):
#   - testdata/golden/*.junit.xml and *.sarif (the reporters' goldens);
#   - the reports of the bundled example project, produced by the real command line in one run
#     (text on stdout, junit + sarif + github + json through --report) and once more with -f sarif -o.
# JUnit: python xmlschema (XSD 1.0) against both XSDs of testdata/conformance/junit.
# SARIF: python jsonschema (Draft-07, format checks) against testdata/conformance/sarif/sarif-schema-2.1.0.json.
# GitHub: every line is one well-formed workflow command.
# The validators are the pinned ones of .venv/ (scripts/requirements.txt), which the test command scripts/test
# creates and puts first on PATH; run alone, this script uses .venv/ when it exists. A missing validator is an
# error (exit 2) that names the command to run, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${PUSHLINT_VENV:-$(pwd)/.venv}"
if [[ -x "$venv/bin/python3" && "$(command -v python3)" != "$venv/bin/python3" ]]; then PATH="$venv/bin:$PATH"; fi
conformance="${PUSHLINT_CONFORMANCE:-testdata/conformance}"
junit_schemas=("$conformance/junit/junit-10.xsd" "$conformance/junit/JUnit.xsd")
sarif_schema="$conformance/sarif/sarif-schema-2.1.0.json"
for f in "${junit_schemas[@]}" "$sarif_schema"; do
    [[ -f "$f" ]] || { echo "validate-reports: missing schema $f: restore it with git checkout -- testdata/conformance" >&2; exit 2; }
done
python3 -c 'import xmlschema, jsonschema, rfc3986_validator, rfc3339_validator' 2>/dev/null || {
    echo "validate-reports: the pinned validators (python xmlschema, jsonschema[format-nongpl]) are not installed: run scripts/test, which creates .venv/ with them" >&2
    exit 2; }

failed=0
fail() { echo "validate-reports: FAIL: $*" >&2; failed=1; }

validate_junit() {
    python3 - "$@" <<'PY' || fail "JUnit schema validation: $*"
import sys, xmlschema
schemas = [xmlschema.XMLSchema10(path) for path in sys.argv[1:3]]
bad = 0
for path in sys.argv[3:]:
    for schema in schemas:
        for error in schema.iter_errors(path):
            bad = 1
            reason = " ".join(str(error.reason).split())
            print(f"{path}: against {schema.url}: {error.path}: {reason}", file=sys.stderr)
sys.exit(bad)
PY
}

validate_sarif() {
    python3 - "$sarif_schema" "$@" <<'PY' || fail "SARIF schema validation: $*"
import json, sys
from jsonschema import Draft7Validator as V
schema = json.load(open(sys.argv[1]))
V.check_schema(schema)
validator = V(schema, format_checker=V.FORMAT_CHECKER)
bad = 0
for path in sys.argv[2:]:
    for error in validator.iter_errors(json.load(open(path, encoding="utf-8"))):
        bad = 1
        print(f"{path}: {error.json_path} {error.message}", file=sys.stderr)
sys.exit(bad)
PY
}

validate_github() {
    # ::kind[ name=value(,name=value)*]::message, nothing else on a line.
    local pattern='^::(error|warning|notice)( (title|file|line|endLine|col|endColumn)=[^,:]*(,(title|file|line|endLine|col|endColumn)=[^,:]*)*)?::'
    if grep -Evq "$pattern" "$1"; then
        grep -Ev "$pattern" "$1" | head -5 >&2
        fail "$1 has lines that are not workflow commands"
    fi
}

# 1. Goldens.
shopt -s nullglob
goldens_xml=(testdata/golden/*.junit.xml)
goldens_sarif=(testdata/golden/*.sarif)
(( ${#goldens_xml[@]} > 0 && ${#goldens_sarif[@]} > 0 )) || { echo "validate-reports: no goldens in testdata/golden" >&2; exit 2; }
validate_junit "${junit_schemas[@]}" "${goldens_xml[@]}"
validate_sarif "${goldens_sarif[@]}"
for f in testdata/golden/*.github.txt; do validate_github "$f"; done

# 2. The bundled examples through the command line. They have deliberate findings: exit 1 is expected,
# 2 (usage or configuration error) is a failure.
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swift build --product pushlint >/dev/null
pushlint="$(swift build --show-bin-path)/pushlint"
run() {
    local rc=0
    "$pushlint" "$@" || rc=$?
    if (( rc > 1 )); then fail "pushlint $* exited $rc"; fi
}
run lint testdata/examples --report junit="$out/examples.junit.xml" --report sarif="$out/examples.sarif" \
    --report github="$out/examples.github.txt" --report json="$out/examples.json" >"$out/examples.txt"
run lint testdata/examples -f sarif -o "$out/examples-o.sarif"
run lint testdata/examples -f junit -o "$out/examples-o.junit.xml"
for f in examples.junit.xml examples-o.junit.xml examples.sarif examples-o.sarif examples.github.txt examples.json examples.txt; do
    [[ -s "$out/$f" ]] || fail "pushlint wrote no $f"
done
if (( failed == 0 )); then
    validate_junit "${junit_schemas[@]}" "$out/examples.junit.xml" "$out/examples-o.junit.xml"
    validate_sarif "$out/examples.sarif" "$out/examples-o.sarif"
    validate_github "$out/examples.github.txt"
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$out/examples.json" || fail "examples.json is not JSON"
    cmp -s "$out/examples.sarif" "$out/examples-o.sarif" || fail "--report sarif=FILE and -f sarif -o FILE differ"
fi

if (( failed )); then exit 1; fi
echo "validate-reports: goldens (${#goldens_xml[@]} JUnit, ${#goldens_sarif[@]} SARIF) and the examples' junit/sarif/github/json reports are valid"
