// Target wikis in a real VS Code: with wikimapQuery.wiki.targets set in the settings, a request is
// judged against each built-in MediaWiki version and the diagnostic names the targets that reject it
// and those that accept it; hover shows each group of targets' facts where they differ; a file's own
// `# targets:` line (a .wikiquery file, and `# targets:` in a Python file's comments) overrides the setting.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { waitFor, openFile, writeWorkspaceFile, closeAllEditors, activeExtension } = require('./helpers');

const on = (d) => (/\[on [^\]]*\]/.exec(d.message) || [''])[0];
const diagnosticAt = (doc, word) => () => vscode.languages.getDiagnostics(doc.uri).find((d) => doc.getText(d.range) === word);

describe('target wikis in a real VS Code', function () {
  before(async () => {
    await activeExtension();
    await vscode.workspace.getConfiguration('wikimapQuery').update('wiki.targets', ['1.39', '1.45'], vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });
  after(async () => {
    await vscode.workspace.getConfiguration('wikimapQuery').update('wiki.targets', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  it('the setting: the diagnostic names the targets that reject and accept; hover groups the targets', async () => {
    const doc = await openFile(writeWorkspaceFile('targets/random.wikiquery', 'action=query&list=random&rnminsize=100\n'));
    const d = await waitFor(diagnosticAt(doc, 'rnminsize'), 'the rnminsize diagnostic judged by the targets');
    assert.equal(on(d), '[on MediaWiki 1.39; accepted by MediaWiki 1.45]');
    const hovers = await vscode.commands.executeCommand(
      'vscode.executeHoverProvider',
      doc.uri,
      new vscode.Position(0, 'action=query&list=random&rnmi'.length),
    );
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /\*\*MediaWiki 1\.39:\*\*/);
    assert.match(text, /\*\*MediaWiki 1\.45:\*\*/);
  });

  it("a file's targets line overrides the setting: a .wikiquery file and a Python file", async () => {
    const wq = await openFile(
      writeWorkspaceFile(
        'targets/header.wikiquery',
        '# targets: 1.43\naction=query&list=allusers&auexcludetemp=1\naction=query&list=random&rnminsize=100\n',
      ),
    );
    const py = await openFile(
      writeWorkspaceFile(
        'targets/bot.py',
        [
          '# targets: 1.39',
          'import requests',
          'params = {"action": "query", "list": "allusers", "auexcludetemp": 1, "format": "json"}',
          'requests.get("https://en.wikipedia.org/w/api.php", params=params)',
          '',
        ].join('\n'),
      ),
    );
    const d = await waitFor(diagnosticAt(py, 'auexcludetemp'), 'the Python file judged by its own targets line');
    assert.equal(on(d), '[on every target: MediaWiki 1.39]');
    // The .wikiquery file's only target is 1.43: auexcludetemp (from 1.43) is accepted, rnminsize (from 1.45) not.
    const w = await waitFor(diagnosticAt(wq, 'rnminsize'), 'the .wikiquery file judged by its own targets line');
    assert.equal(on(w), '[on every target: MediaWiki 1.43]');
    assert.deepEqual(
      vscode.languages.getDiagnostics(wq.uri).map((x) => wq.getText(x.range)),
      ['rnminsize'],
    );
  });

  it('a wikimapQuery.wikis entry that is a saved catalogue file (workspace-relative) is a target, read again when the file is saved anew', async () => {
    const fixture = (name) => fs.readFileSync(path.resolve(__dirname, '..', '..', 'fixtures', 'catalogues', name), 'utf8');
    const saved = writeWorkspaceFile('targets/catalogues/saved.json', fixture('mediawiki-1.39.json'));
    const config = vscode.workspace.getConfiguration('wikimapQuery');
    await config.update('wikis', { saved: 'targets/catalogues/saved.json' }, vscode.ConfigurationTarget.Global);
    try {
      const doc = await openFile(
        writeWorkspaceFile('targets/saved.wikiquery', '# targets: saved, 1.45\naction=query&list=random&rnminsize=100\n'),
      );
      const d = await waitFor(
        () => ((x) => x && on(x) === '[on saved; accepted by MediaWiki 1.45]' && x)(diagnosticAt(doc, 'rnminsize')()),
        'rnminsize judged by the saved 1.39 catalogue',
      );
      assert.equal(d.code, 'unrecognizedparams');
      // The wiki was upgraded and its catalogue saved again (1.45): VS Code's file watcher tells the server, no edit needed.
      fs.writeFileSync(saved, fixture('mediawiki-1.45.0.json'));
      await waitFor(() => !diagnosticAt(doc, 'rnminsize')(), 'the document judged by the file saved anew');
    } finally {
      await config.update('wikis', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
