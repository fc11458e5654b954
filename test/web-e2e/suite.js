// The browser end-to-end tests. This file is loaded by VS Code's web-worker extension host inside
// code-server's web workbench in Chromium (./runWebE2e.ts); it lies in the extension's folder, so
// VS Code runs it in the extension host of that extension (the web worker): it may import only `vscode`, and it runs
// beside the extension under test, whose `browser` entry (dist/web/client.js) runs there too.
// What a user of vscode.dev sees: wiki diagnostics, completion and a quick fix in a .wikiquery file and
// in a Python file's params dict (the grammar read from the extension's own files),
// a configured loopback wiki's own catalogue loaded, a run and its result beside the query, a file of
// a virtual file system (`wmqvfs:`, the test extension in ./vfs), a private wiki signed in to with an
// OAuth 2 token (the fake with the OAuth extension, across origins), with screenshots. Prints `N passed, N failed`.
'use strict';
const vscode = require('vscode');

const EXTENSION_ID = 'wikimap-query.wikimap-query';
const DEADLINE_MS = 60000;

function assert(ok, message) {
  if (!ok) throw new Error(message);
}

/** Asks `probe` again until it returns something (no fixed sleeps), or fails naming `what`. */
async function waitFor(probe, what, timeoutMs = DEADLINE_MS) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${last.message})` : ''}`);
}

function workspaceFolder() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  assert(folder, 'a workspace folder is open');
  return folder.uri;
}

async function readJson(uri) {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
}

let requests = 0;
/** This load of the page: the answers of an earlier load (before a reload) are never read as this one's. */
const LOAD = Date.now().toString(36);
/** Has the launcher act in the browser (see test/e2e/codeServerLauncher.js): wait for, click, screenshot. */
async function ui(request) {
  const id = `web-${LOAD}-${++requests}`;
  console.log(`WIKIMAP_UI:${JSON.stringify({ id, ...request })}`);
  const answer = vscode.Uri.joinPath(workspaceFolder(), '.signals', `${id}.json`);
  const said = await waitFor(() => readJson(answer), `the browser's answer to ${JSON.stringify(request)}`, 90000);
  assert(said.ok, `in the browser: ${said.error}`);
  return said;
}

const screenshot = (name, waitFor, text) => ui({ waitFor, text, screenshot: name });

async function writeFile(name, text) {
  const uri = vscode.Uri.joinPath(workspaceFolder(), name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

async function open(uri) {
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

const codeOf = (d) => String(typeof d.code === 'object' && d.code ? d.code.value : d.code);
const problems = (uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning);

function waitForCodes(uri, codes, what) {
  return waitFor(
    () => {
      const found = problems(uri).map(codeOf).sort().join(',');
      return found === codes ? problems(uri) : undefined;
    },
    `${what} (now: ${problems(uri).map(codeOf).join(',') || 'none'})`,
  );
}

async function setGlobal(key, value) {
  await vscode.workspace.getConfiguration('wikimapQuery').update(key, value, vscode.ConfigurationTarget.Global);
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });
const state = {};

test('the extension runs its browser entry in the web-worker extension host', async () => {
  assert(vscode.env.uiKind === vscode.UIKind.Web, `uiKind is Web (${vscode.env.uiKind})`);
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert(ext, `${EXTENSION_ID} is loaded`);
  const api = await ext.activate();
  // the browser entry (dist/web/client.js) returns { serverReady }; the desktop one returns resultText() and more
  const keys = `exports: ${api ? Object.keys(api).join(', ') : api}; ${typeof process}/${typeof navigator}`;
  assert(api && typeof api.serverReady === 'object', `the browser entry’s API (serverReady; ${keys})`);
  assert(api.resultText === undefined, 'not the desktop entry (its API has resultText)');
  await api.serverReady;
  const where = `process: ${typeof process}, navigator: ${typeof navigator}, window: ${typeof window}`;
  assert(typeof process === 'undefined' || !(process.versions && process.versions.node), `no Node.js here (${where})`);
  assert(typeof navigator === 'object' && /Chrome/.test(navigator.userAgent), `in Chromium (${where})`);
});

test('diagnostics: a misspelled parameter is reported with the wiki’s code', async () => {
  const uri = await writeFile('typo.wikiquery', '# Two pages of the wiki\naction=query&list=allpages&aplimti=2\n');
  state.typo = await open(uri);
  const [d] = await waitForCodes(uri, 'unrecognizedparams', 'the unrecognized parameter');
  assert(/aplimti/.test(d.message), d.message);
  assert(d.range.start.line === 1, `on the query line (${d.range.start.line})`);
  await screenshot('web-diagnostics', '.squiggly-warning, .squiggly-error');
});

test('completion offers the list modules after list=', async () => {
  const uri = await writeFile('complete.wikiquery', 'action=query&list=\n');
  const doc = await open(uri);
  const list = await waitFor(async () => {
    const r = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', uri, new vscode.Position(0, 18));
    const labels = r.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    return labels.includes('allpages') && labels.includes('categorymembers') ? labels : undefined;
  }, 'completion of list modules');
  assert(list.length > 20, `many modules (${list.length})`);
  await vscode.window.showTextDocument(doc, { selection: new vscode.Range(0, 18, 0, 18) });
  await vscode.commands.executeCommand('editor.action.triggerSuggest');
  await screenshot('web-completion', '.suggest-widget.visible .monaco-list-row', 'allpages');
  await vscode.commands.executeCommand('hideSuggestWidget');
});

test('a quick fix replaces the misspelled name and the diagnostic goes', async () => {
  const doc = state.typo;
  await vscode.window.showTextDocument(doc);
  const [d] = await waitForCodes(doc.uri, 'unrecognizedparams', 'the diagnostic to fix');
  const actions = await vscode.commands.executeCommand(
    'vscode.executeCodeActionProvider',
    doc.uri,
    d.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  const fix = (actions || []).find((a) => a.edit && /aplimit/.test(a.title));
  assert(fix, `a fix to aplimit among: ${(actions || []).map((a) => a.title).join(' | ')}`);
  assert(await vscode.workspace.applyEdit(fix.edit), 'the edit applies');
  assert(doc.lineAt(1).text === 'action=query&list=allpages&aplimit=2', doc.lineAt(1).text);
  await waitForCodes(doc.uri, '', 'no problem left');
  await doc.save();
});

test('a Python params dict: the grammar is read from the extension, the misspelled key is reported, completed and fixed', async () => {
  const lines = [
    'import requests',
    'API = "https://en.wikipedia.org/w/api.php"',
    'params = {"action": "query", "list": "allpages", "aplimt": 10, "apfrom": "B"}',
    'r = requests.get(API, params=params)',
  ];
  const uri = await writeFile('list_pages.py', lines.join('\n') + '\n');
  const doc = await open(uri);
  assert(doc.languageId === 'python', `language ${doc.languageId}`);
  const [d] = await waitForCodes(uri, 'unrecognizedparams', 'the misspelled key of the dict');
  assert(/aplimt/.test(d.message), d.message);
  assert(doc.getText(d.range) === 'aplimt', `the key inside its quotes (${JSON.stringify(doc.getText(d.range))})`);
  await screenshot('web-python-dict', '.squiggly-warning, .squiggly-error');

  // Completion inside the key's quotes: the list module's own parameters.
  const at = new vscode.Position(2, lines[2].indexOf('aplimt') + 2);
  const labels = await waitFor(async () => {
    const r = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', uri, at);
    const names = r.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    return names.includes('aplimit') && names.includes('apnamespace') ? names : undefined;
  }, 'completion of allpages parameters inside the dict');
  assert(!labels.includes('action=query'), `names only, not query text (${labels.slice(0, 10).join(', ')})`);

  const actions = await vscode.commands.executeCommand(
    'vscode.executeCodeActionProvider',
    uri,
    d.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  const fix = (actions || []).find((a) => a.edit && /aplimit/.test(a.title));
  assert(fix, `a fix to aplimit among: ${(actions || []).map((a) => a.title).join(' | ')}`);
  assert(await vscode.workspace.applyEdit(fix.edit), 'the edit applies');
  assert(doc.lineAt(2).text === lines[2].replace('aplimt', 'aplimit'), doc.lineAt(2).text);
  await waitForCodes(uri, '', 'no problem left in the Python file');
  await doc.save();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('a configured loopback wiki: its own catalogue is loaded and judges the query', async () => {
  // The Recipe namespace exists only on the test wiki: by the built-in catalogue it is a bad value.
  const text = `action=query&list=allpages&apnamespace=${state.config.recipeNamespace}\n`;
  const doc = await open(await writeFile('live.wikiquery', text));
  await waitForCodes(doc.uri, 'badvalue', 'the built-in catalogue’s verdict');
  await setGlobal('wiki.apiUrl', state.config.wikiApi);
  await waitForCodes(doc.uri, '', 'the verdict by the wiki’s own catalogue');
  await screenshot('web-live-catalogue', '.monaco-editor .view-lines', 'apnamespace');
});

/**
 * `apfromcache` is accepted only by the marked cached catalogue; `aplimti` is always unknown, so a set of
 * diagnostics naming it alone shows the server judged the document by that cache (not "nothing yet").
 */
const CACHED_QUERY = 'action=query&list=allpages&apfromcache=1&aplimti=2\n';

/** Waits until the problems are exactly one `unrecognizedparams` per name given (`names` sorted, comma-separated). */
function waitForUnknown(uri, names, what) {
  const unknown = () =>
    problems(uri)
      .map((d) => (codeOf(d) === 'unrecognizedparams' ? (/"(\w+)"/.exec(d.message) || [])[1] : `${codeOf(d)}?`))
      .sort()
      .join(',');
  return waitFor(() => unknown() === names, `${what} (now: ${unknown() || 'none'})`);
}

/** Renames allpages' `minsize` to `fromcache` in a cached catalogue: only that cache accepts `apfromcache`. */
function markCachedCatalogue(data) {
  let renamed = 0;
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node.name === 'allpages' && Array.isArray(node.parameters)) {
      for (const p of node.parameters) {
        if (p.name !== 'minsize') continue;
        p.name = 'fromcache';
        renamed++;
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  walk(data.paraminfo);
  assert(renamed > 0, 'allpages has minsize in the cached paraminfo');
}

test('the wiki’s catalogue is cached in the extension’s storage and read again by a new server', async () => {
  const { catalogueCache } = vscode.extensions.getExtension(EXTENSION_ID).exports;
  assert(catalogueCache instanceof vscode.Uri, `the cache folder (${catalogueCache})`);
  const host = new URL(state.config.wikiApi).host.replace(/[^A-Za-z0-9.]+/g, '-');
  const name = await waitFor(async () => {
    const entries = await vscode.workspace.fs.readDirectory(catalogueCache);
    const found = entries.find(([n]) => n.startsWith(`${host}-`) && n.endsWith('.json'));
    return found && found[0];
  }, `a cache file of ${host} in ${catalogueCache}`);
  const file = vscode.Uri.joinPath(catalogueCache, name);
  const data = await readJson(file);
  assert(data.format === 'wikimap-query/catalogue-cache' && data.apiUrl === state.config.wikiApi, `${name}: ${data.format} ${data.apiUrl}`);
  assert(/^MediaWiki 1\.39/.test(data.generator), data.generator);
  markCachedCatalogue(data);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify(data)));
  state.cacheFile = file;
  const doc = await open(await writeFile('cached.wikiquery', CACHED_QUERY));
  await waitForUnknown(doc.uri, 'apfromcache,aplimti', 'the verdict by the catalogue the running server holds');
  // A new server in a new worker (a change of embeddedLanguages restarts it): the catalogue comes from the file.
  const languages = vscode.workspace.getConfiguration('wikimapQuery').get('embeddedLanguages');
  await setGlobal('embeddedLanguages', [...languages, 'plaintext']);
  await waitForUnknown(doc.uri, 'aplimti', 'the verdict by the cached catalogue after the restart');
  await setGlobal('embeddedLanguages', undefined);
  // The marked file stays for the page reload at the end (reloadedTests).
});

test('the Run lens runs a query against the wiki and the result opens beside it', async () => {
  const uri = await writeFile('run.wikiquery', '# Two pages\naction=query&list=allpages&aplimit=2\n');
  await open(uri);
  const lens = await waitFor(async () => {
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri);
    return (lenses || []).find((l) => l.command && l.command.title.includes('Run'));
  }, 'a Run lens');
  const resultUri = await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments || []));
  assert(resultUri instanceof vscode.Uri && resultUri.scheme === 'wikimap-result', `a result document (${resultUri})`);
  const result = await waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.toString() === resultUri.toString()), 'the result');
  const lines = result.getText().split('\n');
  assert(lines[0].startsWith(`// GET ${state.config.wikiApi}?action=query&list=allpages&aplimit=2`), lines[0]);
  assert(/HTTP 200 .* 2 items \(allpages: 2\)/.test(lines[1]), lines[1]);
  const json = JSON.parse(lines.filter((l) => !l.startsWith('//')).join('\n'));
  assert(json.query.allpages.length === 2, JSON.stringify(json.query));
  const direct = await (
    await fetch(`${state.config.wikiApi}?action=query&list=allpages&aplimit=2&format=json&formatversion=2&origin=*`)
  ).json();
  assert(JSON.stringify(json.query.allpages) === JSON.stringify(direct.query.allpages), 'the same pages as the wiki answers');
  const beside = vscode.window.tabGroups.all.find((g) =>
    g.tabs.some((t) => t.input && t.input.uri && t.input.uri.toString() === resultUri.toString()),
  );
  assert(beside && beside.viewColumn !== vscode.ViewColumn.One, 'the result opens in the other column');
  await screenshot('web-run-result', '.tab', 'allpages');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

test('a file of a virtual file system (wmqvfs:) is checked like a local one', async () => {
  const uri = vscode.Uri.parse('wmqvfs:/repo/queries/remote.wikiquery');
  const doc = await open(uri);
  assert(doc.languageId === 'wikiquery', `language ${doc.languageId}`);
  const [d] = await waitForCodes(uri, 'unrecognizedparams', 'the diagnostic on the virtual file');
  assert(/aplimti/.test(d.message), d.message);
  await screenshot('web-virtual-file', '.tab.active', 'remote.wikiquery');
});

/** The server's workers are numbered (client/src/browser/browserLanguageClient.ts); nested ones are named `parent -> name`. */
const SERVER_WORKER = /(?:^| -> )Wiki & Map Query Language Server #(\d+)$/;

/** The numbers of the language server's workers alive in the page now (the browser's own list, not the extension's word). */
async function serverWorkers() {
  const { workers } = await ui({ workers: true });
  return workers
    .map((n) => SERVER_WORKER.exec(n))
    .filter(Boolean)
    .map((m) => Number(m[1]));
}

/** Waits until exactly one server worker runs, newer than `after`; answers its number. */
async function oneServerWorker(after, what) {
  let seen = [];
  return waitFor(
    async () => {
      seen = await serverWorkers();
      return seen.length === 1 && seen[0] > after ? seen[0] : undefined;
    },
    `${what} (server workers now: ${seen.map((n) => `#${n}`).join(', ') || 'none'})`,
  ).catch(() => {
    throw new Error(`${what}: server workers ${JSON.stringify(seen)}`);
  });
}

test('a restart of the server ends the old worker: one worker, one set of diagnostics', async () => {
  const uri = await writeFile('restart.wikiquery', 'action=query&list=allpages&aplimti=2\n');
  await open(uri);
  await waitForCodes(uri, 'unrecognizedparams', 'the diagnostic before the restart');
  const first = await oneServerWorker(0, 'one server worker before the restart');
  const languages = vscode.workspace.getConfiguration('wikimapQuery').get('embeddedLanguages');
  await setGlobal('embeddedLanguages', [...languages, 'plaintext']);
  const second = await oneServerWorker(first, 'a new server worker in place of the old one');
  await waitForCodes(uri, 'unrecognizedparams', 'one diagnostic after the restart');
  await setGlobal('embeddedLanguages', undefined);
  await oneServerWorker(second, 'one server worker after the second restart');
  await waitForCodes(uri, 'unrecognizedparams', 'one diagnostic after the second restart');
  const vfs = vscode.Uri.parse('wmqvfs:/repo/queries/remote.wikiquery');
  await open(vfs);
  await waitForCodes(vfs, 'unrecognizedparams', 'one diagnostic on the virtual file after the restarts');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

/** The text of every notification now in the list (a marker of ours is shown so that the list is never empty). */
async function notificationTexts() {
  const marker = `wmq-notifications-${LOAD}-${++requests}`;
  void vscode.window.showInformationMessage(marker);
  await vscode.commands.executeCommand('notifications.showList');
  const shown = await ui({ waitFor: '.notifications-center', text: marker });
  await vscode.commands.executeCommand('notifications.hideList');
  return shown.text;
}

test('two quick changes of embeddedLanguages: no error notification, one server worker', async () => {
  await vscode.commands.executeCommand('notifications.clearAll');
  const uri = await writeFile('restart-twice.wikiquery', 'action=query&list=allpages&aplimti=2\n');
  await open(uri);
  await waitForCodes(uri, 'unrecognizedparams', 'the diagnostic before the changes');
  const before = await oneServerWorker(0, 'one server worker before the changes');
  const languages = vscode.workspace.getConfiguration('wikimapQuery').get('embeddedLanguages');
  // the second change comes while the restart of the first is under way
  await setGlobal('embeddedLanguages', [...languages, 'plaintext']);
  await setGlobal('embeddedLanguages', undefined);
  await oneServerWorker(before, 'one new server worker after two quick changes');
  await waitForCodes(uri, 'unrecognizedparams', 'one diagnostic after the changes');
  const { serverReady } = await vscode.extensions.getExtension(EXTENSION_ID).activate();
  await serverReady;
  const lenses = await waitFor(async () => {
    const found = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri);
    return found && found.length ? found : undefined;
  }, 'the Run lens from the restarted server');
  assert(lenses.length === 1, `one Run lens (${lenses.length})`);
  const texts = await notificationTexts();
  assert(!/failed/i.test(texts), `no error notification: ${texts}`);
  await vscode.commands.executeCommand('notifications.clearAll');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
});

/** The text of the notifications now in the list, once one holding `text` is there. */
async function notificationWith(text, screenshotName) {
  await vscode.commands.executeCommand('notifications.showList');
  const shown = await ui({ waitFor: '.notifications-center .notification-list-item', text, screenshot: screenshotName });
  await vscode.commands.executeCommand('notifications.hideList');
  return shown.text;
}

/** Runs the query of `uri` by its Run lens; answers the result document. */
async function runByLens(uri) {
  const lens = await waitFor(async () => {
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri);
    return (lenses || []).find((l) => l.command && l.command.title.includes('Run'));
  }, 'a Run lens');
  const resultUri = await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments || []));
  assert(resultUri instanceof vscode.Uri, `a result document (${resultUri})`);
  return waitFor(() => vscode.workspace.textDocuments.find((d) => d.uri.toString() === resultUri.toString()), 'the result');
}

test('a private wiki: a bot password is refused with the reason, an OAuth 2 token signs in from the readapidenied button', async () => {
  try {
    await signInToPrivateWiki(state.config.privateApi);
  } finally {
    await setGlobal('wiki.apiUrl', state.config.wikiApi);
  }
});

async function signInToPrivateWiki(api) {
  await vscode.commands.executeCommand('notifications.clearAll');
  await setGlobal('wiki.apiUrl', api);
  const doc = await open(await writeFile('private.wikiquery', 'action=query&list=allpages&apfromprivate=1&aplimti=2\n'));
  await waitForUnknown(doc.uri, 'apfromprivate,aplimti', 'the built-in verdict while the wiki refuses anonymous reads');
  // A bot password's session cookie does not cross sites: refused in the browser, with the reason.
  const bot = await vscode.commands.executeCommand('wikimapQuery.wiki.signIn', {
    apiUrl: api,
    username: 'Admin@wmq',
    password: 'not-sent',
  });
  assert(bot === undefined, `the bot password is not kept (${bot})`);
  const why = await notificationWith('Signing in failed', 'web-bot-password-refused');
  assert(/\$wgCrossSiteAJAXdomains/.test(why) && /OAuth 2 owner-only token/.test(why), why);
  await vscode.commands.executeCommand('notifications.clearAll');
  // Reload Catalogue: readapidenied, with the button that signs in; the token typed into its prompt.
  const refused = await vscode.commands.executeCommand('wikimapQuery.wiki.reloadCatalogue', api);
  assert(refused && /readapidenied/.test(refused.errors.join(' ')), `readapidenied (${JSON.stringify(refused)})`);
  // The warning's button, clicked in the notification list (whether or not its toast is still up).
  await vscode.commands.executeCommand('notifications.showList');
  await ui({
    waitFor: '.notifications-center .notification-list-item',
    text: 'readapidenied',
    click: '.notifications-center .notification-list-item .monaco-button',
    clickText: 'Sign in to Wiki',
    screenshot: 'web-private-wiki-readapidenied',
  });
  await ui({ waitFor: '.quick-input-widget', text: 'OAuth 2 owner-only access token', typeEnv: 'WIKIMAP_E2E_OAUTH_TOKEN', press: 'Enter' });
  await waitForUnknown(doc.uri, 'aplimti', 'the verdict by the private wiki’s own catalogue, loaded signed in');
  await screenshot('web-private-wiki-signed-in', '.monaco-editor .view-lines', 'apfromprivate');
  const result = await runByLens(doc.uri);
  const lines = result.getText().split('\n');
  assert(/HTTP 200/.test(lines[1]), lines.slice(0, 3).join(' | '));
  assert(/[?&]crossorigin=1(&|$)/.test(lines[0]) && !/[?&]origin=/.test(lines[0]), `sent signed: ${lines[0]}`);
  assert(result.getText().includes('"Main Page"') && !result.getText().includes('readapidenied'), result.getText().slice(0, 400));
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  // Signed out: the wiki's catalogue is dropped and the built-in one judges again.
  assert((await vscode.commands.executeCommand('wikimapQuery.wiki.signOut', api)) === api, 'signed out of the wiki');
  const again = await open(doc.uri);
  await waitForUnknown(again.uri, 'apfromprivate,aplimti', 'the built-in verdict after signing out');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.commands.executeCommand('notifications.clearAll');
}

/**
 * After a reload of the whole page (a new workbench, extension host and server worker): the tests run
 * again from the start and find the note the first load left (RELOAD_NOTE), and run these instead.
 */
const reloadedTests = [];
const afterReload = (name, fn) => reloadedTests.push({ name, fn });
const RELOAD_NOTE = 'before-reload.json';

afterReload('after a page reload the wiki’s catalogue is read from the extension’s storage, not asked again', async () => {
  const { serverReady, catalogueCache } = await vscode.extensions.getExtension(EXTENSION_ID).activate();
  await serverReady;
  const file = vscode.Uri.parse(state.before.cacheFile);
  assert(file.toString().startsWith(catalogueCache.toString()), `${file} lies in the cache folder ${catalogueCache}`);
  const data = await readJson(file);
  assert(JSON.stringify(data).includes('"fromcache"'), 'the cache file is the one marked before the reload');
  const doc = await open(await writeFile('reloaded.wikiquery', CACHED_QUERY));
  await waitForUnknown(doc.uri, 'aplimti', 'the verdict by the catalogue cached before the reload');
  await screenshot('web-after-reload', '.squiggly-warning', undefined);
  await vscode.workspace.fs.delete(file);
});

async function runTests(list) {
  let passed = 0;
  let failed = 0;
  for (const t of list) {
    try {
      await t.fn();
      passed++;
      console.log(`  ✓ ${t.name}`);
    } catch (err) {
      failed++;
      console.log(`  ✗ ${t.name}\n    ${err && err.stack ? err.stack : err}`);
    }
  }
  return { passed, failed };
}

/** First load: the tests, then a note for the next load and a real reload of the page by the browser. */
async function beforeReload(note) {
  const { passed, failed } = await runTests(tests);
  const cacheFile = state.cacheFile ? state.cacheFile.toString() : '';
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await vscode.workspace.fs.writeFile(note, new TextEncoder().encode(JSON.stringify({ passed, failed, cacheFile })));
  console.log('  … reloading the page');
  await ui({ reload: true });
  // The page is gone with this extension host; the next load runs afterReload's tests and ends the suite.
  await new Promise(() => undefined);
}

async function run() {
  state.config = await readJson(vscode.Uri.joinPath(workspaceFolder(), 'web-e2e.json'));
  const note = vscode.Uri.joinPath(workspaceFolder(), '.signals', RELOAD_NOTE);
  state.before = await readJson(note).catch(() => undefined);
  if (!state.before) return beforeReload(note);
  const after = await runTests(reloadedTests);
  const passed = state.before.passed + after.passed;
  const failed = state.before.failed + after.failed;
  await setGlobal('wiki.apiUrl', undefined).catch(() => undefined);
  console.log(`web-e2e: ${passed} passed, ${failed} failed`);
  if (failed) throw new Error(`${failed} browser end-to-end test(s) failed`);
}

module.exports = { run };
