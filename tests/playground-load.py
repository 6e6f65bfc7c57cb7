#!/usr/bin/env python3
"""Load test of `wendc playground` on loopback.

N clients (default 50) send requests for S seconds (default 30), mixing
valid programs (compile and run), programs with errors, huge requests and
programs that never end. Passes when:

- every valid request got 200, or 503 with Retry-After (the cap on
  concurrent compilations), never anything else and never a dropped
  connection; invalid programs got 200 with diagnostics; huge bodies 413;
  never-ending programs 200 with "stopped after ...";
- the server is alive and answers at the end;
- the server's own memory (RSS) stayed under --max-rss MiB (default 200),
  sampled every 100 ms, and its workers' together under --max-compiles
  times the worker limit;
- every worker was reaped: a few seconds after the last request the server
  has no child process, zombie or not.

Usage: tests/playground-load.py [--wendc target/debug/wendc] [--clients 50]
       [--seconds 30] [--max-compiles 4]
Exit status 0 on success, 1 on failure (with the reasons).
"""

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time

VALID = "main() {\n    int i;\n    int s;\n    while i < 100 {\n        s = s + i;\n        i = i + 1;\n    }\n    println s;\n}\n"
INVALID = "main() {\n    int x;\n    x = true;\n}\n"
FOREVER = "main() {\n    while true {\n    }\n}\n"
HUGE = " " * (300 * 1024)


def children(pid):
    """The pids of the processes `pid` started and has not reaped."""
    kids = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                kids += f.read().split()
        except OSError:
            pass
    return kids


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wendc", default="target/debug/wendc")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--max-compiles", type=int, default=4)
    parser.add_argument("--max-rss", type=float, default=200, help="MiB, the server alone")
    args = parser.parse_args()

    server = subprocess.Popen(
        [args.wendc, "playground", "--port", "0", "--max-compiles", str(args.max_compiles)],
        stdout=subprocess.PIPE,
        text=True,
    )
    failures = []
    try:
        line = server.stdout.readline()
        address = line.split("http://")[1].split("/")[0]
        host, port = address.rsplit(":", 1)
        counts = {}
        lock = threading.Lock()
        peak = {"server": 0.0, "workers": 0.0}
        stop = time.monotonic() + args.seconds

        def fail(message):
            with lock:
                if len(failures) < 20:
                    failures.append(message)

        def request(kind):
            if kind == "huge":
                body = HUGE.encode()
                path = "/api/compile"
            else:
                source = {"valid": VALID, "invalid": INVALID, "forever": FOREVER, "run": VALID}[kind]
                path = "/api/run" if kind in ("forever", "run") else "/api/compile"
                body = json.dumps({"source": source, "pipeline": {"level": random.choice([0, 1, 2])}}).encode()
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            try:
                connection.request("POST", path, body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                data = response.read()
                return response.status, response.getheader("Retry-After"), data
            finally:
                connection.close()

        def client(seed):
            rng = random.Random(seed)
            while time.monotonic() < stop:
                kind = rng.choice(["valid", "valid", "run", "invalid", "huge", "forever"])
                try:
                    status, retry, data = request(kind)
                except Exception as e:  # a dropped connection, a timeout
                    fail(f"{kind}: {e!r}")
                    continue
                with lock:
                    counts[(kind, status)] = counts.get((kind, status), 0) + 1
                if status == 503:
                    if retry is None:
                        fail(f"{kind}: 503 without Retry-After")
                    if kind == "huge":
                        fail("huge: 503 instead of 413")
                    time.sleep(rng.uniform(0.05, 0.3))
                    continue
                expected = 413 if kind == "huge" else 200
                if status != expected:
                    fail(f"{kind}: status {status}: {data[:200]!r}")
                    continue
                if kind == "huge":
                    continue
                reply = json.loads(data)
                if kind == "invalid" and (reply.get("ok") or not reply.get("diagnostics")):
                    fail(f"invalid: no diagnostics: {data[:200]!r}")
                if kind in ("valid", "run") and not reply.get("ok"):
                    fail(f"{kind}: not compiled: {data[:200]!r}")
                if kind == "run" and reply.get("stdout") != "4950\n":
                    fail(f"run: wrong output: {data[:200]!r}")
                if kind == "forever" and not (reply.get("stopped") or "").startswith("stopped after"):
                    fail(f"forever: not stopped: {data[:200]!r}")

        def sample():
            while time.monotonic() < stop + 1:
                peak["server"] = max(peak["server"], rss_mib(server.pid))
                peak["workers"] = max(peak["workers"], sum(rss_mib(int(k)) for k in children(server.pid)))
                time.sleep(0.1)

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        sampler = threading.Thread(target=sample)
        for t in threads + [sampler]:
            t.start()
        for t in threads + [sampler]:
            t.join()

        if server.poll() is not None:
            failures.append(f"the server died (status {server.returncode})")
        else:
            try:
                status, _, _ = request("valid")
                if status != 200:
                    failures.append(f"after the load, a valid request got {status}")
            except Exception as e:
                failures.append(f"after the load, the server does not answer: {e!r}")
            deadline = time.monotonic() + 15
            while children(server.pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            left = children(server.pid)
            if left:
                failures.append(f"processes not reaped after the load: {left}")
        if peak["server"] > args.max_rss:
            failures.append(f"the server's memory peaked at {peak['server']:.0f} MiB (bound {args.max_rss:.0f})")
        worker_bound = args.max_compiles * 1024
        if peak["workers"] > worker_bound:
            failures.append(f"the workers' memory peaked at {peak['workers']:.0f} MiB (bound {worker_bound})")
        valid = sum(n for (kind, status), n in counts.items() if kind in ("valid", "run") and status == 200)
        if valid == 0:
            failures.append("no valid request was admitted")
        summary = ", ".join(f"{kind} {status}: {n}" for (kind, status), n in sorted(counts.items()))
        print(f"playground load: {args.clients} clients, {args.seconds:g} s, --max-compiles {args.max_compiles}: {summary}")
        print(f"peak memory: server {peak['server']:.0f} MiB, workers together {peak['workers']:.0f} MiB")
    finally:
        server.terminate()
        server.wait()
    for failure in failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
