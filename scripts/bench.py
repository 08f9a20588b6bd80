#!/usr/bin/env python3
"""pushlint benchmark (issue 8): builds nothing, measures everything, writes BENCHMARKS.md.

Run through scripts/bench.sh, which builds the release binaries and installs the anchors. Every timing is the
median of several runs after a warm-up; peak RSS comes from wait4(2) of each child.
"""
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench-out")
CORPUS = os.path.join(OUT, "corpus")
BIN = os.path.join(ROOT, ".build", "release")
PUSHLINT = os.path.join(BIN, "pushlint")
BENCH = os.path.join(BIN, "pushlint-bench")
VENV = os.path.join(OUT, "venv")
QUICK = "--quick" in sys.argv


# Runs the command it is given and reports its wall time, peak RSS (KiB) and exit code on stderr. A child's peak RSS
# from wait4 is at least its parent's RSS when it was spawned (the kernel keeps the larger of the RSS before and
# after exec), and this script holds corpora and results: measured straight from here, `--version` read 24 MB and
# every run after the 200 MB file was made read 450 MB. Spawned by this small process, a command's floor is its own.
SPAWN_AND_WAIT = (
    "import os, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "child = subprocess.Popen(sys.argv[1:], stderr=subprocess.DEVNULL)\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "sys.stderr.write(f'{time.perf_counter() - start} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}')\n"
)


def run(cmd, stdin=None, cwd=None):
    """Runs cmd once; returns (wall seconds, peak RSS in MB (10^6 bytes, like file sizes), exit code, stdout)."""
    proc = subprocess.Popen([sys.executable, "-c", SPAWN_AND_WAIT] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, cwd=cwd)
    if stdin:
        proc.stdin.write(stdin)
        proc.stdin.close()
    out = proc.stdout.read()
    report = proc.stderr.read().decode().split()
    proc.wait()
    wall, maxrss_kib, code = float(report[0]), int(report[1]), int(report[2])
    return wall, maxrss_kib * 1024 / 1e6, code, out


def measure(name, cmd, runs=5, ok=(0, 1), cwd=None):
    run(cmd, cwd=cwd)  # warm-up (page cache, dynamic loader)
    walls, rss = [], 0.0
    for _ in range(1 if QUICK else runs):
        wall, peak, code, _ = run(cmd, cwd=cwd)
        if code not in ok:
            raise SystemExit(f"{name}: exit code {code}: {' '.join(cmd[:6])}")
        walls.append(wall)
        rss = max(rss, peak)
    result = {"name": name, "median": statistics.median(walls), "min": min(walls), "runs": len(walls), "rss": rss}
    print(f"  {name:58s} {result['median']*1000:9.1f} ms  (min {result['min']*1000:.1f})  rss {rss:6.1f} MB", flush=True)
    return result


def files_under(folder, suffix):
    result = []
    for base, _, names in os.walk(folder):
        result += [os.path.join(base, n) for n in names if n.endswith(suffix)]
    return sorted(result)


def rule_timing(cmd, runs=5):
    """The --timing table of a command: [(name, milliseconds, percent)], each entry's fastest of `runs` runs (a
    preempted thread inflates whichever rule it was in), shares of the sum of those."""
    best = {}
    for _ in range(1 if QUICK else runs):
        out = subprocess.run(cmd, capture_output=True, text=True).stderr
        for line in out.splitlines():
            parts = [p.strip() for p in line.split("|")]
            if len(parts) == 3 and parts[2].endswith("%") and parts[0] not in ("total", "Rule"):
                best[parts[0]] = min(best.get(parts[0], float("inf")), float(parts[1]))
    total = sum(best.values()) or 1
    return sorted(((n, ms, ms * 100 / total) for n, ms in best.items()), key=lambda r: -r[1])


def perf_rule_shares(cmd):
    """Each rule's share of the whole run's CPU by perf's samples: its `check` and everything that calls, the measure
    of the 63% that issue 20 started from. {rule id without dashes: percent}, or None without a usable perf."""
    if not shutil.which("perf"):
        return None
    data = os.path.join(OUT, "perf.data")
    recorded = subprocess.run(["perf", "record", "-q", "-F", "4000", "-g", "-o", data, "--"] + cmd, capture_output=True)
    if not os.path.exists(data) or recorded.returncode not in (0, 1):
        return None
    report = subprocess.run(["perf", "report", "-i", data, "--children", "--stdio", "-g", "none"],
                            capture_output=True, text=True).stdout
    os.remove(data)
    shares = {}
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+[\d.]+%.*\[\.\]\s+\$s13PushLintRules(\d+)(\w+)", line)
        if not match:
            continue
        length, rest = int(match.group(2)), match.group(3)
        name, after = rest[:length], rest[length:]
        if after.startswith("V5check"):
            key = name.lower()
            shares[key] = max(shares.get(key, 0.0), float(match.group(1)))
    return shares


def callgrind_instructions(args):
    if not shutil.which("valgrind"):
        return None
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + args, capture_output=True, text=True)
    match = re.search(r"refs:\s+([\d,]+)", out.stderr)
    return int(match.group(1).replace(",", "")) if match else None


def machine():
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return f"{cpu}, {os.cpu_count()} cores, {mem:.0f} GiB, {platform.system()} {platform.release()}, {swift}"


def main():
    os.makedirs(OUT, exist_ok=True)
    if not os.path.isdir(CORPUS):
        subprocess.run([BENCH, "generate", CORPUS], check=True)
    templates = os.path.join(CORPUS, "templates")
    varied = os.path.join(CORPUS, "varied")
    large = os.path.join(CORPUS, "large-50mb.json")
    mid = os.path.join(CORPUS, "mid-5mb.json")
    all_files = files_under(templates, "")
    json_dirs = [os.path.join(templates, d) for d in ("ios", "android", "expo")]
    json_files = [f for d in json_dirs for f in files_under(d, ".json")]
    corpus_mb = sum(os.path.getsize(f) for f in all_files) / 1e6
    json_mb = sum(os.path.getsize(f) for f in json_files) / 1e6
    large_mb = os.path.getsize(large) / 1e6
    results = {}

    print("parse only, one thread")
    r = measure("pushlint-bench parse 50 MB (x3 in one process)", [BENCH, "parse", large, "3"], runs=3)
    out = subprocess.run([BENCH, "parse", large, "5"], capture_output=True, text=True).stdout
    results["parse_mbps"] = float(re.search(r"([\d.]+) MB/s", out).group(1))
    out = subprocess.run([BENCH, "parse-foundation", large, "1"], capture_output=True, text=True).stdout
    results["foundation_mbps"] = float(re.search(r"([\d.]+) MB/s", out).group(1))
    print(f"  pushlint parser {results['parse_mbps']:.0f} MB/s, JSONSerialization {results['foundation_mbps']:.1f} MB/s")
    one = callgrind_instructions([BENCH, "parse", mid, "1"])
    three = callgrind_instructions([BENCH, "parse", mid, "3"])
    if one and three:
        results["instructions_per_byte"] = (three - one) / 2 / os.path.getsize(mid)
        results["instructions_parse_5mb"] = (three - one) // 2
        print(f"  callgrind: {results['instructions_parse_5mb']:,} instructions per parse of 5 MB, {results['instructions_per_byte']:.1f} per byte")

    # Whole lints counted too: wall times on a shared 2-core machine wander, instruction counts do not.
    results["instructions_e2e_5mb"] = callgrind_instructions([PUSHLINT, "lint", mid, "-j", "1", "-f", "json", "-o", "/dev/null"])
    results["instructions_e2e_files"] = callgrind_instructions([PUSHLINT, "lint", templates, "-j", "1", "-f", "json", "-o", "/dev/null"])
    if results["instructions_e2e_5mb"] and results["instructions_e2e_files"]:
        print(f"  callgrind, whole lint (--jobs 1): 5 MB batch {results['instructions_e2e_5mb']:,}, {len(all_files)} files {results['instructions_e2e_files']:,}")

    print("end to end")
    big = 100_000_000
    results["large_e2e"] = measure("pushlint lint 50 MB file (all rules, JSON report)", [PUSHLINT, "lint", large, f"--max-file-bytes={big}", "-f", "json", "-o", "/dev/null"], runs=9)
    results["files_json"] = measure("pushlint lint 10 000 files (JSON report to a file)", [PUSHLINT, "lint", templates, "-f", "json", "-o", os.path.join(OUT, "report.json")], runs=15)
    results["files_text"] = measure("pushlint lint 10 000 files (text report)", [PUSHLINT, "lint", templates], runs=15)
    results["files_one_job"] = measure("pushlint lint 10 000 files, --jobs 1", [PUSHLINT, "lint", templates, "-j", "1", "-f", "json", "-o", "/dev/null"], runs=5)
    results["varied_json"] = measure("pushlint lint 10 000 varied files (JSON report to a file)", [PUSHLINT, "lint", varied, "-f", "json", "-o", os.path.join(OUT, "report-varied.json")], runs=15)
    results["varied_mb"] = sum(os.path.getsize(f) for f in files_under(varied, "")) / 1e6
    results["instructions_e2e_varied"] = callgrind_instructions([PUSHLINT, "lint", varied, "-j", "1", "-f", "json", "-o", "/dev/null"])

    print("per-rule cost (--timing=all and perf, --jobs 1)")
    # A log long enough for perf's samples to settle (a 5 MB one runs for 70 ms: a few hundred samples).
    log = os.path.join(CORPUS, "log-100mb.jsonl")
    if not os.path.exists(log):
        subprocess.run([BENCH, "jsonl", log, "100000000"], check=True)
    per_rule = (("templates", templates), ("varied", varied), ("5 MB batch", mid), ("JSON Lines 100 MB", log))
    results["timing"] = {name: rule_timing([PUSHLINT, "lint", path, "-j", "1", f"--max-file-bytes={big}", "-f", "json", "-o", "/dev/null", "--timing=all"])
                         for name, path in per_rule}
    shares = {name: perf_rule_shares([PUSHLINT, "lint", path, "-j", "1", f"--max-file-bytes={big}", "-f", "json", "-o", "/dev/null"])
              for name, path in per_rule}
    if all(v is not None for v in shares.values()):
        results["perf_shares"] = shares

    jsonl_size = int(os.environ.get("PUSHLINT_BENCH_JSONL_BYTES", str(1_100_000_000)))
    if jsonl_size > 0:
        print(f"JSON Lines, {jsonl_size / 1e9:.1f} GB sent-message log (generated in /tmp, deleted after)")
        log = os.path.join("/tmp", "pushlint-bench-sent.jsonl")
        subprocess.run([BENCH, "jsonl", log, str(jsonl_size)], check=True)
        try:
            size = os.path.getsize(log)
            r = measure("pushlint lint sent.jsonl (all rules, JSON report)", [PUSHLINT, "lint", log, "-f", "json", "-o", "/dev/null"], runs=1 if QUICK else 3)
            results["jsonl"] = dict(r, mb=size / 1e6, mbps=size / 1e6 / r["median"])
            print(f"  {size / 1e6:.0f} MB: {results['jsonl']['mbps']:.0f} MB/s, rss {r['rss']:.0f} MB")
        finally:
            os.remove(log)

    print(f"anchors on the {len(json_files)} .json files ({json_mb:.1f} MB)")
    results["subset_pushlint"] = measure("pushlint (all rules, JSON report)", [PUSHLINT, "lint"] + json_dirs + ["-f", "json", "-o", "/dev/null"], runs=7)
    if shutil.which("jq"):
        results["subset_jq"] = measure("jq (parse only)", ["jq", "-c", "empty"] + json_files, runs=3)
    results["subset_python"] = measure("python json (parse only)", [sys.executable, "-c", "import json,sys\nfor f in sys.argv[1:]: json.load(open(f, 'rb'))"] + json_files, runs=3)
    checker = os.path.join(VENV, "bin", "check-jsonschema")
    schema = os.path.join(ROOT, "scripts", "bench", "payload.schema.json")
    if os.path.exists(checker):
        results["subset_cjs"] = measure("check-jsonschema (FCM/APNs/Expo schema)", [checker, "--schemafile", schema] + json_files, runs=3)
        results["cjs_start"] = measure("check-jsonschema --version (start-up)", [checker, "--version"], runs=5)

    print("app scan (issue 23)")
    app_tree = os.path.join(OUT, "app-tree-5000")
    if not os.path.isdir(app_tree):
        subprocess.run([BENCH, "app-tree", app_tree, "5000"], check=True)
    results["app_tree_mb"] = sum(os.path.getsize(f) for f in files_under(app_tree, "")) / 1e6
    results["app_scan"] = measure("pushlint app scan, 5 000-file app tree (JSON)", [PUSHLINT, "app", "scan", app_tree, "-f", "json"], runs=9, ok=(0,))
    # Issue 30: the same mix with strings in five and six locales, .stringsdict, .xcstrings, sounds, drawables,
    # mipmaps, colours, URL types, associated domains, intent filters and ActivityAttributes.
    resource_tree = os.path.join(OUT, "app-tree-resources-5000")
    if not os.path.isdir(resource_tree):
        subprocess.run([BENCH, "app-tree-resources", resource_tree, "5000"], check=True)
    results["app_resources_mb"] = sum(os.path.getsize(f) for f in files_under(resource_tree, "")) / 1e6
    results["app_scan_resources"] = measure("pushlint app scan, 5 000-file tree with resources (JSON)", [PUSHLINT, "app", "scan", resource_tree, "-f", "json"], runs=9, ok=(0,))

    print("start-up")
    small = os.path.join(ROOT, "testdata", "fixtures", "apns", "clean", "bare-body.json")
    results["start_version"] = measure("pushlint --version", [PUSHLINT, "--version"], runs=31)
    results["start_one"] = measure("pushlint lint one small file", [PUSHLINT, "lint", small], runs=31)

    print("memory")
    huge = os.path.join(OUT, "huge-200mb.json")
    many = os.path.join(OUT, "many-100k")
    if not os.path.exists(huge):
        # Written piece by piece, and the 50 MB body let go before anything is measured: a child's peak RSS from
        # wait4 is at least this process's RSS when it was spawned (the kernel keeps the larger of the RSS before
        # and after exec), so a 200 MB string held here made every later measurement read 450 MB and more.
        with open(large, "rb") as f:
            body = f.read().strip()[1:-1]
        with open(huge, "wb") as f:
            f.write(b"[")
            for k in range(4):
                if k:
                    f.write(b",")
                f.write(body)
            f.write(b"]")
        del body
    if not os.path.isdir(many):
        for i in range(100_000):
            d = os.path.join(many, f"{i // 1000:03d}")
            if i % 1000 == 0:
                os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, f"{i}.json"), "w") as f:
                f.write('{"aps": {"alert": "Order %d shipped", "badge": 1}, "order_id": "%d"}' % (i, i))
    results["huge"] = measure("pushlint lint 200 MB file", [PUSHLINT, "lint", huge, "--max-file-bytes=300000000", "-f", "json", "-o", "/dev/null"], runs=1)
    results["many"] = measure("pushlint lint 100 000 small files", [PUSHLINT, "lint", many, "-f", "json", "-o", "/dev/null"], runs=1)

    print("hostile input (issue 33)")
    import bench_hostile
    results["hostile"], hostile_failures = bench_hostile.run_all(measure, PUSHLINT, QUICK)

    write_report(results, len(all_files), corpus_mb, len(json_files), json_mb, large_mb)
    if hostile_failures:
        raise SystemExit("hostile input over its ceiling:\n  " + "\n  ".join(hostile_failures))


HAND_WRITTEN_SECTIONS = ["\n## Templates with control flow", "\n## Language server", "\n## Performance notes"]


def per_rule_section(r):
    """The per-rule tables of the report (`--timing` and, where perf ran, perf's shares)."""
    lines = []
    corpora = list(r["timing"].keys())
    shares = {c: {name: pct for name, _, pct in rows} for c, rows in r["timing"].items()}
    names = sorted({n for rows in shares.values() for n in rows}, key=lambda n: -max(s.get(n, 0) for s in shares.values()))
    def cell(v, n):
        return "" if v is None else (f"**{v:.1f}%**" if v > 15 and not n.startswith("(") else f"{v:.1f}%")
    lines += ["", "## Per-rule cost", "",
              "Target: no rule above 15% of the lint's CPU on any corpus (marked **bold** where one is), in two measures.", ""]
    if "perf_shares" in r:
        perf = r["perf_shares"]
        lines += ["### Share of the whole run's CPU (perf)", "",
                  "`perf record -g` of `pushlint lint CORPUS --jobs 1 -f json`: the samples in each rule's `check` and what it calls,",
                  "of all the run's samples (reading, walking, parsing, the model, the rules, locating findings, the report): the",
                  "measure of the 63% issue 20 started from.", "",
                  "| rule | " + " | ".join(corpora) + " |", "|---|" + "---:|" * len(corpora)]
        rules = [n for n in names if not n.startswith("(")]
        rules.sort(key=lambda n: -max(perf[c].get(n.replace("-", ""), 0) for c in corpora))
        for n in rules[:12]:
            lines.append(f"| {n} | " + " | ".join(cell(perf[c].get(n.replace("-", "")), n) for c in corpora) + " |")
        lines.append("")
    lines += ["### Share of the timed stages (`--timing`)", "",
              "`pushlint lint CORPUS --jobs 1 --timing=all`: each rule's time, the parse and the payload model (the work before",
              "the rules) as a share of their sum, which leaves out reading, walking, locating findings and the report.", "",
              "| rule | " + " | ".join(corpora) + " |", "|---|" + "---:|" * len(corpora)]
    for n in names[:20]:
        lines.append(f"| {n} | " + " | ".join(cell(shares[c].get(n), n) for c in corpora) + " |")
    return lines


def write_report(r, nfiles, corpus_mb, njson, json_mb, large_mb):
    def ms(x):
        # The median, and the fastest run: on a shared VM the spread is wide, the fastest is what the code can do.
        if x["runs"] > 1:
            return f"{x['median']*1000:.1f} ms (fastest {x['min']*1000:.1f})"
        return f"{x['median']*1000:.1f} ms"

    fps = nfiles / r["files_json"]["median"]
    rows = [
        ("parse only, one thread, 50 MB file", f"{r['parse_mbps']:.0f} MB/s ({r['parse_mbps']/r['foundation_mbps']:.0f}x JSONSerialization's {r['foundation_mbps']:.1f} MB/s); {r.get('instructions_per_byte', 0):.1f} instructions/byte", ">= 400 MB/s (>= 14x), <= 25 instructions/byte"),
        ("50 MB file end to end (all rules)", f"{ms(r['large_e2e'])}, peak RSS {r['large_e2e']['rss']:.0f} MB ({r['large_e2e']['rss']/large_mb:.2f}x the file)", "<= 0.5 s, RSS <= 3x the file"),
        (f"{nfiles} files end to end (JSON report to a file)", f"{ms(r['files_json'])} = {fps:,.0f} files/s; text report {ms(r['files_text'])}; --jobs 1 {ms(r['files_one_job'])}", ">= 40 000 files/s (<= 0.25 s)"),
        (f"{nfiles} varied files end to end (JSON report to a file; {r['varied_mb']:.1f} MB)", f"{ms(r['varied_json'])} = {nfiles / r['varied_json']['median']:,.0f} files/s", ">= 40 000 files/s (<= 0.25 s)"),
        (f"app scan, 5 000-file app tree ({r['app_tree_mb']:.1f} MB: Kotlin, Java, Swift, Objective-C, TS, Dart, XML, plists)", ms(r["app_scan"]), "< 1 s (issue 23)"),
        (f"app scan, 5 000-file tree with strings, sounds, icons, links, Live Activities ({r['app_resources_mb']:.1f} MB)", ms(r["app_scan_resources"]), "< 1 s (issue 30)"),
        ("start-up: --version / lint one small file", f"{ms(r['start_version'])} / {ms(r['start_one'])}", "<= 5 ms / <= 10 ms"),
        (f"memory, {nfiles} files", f"peak RSS {r['files_json']['rss']:.0f} MB", "<= 64 MB"),
        ("memory, 200 MB file / 100 000 small files", f"{r['huge']['rss']:.0f} MB ({ms(r['huge'])}) / {r['many']['rss']:.0f} MB ({ms(r['many'])})", "< 256 MB each (issue 9)"),
    ]
    anchors = [("pushlint, all rules, JSON report", r["subset_pushlint"])]
    if "subset_jq" in r:
        anchors.append(("jq, parse only", r["subset_jq"]))
    anchors.append(("python json, parse only", r["subset_python"]))
    if "subset_cjs" in r:
        anchors.append(("check-jsonschema, FCM/APNs/Expo schema", r["subset_cjs"]))
    base = r["subset_pushlint"]["median"]
    lines = [
        "# Benchmarks",
        "",
        "Generated by `scripts/bench.sh` (release build, `--static-swift-stdlib`); medians of several runs after a",
        "warm-up, peak RSS from wait4(2). Corpora are generated deterministically by `pushlint-bench generate`:",
        f"{nfiles} templates over every kind ({corpus_mb:.1f} MB, 200 B - 6 KB, unicode, placeholders, some defects),",
        f"{nfiles} varied messages ({r['varied_mb']:.1f} MB: order numbers, timestamps, prices, long ids, phone- and card-like numbers,",
        "URLs, e-mail addresses, long texts, emoji, right-to-left text),",
        f"a {large_mb:.0f} MB JSON array and a 5 MB file. On a shared 2-core VM wall times vary by up to a quarter",
        "from run to run (the anchors' too); the callgrind instruction counts at the end do not.",
        "",
        f"Machine: {machine()}.",
        f"Run: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
        "| what | measured | target |",
        "|---|---|---|",
    ]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    lines += [
        "",
        f"## Side by side: the {njson} `.json` templates ({json_mb:.1f} MB)",
        "",
        "Same files for every tool (template files are left out: the anchors cannot read placeholders).",
        "",
        "| tool | wall (median) | files/s | MB/s | peak RSS | pushlint is faster by |",
        "|---|---|---|---|---|---|",
    ]
    for name, x in anchors:
        lines.append(f"| {name} | {x['median']*1000:.1f} ms | {njson/x['median']:,.0f} | {json_mb/x['median']:.1f} | {x['rss']:.0f} MB | {x['median']/base:.1f}x |")
    if "cjs_start" in r:
        lines += ["", f"check-jsonschema needs {ms(r['cjs_start'])} just to start (`--version`); pushlint {ms(r['start_version'])}."]
    if "instructions_parse_5mb" in r:
        lines += ["", f"Regression guard: callgrind counts {r['instructions_parse_5mb']:,} instructions for one parse of the 5 MB file",
                  f"({r['instructions_per_byte']:.1f} per byte); instruction counts do not depend on machine load."]
    if r.get("instructions_e2e_5mb") and r.get("instructions_e2e_files"):
        lines += [f"Whole lints (`--jobs 1`, JSON report): {r['instructions_e2e_5mb']:,} instructions for the 5 MB batch "
                  f"({r['instructions_e2e_5mb'] / 5e6:.0f} per byte), {r['instructions_e2e_files']:,} for the {nfiles} files "
                  f"({r['instructions_e2e_files'] / nfiles:,.0f} per file)."]
    if r.get("instructions_e2e_varied"):
        lines += [f"The 10000 varied files: {r['instructions_e2e_varied']:,} instructions ({r['instructions_e2e_varied'] / nfiles:,.0f} per file)."]
    if "jsonl" in r:
        j = r["jsonl"]
        lines += ["", "## JSON Lines: a sent-message log", "",
                  f"{j['mb']:.0f} MB of varied messages, one per line, all rules, JSON report: {ms(j)} = {j['mbps']:.0f} MB/s, "
                  f"peak RSS {j['rss']:.0f} MB (target: >= 100 MB/s, RSS <= 256 MB)."]
    if "hostile" in r:
        import bench_hostile
        lines += bench_hostile.section(r["hostile"])
    if "timing" in r:
        lines += per_rule_section(r)
    # Sections written or measured by hand (templates with control flow, the language server, performance notes)
    # are kept as they are: everything from the first of their headings on.
    path = os.path.join(ROOT, "BENCHMARKS.md")
    kept = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            previous = f.read()
        starts = [previous.find(marker) for marker in HAND_WRITTEN_SECTIONS]
        starts = [start for start in starts if start >= 0]
        if starts:
            kept = previous[min(starts):]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n" + kept)
    print("wrote BENCHMARKS.md")


if __name__ == "__main__":
    main()
