// The wend extension's client side: starts the wendc language server
// (`wendc lsp`, over stdio) for wend files and restarts it when its path
// setting changes. Everything the editor shows beyond the TextMate
// highlighting (diagnostics, hover, definitions, rename, formatting,
// semantic tokens) comes from the server.
"use strict";

const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client = null;
let output = null;

// The executable named by `wend.server.path`: a bare name is looked up on
// PATH by the operating system; a relative path is taken from the first
// workspace folder, as a student would write `target/debug/wendc`.
function serverCommand() {
  const configured = vscode.workspace.getConfiguration("wend").get("server.path") || "wendc";
  let command = configured;
  if (command.startsWith("~/") && process.env.HOME) {
    command = path.join(process.env.HOME, command.slice(2));
  }
  const folders = vscode.workspace.workspaceFolders;
  if (!path.isAbsolute(command) && command.includes("/") && folders && folders.length > 0) {
    command = path.join(folders[0].uri.fsPath, command);
  }
  return command;
}

async function startClient() {
  const command = serverCommand();
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "wend",
    "wend language server",
    { run: server, debug: server },
    {
      documentSelector: [{ language: "wend" }],
      outputChannel: output,
    },
  );
  try {
    await client.start();
  } catch (error) {
    client = null;
    const choice = await vscode.window.showErrorMessage(
      `Could not start the wend language server \`${command} lsp\`: ${error.message || error}. ` +
        "Highlighting still works; set `wend.server.path` to your wendc executable for diagnostics, hover and formatting.",
      "Open Settings",
    );
    if (choice === "Open Settings") {
      vscode.commands.executeCommand("workbench.action.openSettings", "wend.server.path");
    }
  }
}

async function stopClient() {
  if (client) {
    const running = client;
    client = null;
    await running.stop();
  }
}

async function restartClient() {
  await stopClient();
  await startClient();
}

async function activate(context) {
  output = vscode.window.createOutputChannel("wend");
  context.subscriptions.push(output);
  context.subscriptions.push(vscode.commands.registerCommand("wend.restartServer", restartClient));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("wend.server.path")) {
        restartClient();
      }
    }),
  );
  await startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate };
