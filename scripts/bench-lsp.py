#!/usr/bin/env python3
"""Latency of `pushlint server`: the time from writing a textDocument/didChange of a 4 KB FCM payload to reading
the textDocument/publishDiagnostics for that version, as an editor sees it (pipes, framing, debounce, lint).
Standard library only.

    scripts/bench-lsp.py [--pushlint .build/release/pushlint] [--changes 300] [--bytes 4096]

Prints the median, 90th and 99th percentile and the largest, in milliseconds (BENCHMARKS.md, "Language server")."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def payload(size, count):
    """An FCM send request of about `size` bytes whose data has one number (a finding to publish)."""
    data = {"count": count}
    i = 0
    while True:
        text = json.dumps({"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "Order shipped", "body": "Your order is on its way."}, "android": {"priority": "HIGH", "notification": {"channel_id": "orders"}}, "data": data}}, indent=2)
        if len(text.encode()) >= size:
            return text
        data[f"field_{i:03d}"] = "value-%03d-abcdefghij" % i
        i += 1


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("bench-lsp: the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        body = b""
        while len(body) < length:
            body += self.process.stdout.read(length - len(body))
        return json.loads(body)

    def request(self, method, params):
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        self.next_id += 1
        while "result" not in (answer := self.read()) and "error" not in answer:
            pass
        return answer

    def diagnostics(self, uri, version):
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri and message["params"].get("version") == version:
                return message["params"]["diagnostics"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pushlint", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "pushlint"))
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--bytes", type=int, default=4096)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="pushlint-bench-lsp-")
    path = os.path.join(folder, "order.json")
    texts = [payload(options.bytes, 3), payload(options.bytes, 4)]
    open(path, "w").write(texts[0])
    uri = "file://" + path
    server = Server(options.pushlint)
    server.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": texts[0]}}})
    assert server.diagnostics(uri, 1), "the benchmark payload should have a finding"
    times = []
    for version in range(2, options.changes + 2):
        change = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": texts[version % 2]}]}}
        start = time.perf_counter()
        server.send(change)
        found = server.diagnostics(uri, version)
        times.append((time.perf_counter() - start) * 1000)
        assert found
    server.request("shutdown", None)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=10)
    times.sort()
    def pct(p):
        return times[min(len(times) - 1, int(len(times) * p))]
    print(f"{options.pushlint}: {len(times)} changes of a {len(texts[0].encode())}-byte FCM payload: change -> diagnostics "
          f"median {statistics.median(times):.2f} ms, p90 {pct(0.9):.2f} ms, p99 {pct(0.99):.2f} ms, max {times[-1]:.2f} ms")


if __name__ == "__main__":
    main()
