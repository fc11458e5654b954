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

let uiCounter = 0;

/**
 * Asks the launcher (the browser showing the workbench, outside the extension host) to act as the
 * user: wait until an element is visible (`waitFor` css, optionally holding `text`), `click` one,
 * `type` text, `press` a key, wait for `waitAfter`, take a `screenshot`. Resolves with
 * `{ ok, text }` (the text of the element waited for); fails with the launcher's reason.
 */
async function ui(request, timeoutMs = 45000) {
  const dir = process.env.WIKIMAP_E2E_SIGNALS;
  if (!dir) throw new Error('WIKIMAP_E2E_SIGNALS is not set: run the suite with node test/e2e/run.js');
  const id = `ui-${process.pid}-${++uiCounter}`;
  const file = path.join(dir, `${id}.json`);
  console.log(`WIKIMAP_UI:${JSON.stringify({ id, ...request })}`);
  const answer = await waitFor(
    () => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined),
    `the browser to answer ${JSON.stringify(request)}`,
    timeoutMs,
  );
  fs.rmSync(file, { force: true });
  if (!answer.ok) throw new Error(`in the workbench: ${answer.error}`);
  return answer;
}

/**
 * A screenshot of the workbench as it is now, saved as <name>.png in test-results/screenshots/ (docs/screenshots/ with `npm run screenshots`). With `waitFor`
 * (a css selector, optionally `text`) the browser first waits until that is visible, so the picture
 * shows what the test just did; it always waits for the next painted frame.
 */
async function screenshot(name, opts = {}) {
  return ui({ ...opts, screenshot: name });
}

/** The extension under test, activated, with its exported API. */
async function activeExtension() {
  const ext = vscode.extensions.getExtension('wikimap-query.wikimap-query');
  if (!ext) throw new Error('the extension wikimap-query.wikimap-query is not installed');
  const api = await ext.activate();
  return { ext, api };
}

/** Tabs of every group whose input matches (text tabs by URI, webviews by view type). */
function findTabs(match) {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((tab) => ({ tab, group: g }))).filter(({ tab }) => match(tab));
}

/** Closes every editor (files saved, untitled ones reverted), so the next screenshot starts clean. */
async function closeAllEditors() {
  for (const doc of vscode.workspace.textDocuments) {
    if (doc.isDirty && !doc.isUntitled) await doc.save();
    if (doc.isDirty && doc.isUntitled) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await waitFor(() => vscode.window.tabGroups.all.every((g) => g.tabs.length === 0), 'all editors to close');
}

module.exports = { waitFor, workspaceDir, writeWorkspaceFile, openFile, screenshot, ui, activeExtension, findTabs, closeAllEditors };
