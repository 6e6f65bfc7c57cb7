"""How fast `wendc lsp` answers on a large file: the `lsp` section of
bench/run.py, and a command of its own (`python3 bench/lsp_latency.py
--wendc target/release/wendc`).

It starts `wendc lsp --time-requests`, opens the 10 000-line program of
tests/lsp/large_program.py and, round after round, does what an editor
does while a student types: an edit of one line (sent as the changed range,
as editors do), then a hover, a go to definition into the enclosing
function, references, the document's symbols, semantic tokens and
formatting. Each message's latency is the server's own measure (from
reading the message to handing its answer to the writer, which
`--time-requests` prints on stderr), so the client's overhead is not in
it; the round trip the client saw is given beside it."""

import argparse
import dataclasses
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "lsp"))
import large_program  # noqa: E402

URI = "file:///bench/large.wend"

# The requests of a round, in order, and how the tables name them.
OPERATIONS = [
    ("textDocument/didChange", "edit (one line, incremental)"),
    ("textDocument/hover", "hover"),
    ("textDocument/definition", "go to definition"),
    ("textDocument/references", "find references"),
    ("textDocument/documentSymbol", "document symbols"),
    ("textDocument/semanticTokens/full", "semantic tokens"),
    ("textDocument/formatting", "formatting"),
]


class Server:
    """`wendc lsp --time-requests` on pipes, spoken to in JSON-RPC."""

    def __init__(self, wendc):
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen([str(wendc), "lsp", "--time-requests"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.log)
        self.next_id = 0

    def send(self, payload):
        body = json.dumps(payload).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("wendc lsp closed its output")
            if line == b"\r\n":
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        """Sends a request; returns its result and the round trip in ms.
        Notifications sent meanwhile (diagnostics) are skipped."""
        self.next_id += 1
        started = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                elapsed = (time.perf_counter() - started) * 1000
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']['message']}")
                return message.get("result"), elapsed

    def notify_and_wait(self, method, params, until):
        """Sends a notification; returns the round trip in ms to the first
        notification named `until` that the server sends back."""
        started = time.perf_counter()
        self.send({"jsonrpc": "2.0", "method": method, "params": params})
        while self.receive().get("method") != until:
            pass
        return (time.perf_counter() - started) * 1000

    def close(self):
        """Shuts the server down; returns its per-method times in ms."""
        self.request("shutdown", None)
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.process.stdin.close()
        status = self.process.wait(timeout=30)
        self.log.seek(0)
        text = self.log.read().decode()
        if status != 0:
            raise RuntimeError(f"wendc lsp exited with status {status}: {text}")
        return parse_times(text)


TIME_LINE = re.compile(r"^wendc lsp: (\S+) took ([0-9.]+) ms \(cpu ([0-9.]+) ms\)$",
                       re.MULTILINE)


def parse_times(stderr):
    """`wendc lsp: METHOD took MS ms (cpu MS ms)` lines, as
    {method: [(elapsed ms, cpu ms), ...]}."""
    times = {}
    for method, wall, cpu in TIME_LINE.findall(stderr):
        times.setdefault(method, []).append((float(wall), float(cpu)))
    return times


def measure(wendc, lines=10_000, rounds=20):
    """Runs the rounds; returns {method: Latency} and the program's line
    count."""
    source = large_program.program(lines)
    server = Server(wendc)
    server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    diagnostics = "textDocument/publishDiagnostics"
    server.notify_and_wait("textDocument/didOpen", {"textDocument": {
        "uri": URI, "languageId": "wend", "version": 1, "text": source}}, diagnostics)
    # Where the requests point: a use of main's `counter` inside a helper
    # nested two deep, half-way down the file.
    middle = len(source) // 2
    line, column = large_program.position(source, "counter + by", source.count("counter + by", 0, middle))
    at = {"textDocument": {"uri": URI}, "position": {"line": line, "character": column}}
    document = {"textDocument": {"uri": URI}}
    edit_line, _ = large_program.position(source, "acc = acc - 1;", source.count("acc - 1", 0, middle))
    trips = {method: [] for method, _ in OPERATIONS}
    for version in range(2, rounds + 2):
        # Retype the line `acc = acc - 1;` as `acc = acc - N;`: the
        # document stays valid and its length changes with N.
        column = len("                acc = acc - ")
        change = {"range": {"start": {"line": edit_line, "character": column},
                            "end": {"line": edit_line, "character": column + len(str(version - 1))}},
                  "text": str(version)}
        trips["textDocument/didChange"].append(server.notify_and_wait(
            "textDocument/didChange",
            {"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]},
            diagnostics))
        for method, params in [
            ("textDocument/hover", at),
            ("textDocument/definition", at),
            ("textDocument/references", {**at, "context": {"includeDeclaration": True}}),
            ("textDocument/documentSymbol", document),
            ("textDocument/semanticTokens/full", document),
            ("textDocument/formatting", {**document, "options": {"tabSize": 4, "insertSpaces": True}}),
        ]:
            trips[method].append(server.request(method, params)[1])
    times = server.close()
    results = {}
    for method, _ in OPERATIONS:
        walls = [wall for wall, _ in times[method][-rounds:]]
        cpus = [cpu for _, cpu in times[method][-rounds:]]
        results[method] = Latency(statistics.median(cpus), max(cpus), statistics.median(walls),
                                  statistics.median(trips[method]))
    return results, source.count("\n")


@dataclasses.dataclass
class Latency:
    """One message's times over the rounds, in ms."""
    cpu: float  # median CPU time of the server's thread
    slowest_cpu: float
    elapsed: float  # median elapsed time in the server
    round_trip: float  # median as the client saw it


def table(results, lines, rounds):
    rows = [f"Latency of `wendc lsp` on a {lines:,}-line program (tests/lsp/large_program.py), "
            f"{rounds} rounds: the server's own times (`--time-requests`; CPU time of its "
            "thread, and elapsed, which on a shared machine also counts waiting for a core), "
            "and the round trip the client saw (which adds the transfer and the client's "
            "JSON parsing). The goal: a median under 50 ms.", "",
            "| message | CPU (median) | CPU (slowest) | elapsed (median) | round trip (median) "
            "| goal |",
            "|---|---|---|---|---|---|"]
    for method, name in OPERATIONS:
        r = results[method]
        goal = "met" if r.cpu < 50 else "**not met**"
        rows.append(f"| {name} | {r.cpu:.2f} ms | {r.slowest_cpu:.2f} ms | {r.elapsed:.2f} ms "
                    f"| {r.round_trip:.2f} ms | {goal} |")
    return "\n".join(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wendc", type=pathlib.Path, default=ROOT / "target" / "release" / "wendc")
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    results, lines = measure(args.wendc, args.lines, args.rounds)
    print(table(results, lines, args.rounds))


if __name__ == "__main__":
    main()
