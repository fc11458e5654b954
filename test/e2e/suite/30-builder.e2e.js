// "Wiki Query: Build Query…" in a real VS Code. The quick picks are driven the way a user drives them:
// the browser showing the workbench types into the quick input and presses keys (the extension host
// cannot click VS Code's own widgets). The command's programmatic form (answers as its argument) is
// checked as well.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { waitFor, openFile, screenshot, ui, writeWorkspaceFile, activeExtension, closeAllEditors } = require('./helpers');

const QUICK_INPUT = '.quick-input-widget';

describe('the guided query builder in a real VS Code', () => {
  let api;

  before(async () => {
    assert.ok(process.env.WIKIMAP_E2E_WIKI_API, 'WIKIMAP_E2E_WIKI_API: the real MediaWiki did not start (see the [e2e] lines above)');
    ({ api } = await activeExtension());
    await vscode.workspace
      .getConfiguration('wikimapQuery')
      .update('wiki.apiUrl', process.env.WIKIMAP_E2E_WIKI_API, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  it('walks group → module → parameter → value with the keyboard and inserts the query at the cursor', async () => {
    const file = writeWorkspaceFile('built.wikiquery', '# Built with Wiki Query: Build Query…\n\n');
    const doc = await openFile(file);
    const editor = vscode.window.activeTextEditor;
    editor.selection = new vscode.Selection(1, 0, 1, 0);

    let finished = false;
    const building = Promise.resolve(vscode.commands.executeCommand('wikimapQuery.wiki.buildQuery')).finally(() => (finished = true));
    try {
      // 1/4: the kind of query
      await ui({ waitFor: QUICK_INPUT, text: 'Build Query (1/4)', type: 'list', press: 'Enter' });
      // 2/4: the module, found by typing part of its name
      await ui({ waitFor: QUICK_INPUT, text: 'Build Query (2/4)', type: 'allpages' });
      await screenshot('builder', { waitFor: `${QUICK_INPUT} .monaco-list-row.focused`, text: 'allpages' });
      await ui({ press: 'Enter' });
      // 3/4: tick aplimit (a click on its row), then go on
      await ui({ waitFor: QUICK_INPUT, text: 'Build Query (3/4)', type: 'aplimit' });
      await ui({ click: `${QUICK_INPUT} .monaco-list-row`, clickText: 'aplimit' });
      await ui({ waitFor: `${QUICK_INPUT} .monaco-list-row[aria-checked="true"]`, text: 'aplimit', press: 'Enter' });
      // 4/4: the value, typed over the suggested default
      await ui({ waitFor: QUICK_INPUT, text: 'aplimit', press: 'Control+A' });
      await ui({ type: '3', press: 'Enter' });
      // done: insert at the cursor
      await ui({ waitFor: QUICK_INPUT, text: 'Insert at cursor', type: 'Insert', press: 'Enter' });
    } catch (err) {
      if (!finished) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      throw err;
    }
    const text = await building;
    assert.equal(text, 'action=query&list=allpages&aplimit=3');
    await waitFor(() => doc.getText().includes(text), 'the query in the document');
    assert.equal(doc.getText(), '# Built with Wiki Query: Build Query…\naction=query&list=allpages&aplimit=3\n');
    // and the inserted query is a runnable one: it gets its Run lens
    await waitFor(async () => {
      const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', doc.uri);
      return (lenses || []).some((l) => l.command?.title === '▶ Run' && l.range.start.line === 1);
    }, 'a Run lens on the inserted query');
  });

  it('builds from answers given as the command argument (scripted use) and runs the query', async () => {
    const answers = { group: 'prop', module: 'revisions', values: { titles: 'Alpha', rvprop: 'ids|user' } };
    const text = await vscode.commands.executeCommand('wikimapQuery.wiki.buildQuery', { ...answers, then: 'return' });
    assert.equal(text, 'action=query&prop=revisions&titles=Alpha&rvprop=ids|user');
    assert.equal(
      await vscode.commands.executeCommand('wikimapQuery.wiki.buildQuery', { group: 'list', module: 'nosuchmodule', then: 'return' }),
      undefined,
      'an unknown module builds nothing',
    );

    await vscode.commands.executeCommand('wikimapQuery.wiki.buildQuery', { ...answers, then: 'run' });
    const run = api.history.list()[0];
    assert.ok(run && run.ok, `the built query ran (last error: ${api.lastRunError()})`);
    assert.match(run.outcome, /^HTTP 200 OK/);
    const result = JSON.parse(api.resultText(run.resultUri).replace(/^\/\/.*\n/gm, ''));
    assert.equal(result.query.pages[0].title, 'Alpha');
    assert.ok(
      result.query.pages[0].revisions.every((r) => typeof r.revid === 'number' && typeof r.user === 'string'),
      'revisions with ids and users',
    );
  });

  after(closeAllEditors);
});
