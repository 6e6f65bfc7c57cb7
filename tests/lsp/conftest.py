"""Starts `wendc lsp` (the binary in $WENDC, else target/debug/wendc) for
each test and drives it with pytest-lsp's client, which speaks the
protocol over the server's stdin/stdout and checks its messages against
the specification and the client's capabilities: each test runs as
Neovim 0.8 (the oldest the setup supports), the latest Neovim and VS
Code."""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
WENDC = os.environ.get("WENDC", str(ROOT / "target" / "debug" / "wendc"))


# The clients whose capabilities the tests announce, and pytest-lsp holds
# the server's messages to: the Neovim the setup needs at least, the
# latest Neovim pytest-lsp knows, and VS Code.
CLIENTS = ["neovim@v0.8.0", "neovim", "visual-studio-code"]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[WENDC, "lsp"]), params=CLIENTS)
async def client(lsp_client: LanguageClient, request):
    params = types.InitializeParams(capabilities=client_capabilities(request.param))
    result = await lsp_client.initialize_session(params)
    # What the server announced, for the tests of optional features.
    lsp_client.server_capabilities = result.capabilities
    yield
    await lsp_client.shutdown_session()
