#!/usr/bin/env bash
# Reports byte for byte, before and after (issue 31): builds BASE_REV and HEAD_REV (default: this checkout, as it
# is) in release, each into its own build folder under .build-compare/, generates every benchmark corpus of
# scripts/bench.sh (pushlint-bench generate / jsonl / app-tree / app-tree-resources and template-conditions with
# their fixed seeds, the 200 MB array and 100 000 small files of scripts/bench.py, the hostile cases of
# scripts/bench_hostile.py) once, with this checkout's generators, runs both binaries on each corpus in every
# report format and compares stdout, stderr and the exit status byte for byte (all but JUnit's `timestamp`, the time
# of rendering). One line per corpus x format; exit
# status 1 when any differs (the differing outputs stay in .build-compare/out/ to read), 2 on a usage or build error.
#
#   scripts/compare-reports.sh BASE_REV [HEAD_REV] [--ignore-rule ID]... [--rules ID,ID...] [--quick] [--jsonl-bytes N]
#                              [--corpus TEXT]...
#
#   --ignore-rule ID   turns rule ID off in both runs (`--rule ID=off`, only for a binary that knows the rule): a
#                      difference an intended change explains no longer hides the others. Repeatable.
#   --rules ID,...     only these rules run (every other one off, in both binaries).
#   --quick            the small sizes of `scripts/bench.sh --quick` for the hostile cases (25 MB log, 0.75 MB
#                      template) and a 10 MB JSON Lines log instead of 100 MB.
#   --jsonl-bytes N    the JSON Lines log's size (default 100000000, the log of the per-rule table; the 1.1 GB
#                      log of the throughput row is the same generator, longer: pass 1100000000 for it).
#   --corpus TEXT      only the corpora whose name contains TEXT (repeatable; all are still generated).
#
# Needs bash, git, python3 and Swift 6; takes two release builds (several minutes each on two cores) and a few
# minutes of runs. Not part of scripts/test. Builds of committed revisions are kept in .build-compare/<sha>/ and
# reused; the corpora in .build-compare/corpus/ are regenerated each run (the generators may have changed).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

usage() {
    echo "usage: scripts/compare-reports.sh BASE_REV [HEAD_REV] [--ignore-rule ID]... [--rules ID,...] [--quick] [--jsonl-bytes N] [--corpus TEXT]..." >&2
    exit 2
}

revs=()
py_args=()
while (($#)); do
    case "$1" in
        --ignore-rule) (($# >= 2)) || usage; py_args+=(--ignore-rule "$2"); shift 2 ;;
        --rules) (($# >= 2)) || usage; py_args+=(--rules "$2"); shift 2 ;;
        --jsonl-bytes) (($# >= 2)) || usage; py_args+=(--jsonl-bytes "$2"); shift 2 ;;
        --corpus) (($# >= 2)) || usage; py_args+=(--corpus "$2"); shift 2 ;;
        --quick) py_args+=(--quick); shift ;;
        -h | --help) sed -n '2,26p' "$0"; exit 0 ;;
        -*) usage ;;
        *) revs+=("$1"); shift ;;
    esac
done
((${#revs[@]} >= 1 && ${#revs[@]} <= 2)) || usage

out=$repo/.build-compare
mkdir -p "$out"
scratch_dirs=()
cleanup() {
    for dir in "${scratch_dirs[@]}"; do
        git -C "$repo" worktree remove --force "$dir" >/dev/null 2>&1 || rm -rf "$dir"
    done
    git -C "$repo" worktree prune
}
trap cleanup EXIT

# build REV: sets `built` to the folder holding REV's release pushlint (and pushlint-bench). A committed revision is
# checked out with `git worktree add` into a temporary folder and built into .build-compare/<sha>/, kept for the
# next run; `.` builds this checkout as it is into .build-compare/worktree/.
build() {
    local rev=$1 source scratch
    if [[ "$rev" == "." ]]; then
        source=$repo
        scratch=$out/worktree
    else
        local sha
        sha=$(git -C "$repo" rev-parse --verify "$rev^{commit}") || { echo "compare-reports: no revision $rev" >&2; exit 2; }
        scratch=$out/$sha
        built=$scratch/release
        [[ -x "$built/pushlint" && -x "$built/pushlint-bench" ]] && return
        source=$(mktemp -d "${TMPDIR:-/tmp}/pushlint-compare.XXXXXX")
        rmdir "$source"
        git -C "$repo" worktree add --detach "$source" "$sha" >&2
        scratch_dirs+=("$source")
    fi
    echo "== building $rev in release ($scratch)" >&2
    # pushlint-bench may be missing from old revisions; only the head's generators are used.
    (cd "$source" && swift build -c release --scratch-path "$scratch" --product pushlint >&2 \
        && { swift build -c release --scratch-path "$scratch" --product pushlint-bench >&2 || true; }) \
        || { echo "compare-reports: the release build of $rev failed" >&2; exit 2; }
    built=$scratch/release
}

build "${revs[0]}"
base_bin=$built
build "${revs[1]:-.}"
head_bin=$built
[[ -x "$head_bin/pushlint-bench" ]] || { echo "compare-reports: $head_bin/pushlint-bench is missing" >&2; exit 2; }

python3 - "$repo" "$out" "$base_bin" "$head_bin" "${revs[0]}" "${revs[1]:-working tree}" "${py_args[@]}" <<'PY'
import argparse, filecmp, json, os, re, shutil, subprocess, sys, time

parser = argparse.ArgumentParser()
for name in ("repo", "out", "base", "head", "base_rev", "head_rev"):
    parser.add_argument(name)
parser.add_argument("--ignore-rule", action="append", default=[])
parser.add_argument("--rules", default="")
parser.add_argument("--quick", action="store_true")
parser.add_argument("--jsonl-bytes", type=int, default=None)
parser.add_argument("--corpus", action="append", default=[])
args = parser.parse_args()

sys.path.insert(0, os.path.join(args.repo, "scripts"))
import bench_hostile  # noqa: E402  (the hostile cases, generated where we say)

corpus = os.path.join(args.out, "corpus")
results = os.path.join(args.out, "out")
base_pushlint = os.path.join(args.base, "pushlint")
head_pushlint = os.path.join(args.head, "pushlint")
bench = os.path.join(args.head, "pushlint-bench")
jsonl_bytes = args.jsonl_bytes or (10_000_000 if args.quick else 100_000_000)


def known_rules(pushlint):
    """The rule ids a binary has (`pushlint rules --format json`, or the ids its text list starts lines with)."""
    for cmd in ([pushlint, "rules", "-f", "json"], [pushlint, "rules"]):
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            continue
        try:
            data = json.loads(run.stdout)
            items = data.get("rules", data) if isinstance(data, dict) else data
            return {item["id"] for item in items}
        except (ValueError, TypeError, KeyError):
            return {line.split()[0] for line in run.stdout.splitlines() if line[:1].isalpha() and "-" in line.split()[0]}
    return set()


def rule_flags(pushlint):
    known = known_rules(pushlint)
    off = set(args.ignore_rule)
    if args.rules:
        wanted = {r.strip() for r in args.rules.split(",") if r.strip()}
        off |= known - wanted
    return [f"--rule={rule}=off" for rule in sorted(off & known)]


def formats(pushlint):
    """The report formats a binary accepts: each of the known ones its `--format` takes."""
    names = ["text", "json", "junit", "sarif", "github", "concise", "gitlab", "checkstyle", "rdjson"]
    help_text = subprocess.run([pushlint, "lint", "--help"], capture_output=True, text=True)
    text = help_text.stdout + help_text.stderr
    return [n for n in names if n in text] or names


def generate():
    """Every corpus of scripts/bench.sh, with its seeds and sizes; returns [(name, cwd, argv without -f)]."""
    if os.path.isdir(corpus):
        shutil.rmtree(corpus)
    os.makedirs(corpus)
    def make(*cmd):
        subprocess.run([bench, *cmd], check=True, stdout=subprocess.DEVNULL)
    make("generate", corpus)
    make("jsonl", os.path.join(corpus, "log.jsonl"), str(jsonl_bytes))
    make("app-tree", os.path.join(corpus, "app-tree-5000"), "5000")
    make("app-tree-resources", os.path.join(corpus, "app-tree-resources-5000"), "5000")
    # BENCHMARKS.md "Templates with control flow": 20, 30 and 8 conditions.
    for k in (20, 30, 8):
        make("template-conditions", str(k), os.path.join(corpus, "conditions", f"conditions-{k}.json.hbs"))
    # scripts/bench.py's memory corpora, written the same way: the 50 MB array's elements four times, and 100 000
    # small files.
    with open(os.path.join(corpus, "large-50mb.json"), "rb") as f:
        body = f.read().strip()[1:-1]
    with open(os.path.join(corpus, "huge-200mb.json"), "wb") as f:
        f.write(b"[")
        for k in range(4):
            f.write(b"," + body if k else body)
        f.write(b"]")
    del body
    many = os.path.join(corpus, "many-100k")
    for i in range(100_000):
        d = os.path.join(many, f"{i // 1000:03d}")
        if i % 1000 == 0:
            os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, f"{i}.json"), "w") as f:
            f.write('{"aps": {"alert": "Order %d shipped", "badge": 1}, "order_id": "%d"}' % (i, i))
    big = "--max-file-bytes=300000000"
    cases = [
        ("templates (10 000 files)", corpus, ["lint", "templates"]),
        ("templates, the .json subset", corpus, ["lint", "templates/ios", "templates/android", "templates/expo"]),
        ("varied (10 000 files)", corpus, ["lint", "varied"]),
        ("large-50mb.json", corpus, ["lint", "large-50mb.json", big]),
        ("mid-5mb.json", corpus, ["lint", "mid-5mb.json", big]),
        ("huge-200mb.json", corpus, ["lint", "huge-200mb.json", big]),
        (f"log.jsonl ({jsonl_bytes / 1e6:.0f} MB)", corpus, ["lint", "log.jsonl", big]),
        ("many-100k", corpus, ["lint", "many-100k"]),
        ("conditions 20/30/8", corpus, ["lint", "conditions"]),
        ("app scan app-tree-5000", corpus, ["app", "scan", "app-tree-5000"]),
        ("app scan app-tree-resources-5000", corpus, ["app", "scan", "app-tree-resources-5000"]),
    ]
    bench_hostile.OUT = os.path.join(corpus, "hostile")
    for name, folder, argv, *_ in bench_hostile.prepare(args.quick):
        kept, skip = [], False
        for a in argv:
            if skip:
                skip = False
            elif a in ("-f", "-o", "--format", "--output"):
                skip = True
            else:
                kept.append(a)
        cases.append(("hostile " + name, folder, kept))
    return cases


def run(pushlint, flags, cwd, argv, fmt, into):
    os.makedirs(into, exist_ok=True)
    with open(os.path.join(into, "stdout"), "wb") as o, open(os.path.join(into, "stderr"), "wb") as e:
        code = subprocess.run([pushlint, *argv, "-f", fmt, *flags], cwd=cwd, stdout=o, stderr=e,
                              stdin=subprocess.DEVNULL, env=dict(os.environ, NO_COLOR="1")).returncode
    with open(os.path.join(into, "status"), "w") as f:
        f.write(f"{code}\n")


def same(fmt, part, a, b):
    """Byte for byte; a JUnit report's `timestamp` attribute (the time of rendering) is left out."""
    if filecmp.cmp(a, b, shallow=False):
        return True
    if fmt != "junit" or part != "stdout":
        return False
    def read(path):
        with open(path, "rb") as f:
            return re.sub(rb'timestamp="[^"]*"', b'timestamp=""', f.read())
    return read(a) == read(b)


def slug(text):
    return "".join(c if c.isalnum() or c in "-." else "_" for c in text)


start = time.monotonic()
print(f"== generating the corpora into {corpus}", flush=True)
cases = [c for c in generate() if not args.corpus or any(t in c[0] for t in args.corpus)]
flags = {"base": rule_flags(base_pushlint), "head": rule_flags(head_pushlint)}
fmts = [f for f in formats(head_pushlint) if f in formats(base_pushlint)]
missing = sorted(set(formats(head_pushlint)) - set(fmts))
print(f"== {args.base_rev} against {args.head_rev}: {len(cases)} corpora x {len(fmts)} formats ({', '.join(fmts)})"
      + (f"; only the head has {', '.join(missing)}" if missing else ""), flush=True)
for side in ("base", "head"):
    if flags[side]:
        print(f"   {side} runs with {' '.join(flags[side])}")
if os.path.isdir(results):
    shutil.rmtree(results)
differ = identical = 0
for name, cwd, argv in cases:
    for fmt in fmts:
        where = os.path.join(results, slug(name), fmt)
        run(base_pushlint, flags["base"], cwd, argv, fmt, os.path.join(where, "base"))
        run(head_pushlint, flags["head"], cwd, argv, fmt, os.path.join(where, "head"))
        parts = [p for p in ("stdout", "stderr", "status")
                 if not same(fmt, p, os.path.join(where, "base", p), os.path.join(where, "head", p))]
        size = os.path.getsize(os.path.join(where, "head", "stdout"))
        if parts:
            differ += 1
            print(f"DIFFERS    {name:52s} {fmt:10s} {', '.join(parts)} ({where})", flush=True)
        else:
            identical += 1
            print(f"identical  {name:52s} {fmt:10s} {size:>11,} bytes", flush=True)
            shutil.rmtree(where)  # the big reports would fill the disk; what differs is kept
print(f"== {identical} identical, {differ} different, in {time.monotonic() - start:.0f} s")
sys.exit(1 if differ else 0)
PY
