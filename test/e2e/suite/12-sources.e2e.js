// Requests in source code, as a user meets them in a real VS Code: a Python file (VS Code's own
// python language, beside whatever Python extension is installed) whose requests.get params dict
// misspells a parameter shows the diagnostic on that key, completion inside a key being typed
// offers the module's names, and the quick fix renames the key inside its quotes.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { waitFor, openFile, screenshot, writeWorkspaceFile } = require('./helpers');

const { SOURCE_SAMPLES, MAP_SOURCE_SAMPLE: MAP } = require('../../support/editorSession');

const PY = SOURCE_SAMPLES.python.text;

const code = (d) => (typeof d.code === 'object' ? d.code.value : d.code);
const labelOf = (i) => (typeof i.label === 'string' ? i.label : i.label.label);

describe('requests in a Python file, in a real VS Code', () => {
  it('shows the diagnostic of a misspelt key in a params dict, at the key', async () => {
    const doc = await openFile(writeWorkspaceFile('search_bot.py', PY));
    assert.equal(doc.languageId, 'python');
    const diag = await waitFor(
      () => vscode.languages.getDiagnostics(doc.uri).find((d) => code(d) === 'unrecognizedparams'),
      'the diagnostic on srlimt',
    );
    assert.equal(doc.getText(diag.range), 'srlimt');
    assert.equal(diag.range.start.line, 3);
    assert.match(diag.message, /srlimit/);
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    editor.selection = new vscode.Selection(diag.range.start, diag.range.start);
    await vscode.commands.executeCommand('editor.action.showHover');
    const shown = await screenshot('python-diagnostic', { waitFor: '.monaco-hover', text: 'srlimt' });
    assert.match(shown.text, /srlimit/);
  });

  it('completes the search module’s parameter names inside a key being typed', async () => {
    const text = PY.replace('r = requests', 'more = {"action": "query", "list": "search", "srl"}\nr = requests');
    const doc = await openFile(writeWorkspaceFile('complete_bot.py', text));
    const line = 4;
    const pos = new vscode.Position(line, doc.lineAt(line).text.indexOf('"srl"') + 4);
    const labels = await waitFor(async () => {
      const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', doc.uri, pos);
      const found = list.items.map(labelOf);
      return found.includes('srlimit') ? found : undefined;
    }, 'srlimit among the completions');
    assert.ok(labels.includes('srwhat'), labels.slice(0, 40).join(', '));
    assert.ok(!labels.includes('rvprop'), 'no parameters of other modules');
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await screenshot('python-completion', { waitFor: '.suggest-widget.visible', text: 'srlimit' });
    await vscode.commands.executeCommand('acceptSelectedSuggestion');
    await waitFor(() => /"srl[a-z]+"\}/.test(doc.lineAt(line).text) || undefined, 'a name accepted inside the quotes');
    assert.match(doc.lineAt(line).text, /^more = \{"action": "query", "list": "search", "sr[a-z]+"\}$/);
  });

  it('applies the quick fix: the key renamed inside its quotes', async () => {
    const doc = await openFile(writeWorkspaceFile('fix_bot.py', PY));
    const diag = await waitFor(
      () => vscode.languages.getDiagnostics(doc.uri).find((d) => code(d) === 'unrecognizedparams'),
      'the diagnostic on srlimt',
    );
    const actions = await vscode.commands.executeCommand(
      'vscode.executeCodeActionProvider',
      doc.uri,
      diag.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => /srlimit/.test(a.title));
    assert.ok(fix, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    await waitFor(() => doc.getText().includes('"srlimit": 5}') || undefined, 'the fix is applied');
    await waitFor(() => (vscode.languages.getDiagnostics(doc.uri).length === 0 ? true : undefined), 'the diagnostic goes away');
  });
});

describe('a map query posted from a JavaScript file, in a real VS Code', () => {
  it('shows the diagnostic of a misspelled field at the key, and the quick fix renames it', async () => {
    const doc = await openFile(writeWorkspaceFile(MAP.file, MAP.text));
    assert.equal(doc.languageId, 'javascript');
    const diag = await waitFor(
      () => vscode.languages.getDiagnostics(doc.uri).find((d) => code(d) === MAP.code),
      `the diagnostic on ${MAP.misspelt}`,
    );
    assert.equal(doc.getText(diag.range), MAP.misspelt);
    assert.equal(diag.range.start.line, 3);
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    editor.selection = new vscode.Selection(diag.range.start, diag.range.start);
    await vscode.commands.executeCommand('editor.action.showHover');
    const shown = await screenshot('javascript-map-diagnostic', { waitFor: '.monaco-hover', text: MAP.misspelt });
    assert.match(shown.text, /type/);
    const actions = await vscode.commands.executeCommand(
      'vscode.executeCodeActionProvider',
      doc.uri,
      diag.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title === MAP.title);
    assert.ok(fix, `actions: ${actions.map((a) => a.title).join(' | ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    await waitFor(() => doc.lineAt(3).text.endsWith(MAP.fixed) || undefined, 'the fix is applied');
    await waitFor(() => (vscode.languages.getDiagnostics(doc.uri).length === 0 ? true : undefined), 'the diagnostics go away');
  });
});
