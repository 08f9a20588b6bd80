#!/usr/bin/env bash
# Checks the workflow integrations for real (issue 7): the GitHub Action and workflows against their schemas and
# actionlint, the action's script with stubbed and real binaries, the config/contract JSON Schemas against the
# bundled examples, and the pre-commit hook through `pre-commit try-repo` on a throwaway repository.
# Also shellcheck on the repository's shell scripts, and hadolint on a Dockerfile when there is one.
# Run by the test command scripts/test after `swift build`, with the pinned tools of .venv/ first on PATH (run
# alone, this script uses .venv/ when it exists). A missing tool is a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

venv="${PUSHLINT_VENV:-$repo/.venv}"
if [[ -x "$venv/bin/python3" && "$(command -v python3)" != "$venv/bin/python3" ]]; then PATH="$venv/bin:$PATH"; fi
fail() { echo "check-workflow: FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || fail "$1 is not installed: run scripts/test, which creates .venv/ with the pinned tools"; }
for tool in python3 git check-jsonschema actionlint pre-commit shellcheck hadolint swift; do need "$tool"; done
python3 -c 'import jsonschema, yaml' || fail "python packages jsonschema and pyyaml are needed: run scripts/test"

pushlint="$repo/.build/debug/pushlint"
[ -x "$pushlint" ] || fail "$pushlint is missing: run 'swift build' first"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== shell scripts: shellcheck"
shellcheck -s bash .ci/run scripts/test scripts/*.sh
if [[ -f Dockerfile ]]; then
  echo "== Dockerfile: hadolint"
  hadolint Dockerfile
fi

echo "== action.yml and workflows: schemas and actionlint"
check-jsonschema --builtin-schema vendor.github-actions action.yml
check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml
actionlint .github/workflows/*.yml
pre-commit validate-manifest .pre-commit-hooks.yaml

echo "== action.yml: structure, inputs only through env, the script with a stub binary"
python3 - "$work" <<'PY'
import os, subprocess, sys, yaml
work = sys.argv[1]
action = yaml.safe_load(open("action.yml"))
def check(cond, what):
    if not cond:
        sys.exit("action.yml: " + what)
check(action["runs"]["using"] == "composite", "must be a composite action")
check(set(action["inputs"]) == {"paths", "config", "fail-on", "sarif"}, "inputs are paths, config, fail-on, sarif")
steps = action["runs"]["steps"]
runs = [s for s in steps if "run" in s]
for s in runs:
    check("${{" not in s["run"], f"step '{s.get('name')}' splices an expression into run:; pass it through env:")
    check(s.get("shell") == "bash", "composite run steps need shell: bash")
build = runs[0]
check("swift build -c release" in build["run"], "the first step builds with swift build -c release")
check(build.get("working-directory") == "${{ github.action_path }}", "the build runs in the action's own checkout")
lint = runs[1]
check("--format github" in lint["run"] and "sarif=" in lint["run"], "the lint step prints github annotations and writes SARIF")
env = lint["env"]
check(env["PUSHLINT_BIN"] == "${{ github.action_path }}/.build/release/pushlint", "runs the binary it built")
for name in ["paths", "config", "fail-on", "sarif"]:
    check(f"${{{{ inputs.{name} }}}}" in env.values(), f"input {name} reaches the script through env")
open(os.path.join(work, "action-run.sh"), "w").write(lint["run"])

# The script with a stub binary that records its arguments, one per line.
stub = os.path.join(work, "stub")
open(stub, "w").write('#!/usr/bin/env bash\nprintf "%s\\n" "$@" > "$STUB_ARGS"\nexit 7\n')
os.chmod(stub, 0o755)
def run(inputs):
    out = os.path.join(work, "github-output")
    open(out, "w").close()
    environment = dict(os.environ, PUSHLINT_BIN=stub, STUB_ARGS=os.path.join(work, "args"), GITHUB_OUTPUT=out,
                       INPUT_PATHS=inputs.get("paths", "."), INPUT_CONFIG=inputs.get("config", ""),
                       INPUT_FAIL_ON=inputs.get("fail-on", "error"), INPUT_SARIF=inputs.get("sarif", "pushlint.sarif"))
    code = subprocess.run(["bash", os.path.join(work, "action-run.sh")], env=environment).returncode
    return code, open(os.path.join(work, "args")).read().splitlines(), open(out).read()
code, args, output = run({})
check(code == 7, "the step's exit status is pushlint's")
check(args == ["lint", "--format", "github", "--fail-on", "error", "--report", "sarif=pushlint.sarif", "--", "."], f"defaults: {args}")
check(output == "sarif=pushlint.sarif\n", f"output sarif: {output!r}")
code, args, output = run({"paths": "push/ios\n  push/android  $(touch pwned) ;rm -rf x", "config": "ci/.pushlint.json", "fail-on": "warning", "sarif": ""})
check(args == ["lint", "--format", "github", "--fail-on", "warning", "--config", "ci/.pushlint.json", "--",
               "push/ios", "push/android", "$(touch", "pwned)", ";rm", "-rf", "x"], f"inputs are data, never code: {args}")
check(not os.path.exists("pwned"), "an input was executed")
check(output == "sarif=\n", "no sarif input, no sarif output")
print("action.yml: ok")
PY
shellcheck -s bash "$work/action-run.sh"

echo "== action.yml: the lint step with the real binary"
if "$pushlint" lint --format github --report sarif=/dev/null "$repo/testdata/fixtures/apns/clean" >/dev/null 2>"$work/formats.err"; then
  (
    cd "$work"
    mkdir -p project/push
    printf '{"aps": {"alert": "Hi"}}' > project/push/ok.json
    printf '{"aps": {"alert": "Hi"}' > project/push/broken.json
    cd project
    : > "$work/github-output"
    set +e
    PUSHLINT_BIN="$pushlint" INPUT_PATHS="push" INPUT_CONFIG="" INPUT_FAIL_ON="error" INPUT_SARIF="out.sarif" \
      GITHUB_OUTPUT="$work/github-output" bash "$work/action-run.sh" > annotations.txt
    status=$?
    set -e
    [ "$status" -eq 1 ] || fail "the action step should fail on a broken payload (exit $status)"
    grep -q '^::error .*file=push/broken.json' annotations.txt || fail "no ::error annotation: $(cat annotations.txt)"
    python3 -c 'import json,sys; d=json.load(open("out.sarif")); assert d["version"]=="2.1.0" and d["runs"][0]["results"], "no results"' \
      || fail "out.sarif is not a SARIF 2.1.0 log with results"
  )
  echo "real run: ok"
else
  fail "this build has no github/sarif formats: $(cat "$work/formats.err")"
fi

echo "== JSON Schemas: the bundled examples, what init writes, and a wrong file"
mkdir -p "$work/init"
cp -r testdata/examples/push "$work/init/push"
(cd "$work/init" && "$pushlint" init --contract >/dev/null 2>&1) || fail "pushlint init --contract failed"
python3 - "$work" <<'PY'
import json, sys, jsonschema
work = sys.argv[1]

def strip_jsonc(text):
    """Removes // and /* */ comments outside strings, and trailing commas before } or ]."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1]); i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n": i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(c); i += 1
    stripped = "".join(out)
    result, i = [], 0
    while i < len(stripped):  # trailing commas (commas are never inside strings here: strings were copied whole)
        c = stripped[i]
        if c == ",":
            j = i + 1
            while j < len(stripped) and stripped[j] in " \t\r\n": j += 1
            if j < len(stripped) and stripped[j] in "}]": i += 1; continue
        if c == '"':
            j = i + 1
            while j < len(stripped) and stripped[j] != '"':
                j += 2 if stripped[j] == "\\" else 1
            result.append(stripped[i:j + 1]); i = j + 1; continue
        result.append(c); i += 1
    return json.loads("".join(result))

assert strip_jsonc('{"a": "http://x//y", /* c */ "b": [1, 2,], // d\n}') == {"a": "http://x//y", "b": [1, 2]}
schemas = {name: json.load(open(f"schemas/{name}.schema.json")) for name in ["pushlint", "push-contract"]}
for schema in schemas.values():
    jsonschema.Draft202012Validator.check_schema(schema)
files = [("pushlint", "testdata/examples/.pushlint.json"), ("push-contract", "testdata/examples/push-contract.json"),
         ("pushlint", f"{work}/init/.pushlint.json"), ("push-contract", f"{work}/init/push-contract.json")]
for name, path in files:
    jsonschema.Draft202012Validator(schemas[name]).validate(strip_jsonc(open(path).read()))
    print(f"{path}: valid against {name}.schema.json")
pages = "".join(open(page).read() for page in ["docs/configuration.md", "docs/contract.md"])
blocks = [part.split("```")[0] for part in pages.split("```jsonc\n")[1:]]
for name in schemas:
    found = [b for b in blocks if f"schemas/{name}.schema.json" in b]
    assert found, f"docs/configuration.md and docs/contract.md have no complete {name} example"
    for block in found:
        jsonschema.Draft202012Validator(schemas[name]).validate(strip_jsonc(block))
        print(f"docs example: valid against {name}.schema.json")
for name, wrong in [("pushlint", {"inclde": []}), ("pushlint", {"rules": {"json-bom": "loud"}}),
                    ("push-contract", {"android": {"channels": [{"importance": "high"}]}})]:
    errors = list(jsonschema.Draft202012Validator(schemas[name]).iter_errors(wrong))
    assert errors, f"{name} schema accepts {wrong}"
print("schemas: ok")
PY

echo "== pre-commit: try-repo of the Swift-built hook (pushlint-swift) and the system hook on a throwaway repository"
(
  cd "$work"
  mkdir hooked && cd hooked
  git init -q .
  git config user.email ci@example.com
  git config user.name ci
  mkdir push
  printf '{"aps": {"alert": {"title": "Shipped", "body": "Your order is on its way"}}}\n' > push/good.json
  python3 -c 'import json; print(json.dumps({"aps": {"alert": "x" * 5000}}))' > push/bad.json
  git add push && git commit -qm templates
  export PRE_COMMIT_HOME="${PRE_COMMIT_HOME:-$HOME/.cache/pre-commit}"
  set +e
  pre-commit try-repo "$repo" pushlint-swift --verbose --files push/good.json > good.log 2>&1
  good=$?
  pre-commit try-repo "$repo" pushlint-swift --verbose --files push/bad.json > bad.log 2>&1
  bad=$?
  set -e
  [ "$good" -eq 0 ] || { cat good.log; fail "the hook fails a good template"; }
  [ "$bad" -ne 0 ] || { cat bad.log; fail "the hook passes a template over the APNs size limit"; }
  grep -q 'push/bad.json:1:.*error:.*\[payload-size\]' bad.log || { cat bad.log; fail "the hook output lacks the finding"; }
  grep -E '^pushlint[^.]*\.{3,}(Failed|Passed)' bad.log good.log
  # pushlint-system: the same hook with the binary already on PATH (language: system, nothing to build).
  set +e
  PATH="$(dirname "$pushlint"):$PATH" pre-commit try-repo "$repo" pushlint-system --verbose --files push/bad.json push/good.json > system.log 2>&1
  system=$?
  set -e
  [ "$system" -ne 0 ] || { cat system.log; fail "pushlint-system passes a template over the APNs size limit"; }
  grep -q 'push/bad.json:1:.*error:.*\[payload-size\]' system.log || { cat system.log; fail "pushlint-system output lacks the finding"; }
  if grep -q 'push/good.json' system.log; then cat system.log; fail "pushlint-system reports the good template"; fi
)
echo "check-workflow: all checks passed"
