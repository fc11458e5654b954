// Settings as a VS Code user meets them: the repository's .wikimapquery.json applies, a workspace setting
// overrides it key by key, and removing the setting brings the file's value back (VS Code sends the server
// only what the user set, so the file shows through). The file is read again when it changes.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const vscode = require('vscode');
const { waitFor, openFile, writeWorkspaceFile } = require('./helpers');

const code = (d) => (typeof d.code === 'object' ? d.code.value : d.code);

describe('settings in a real VS Code: the repository file under the editor settings', () => {
  it('a workspace setting overrides .wikimapquery.json, and removing it brings the file back', async () => {
    const cfg = () => vscode.workspace.getConfiguration('wikimapQuery');
    const config = writeWorkspaceFile('.wikimapquery.json', JSON.stringify({ diagnostics: { severity: { unrecognizedparams: 'error' } } }));
    const doc = await openFile(writeWorkspaceFile('settings-layers.wikiquery', 'action=query&list=allpages&apfooo=1\n'));
    const severity = () => {
      const d = vscode.languages.getDiagnostics(doc.uri).find((x) => code(x) === 'unrecognizedparams');
      return d ? d.severity : 'none';
    };
    const expect = (wanted, what) => waitFor(() => severity() === wanted, `${what} (now ${severity()})`);
    try {
      await expect(vscode.DiagnosticSeverity.Error, 'the file makes it an error');
      await cfg().update('diagnostics.severity', { unrecognizedparams: 'hint' }, vscode.ConfigurationTarget.Workspace);
      await expect(vscode.DiagnosticSeverity.Hint, 'the workspace setting overrides the file');
      await cfg().update('diagnostics.severity', undefined, vscode.ConfigurationTarget.Workspace);
      await expect(vscode.DiagnosticSeverity.Error, 'with the setting removed, the file applies again');
      fs.writeFileSync(config, JSON.stringify({ diagnostics: { severity: { unrecognizedparams: 'information' } } }));
      await expect(vscode.DiagnosticSeverity.Information, 'the changed file is read again');
    } finally {
      await cfg().update('diagnostics.severity', undefined, vscode.ConfigurationTarget.Workspace);
      fs.rmSync(config, { force: true });
    }
    await expect(vscode.DiagnosticSeverity.Warning, 'without the file, the default');
    assert.equal(cfg().inspect('diagnostics.severity').workspaceValue, undefined);
  });
});
