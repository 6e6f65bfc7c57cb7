"""`wendc lsp` answers within 50 ms on a 10 000-line file.

A release build of the server (what a student installs: $WENDC_RELEASE,
else target/release/wendc, which `make lsp-tests` builds first) is driven
by pytest-lsp's client over stdio on the program of large_program.py:
open it, then, several times over, edit one line (as a range, as editors
send it; once through a syntax error and back), hover, go to definition
into the enclosing function, find references, list the symbols, ask for
semantic tokens and format. Every answer is checked, so that a fast wrong
answer fails too.

The time checked is the server's own (`--time-requests`: from reading a
message to handing its answer to the writer), so that the client's
overhead (parsing 800 kB of symbols in Python) is not counted. It is the
CPU time of the server's thread: the test machines are shared, and the
elapsed time counts the time spent waiting for a core other processes
hold. Both are printed. For each kind of message the median must be under
50 ms, and every answer under twice that: on a loaded machine one answer
in a few dozen takes several times the others (page faults, caches
flushed by other processes), which is the machine, not the server."""

import os
import pathlib
import re
import statistics

from lsprotocol import types
from pytest_lsp import ClientServerConfig, client_capabilities

import large_program

ROOT = pathlib.Path(__file__).resolve().parents[2]
WENDC = os.environ.get("WENDC_RELEASE", str(ROOT / "target" / "release" / "wendc"))
URI = "file:///work/large.wend"
BUDGET_MS = 50.0
ROUNDS = 4
TIME_LINE = re.compile(r"^wendc lsp: (\S+) took ([0-9.]+) ms \(cpu ([0-9.]+) ms\)$", re.M)


def pos(line_and_column):
    line, column = line_and_column
    return types.Position(line=line, character=column)


async def test_a_10000_line_file_is_answered_within_50_ms(tmp_path):
    assert pathlib.Path(WENDC).is_file(), f"{WENDC}: build it with `cargo build --release -p wendc`"
    log = tmp_path / "times.log"
    config = ClientServerConfig(server_command=[
        "sh", "-c", 'exec "$0" lsp --time-requests 2>"$1"', WENDC, str(log)])
    client = await config.start()
    await client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("neovim")))
    try:
        await exercise(client)
    finally:
        await client.shutdown_session()

    times = {}
    for method, wall, cpu in TIME_LINE.findall(log.read_text()):
        times.setdefault(method, []).append((float(wall), float(cpu)))
    for method in ["textDocument/didOpen", "textDocument/didChange", "textDocument/hover",
                   "textDocument/definition", "textDocument/references",
                   "textDocument/documentSymbol", "textDocument/semanticTokens/full",
                   "textDocument/formatting"]:
        assert method in times, f"no time for {method}"
        walls = [w for w, _ in times[method]]
        cpus = [c for _, c in times[method]]
        print(f"{method}: cpu median {statistics.median(cpus):.2f} ms, slowest "
              f"{max(cpus):.2f} ms; elapsed median {statistics.median(walls):.2f} ms")
        assert statistics.median(cpus) < BUDGET_MS, f"{method}: {cpus} ms of CPU"
        assert max(cpus) < 2 * BUDGET_MS, f"{method}: {cpus} ms of CPU"


async def exercise(client):
    source = large_program.program(10_000)
    lines = source.splitlines()
    assert len(lines) >= 10_000
    document = types.TextDocumentIdentifier(uri=URI)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="wend", version=1,
                                             text=source)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []

    version = 1

    async def edit(line, start, end, text):
        """Replaces columns start..end of `line`, here and in the server."""
        nonlocal version
        version += 1
        lines[line] = lines[line][:start] + text + lines[line][end:]
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=line, character=start),
                                  end=types.Position(line=line, character=end)),
                text=text)]))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return [d for d in client.diagnostics[URI]
                if d.severity == types.DiagnosticSeverity.Error]

    # A use of main's `counter` in a helper nested two deep, half-way down;
    # its declaration is `    int counter;` on line 2.
    middle = source.count("counter + by", 0, len(source) // 2)
    counter = pos(large_program.position(source, "counter + by", middle))
    declaration = types.Range(start=types.Position(line=2, character=8),
                              end=types.Position(line=2, character=15))
    # The line `acc = acc - 1;` of the same function, edited each round.
    edit_line, _ = large_program.position(source, "acc = acc - 1;", middle)
    column = lines[edit_line].index("1;")
    at = {"text_document": document, "position": counter}
    formatting = types.DocumentFormattingParams(
        text_document=document, options=types.FormattingOptions(tab_size=4, insert_spaces=True))

    for round in range(ROUNDS):
        # `acc - 1` becomes `acc - 2` and back: the file stays valid.
        assert await edit(edit_line, column, column + 1, str(2 + round % 2)) == []
        # Through a syntax error (the `;` removed) and back.
        broken = await edit(edit_line, column + 1, column + 2, "")
        assert len(broken) == 1 and broken[0].range.start.line in (edit_line, edit_line + 1)
        assert await edit(edit_line, column + 1, column + 1, ";") == []

        hover = await client.text_document_hover_async(types.HoverParams(**at))
        assert "int counter" in hover.contents.value
        assert "local variable of `main`" in hover.contents.value
        definition = await client.text_document_definition_async(
            types.DefinitionParams(**at))
        assert definition.uri == URI and definition.range == declaration
        references = await client.text_document_references_async(types.ReferenceParams(
            **at, context=types.ReferenceContext(include_declaration=True)))
        # Declaration, `counter = 0;`, `println counter;` and two uses in
        # each function's helper.
        functions = source.count("    int step")
        assert len(references) == 3 + 2 * functions
        symbols = await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=document))
        assert [s.name for s in symbols] == ["main"]
        assert len([s for s in symbols[0].children if s.name.startswith("step")]) == 2 * functions
        tokens = await client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=document))
        assert len(tokens.data) > 5 * len(lines)

        # Formatted already: no edit. With a line out of the layout
        # (`acc -2;`): the one edit gives back the text before.
        assert list(await client.text_document_formatting_async(formatting)) == []
        formatted = "\n".join(lines) + "\n"
        assert await edit(edit_line, column - 1, column, "") == []
        edits = await client.text_document_formatting_async(formatting)
        assert len(edits) == 1 and edits[0].new_text == formatted
        # Back to the original text for the next round.
        assert await edit(edit_line, column - 1, column, " 1") == []
    assert "\n".join(lines) + "\n" == source
