// The real editor is there and the packaged extension is installed.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');

describe('real VS Code', () => {
  it('runs a recent VS Code with the packaged extension installed', () => {
    const [major, minor] = vscode.version.split('.').map(Number);
    assert.ok(major > 1 || minor >= 91, `VS Code ${vscode.version}`);
    const ext = vscode.extensions.getExtension('wikimap-query.wikimap-query');
    assert.ok(ext, 'the extension wikimap-query.wikimap-query is installed');
  });
});
