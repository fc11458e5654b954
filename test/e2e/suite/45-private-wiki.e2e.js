// A private wiki in a real VS Code: the real MediaWiki 1.39 with anonymous reading switched off and a
// bot password made by its maintenance script (runE2e.ts starts it). Signed out, Reload Catalogue and a
// run fail with readapidenied explained by the command that signs in; after "Wiki Query: Sign in to
// Wiki…" (its prompts typed through in the workbench; the bot password kept in VS Code's secret storage) the catalogue loads and the run reads the
// wiki; after "Sign out of Wiki" it is refused again, and a document of that wiki is judged by the
// built-in catalogue again (list=codexicons: unknown to the wiki's 1.39, known to the built-in one). The secret is in no result, message, history
// entry or run error here; runE2e.ts searches every file VS Code and the extension wrote for it.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { activeExtension, closeAllEditors, openFile, screenshot, ui, waitFor, writeWorkspaceFile } = require('./helpers');

const API = process.env.WIKIMAP_E2E_PRIVATE_API;
const BOT_USER = process.env.WIKIMAP_E2E_PRIVATE_BOT_USER;
const BOT_PASSWORD = process.env.WIKIMAP_E2E_PRIVATE_BOT_PASSWORD;

/** `list=codexicons` is a module of the built-in catalogue that the wiki's own 1.39 catalogue does not have. */
const CODEX = (api) => `${api}?action=query&list=codexicons&names=cdxIconAdd\n`;
const codexDiagnostic = (doc) =>
  vscode.languages.getDiagnostics(doc.uri).find((d) => d.code === 'unrecognizedvalues' && d.message.includes('codexicons'));

describe('a private wiki in a real VS Code (MediaWiki 1.39, anonymous read off, a bot password)', function () {
  let api;
  let codexDoc;
  const seen = [];
  const reload = async () => {
    const r = await vscode.commands.executeCommand('wikimapQuery.wiki.reloadCatalogue', API);
    seen.push(JSON.stringify(r));
    return r;
  };
  const run = async () => {
    const uri = await vscode.commands.executeCommand('wikimapQuery.wiki.runQuery', `${API}?action=query&list=allpages&aplimit=5`);
    const text = uri ? api.resultText(uri) : undefined;
    seen.push(String(text), String(api.lastRunError()));
    return { uri, text, error: api.lastRunError() };
  };

  before(async () => {
    assert.ok(API && BOT_USER && BOT_PASSWORD, 'WIKIMAP_E2E_PRIVATE_*: the private MediaWiki did not start (see the [e2e] lines above)');
    ({ api } = await activeExtension());
    await vscode.workspace.getConfiguration('wikimapQuery').update('wikis', { intranet: API }, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  after(async () => {
    await vscode.commands.executeCommand('wikimapQuery.wiki.signOut', API);
    await vscode.workspace.getConfiguration('wikimapQuery').update('wikis', undefined, vscode.ConfigurationTarget.Global);
    seen.push(JSON.stringify(api.history.toJSON()));
    for (const text of seen) assert.ok(!text.includes(BOT_PASSWORD), 'the bot password is in no result, message or history entry');
  });

  it('signed out: Reload Catalogue and a run are refused, explained with "Sign in to Wiki…"', async () => {
    const r = await reload();
    assert.deepEqual(r.loaded, []);
    assert.match(r.errors.join(' '), /readapidenied: You need read permission.*Run "Wiki Query: Sign in to Wiki…"/);
    const { text, error } = await run();
    assert.match(text, /"code": "readapidenied"/);
    assert.match(error, /answered readapidenied: the wiki is private.*Run "Wiki Query: Sign in to Wiki…"/);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('signed in with the bot password: the catalogue loads and the run reads the wiki', async () => {
    // The prompts are typed through as a user does: the method picked, the user name, then the password
    // (typed by the browser driver from its environment: it is in no request line or log).
    const signingIn = vscode.commands.executeCommand('wikimapQuery.wiki.signIn', API);
    await ui({ waitFor: '.quick-input-widget .monaco-list-row', text: 'Bot password', press: 'Enter' });
    await ui({ waitFor: '.quick-input-widget', text: "The bot password's user name", type: BOT_USER, press: 'Enter' });
    await ui({
      waitFor: '.quick-input-widget',
      text: 'The bot password (kept',
      typeEnv: 'WIKIMAP_E2E_PRIVATE_BOT_PASSWORD',
      press: 'Enter',
    });
    assert.equal(await signingIn, API);
    // The sign-in reloaded the wiki's catalogue; loading it again fetches it signed in again.
    const r = await reload();
    assert.deepEqual(r, { loaded: [API], errors: [] });
    const { text, error } = await run();
    assert.equal(error, undefined);
    assert.match(text, /"allpages": \[/);
    assert.doesNotMatch(text, /readapidenied/);
    await screenshot('private-wiki-run', { waitFor: '.monaco-editor', text: 'allpages' });
    // A document of that wiki is judged by its own (signed-in) catalogue: 1.39 has no codexicons.
    codexDoc = await openFile(writeWorkspaceFile('private/codex.wikiquery', CODEX(API)));
    await waitFor(() => codexDiagnostic(codexDoc), 'the wiki’s own catalogue to judge list=codexicons');
  });

  it('signed out again: refused again, and the secret is gone from the secret storage', async () => {
    assert.equal(await vscode.commands.executeCommand('wikimapQuery.wiki.signOut', API), API);
    // The signed-in catalogue is dropped: the built-in one (which has codexicons) judges the document again.
    assert.ok(codexDoc, 'the signed-in test opened the document');
    await waitFor(
      () => !codexDiagnostic(codexDoc) && vscode.languages.getDiagnostics(codexDoc.uri),
      'the document judged by the built-in catalogue after the sign-out',
    );
    const { error } = await run();
    assert.match(error, /readapidenied/);
    const r = await reload();
    assert.match(r.errors.join(' '), /readapidenied/);
    assert.equal(await vscode.commands.executeCommand('wikimapQuery.wiki.signOut', API), undefined, 'nothing left to sign out of');
    await vscode.commands.executeCommand('notifications.clearAll');
  });
});
