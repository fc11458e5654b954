// Helpers for the end-to-end tests inside the real VS Code extension host.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

/** Polls `probe` until it returns a truthy value (no fixed sleeps); fails with `what` after the deadline. */
async function waitFor(probe, what, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (last) return last;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
}

function workspaceDir() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  return folder ? folder.uri.fsPath : process.env.WIKIMAP_E2E_WORKSPACE;
}

function writeWorkspaceFile(name, text) {
  const full = path.join(workspaceDir(), name);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  return full;
}

async function openFile(file) {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

/** Asks the launcher outside the editor for a screenshot of the workbench as it is now. */
async function screenshot(name) {
  // give the workbench a frame to paint what the test just did
  await new Promise((r) => setTimeout(r, 400));
  console.log(`WIKIMAP_SCREENSHOT:${name}`);
  await new Promise((r) => setTimeout(r, 600));
}

module.exports = { waitFor, workspaceDir, writeWorkspaceFile, openFile, screenshot };
