#!/usr/bin/env python3
"""Hostile input (issue 33): the contract, config, template and JSON Lines cases that crashed, hung or grew memory,
at their reproducers' sizes, each with a ceiling on wall time and peak RSS. Part of scripts/bench.py; also runs
alone: `python3 scripts/bench_hostile.py [--quick] [path/to/pushlint]` (a release build; exits 1 when a case passes
its ceiling or its exit code is not the expected one).

The inputs are generated here (the repository does not read the reproducers' folder): bench-out/hostile/<case>/.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "bench-out", "hostile")


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def prepare(quick=False):
    """Writes every case's folder; returns [(name, folder, args, ceiling seconds, ceiling MB, ok exit codes)]."""
    cases = []

    def case(name, files, args, seconds, mb, ok=(0, 1)):
        folder = os.path.join(OUT, name)
        for rel, text in files.items():
            path = os.path.join(folder, rel)
            if not os.path.exists(path):
                write(path, text, "wb" if isinstance(text, bytes) else "w")
        cases.append((name, folder, args, seconds, mb, ok))

    config = json.dumps({"contract": "c.json"})
    # C1: a variable's maximum past what the worst-case size sum holds.
    case("C1 maxBytes = Int.max", {".pushlint.json": config, "c.json": '{"variables": {"title": {"maxBytes": 9223372036854775807}}}',
                                    "t.json.tmpl": '{"aps":{"alert":"{{title}}"}}'}, ["lint", "t.json.tmpl"], 1, 64)
    case("C1 maxLength = 2^61", {".pushlint.json": config, "c.json": '{"variables": {"title": {"maxLength": 2305843009213693952}}}',
                                  "plain.json": '{"aps":{"alert":{"title":"{{title}}"}}}'}, ["lint", "plain.json"], 1, 64)
    # C2: truncate bounds at 2^62 and Int.max (Jinja adds 5).
    c2 = {".pushlint.json": config, "c.json": '{"variables": {"other": {"maxLength": 1}}}',
          "t.json.j2": '{"aps":{"alert":"{{ title | truncate(9223372036854775807) }}"}}',
          "t.json.liquid": '{"aps":{"alert":"{{ title | truncate: 4611686018427387904 }}"}}'}
    case("C2 truncate(Int.max), Jinja", c2, ["lint", "t.json.j2"], 1, 64)
    case("C2 truncate: 2^62, Liquid", c2, ["lint", "t.json.liquid"], 1, 64)
    # C3: a 30 000-character value against ^[0-9]+$ (the old matcher recursed per character).
    long_value = json.dumps({"message": {"token": "t", "data": {"order_id": "1" * 30000}}})
    ok_line = json.dumps({"message": {"token": "t", "data": {"order_id": "48213"}}})
    c3 = {".pushlint.json": config,
          "c.json": json.dumps({"events": {"e": {"files": ["*.json", "*.jsonl"], "urgency": "transactional",
                                                  "fields": {"order_id": {"type": "string", "pattern": "^[0-9]+$"}}}}}),
          "p.json": long_value + "\n", "sent.jsonl": "\n".join([ok_line, long_value, ok_line]) + "\n"}
    case("C3 30 000-char value, ^[0-9]+$", c3, ["lint", "p.json"], 1, 64)
    case("C3 the same in a JSON Lines log", c3, ["lint", "sent.jsonl"], 1, 64)
    # C4: 2000 values a naive slug pattern backtracked on for ~28 ms each (and then passed).
    c4 = {".pushlint.json": config,
          "c.json": json.dumps({"events": {"e": {"files": ["*.jsonl"], "urgency": "transactional",
                                                  "fields": {"campaign": {"type": "string", "pattern": "^([a-z0-9]+-?)+$"}}}}}),
          "slug.jsonl": "".join(json.dumps({"message": {"token": "t", "data": {"campaign": "summer-sale-2026-week-%d-weekend_" % i}}}) + "\n"
                                for i in range(2000))}
    case("C4 2 000 slug values, ^([a-z0-9]+-?)+$", c4, ["lint", "slug.jsonl", "-f", "json"], 2, 64)
    # C5: an enum of 20 000 values and 1 000 lines that break it.
    values, lines = 20000, 1000
    c5 = {".pushlint.json": config,
          "c.json": json.dumps({"events": {"e": {"files": ["*.jsonl"], "urgency": "transactional",
                                                  "fields": {"k": {"type": "string", "enum": ["v%d" % i for i in range(values)]}}}}}),
          "sent.jsonl": "".join(json.dumps({"message": {"token": "t", "data": {"k": "zz%d" % i}}}) + "\n" for i in range(lines))}
    case("C5 enum of 20 000 values x 1 000 lines", c5, ["lint", "sent.jsonl", "-f", "json"], 2, 96)
    # C6: 6 stars on a 200-character name; 5 '**' against a path 100 folders deep.
    case("C6 6 stars, 200-char name", {".pushlint.json": json.dumps({"exclude": ["*a*a*a*a*a*a*b.json"]}),
                                       "a" * 200 + ".json": '{"aps":{"alert":"x"}}'}, ["lint", ".", "-f", "json"], 1, 64)
    deep = "/".join(["a"] * 100) + "/x.json"
    case("C6 5 '**', 100 folders deep", {".pushlint.json": json.dumps({"exclude": ["**/a/**/a/**/a/**/a/**/a/**/b.json"]}),
                                          deep: '{"aps":{"alert":"x"}}'}, ["lint", ".", "-f", "json"], 1, 64)
    # C7: a ratio outside 0..1 is a configuration error (exit 2), not a trap.
    case("C7 headroom ratio 1e19", {".pushlint.json": '{"options": {"payload-size-headroom": {"ratio": 1e19}}}',
                                    "a.json": '{"aps":{"alert":"x"}}'}, ["lint", "a.json"], 1, 64, ok=(2,))
    # T1: 30 nested empty loops in three dialects.
    for ext, open_tag, close_tag in (("hbs", "{{#each xs}}", "{{/each}}"), ("liquid", "{% for x in xs %}", "{% endfor %}"),
                                     ("gotmpl", "{{range .Xs}}", "{{end}}")):
        case("T1 30 nested empty loops, ." + ext, {"nest.json." + ext: '{"aps":{"alert":"x"}}' + open_tag * 30 + close_tag * 30},
             ["lint", "nest.json." + ext, "-f", "json"], 1, 64)
    # T2: three nested loops over maxItems 1000.
    case("T2 3 nested loops, maxItems 1000", {".pushlint.json": config, "c.json": '{"variables": {"xs": {"maxItems": 1000}}}',
                                              "t.json.hbs": '{"aps":{"alert":"x"}}{{#each xs}}{{#each xs}}{{#each xs}}{{/each}}{{/each}}{{/each}}'},
         ["lint", "t.json.hbs", "-f", "json"], 1, 64)
    # T3: 40 000 trailing commas in a template (789 KB).
    n = 40000
    tco = '{"aps":{"alert":"x"},' + ",".join('"k%d":{"a":[1,]}' % i for i in range(n)) + "}"
    case("T3 40 000 trailing commas", {"tco.json.hbs": "{{#if x}}{{/if}}" + tco}, ["lint", "tco.json.hbs", "-f", "json"], 2, 256)
    # T4: a 7.5 MB template with 8 conditions (256 different renderings): under a second, and at most 128 MB (about
    # 17x the template; 0.13 s CPU and 71 MB measured: the process, the file and a 32-byte piece per tag).
    conds = "".join("{{#if c%d}}x{{/if}}" % i for i in range(8))
    size = 150000 if quick else 1500000
    case("T4 %.2g MB template, 8 conditions" % (size * 5 / 1e6), {"big.json.hbs": '{"aps":{"alert":"' + conds + "{{a}}" * size + '"}}'},
         ["lint", "big.json.hbs", "-f", "json", "-j1"], 1, 128)
    # J1: 250 MB of FCM messages, each with its own collapse key (summaries grew with the log).
    j1_name = "J1 %d MB log, a collapse key per message" % ((25_000_000 if quick else 250_000_000) // 1_000_000)
    j1 = os.path.join(OUT, j1_name, "sent.jsonl")
    total = 25_000_000 if quick else 250_000_000
    if not os.path.exists(j1) or os.path.getsize(j1) < total:
        os.makedirs(os.path.dirname(j1), exist_ok=True)
        pad = "x" * 600
        with open(j1, "w") as f:
            written, i = 0, 0
            while written < total:
                chunk = []
                for _ in range(1000):
                    i += 1
                    chunk.append('{"message":{"token":"t0k3n","notification":{"title":"Your order shipped","body":"Order %d %s"},'
                                 '"data":{"type":"order_shipped","order_id":"%d"},"android":{"priority":"HIGH","collapse_key":"order-%d",'
                                 '"notification":{"channel_id":"orders"}}}}\n' % (i, pad, i, i))
                text = "".join(chunk)
                f.write(text)
                written += len(text)
    case(j1_name, {}, ["lint", "sent.jsonl", "-f", "json", "-o", "/dev/null"],
         4 if quick else 30, 64)
    # J2: a bare CR inside a line (JSON whitespace).
    case("J2 bare CR inside a line", {"crmid.jsonl": b'{"aps":{"alert":"a"}}\n{"message":{"token":"t",\r"data":{"n":3}}}\n{"aps":{"alert":"b"}}\n'},
         ["lint", "crmid.jsonl", "-f", "concise"], 1, 64)
    return cases


def run_all(measure, pushlint, quick=False):
    """Measures every case with bench.py's `measure`; returns [(name, result, seconds, mb)] and the failures."""
    rows, failures = [], []
    for name, folder, args, seconds, mb, ok in prepare(quick):
        result = measure(name, [pushlint] + args, runs=1 if quick else 3, ok=ok, cwd=folder)
        rows.append((name, result, seconds, mb))
        if result["median"] > seconds or result["rss"] > mb:
            failures.append(f"{name}: {result['median']:.2f} s, {result['rss']:.0f} MB (ceiling {seconds} s, {mb} MB)")
    return rows, failures


def section(rows):
    lines = ["", "## Hostile input (issue 33): ceilings", "",
             "Each case of `scripts/bench_hostile.py` at its reproducer's size; the run fails when one passes its ceiling.", "",
             "| case | wall (median) | peak RSS | ceiling |", "|---|---|---|---|"]
    for name, x, seconds, mb in rows:
        lines.append(f"| {name} | {x['median']*1000:.0f} ms | {x['rss']:.0f} MB | {seconds} s, {mb} MB |")
    return lines


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench  # noqa: E402  (the measuring helpers)

    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    binary = args[0] if args else bench.PUSHLINT
    rows, failures = run_all(bench.measure, os.path.abspath(binary), quick="--quick" in sys.argv)
    print("\n".join(section(rows)))
    if failures:
        print("over the ceiling:\n  " + "\n  ".join(failures), file=sys.stderr)
        sys.exit(1)
