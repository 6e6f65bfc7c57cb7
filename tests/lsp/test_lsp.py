"""`wendc lsp` driven over stdio by a real LSP client (pytest-lsp): open
and edit documents (through syntax errors), diagnostics, hover, go to
definition, references, rename, document symbols and semantic tokens.

Expected positions are counted by hand from the sources below (lines and
UTF-16 columns from 0), not taken from the server's answers."""

import random

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

URI = "file:///work/example.wend"


def pos(line, character):
    return types.Position(line=line, character=character)


def where(source, needle, nth=0):
    """The position of the `nth` occurrence of `needle` (ASCII lines)."""
    at = -1
    for _ in range(nth + 1):
        at = source.index(needle, at + 1)
    line = source.count("\n", 0, at)
    return pos(line, at - (source.rfind("\n", 0, at) + 1))


async def open_doc(client, source, uri=URI):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="wend", version=1, text=source
            )
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def change(client, source, version, uri=URI):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=source)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


def errors(diags):
    return [d for d in diags if d.severity == types.DiagnosticSeverity.Error]


def at(position, uri=URI):
    return {"text_document": types.TextDocumentIdentifier(uri=uri), "position": position}


async def hover(client, position):
    result = await client.text_document_hover_async(types.HoverParams(**at(position)))
    return result.contents.value if result else None


NESTED = """\
main() {
    int count;
    int step(int by) {
        count = count + by;
        return count;
    }
    bool done() {
        return count > 9;
    }
    count = 0;
    while !done() {
        println step(2);
    }
}
"""


async def test_diagnostics_have_utf16_ranges_related_information_and_helps(client):
    # `total` is misspelt after a string holding `𝔵` (two UTF-16 units,
    # four bytes) and `é` (one unit, two bytes): the name starts at UTF-16
    # column 25 (byte 28, character 24).
    source = 'main() {\n    int total;\n    print "𝔵é"; println totl;\n}\n'
    diags = errors(await open_doc(client, source))
    assert len(diags) == 1, diags
    diag = diags[0]
    assert diag.source == "wendc"
    assert diag.range == types.Range(start=pos(2, 25), end=pos(2, 29))
    assert diag.message.startswith("cannot find variable `totl` in this scope")
    assert "help: a variable with a similar name exists: `total`" in diag.message
    related = {(r.location.range.start.line, r.location.range.start.character): r.message
               for r in diag.related_information}
    assert related[(2, 25)] == "not found in this scope"
    assert related[(1, 8)] == "a variable with a similar name is declared here"


async def test_warnings_are_published_too(client):
    diags = await open_doc(client, "main() {\n    int unused;\n}\n")
    warnings = [d for d in diags if d.severity == types.DiagnosticSeverity.Warning]
    assert len(warnings) == 1 and "unused" in warnings[0].message, diags
    assert warnings[0].range.start == pos(1, 8)


async def test_edits_through_syntax_errors_update_and_clear_diagnostics(client):
    assert errors(await open_doc(client, NESTED)) == []
    broken = NESTED.replace("count = 0;", "count = (0 + ;")
    diags = errors(await change(client, broken, 2))
    assert diags and diags[0].range.start.line == 9, diags
    # What parsed is still checked: a second, semantic error is reported,
    # and hover still works in the broken document.
    broken2 = broken.replace("println step(2);", "println stepp(2);")
    diags = errors(await change(client, broken2, 3))
    assert {d.range.start.line for d in diags} == {9, 11}, diags
    assert diags[-1].message.startswith("cannot find function `stepp`")
    assert "count" in await hover(client, where(broken2, "count", 2))
    # Every prefix of the program, as if typed, then the whole again.
    for version, end in enumerate(range(0, len(NESTED), 7), start=4):
        await change(client, NESTED[:end], version)
    assert errors(await change(client, NESTED, 1000)) == []
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []


async def test_incremental_edits_count_utf16_columns(client):
    """Changes come as the range they replace, in UTF-16 columns: after
    `𝔵` (two units) and `é` (one), `totl` starts at column 25."""
    assert client.server_capabilities.text_document_sync == \
        types.TextDocumentSyncKind.Incremental
    source = 'main() {\n    int total;\n    print "𝔵é"; println totl;\n}\n'
    diags = errors(await open_doc(client, source))
    assert diags[0].range == types.Range(start=pos(2, 25), end=pos(2, 29))

    async def edit(version, start, end, text):
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=start, end=end), text=text)]))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return errors(client.diagnostics[URI])

    # Insert the missing `a`: `totl` becomes `total`, no error left.
    assert await edit(2, pos(2, 28), pos(2, 28), "a") == []
    # Replace `é` (column 13, one unit) by `𝔵𝔵` (four): `total` moves
    # from column 25 to 28.
    assert await edit(3, pos(2, 13), pos(2, 14), "𝔵𝔵") == []
    assert "int total" in await hover(client, pos(2, 28))
    assert await hover(client, pos(2, 25)) is None
    # Delete from the `;` of line 1 into line 2: a syntax error (`int
    # total print`); then put the `;` and the line break back.
    diags = await edit(4, pos(1, 13), pos(2, 4), " ")
    assert len(diags) == 1 and diags[0].range.start.line == 1, diags
    assert await edit(5, pos(1, 13), pos(1, 14), ";\n    ") == []
    assert "int total" in await hover(client, pos(2, 28))


async def test_hover_shows_types_signatures_and_captures(client):
    await open_doc(client, NESTED)
    text = await hover(client, where(NESTED, "count", 2))
    assert "int count" in text and "local variable of `main`" in text
    text = await hover(client, where(NESTED, "by", 1))
    assert "int by" in text and "parameter of `step`" in text
    text = await hover(client, where(NESTED, "step(2)"))
    assert "int step(int by)" in text
    assert "nested in `main`" in text and "`int count` of `main`" in text
    text = await hover(client, where(NESTED, "main"))
    assert "main()" in text and "captures" not in text
    assert await hover(client, pos(0, 7)) is None  # on `{`


OVERLOADS = """\
main() {
    int f(int a) { return 1; }
    int f(bool a) { return 2; }
    g() {
        int f(int b) { return 3; }
        println f(1);
        println f(true);
    }
    println f(1);
    g();
}
"""


async def test_hover_and_definition_resolve_overloads_like_the_compiler(client):
    await open_doc(client, OVERLOADS)
    assert "int f(int b)" in await hover(client, where(OVERLOADS, "f(1)", 0))
    assert "int f(bool a)" in await hover(client, where(OVERLOADS, "f(true)"))
    assert "int f(int a)" in await hover(client, where(OVERLOADS, "f(1)", 1))

    async def definition(position):
        result = await client.text_document_definition_async(
            types.DefinitionParams(**at(position)))
        return result.range.start

    assert await definition(where(OVERLOADS, "f(1)", 0)) == pos(4, 12)
    assert await definition(where(OVERLOADS, "f(true)")) == pos(2, 8)
    assert await definition(where(OVERLOADS, "f(1)", 1)) == pos(1, 8)


async def test_definition_reaches_into_the_enclosing_function(client):
    await open_doc(client, NESTED)
    result = await client.text_document_definition_async(
        types.DefinitionParams(**at(where(NESTED, "count", 3))))
    assert result.uri == URI
    assert result.range == types.Range(start=pos(1, 8), end=pos(1, 13))


async def test_references_across_nesting(client):
    await open_doc(client, NESTED)
    result = await client.text_document_references_async(
        types.ReferenceParams(**at(where(NESTED, "count", 4)),
                              context=types.ReferenceContext(include_declaration=True)))
    starts = sorted((r.range.start.line, r.range.start.character) for r in result)
    assert starts == [(1, 8), (3, 8), (3, 16), (4, 15), (7, 15), (9, 4)]
    result = await client.text_document_references_async(
        types.ReferenceParams(**at(where(NESTED, "done")),
                              context=types.ReferenceContext(include_declaration=False)))
    assert [r.range.start for r in result] == [pos(10, 11)]


async def rename(client, position, new_name):
    return await client.text_document_rename_async(
        types.RenameParams(**at(position), new_name=new_name))


async def test_rename_edits_every_reference(client):
    await open_doc(client, NESTED)
    edit = await rename(client, where(NESTED, "count", 3), "total")
    edits = edit.changes[URI]
    assert all(e.new_text == "total" for e in edits)
    assert sorted((e.range.start.line, e.range.start.character) for e in edits) == [
        (1, 8), (3, 8), (3, 16), (4, 15), (7, 15), (9, 4)]
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(**at(where(NESTED, "step(2)"))))
    assert prepared == types.Range(start=pos(11, 16), end=pos(11, 20))


async def test_rename_is_refused_when_it_would_change_meaning(client):
    source = """\
main() {
    int a;
    int b;
    h() {
        int c;
        c = a;
    }
    a = 1;
    b = 2;
    h();
    println a + b;
}
"""
    await open_doc(client, source)
    # `b` is already a variable of main: a duplicate.
    with pytest.raises(Exception, match="duplicate variable"):
        await rename(client, where(source, "a", 1), "b")
    # `c` in `h` would take `a`'s use inside `h`.
    with pytest.raises(Exception, match="would change what `c` on line 6 refers to"):
        await rename(client, where(source, "a", 1), "c")
    with pytest.raises(Exception, match="keyword"):
        await rename(client, where(source, "a", 1), "while")
    with pytest.raises(Exception, match="not a valid wend name"):
        await rename(client, where(source, "a", 1), "2a")
    edit = await rename(client, where(source, "a", 1), "d")
    assert len(edit.changes[URI]) == 4


async def test_rename_is_refused_when_another_overload_would_be_called(client):
    source = """\
main() {
    int f(int a) { return 1; }
    int f(bool a) { return 2; }
    g() {
        int h(int b) { return 3; }
        println f(1);
        println h(2);
    }
    int t(bool c) { return 4; }
    g();
    println f(true) + t(false);
}
"""
    await open_doc(client, source)
    # `h` renamed `f` would hide main's `f(int a)` from the call in `g`.
    with pytest.raises(Exception,
                       match=r"would change what `f` on line 6 refers to: `int f\(int b\)` "
                             r"instead of `int f\(int a\)`"):
        await rename(client, where(source, "h(2)"), "f")
    # main's `f(bool a)` renamed `t` would be a duplicate of `t(bool c)`.
    with pytest.raises(Exception, match=r"duplicate function `t\(bool\)`"):
        await rename(client, where(source, "f(bool a)"), "t")
    # Another name for `g`'s `h(int b)` that hides nothing: accepted, the
    # declaration and its call.
    edit = await rename(client, where(source, "h(int b)"), "k")
    assert sorted((e.range.start.line, e.range.start.character)
                  for e in edit.changes[URI]) == [(4, 12), (6, 16)]


async def test_document_symbols_are_the_nesting_tree(client):
    await open_doc(client, NESTED)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [s.name for s in symbols] == ["main"]
    main = symbols[0]
    assert main.kind == types.SymbolKind.Function
    assert main.range.start == pos(0, 0) and main.range.end == pos(13, 1)
    assert [c.name for c in main.children] == ["count", "step", "done"]
    step = main.children[1]
    assert step.detail == "int step(int by)"
    assert [c.name for c in step.children] == ["by"]


LEGEND = ["keyword", "type", "function", "parameter", "variable", "number",
          "string", "comment", "operator"]


async def test_semantic_tokens(client):
    source = "main() {\n    // note\n    int x;\n    x = 1 + 2;\n    println x;\n}\n"
    await open_doc(client, source)
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    data = result.data
    tokens, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        dl, ds, length, kind, mods = data[i:i + 5]
        line += dl
        start = ds if dl else start + ds
        tokens.append((line, start, length, LEGEND[kind], mods))
    assert tokens == [
        (0, 0, 4, "function", 1),
        (1, 4, 7, "comment", 0),
        (2, 4, 3, "type", 0),
        (2, 8, 1, "variable", 1),
        (3, 4, 1, "variable", 0),
        (3, 6, 1, "operator", 0),
        (3, 8, 1, "number", 0),
        (3, 10, 1, "operator", 0),
        (3, 12, 1, "number", 0),
        (4, 4, 7, "keyword", 0),
        (4, 12, 1, "variable", 0),
    ]


async def test_random_edits_never_break_the_server(client):
    rng = random.Random(41)
    source = NESTED
    await open_doc(client, source)
    for version in range(2, 120):
        cut = rng.randrange(len(source) + 1)
        if rng.random() < 0.5 and len(source) > 1:
            end = min(len(source), cut + rng.randrange(1, 6))
            source = source[:cut] + source[end:]
        else:
            source = source[:cut] + rng.choice("(){};,=+!x1 \n\"é𝔵") + source[cut:]
        await change(client, source, version)
        line = rng.randrange(source.count("\n") + 2)
        await hover(client, pos(line, rng.randrange(30)))
        await client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    # Still answering correctly after all that.
    assert errors(await change(client, NESTED, 1000)) == []
    assert "int count" in await hover(client, where(NESTED, "count", 2))


def utf16_position(text, offset):
    """The LSP position of code point `offset` of `text`."""
    line_start = text.rfind("\n", 0, offset) + 1
    column = sum(2 if ord(c) > 0xFFFF else 1 for c in text[line_start:offset])
    return pos(text.count("\n", 0, offset), column)


async def test_random_incremental_edits_keep_the_servers_text(client):
    """Random edits sent as ranges (around `é` and `𝔵` too), each undone
    later, by a range too, in last-in first-out order. The server's text is
    compared with the client's through formatting, whose answer `wendc fmt`
    on the client's text predicts: the same text, or a refusal for a
    syntax error. Checked every ten edits and whenever all are undone."""
    import subprocess
    from conftest import WENDC
    rng = random.Random(42)
    original = NESTED.replace("println step(2);", 'print "é𝔵"; println step(2);')
    text = original
    await open_doc(client, text)
    params = types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True))
    undo = []  # (start, end, text) that undo each edit not yet undone
    checked = {True: 0, False: 0}  # checkpoints whose text formats, and not
    for version in range(2, 160):
        if undo and rng.random() < 0.5:
            a, b, new = undo.pop()
        else:
            a = rng.randrange(len(text) + 1)
            b = min(len(text), a + rng.randrange(0, 6))
            new = rng.choice(["", "x", "(", ")", "{", "}", ";", "\n", "é", "𝔵", " + 1", "count"])
            undo.append((a, a + len(new), text[a:b]))
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=utf16_position(text, a), end=utf16_position(text, b)),
                text=new)]))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        text = text[:a] + new + text[b:]
        if version % 10 and undo:
            continue
        fmt = subprocess.run([WENDC, "fmt", "-"], input=text.encode(), capture_output=True,
                             timeout=30)
        checked[fmt.returncode == 0] += 1
        if fmt.returncode != 0:
            with pytest.raises(Exception, match="syntax errors"):
                await client.text_document_formatting_async(params)
            continue
        edits = await client.text_document_formatting_async(params)
        formatted = fmt.stdout.decode()
        assert [e.new_text for e in edits] == ([] if formatted == text else [formatted])
    assert checked[True] and checked[False], checked


async def test_a_request_about_an_unopened_document_is_an_error(client):
    with pytest.raises(Exception, match="is not open"):
        await client.text_document_hover_async(
            types.HoverParams(**at(pos(0, 0), uri="file:///nowhere.wend")))


def message(payload):
    import json
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


INITIALIZE = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"processId": None, "rootUri": None, "capabilities": {}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
]


@pytest.mark.parametrize("shutdown, status", [(True, 0), (False, 1)])
def test_exit_status_follows_the_protocol(shutdown, status):
    """0 after `shutdown` then `exit`; 1 on `exit` alone."""
    import subprocess
    from conftest import WENDC
    messages = list(INITIALIZE)
    if shutdown:
        messages.append({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    messages.append({"jsonrpc": "2.0", "method": "exit"})
    run = subprocess.run([WENDC, "lsp"], input=b"".join(map(message, messages)),
                         capture_output=True, timeout=30)
    assert run.returncode == status, run.stderr
    assert b'"capabilities"' in run.stdout


async def test_formatting_follows_wendc_fmt_when_the_server_offers_it(client):
    """Formatting goes through `wendc fmt`'s formatter (lsp/format.rs).
    A server built without one must say so, not pretend: it does not
    announce the capability and answers the request with an error."""
    await open_doc(client, "main(){int x;x=1+2;println x;}\n")
    params = types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        options=types.FormattingOptions(tab_size=4, insert_spaces=True))
    offered = client.server_capabilities.document_formatting_provider
    if not offered:
        with pytest.raises(Exception, match="no formatter"):
            await client.text_document_formatting_async(params)
        return
    edits = await client.text_document_formatting_async(params)
    assert len(edits) == 1
    assert edits[0].range == types.Range(start=pos(0, 0), end=pos(1, 0))
    assert edits[0].new_text == "main() {\n    int x;\n    x = 1 + 2;\n    println x;\n}\n"
    # Formatted already: no edit. With a syntax error: refused.
    await change(client, edits[0].new_text, 2)
    assert list(await client.text_document_formatting_async(params)) == []
    await change(client, "main() {\n    x = (1;\n}\n", 3)
    with pytest.raises(Exception, match="syntax errors"):
        await client.text_document_formatting_async(params)


async def test_a_panic_answers_an_error_and_the_server_goes_on(client):
    # `wendc/panic` exists in debug builds only, for this test.
    await open_doc(client, NESTED)
    with pytest.raises(Exception, match="internal error in wendc"):
        await client.protocol.send_request_async("wendc/panic", None)
    assert "int count" in await hover(client, where(NESTED, "count", 2))
