#!/usr/bin/env bash
# Installs every artifact of scripts/package the way users install them, offline (issue 29), and runs it:
#
#   - versions: `pushlint --version`, CHANGELOG.md's latest release and every package (wheel, npm, artifact bundle,
#     plugin package, formula, the pre-commit hook's requirement, docs/install.md) say PushLintInfo.version;
#   - PyPI: `twine check --strict` on the wheel, its RECORD, then `pip install --no-index` into a fresh venv:
#     `pushlint --version` (the packaged binary, byte for byte), lints with exit 0, 1 and 2, `python -m pushlint`;
#   - pre-commit: `pre-commit try-repo` of the python hook (the default, id pushlint) on a scratch repository with
#     commits, with no Swift toolchain on PATH: pip installs the wheel of dist/ (PIP_NO_INDEX, PIP_FIND_LINKS, no
#     cache, a fresh PRE_COMMIT_HOME, and pip's log must name the wheel of dist/, never an older one); the hook fails
#     on a bad payload, passes a good one, skips files the config excludes, never fails on .pushlint.json, the
#     contract or a baseline, and sees every extension pushlint lints;
#   - npm: `npm pack` of the launcher and the platform package, `npm install --offline` of the tarballs into a
#     scratch project, `npx pushlint`; the launcher's message without its platform package and on another platform;
#   - SwiftPM: a scratch copy of the plugin package with a local binaryTarget on the artifact bundle, whose plugin
#     runs the bundled binary (compiles the plugin only); the checksum is `swift package compute-checksum`'s;
#   - Homebrew: the formula's URLs and checksums are the release assets of SHA256SUMS;
#   - the release's layout: scripts/package given aarch64 and macOS binaries (synthetic headers) and --require;
#   - editors: the SchemaStore catalog entry, the config schema's $id and the `$schema` init writes are one URL.
#
# Builds the artifacts once (scripts/package: a static release build of the checkout, incremental), or uses
# PUSHLINT_DIST when it names a folder scripts/package wrote. The tools come from .venv/ (scripts/test puts it
# first on PATH; run alone, this script uses it when it exists); node, npm and swift from the machine. A missing
# tool is a failure, never a skip. Nothing is downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

venv="${PUSHLINT_VENV:-$repo/.venv}"
if [[ -x "$venv/bin/python3" && "$(command -v python3)" != "$venv/bin/python3" ]]; then PATH="$venv/bin:$PATH"; fi
fail() { echo "check-packages: FAIL: $*" >&2; exit 1; }
# The installs run this machine's Linux binary (CI and the release's package job are Linux; macOS artifacts are
# checked for their layout below).
[ "$(uname -s)" = Linux ] || fail "installs the Linux artifacts, so it runs on Linux (this is $(uname -s)); scripts/package works anywhere"
for tool in python3 git pre-commit twine node npm npx swift; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed (python tools: run scripts/test, which creates .venv/)"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 npm_config_update_notifier=false npm_config_fund=false \
  npm_config_audit=false

version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/PushLintModel/PushLintInfo.swift)
[ -n "$version" ] || fail "no version in Sources/PushLintModel/PushLintInfo.swift"

if [[ -n "${PUSHLINT_DIST:-}" ]]; then
  dist=$PUSHLINT_DIST
  echo "== artifacts: $dist (PUSHLINT_DIST)"
else
  dist="$work/dist"
  echo "== artifacts: scripts/package (static release build of the checkout)"
  scripts/package --out "$dist"
  # Built without its symbol table, as the release workflow builds it (30 MB -> 13 MB in every package): a
  # stripped ELF file no longer names a .symtab section.
  python3 -c 'import sys; sys.exit(b".symtab\0" in open(sys.argv[1], "rb").read())' \
    "$dist/pushlint-$version-linux-$(uname -m)" || fail "scripts/package kept the binary's symbol table (-Xlinker -s)"
fi
[ -f "$dist/SHA256SUMS" ] || fail "$dist has no SHA256SUMS: not written by scripts/package"
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "$dist/SHA256SUMS does not match the files"
arch=$(uname -m)
binary="$dist/pushlint-$version-linux-$arch"
[ -x "$binary" ] || fail "no $binary: scripts/package packages this machine's binary"
mapfile -t wheels < <(find "$dist" -maxdepth 1 -name "pushlint-$version-py3-none-*_$arch.whl")
[ "${#wheels[@]}" -eq 1 ] || fail "expected one $arch wheel of $version in $dist, found ${#wheels[@]}"
wheel=${wheels[0]}
sha_of() { sha256sum "$1" | cut -d' ' -f1; }

# A scratch project: a good payload, a bad one (over the APNs size limit), one the config excludes.
make_project() {
  mkdir -p "$1/push/legacy"
  printf '{"aps": {"alert": {"title": "Shipped", "body": "Your order is on its way"}}}\n' > "$1/push/good.json"
  python3 -c 'import json; print(json.dumps({"aps": {"alert": "x" * 5000}}))' > "$1/push/bad.json"
  cp "$1/push/bad.json" "$1/push/legacy/old.json"
}
# expect_exit STATUS WHAT COMMAND...: runs COMMAND (output in $work/out) and checks its exit status.
expect_exit() {
  local want=$1 what=$2 status=0
  shift 2
  "$@" > "$work/out" 2>&1 || status=$?
  [ "$status" -eq "$want" ] || { cat "$work/out"; fail "$what: exit $status, expected $want ($*)"; }
}

echo "== versions: --version, CHANGELOG.md and every package say $version"
[ "$("$binary" --version)" = "pushlint $version" ] || fail "$binary --version: $("$binary" --version)"
python3 - "$dist" "$version" <<'PY'
import json, pathlib, re, sys, zipfile
dist, version = pathlib.Path(sys.argv[1]), sys.argv[2]
problems = []
def same(what, found):
    if found != version:
        problems.append(f"{what}: {found!r}")
released = re.findall(r"^## \[(\d[^\]]*)\] - ", open("CHANGELOG.md", encoding="utf-8").read(), re.M)
same("CHANGELOG.md's latest release", released[0] if released else None)
for wheel in dist.glob("*.whl"):
    same(f"{wheel.name} (file name)", wheel.name.split("-")[1])
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"pushlint-{version}.dist-info/METADATA").decode()
        same(f"{wheel.name} METADATA", re.search(r"^Version: (.*)$", metadata, re.M).group(1))
        init = archive.read("pushlint/__init__.py").decode()
        same(f"{wheel.name} pushlint.__version__", re.search(r'__version__ = "(.*)"', init).group(1))
manifests = sorted(dist.glob("npm/*/package.json"))
if len(manifests) < 2:
    problems.append(f"npm: expected the launcher and a platform package, found {len(manifests)}")
for path in manifests:
    manifest = json.loads(path.read_text())
    same(f"npm {manifest['name']}", manifest["version"])
    for name, pin in manifest.get("optionalDependencies", {}).items():
        same(f"npm pushlint's optionalDependency {name}", pin)
with zipfile.ZipFile(dist / "PushLintBinary.artifactbundle.zip") as archive:
    info = json.loads(archive.read("PushLintBinary.artifactbundle/info.json"))
same("artifact bundle info.json", info["artifacts"]["pushlint"]["version"])
swiftpm = (dist / "swiftpm/Package.swift").read_text()
same("swiftpm/Package.swift release URL", re.search(r"/releases/download/v([^/]+)/", swiftpm).group(1))
same("pushlint.rb", re.search(r'^  version "(.*)"$', (dist / "pushlint.rb").read_text(), re.M).group(1))
sys.path.insert(0, "packaging/python")
import pre_commit_backend
pin = re.search(r"^Requires-Dist: pushlint==(.*)$", pre_commit_backend._metadata(), re.M)
same("the pre-commit hook's requirement (pyproject.toml backend)", pin and pin.group(1))
for path in ["docs/install.md", ".pre-commit-hooks.yaml"]:
    for rev in re.findall(r"rev: v(\S+)", open(path, encoding="utf-8").read()):
        same(f"{path} rev:", rev)
if problems:
    sys.exit(f"not pushlint {version}:\n  " + "\n  ".join(problems))
print(f"every package is {version}")
PY

echo "== PyPI: twine check, RECORD, pip install --no-index into a fresh venv"
twine check --strict "$wheel"
python3 - "$wheel" <<'PY'
import base64, hashlib, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    names = archive.namelist()
    record = [n for n in names if n.endswith(".dist-info/RECORD")]
    assert len(record) == 1, f"one RECORD, found {record}"
    rows = [line.split(",") for line in archive.read(record[0]).decode().splitlines()]
    listed = {row[0] for row in rows}
    assert listed == set(names), f"RECORD lists {sorted(listed ^ set(names))} wrongly"
    for name, digest, size in rows:
        if name == record[0]:
            continue
        data = archive.read(name)
        want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, size) == (want, str(len(data))), f"RECORD entry of {name} is wrong"
    script = [i for i in archive.infolist() if i.filename.endswith(".data/scripts/pushlint")]
    assert script and (script[0].external_attr >> 16) & 0o111, "the binary is not an executable script"
print(f"RECORD: {len(rows)} entries, hashes and sizes right; the binary is executable")
PY
python3 -m venv "$work/wheel-venv"
"$work/wheel-venv/bin/python" -m pip install --quiet --no-index "$wheel"
[ "$("$work/wheel-venv/bin/pushlint" --version)" = "pushlint $version" ] || fail "the wheel's pushlint --version"
[ "$(sha_of "$work/wheel-venv/bin/pushlint")" = "$(sha_of "$binary")" ] || fail "pip installed another binary"
[ "$("$work/wheel-venv/bin/python" -m pushlint --version)" = "pushlint $version" ] || fail "python -m pushlint --version"
make_project "$work/wheel-project"
(
  cd "$work/wheel-project"
  expect_exit 0 "wheel: lint a good payload" "$work/wheel-venv/bin/pushlint" lint push/good.json
  expect_exit 1 "wheel: lint a payload over the APNs limit" "$work/wheel-venv/bin/pushlint" lint push/bad.json
  grep -q 'payload-size' "$work/out" || { cat "$work/out"; fail "wheel: no payload-size finding"; }
  expect_exit 2 "wheel: an unknown option" "$work/wheel-venv/bin/pushlint" lint --no-such-option
)
echo "wheel: installs offline, runs, exit codes 0/1/2"

echo "== pre-commit: the python hook (id pushlint) with no Swift on PATH, pip offline from dist/"
# PATH without Swift: a folder that holds swift (in the swift images that is /usr/bin, beside git and sh) is
# replaced by a copy of its links without swift* and sourcekit-lsp.
nosw="" shadows=0
IFS=: read -r -a path_dirs <<< "$PATH"
for dir in "${path_dirs[@]}"; do
  [[ -n "$dir" && -d "$dir" ]] || continue
  if [[ -e "$dir/swift" ]]; then
    shadows=$((shadows + 1))
    shadow="$work/path-without-swift-$shadows"
    mkdir "$shadow"
    for entry in "$dir"/*; do
      case "${entry##*/}" in swift* | sourcekit-lsp) ;; *) ln -s "$entry" "$shadow/" ;; esac
    done
    dir=$shadow
  fi
  nosw="${nosw:+$nosw:}$dir"
done
(
  PATH=$nosw
  export PATH
  hash -r
  if command -v swift >/dev/null 2>&1; then fail "swift is still on PATH: $(command -v swift)"; fi
  mkdir "$work/hooked"
  cd "$work/hooked"
  git init -q .
  git config user.email ci@example.com
  git config user.name ci
  make_project .
  # pushlint's own files: a JSONC config (with its exclude), the contract init writes, a baseline.
  printf '// pushlint configuration\n{\n  "exclude": ["push/legacy/**"], // old templates, kept for reference\n}\n' \
    > .pushlint.json
  cp "$repo/testdata/examples/push-contract.json" push-contract.json
  "$binary" lint --write-baseline pushlint-baseline.json push/bad.json >/dev/null 2>&1 || true
  [ -s pushlint-baseline.json ] || fail "could not write a baseline"
  # Every extension pushlint lints reaches the hook (DESIGN.md §3; Config.defaultInclude): each gets a bad payload.
  mapfile -t extensions < <(python3 - "$repo" <<'PY'
import re, sys
repo = sys.argv[1]
config = open(f"{repo}/Sources/PushLintModel/Config.swift", encoding="utf-8").read()
dialects = open(f"{repo}/Sources/PushLintJSON/TemplateProgram.swift", encoding="utf-8").read()
plain = re.findall(r'"\*\*/\*(\.[a-z0-9]+)"', config[config.index("defaultInclude"):][:400])
table = dialects[dialects.index("static let extensions"):][:800]
templates = [".json" + suffix for suffix in re.findall(r'\("(\.[a-z0-9]+)", \.', table)]
assert ".json" in plain and ".jsonl" in plain and ".json.hbs" in templates, (plain, templates)
print("\n".join(plain + templates))
PY
)
  for extension in "${extensions[@]}"; do cp push/bad.json "push/every$extension"; done  # one line: JSON Lines too
  git add -A && git commit -qm "payloads and pushlint's own files"
  export PRE_COMMIT_HOME="$work/pre-commit-home" PIP_NO_INDEX=1 PIP_FIND_LINKS="$dist" PIP_LOG="$work/pip.log"
  expect_exit 1 "hook on a payload over the APNs limit" pre-commit try-repo "$repo" pushlint --verbose --files push/bad.json
  grep -q 'push/bad.json:1:.*error:.*\[payload-size\]' "$work/out" || { cat "$work/out"; fail "the hook output lacks the finding"; }
  # try-repo keeps its hook environment in a temporary store, so pip's own log says which wheel it installed.
  grep -q "Successfully installed .*pushlint-$version" "$PIP_LOG" || { cat "$PIP_LOG"; fail "pip did not install pushlint $version"; }
  mapfile -t sources < <(grep -oE "(Processing|Added pushlint==[^ ]+ from) [^ ]+pushlint-$version-[^ ]+\.whl" "$PIP_LOG" \
    | grep -oE "[^ /]+\.whl" | sort -u)
  [ "${sources[*]}" = "$(basename "$wheel")" ] || { cat "$PIP_LOG"; fail "the hook installed ${sources[*]:-no wheel}, not $(basename "$wheel")"; }
  expect_exit 0 "hook on a good payload" pre-commit try-repo "$repo" pushlint --verbose --files push/good.json
  expect_exit 0 "hook on a file the config excludes (named by pre-commit)" \
    pre-commit try-repo "$repo" pushlint --verbose --files push/good.json push/legacy/old.json
  expect_exit 0 "hook on pushlint's own files" \
    pre-commit try-repo "$repo" pushlint --verbose --files .pushlint.json push-contract.json pushlint-baseline.json
  expect_exit 1 "hook on every linted extension" pre-commit try-repo "$repo" pushlint --verbose --all-files
  for extension in "${extensions[@]}"; do
    grep -q "^push/every$extension:1:.*\[payload-size\]" "$work/out" \
      || { cat "$work/out"; fail "the hook never linted push/every$extension ($extension)"; }
  done
  if grep -qE '^(push/legacy/|\.pushlint\.json|push-contract\.json|pushlint-baseline\.json)' "$work/out"; then
    cat "$work/out"; fail "--all-files: the hook reported an excluded file or one of pushlint's own"
  fi
)
echo "pre-commit: the wheel installed offline without Swift; fails, passes, excludes and skips as it should"

echo "== npm: npm pack, npm install --offline of the tarballs, npx pushlint"
mkdir -p "$work/tarballs" "$work/npm-project"
for package in "$dist"/npm/*/; do
  (cd "$work/tarballs" && npm pack --silent "$package" >/dev/null) || fail "npm pack $package"
done
# The launcher and this machine's platform package: npm skips the other platforms' optional packages (os/cpu,
# and offline it cannot fetch them), as it does when it installs from the registry on another platform.
npm_platform=$(node -p 'process.platform + "-" + process.arch')
tarballs=("$work/tarballs/pushlint-$version.tgz" "$work/tarballs/pushlint-cli-$npm_platform-$version.tgz")
for tarball in "${tarballs[@]}"; do [ -f "$tarball" ] || fail "npm pack wrote no ${tarball##*/}: $(ls "$work/tarballs")"; done
make_project "$work/npm-project"
(
  cd "$work/npm-project"
  printf '{"name": "scratch-backend", "version": "1.0.0", "private": true}\n' > package.json
  npm install --offline --no-audit --no-fund --save-dev "${tarballs[@]}" > "$work/npm.log" 2>&1 \
    || { cat "$work/npm.log"; fail "npm install --offline of the tarballs"; }
  [ "$(npx --offline pushlint --version)" = "pushlint $version" ] || fail "npx pushlint --version: $(npx --offline pushlint --version)"
  expect_exit 0 "npx pushlint lint on a good payload" npx --offline pushlint lint push/good.json
  expect_exit 1 "npx pushlint lint on a payload over the APNs limit" npx --offline pushlint lint push/bad.json
  grep -q 'payload-size' "$work/out" || { cat "$work/out"; fail "npx: no payload-size finding"; }
  # Another platform: the launcher names it and what the package has, exit 2.
  printf 'Object.defineProperty(process, "platform", {value: "freebsd"});\n' > "$work/freebsd.js"
  expect_exit 2 "the launcher on a platform with no binary" env NODE_OPTIONS="--require $work/freebsd.js" npx --offline pushlint --version
  grep -q "no prebuilt binary for freebsd-" "$work/out" || { cat "$work/out"; fail "no clear message for another platform"; }
  # Optional dependencies left out (npm install --omit=optional): says so, exit 2.
  rm -rf node_modules/@pushlint
  expect_exit 2 "the launcher without its platform package" npx --offline pushlint --version
  grep -q "is not installed" "$work/out" || { cat "$work/out"; fail "no clear message without the platform package"; }
)
echo "npm: installs offline, npx pushlint runs with exit codes 0/1, clear messages on exit 2"

echo "== SwiftPM: the plugin package with a local binaryTarget on the artifact bundle"
checksum=$(swift package compute-checksum "$dist/PushLintBinary.artifactbundle.zip")
grep -q "checksum: \"$checksum\"" "$dist/swiftpm/Package.swift" || fail "swiftpm/Package.swift's checksum is not $checksum"
cp -r "$dist/swiftpm" "$work/plugins"
cp "$dist/PushLintBinary.artifactbundle.zip" "$work/plugins/"
python3 - "$work/plugins/Package.swift" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
local, count = re.subn(r'url: "[^"]+",\s*checksum: "[0-9a-f]{64}"', 'path: "PushLintBinary.artifactbundle.zip"', text)
assert count == 1, "Package.swift has no binaryTarget url and checksum"
open(path, "w").write(local)
PY
make_project "$work/plugins"
(
  cd "$work/plugins"
  expect_exit 0 "swift package pushlint --version (artifact bundle)" swift package --disable-sandbox pushlint --version
  grep -q "^pushlint $version$" "$work/out" || { cat "$work/out"; fail "the plugin did not run the bundled binary"; }
  expect_exit 0 "swift package pushlint lint (a good payload)" swift package --disable-sandbox pushlint lint push/good.json
  expect_exit 1 "swift package pushlint lint (a payload over the APNs limit)" \
    swift package --disable-sandbox pushlint lint push/bad.json
  grep -q 'payload-size' "$work/out" || { cat "$work/out"; fail "plugin: no payload-size finding"; }
  grep -q 'pushlint found problems' "$work/out" || { cat "$work/out"; fail "plugin: no error naming the exit"; }
)
echo "artifact bundle: the plugin runs the bundled binary"

echo "== Homebrew: the formula's downloads are the release assets of SHA256SUMS"
python3 - "$dist" "$version" <<'PY'
import pathlib, re, sys
dist, version = pathlib.Path(sys.argv[1]), sys.argv[2]
sums = dict(reversed(line.split("  ")) for line in (dist / "SHA256SUMS").read_text().splitlines())
formula = (dist / "pushlint.rb").read_text()
pairs = re.findall(r'url "([^"]+)"\n\s*sha256 "([0-9a-f]{64})"', formula)
assert pairs, "no url/sha256 pair in pushlint.rb"
for url, digest in pairs:
    name = url.rsplit("/", 1)[1]
    assert url == f"https://github.com/pushlint/pushlint/releases/download/v{version}/{name}", url
    assert sums.get(name) == digest, f"{name}: sha256 {digest} is not SHA256SUMS's {sums.get(name)}"
binaries = sorted(n for n in sums if n.startswith(f"pushlint-{version}-") and not n.endswith(".whl"))
assert sorted(url.rsplit("/", 1)[1] for url, _ in pairs) == binaries, f"formula {pairs} vs binaries {binaries}"
print(f"pushlint.rb: {len(pairs)} downloads, checksums of SHA256SUMS")
PY

echo "== the release's layout: scripts/package with aarch64 and macOS binaries (headers only; they do not run here)"
python3 - "$work/other" <<'PY'
import os, struct, sys
folder = sys.argv[1]
os.makedirs(folder)
# A static aarch64 ELF: the header alone, with no program header (so no PT_INTERP: no dynamic loader).
ident = b"\x7fELF" + bytes([2, 1, 1]) + bytes(9)
elf = ident + struct.pack("<HHIQQQIHHHHHH", 2, 183, 1, 0, 0, 0, 0, 64, 56, 0, 64, 0, 0)
open(f"{folder}/linux-arm", "wb").write(elf)
# A universal Mach-O: x86_64 and arm64 slices, each with LC_BUILD_VERSION macOS 15.0.
def slice_of(cpu):
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, cpu, 3, 2, 1, 24, 0, 0)
    return header + struct.pack("<IIIIII", 0x32, 24, 1, 0x000F0000, 0x000F0000, 0)
fat = struct.pack(">II", 0xCAFEBABE, 2)
fat += struct.pack(">iiIII", 0x01000007, 3, 4096, 56, 12) + struct.pack(">iiIII", 0x0100000C, 0, 8192, 56, 14)
data = fat.ljust(4096, b"\0") + slice_of(0x01000007).ljust(4096, b"\0") + slice_of(0x0100000C)
open(f"{folder}/macos", "wb").write(data)
PY
if scripts/package --out "$work/other/dist" --require macos-universal "$binary" >/dev/null 2>"$work/out"; then
  fail "scripts/package --require macos-universal passed without a macOS binary"
fi
grep -q "no binary for macos-universal" "$work/out" || { cat "$work/out"; fail "--require: no clear message"; }
scripts/package --out "$work/other/dist" --require linux-x86_64 --require linux-aarch64 --require macos-universal \
  "$binary" "$work/other/linux-arm" "$work/other/macos" >/dev/null
twine check --strict "$work/other/dist"/*.whl >/dev/null || fail "twine check of the aarch64 and macOS wheels"
python3 - "$work/other/dist" "$version" <<'PY'
import json, pathlib, re, sys, zipfile
dist, version = pathlib.Path(sys.argv[1]), sys.argv[2]
wheels = sorted(p.name for p in dist.glob("*.whl"))
want = [f"pushlint-{version}-py3-none-macosx_15_0_x86_64.macosx_15_0_arm64.macosx_15_0_universal2.whl",
        f"pushlint-{version}-py3-none-manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64.whl"]
assert [w for w in wheels if "x86_64.whl" not in w or "macosx" in w] == want, wheels
npm = {json.loads(p.read_text())["name"]: json.loads(p.read_text()) for p in dist.glob("npm/*/package.json")}
assert npm["@pushlint/cli-linux-arm64"]["os"] == ["linux"] and npm["@pushlint/cli-linux-arm64"]["cpu"] == ["arm64"]
assert "libc" not in npm["@pushlint/cli-linux-arm64"], "a static binary runs on glibc and musl"
assert npm["@pushlint/cli-darwin-universal"]["cpu"] == ["x64", "arm64"]
assert sorted(npm["pushlint"]["optionalDependencies"]) == sorted(n for n in npm if n != "pushlint"), npm["pushlint"]
launcher = (dist / "npm/pushlint/bin/pushlint.js").read_text()
for key in ["darwin arm64", "darwin x64", "linux arm64", "linux x64"]:
    assert f'"{key}": "@pushlint/cli-' in launcher, f"the launcher has no {key}"
with zipfile.ZipFile(dist / "PushLintBinary.artifactbundle.zip") as archive:
    variants = json.loads(archive.read("PushLintBinary.artifactbundle/info.json"))["artifacts"]["pushlint"]["variants"]
    for variant in variants:
        archive.getinfo("PushLintBinary.artifactbundle/" + variant["path"])
triples = sorted(t for v in variants for t in v["supportedTriples"])
assert {"aarch64-unknown-linux-gnu", "arm64-apple-macosx", "x86_64-apple-macosx", "x86_64-unknown-linux-gnu"} <= set(triples), triples
formula = (dist / "pushlint.rb").read_text()
assert re.search(r"on_macos do\n    url \S+-macos-universal\"", formula) and "on_arm do" in formula and "on_intel do" in formula, formula
print("aarch64 and macOS: wheel tags, npm os/cpu, bundle triples and formula blocks as the release needs them")
PY

echo "== editors: the SchemaStore catalog entry, the schema's \$id and what init writes name one URL"
mkdir "$work/init"
(cd "$work/init" && "$binary" init >/dev/null 2>&1) || fail "pushlint init failed"
python3 - "$work/init/.pushlint.json" <<'PY'
import json, re, sys
entry = json.load(open("schemas/schemastore-catalog-entry.json", encoding="utf-8"))
assert set(entry) == {"name", "description", "fileMatch", "url"}, f"catalog entry keys: {sorted(entry)}"
assert entry["fileMatch"] == [".pushlint.json"], entry["fileMatch"]
schema_id = json.load(open("schemas/pushlint.schema.json", encoding="utf-8"))["$id"]
written = re.findall(r'"\$schema": "([^"]+)"', open(sys.argv[1], encoding="utf-8").read())
assert entry["url"] == schema_id == (written[0] if written else None), (entry["url"], schema_id, written)
print(f"SchemaStore, the schema and init: {schema_id}")
PY

echo "check-packages: all checks passed"
