// Running queries from the editor, as a user does it: the "▶ Run" lens above a query sends it to the
// real MediaWiki (or the fake map server) and the result opens beside the query: a read-only JSON
// document with a summary for the wiki, the map results webview (table and plot) for the map.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const {
  waitFor,
  openFile,
  screenshot,
  ui,
  writeWorkspaceFile,
  activeExtension,
  findTabs,
  closeAllEditors,
  workspaceDir,
} = require('./helpers');

const WIKI_API = process.env.WIKIMAP_E2E_WIKI_API;
const MAP_SERVER = process.env.WIKIMAP_E2E_MAPSERVER;

/** The lenses VS Code shows on a document (asked again until the server has answered). */
async function lensesOf(doc, title) {
  return waitFor(
    async () => {
      const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', doc.uri);
      const matching = (lenses || []).filter((l) => l.command && (!title || l.command.title.includes(title)));
      return matching.length ? matching : undefined;
    },
    `a "${title}" lens on ${path.basename(doc.uri.path)}`,
  );
}

/** Runs a lens the way clicking it does: its command with its arguments. */
function click(lens) {
  return vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments || []));
}

/** A wiki result document: its summary comment lines and the JSON body after them. */
function parseResult(text) {
  const lines = text.split('\n');
  const comments = [];
  while (lines.length && lines[0].startsWith('//')) comments.push(lines.shift());
  return { comments, json: JSON.parse(lines.join('\n')) };
}

/** The same request sent straight to the wiki, to compare with what the editor shows. */
async function askWiki(params) {
  const url = new URL(WIKI_API);
  for (const [k, v] of Object.entries({ ...params, format: 'json', formatversion: '2' })) url.searchParams.set(k, v);
  const res = await fetch(url);
  assert.equal(res.status, 200, `the wiki answers ${url}`);
  return res.json();
}

async function setGlobal(key, value) {
  await vscode.workspace.getConfiguration('wikimapQuery').update(key, value, vscode.ConfigurationTarget.Global);
}

describe('running queries in a real VS Code', function () {
  let api;

  before(async () => {
    assert.ok(WIKI_API, 'WIKIMAP_E2E_WIKI_API: the real MediaWiki did not start (see the [e2e] lines above)');
    assert.ok(MAP_SERVER, 'WIKIMAP_E2E_MAPSERVER: the fake map server did not start');
    ({ api } = await activeExtension());
    assert.equal(typeof api?.resultText, 'function', 'the extension exports resultText()');
    await setGlobal('wiki.apiUrl', WIKI_API);
    await setGlobal('mapserver.url', MAP_SERVER);
    await closeAllEditors();
  });

  describe('wiki', () => {
    let doc;
    let resultUri;

    it('runs a wiki query from its Run lens and opens the result beside it', async () => {
      const file = writeWorkspaceFile('run.wikiquery', '# The pages of the wiki, two at a time\naction=query&list=allpages&aplimit=2\n');
      doc = await openFile(file);
      const [lens] = await lensesOf(doc, 'Run');
      assert.equal(lens.command.title, '▶ Run');
      assert.equal(lens.range.start.line, 1, 'the lens sits on the query line');

      resultUri = await click(lens);
      assert.ok(resultUri instanceof vscode.Uri, `the run returns the result URI (last error: ${api.lastRunError()})`);
      assert.equal(resultUri.scheme, 'wikimap-result');

      // beside the query: two editor groups, the query on the left, the result on the right
      const [queryTab] = findTabs((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === doc.uri.toString());
      const [resultTab] = await waitFor(() => {
        const tabs = findTabs((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === resultUri.toString());
        return tabs.length ? tabs : undefined;
      }, 'the result tab');
      assert.ok(queryTab, 'the query is still open');
      assert.notEqual(resultTab.group.viewColumn, queryTab.group.viewColumn, 'the result opens in the other column');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), doc.uri.toString(), 'the query keeps the focus');

      const resultDoc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === resultUri.toString());
      assert.ok(resultDoc, 'the result document is open');
      assert.equal(resultDoc.languageId, 'jsonc');
      const { comments, json } = parseResult(resultDoc.getText());
      assert.match(comments[0], /^\/\/ GET http:\/\/127\.0\.0\.1:\d+\/api\.php\?action=query&list=allpages&aplimit=2/);
      assert.match(comments[1], /^\/\/ HTTP 200 OK · \d+ ms · .* · 2 items \(allpages: 2\) · 0 warnings · 0 errors/);
      assert.ok(
        comments.some((c) => /More results/.test(c)),
        comments.join('\n'),
      );
      // what the wiki itself answers to the same request
      const direct = await askWiki({ action: 'query', list: 'allpages', aplimit: '2' });
      assert.deepEqual(json.query.allpages, direct.query.allpages);

      // the picture for the README: no side bar, the result wrapped so its summary reads in full
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await vscode.window.showTextDocument(resultDoc, { viewColumn: resultTab.group.viewColumn, preserveFocus: false });
      await vscode.commands.executeCommand('editor.action.toggleWordWrap');
      await screenshot('wiki-result', { waitFor: '.tab.active', text: '.jsonc' });
      await vscode.commands.executeCommand('editor.action.toggleWordWrap');
      await vscode.window.showTextDocument(doc, { viewColumn: queryTab.group.viewColumn });
      await vscode.commands.executeCommand('workbench.view.explorer');
    });

    it('the result document is read-only: typing into it is refused', async () => {
      const resultDoc = await vscode.workspace.openTextDocument(resultUri);
      const before = resultDoc.getText();
      const [resultTab] = findTabs((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === resultUri.toString());
      await vscode.window.showTextDocument(resultDoc, { viewColumn: resultTab.group.viewColumn, preserveFocus: false });
      // the user types a character (in the browser): VS Code says the editor is read-only
      const said = await ui({
        waitFor: '.monaco-editor.focused',
        type: 'x',
        waitAfter: '.monaco-editor-overlaymessage',
        waitAfterText: 'read-only',
      });
      assert.match(said.text, /Cannot edit in read-only editor/);
      assert.equal(resultDoc.getText(), before);
      assert.equal(resultDoc.isDirty, false);
      await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    });

    it('continues the result batch by batch with its Continue lens until the wiki has no more', async () => {
      const titles = [];
      let uri = resultUri;
      for (let batch = 1; batch <= 20; batch++) {
        const resultDoc = await vscode.workspace.openTextDocument(uri);
        const { comments, json } = parseResult(resultDoc.getText());
        titles.push(...json.query.allpages.map((p) => p.title));
        if (comments.some((c) => /Complete: no more results/.test(c))) break;
        assert.ok(json.continue, `batch ${batch} says there is more: ${comments.join(' / ')}`);
        const [next] = await lensesOf(resultDoc, 'Continue');
        uri = await click(next);
        assert.ok(uri instanceof vscode.Uri, `Continue returns the next batch (last error: ${api.lastRunError()})`);
        assert.match(uri.path, /\(batch \d+\)\.jsonc$/);
      }
      const all = await askWiki({ action: 'query', list: 'allpages', aplimit: 'max' });
      assert.deepEqual(
        titles,
        all.query.allpages.map((p) => p.title),
        'the batches together are every page, in order, once',
      );
      assert.ok(titles.length > 2, 'the seeded wiki has more than one batch');
    });

    it('fetches every batch at once with the Fetch all lens', async () => {
      const first = await vscode.workspace.openTextDocument(resultUri);
      const [fetchAll] = await lensesOf(first, 'Fetch all');
      const uri = await click(fetchAll);
      assert.ok(uri instanceof vscode.Uri, `Fetch all returns the merged result (last error: ${api.lastRunError()})`);
      const { comments, json } = parseResult(api.resultText(uri));
      const all = await askWiki({ action: 'query', list: 'allpages', aplimit: 'max' });
      assert.deepEqual(
        json.query.allpages.map((p) => p.title),
        all.query.allpages.map((p) => p.title),
      );
      const pages = Math.ceil(all.query.allpages.length / 2);
      assert.match(comments[1], new RegExp(`${all.query.allpages.length} items .* ${pages} pages merged`));
      assert.ok(
        comments.some((c) => /Complete: no more results/.test(c)),
        comments.join('\n'),
      );
    });

    it("places the wiki's own warnings on the query as diagnostics", async () => {
      const file = writeWorkspaceFile('warn.wikiquery', 'action=query&list=allpages&aplimit=1&apnosuchthing=1\n');
      const warnDoc = await openFile(file);
      const [lens] = await lensesOf(warnDoc, 'Run');
      const uri = await click(lens);
      assert.ok(uri instanceof vscode.Uri, `ran (last error: ${api.lastRunError()})`);
      const fromWiki = await waitFor(
        () => vscode.languages.getDiagnostics(warnDoc.uri).filter((d) => d.source === 'wiki'),
        'diagnostics from the wiki',
      );
      const unknown = fromWiki.find((d) => /apnosuchthing/.test(d.message));
      assert.ok(unknown, fromWiki.map((d) => d.message).join(' | '));
      assert.equal(unknown.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(warnDoc.getText(unknown.range), /apnosuchthing/);
    });

    it('refuses to run a write action, and the wiki is left unchanged', async () => {
      const before = await askWiki({ action: 'query', prop: 'revisions', titles: 'Alpha', rvprop: 'ids' });
      const file = writeWorkspaceFile('write.wikiquery', 'action=edit&title=Alpha&appendtext=vandalism&token=%2B%5C\n');
      const writeDoc = await openFile(file);
      const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', writeDoc.uri);
      const lens = (lenses || []).find((l) => l.command && /Run/.test(l.command.title));
      // with or without a lens on it: the run command refuses before sending anything
      const result = lens
        ? await click(lens)
        : await vscode.commands.executeCommand('wikimapQuery.wiki.runQuery', writeDoc.getText().trim());
      assert.equal(result, undefined, 'nothing opens');
      assert.match(
        api.lastRunError() || '',
        /Not run: action=edit changes the wiki: MediaWiki takes it only as a POST request with a "csrf" token/,
      );
      // the error is in the notification list (whether or not its toast is still up)
      await vscode.commands.executeCommand('notifications.showList');
      const note = await ui({ waitFor: '.notifications-center .notification-list-item', text: 'Not run: action=edit' });
      assert.match(note.text, /read-only/);
      await vscode.commands.executeCommand('notifications.hideList');
      const after = await askWiki({ action: 'query', prop: 'revisions', titles: 'Alpha', rvprop: 'ids' });
      assert.deepEqual(after.query.pages[0].revisions, before.query.pages[0].revisions, 'Alpha has no new revision');
      await vscode.commands.executeCommand('notifications.clearAll');
    });

    it('reopens a result from the run history', async () => {
      const entry = api.history.list().find((e) => e.ok && e.resultUri === resultUri.toString());
      assert.ok(entry, 'the first run is in the history');
      await closeAllEditors();
      const reopened = await vscode.commands.executeCommand('wikimapQuery.showHistory', entry.id);
      assert.equal(reopened?.toString(), resultUri.toString());
      await waitFor(
        () => findTabs((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === resultUri.toString()).length,
        'the result tab again',
      );
    });

    it('shows the selected wiki in the status bar', async () => {
      const host = new URL(WIKI_API).host;
      await openFile(writeWorkspaceFile('status.wikiquery', 'action=query&meta=siteinfo\n'));
      assert.equal(await vscode.commands.executeCommand('wikimapQuery.wiki.selectEndpoint', WIKI_API), WIKI_API);
      const item = await ui({ waitFor: '.statusbar-item', text: host });
      assert.match(item.text, new RegExp(host.replace(/\./g, '\\.')));
    });

    after(closeAllEditors);
  });

  describe('map', () => {
    const body = { pos1: { x: -10, y: -2, z: -10 }, pos2: { x: 10, y: 2, z: 10 }, type: 'bones' };
    let outcome;

    it('runs a map query from its Run lens and shows the objects in the results view', async () => {
      const direct = await fetch(`${MAP_SERVER}/api/mapobjects/`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
      assert.ok(direct.length > 1, 'the fake map server has bones around spawn');

      const file = writeWorkspaceFile('run.mapquery.json', `// Bones around spawn\n${JSON.stringify(body, null, 2)}\n`);
      const doc = await openFile(file);
      const [lens] = await lensesOf(doc, 'Run');
      assert.equal(lens.command.title, '▶ Run map query');
      outcome = await click(lens);
      assert.ok(outcome, `the run returns its outcome (last error: ${api.lastRunError()})`);
      assert.equal(outcome.count, direct.length, 'as many objects as the server sends');
      assert.equal(outcome.url, `${MAP_SERVER}/api/mapobjects/`);
      assert.deepEqual(api.mapResults(), direct);

      const [tab] = await waitFor(() => {
        const tabs = findTabs((t) => t.input instanceof vscode.TabInputWebview && /wikimapQuery\.mapResults/.test(t.input.viewType));
        return tabs.length ? tabs : undefined;
      }, 'the map results tab');
      assert.equal(tab.tab.label, `Map Query Results (${direct.length})`);
      const rendered = await waitFor(() => api.mapResultsRendered(), 'the results view to render');
      assert.equal(rendered.rows, direct.length, 'one table row per object');
      assert.equal(rendered.points, direct.length, 'one plotted point per object');

      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await screenshot('map-results', { waitFor: '#plot circle' });
      await vscode.commands.executeCommand('workbench.view.explorer');
    });

    it('sorts the table when a column header is clicked', async () => {
      await ui({ click: 'th[data-key="mtime"]' });
      const sorted = await waitFor(
        () => (api.mapResultsRendered()?.sortKey === 'mtime' ? api.mapResultsRendered() : undefined),
        'the table sorted by modification time',
      );
      assert.equal(sorted.rows, outcome.count);
    });

    it('exports the results as CSV', async () => {
      const target = vscode.Uri.file(path.join(workspaceDir(), 'bones.csv'));
      const written = await vscode.commands.executeCommand('wikimapQuery.map.exportCsv', target);
      assert.equal(written?.toString(), target.toString());
      const lines = fs.readFileSync(target.fsPath, 'utf8').trim().split(/\r?\n/);
      assert.equal(lines.length, outcome.count + 1, 'a header and one line per object');
    });

    after(closeAllEditors);
  });
});
