/**
 * Source files are parsed incrementally by the language server (server/src/embedded/keptTrees.ts):
 * a sequence of edits — several notifications, several changes in one notification, changes far
 * apart, a line typed character by character — gives the diagnostics a fresh open of the same text
 * gives, over stdio against the real `dist/server.js`.
 */
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { ensureBuilt, LspClient, positionAt, textOf } from './lspClient';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SOURCE_SAMPLES } = require('../support/editorSession') as { SOURCE_SAMPLES: Record<'python' | 'javascript', { text: string }> };

/** One change as offsets in the text it applies to: replace [start, end) with `text`. */
type Change = [start: number, end: number, text: string];

/** Applies changes in order (each against the text the previous one made, as LSP says); returns the text and LSP content changes. */
function applyChanges(text: string, changes: Change[]): { text: string; contentChanges: unknown[] } {
  const contentChanges: unknown[] = [];
  for (const [start, end, insert] of changes) {
    contentChanges.push({ range: { start: positionAt(text, start), end: positionAt(text, end) }, text: insert });
    text = text.slice(0, start) + insert + text.slice(end);
  }
  return { text, contentChanges };
}

const view = (text: string, ds: Diagnostic[]) =>
  ds.map((d) => `${String(d.code)} ${JSON.stringify(d.range)} ${textOf(text, d.range)}: ${d.message}`).sort();

describe('language server over stdio: incremental parse of source files', function () {
  this.timeout(120000);
  let client: LspClient;
  before(async () => {
    await ensureBuilt();
    client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 20 } } });
  });
  after(() => client?.stop());

  it('a sequence of edits gives the diagnostics of a fresh open of the final text', async () => {
    const uri = 'file:///home/user/bot/edited.py';
    let text = SOURCE_SAMPLES.python.text;
    let version = 1;
    await client.open(uri, 'python', text, version);
    await client.diagnosticsFor(uri, version);
    const at = (s: string, from = 0) => {
      const i = text.indexOf(s, from);
      assert.ok(i >= 0, `${s} in ${text}`);
      return i;
    };
    const steps: Array<() => Change[]> = [
      // a second request at the end
      () => [[text.length, text.length, 'p2 = {"action": "query", "lsit": "search", "titlrs": "A"}\nrequests.get(API, params=p2)\n']],
      // two changes far apart in one notification: a fix at the top, a typo near the end (offsets after the first change)
      () => {
        const first: Change = [at('srlimt'), at('srlimt') + 6, 'srlimit'];
        const afterFirst = text.length + 1;
        return [first, [afterFirst - 1, afterFirst - 1, 'x = {"action": "parse", "pgae": "Main"}\n']];
      },
      // a string opened and not yet closed: the rest of the file parses differently
      () => [[at('"search"'), at('"search"'), '"']],
      // and closed again, by deleting it
      () => [[at('""search"'), at('""search"') + 1, '']],
      // a parameter typed character by character, one notification each
      ...[...'"srwaht": "text", '].map((ch) => () => [[at('"srsearch"'), at('"srsearch"'), ch] as Change]),
      // a whole line deleted
      () => [[at('r = requests.get'), at('\n', at('r = requests.get')) + 1, '']],
    ];
    for (const step of steps) {
      const { text: next, contentChanges } = applyChanges(text, step());
      text = next;
      await client.change(uri, ++version, contentChanges);
    }
    const edited = await client.diagnosticsFor(uri, version);
    const freshUri = 'file:///home/user/bot/fresh.py';
    await client.open(freshUri, 'python', text, 1);
    const fresh = await client.diagnosticsFor(freshUri, 1);
    assert.deepEqual(view(text, edited), view(text, fresh));
    // the edits made what they should: the typos are found, the fixed one is gone
    const marked = edited.map((d) => textOf(text, d.range));
    for (const name of ['lsit', 'titlrs', 'pgae', 'srwaht']) assert.ok(marked.includes(name), `${name} in ${marked.join(', ')}`);
    assert.ok(!marked.includes('srlimt'));
  });
});
