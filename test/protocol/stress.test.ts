/**
 * The server under stress (fixed seed): thousands of random edits — out-of-range and overlapping
 * ranges, stray bytes — opens and closes, and requests at random positions, all pipelined over stdio.
 * Every request must be answered, and the server must be alive and current at the end.
 */
import assert from 'node:assert/strict';
import { ensureBuilt, LspClient } from './lspClient';
import { seededRandom } from '../support/seededRandom';

const SEED = 20261121;
const EDITS = 3000;

const DOCS = [
  {
    uri: 'file:///stress/a.wikiquery',
    languageId: 'wikiquery',
    text: 'action=query&list=categorymembers&cmtitle=Category:X&cmlimit=50\n\naction=query\n  &generator=allpages\n  &gaplimit=max\n',
  },
  {
    uri: 'file:///stress/b.mapquery.json',
    languageId: 'mapquery',
    text: '[{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}]\n',
  },
  { uri: 'file:///stress/c.md', languageId: 'markdown', text: '# x\nsee api.php?action=query&list=allpages&aplimit=5 now\n' },
];

const PIECES = [
  '&',
  '|',
  '=',
  '%',
  '%7C',
  '%zz',
  '+',
  'list=',
  'prop=revisions',
  'cmlimit=',
  'gcm',
  '\n',
  '\n  &',
  '{',
  '}',
  '[',
  '"pos1"',
  ':',
  ',',
  '\u001f',
  '\u0000',
  '\ud800',
  '😀',
  'x'.repeat(300),
  '|a'.repeat(80),
  '#',
  '?',
  'api.php?',
];

describe('language server under stress', function () {
  this.timeout(120000);
  before(() => ensureBuilt());

  it(`answers every request through ${EDITS} random edits (seed ${SEED}) and stays alive`, async () => {
    const random = seededRandom(SEED);
    const int = (n: number) => Math.floor(random() * n);
    const pick = <T>(xs: T[]): T => xs[int(xs.length)];
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 5 } } });
    try {
      const versions = new Map<string, number>();
      const open = new Set<string>();
      for (const d of DOCS) {
        await client.open(d.uri, d.languageId, d.text, 1);
        versions.set(d.uri, 1);
        open.add(d.uri);
      }
      const pending: Array<Promise<'ok' | 'error'>> = [];
      const errors: string[] = [];
      const position = () => ({ line: int(12) - 1, character: int(120) - 2 });
      for (let i = 0; i < EDITS; i++) {
        const doc = pick(DOCS);
        if (!open.has(doc.uri)) {
          const v = versions.get(doc.uri)! + 1;
          versions.set(doc.uri, v);
          void client.open(doc.uri, doc.languageId, doc.text, v);
          open.add(doc.uri);
          continue;
        }
        const roll = random();
        if (roll < 0.01) {
          void client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: doc.uri } });
          open.delete(doc.uri);
          continue;
        }
        const v = versions.get(doc.uri)! + 1;
        versions.set(doc.uri, v);
        const changes = Array.from({ length: 1 + int(3) }, () => {
          const start = position();
          const end = random() < 0.2 ? position() : { line: start.line + int(2), character: start.character + int(10) };
          return { range: { start, end }, text: random() < 0.3 ? '' : pick(PIECES) };
        });
        void client.change(doc.uri, v, changes);
        if (i % 5 === 0) {
          const method = pick([
            'textDocument/completion',
            'textDocument/hover',
            'textDocument/codeAction',
            'textDocument/documentSymbol',
            'textDocument/documentLink',
            'wikimapQuery/runnableQueries',
          ]);
          const at = position();
          const params =
            method === 'wikimapQuery/runnableQueries'
              ? { uri: doc.uri }
              : method === 'textDocument/codeAction'
                ? { textDocument: { uri: doc.uri }, range: { start: at, end: position() }, context: { diagnostics: [] } }
                : { textDocument: { uri: doc.uri }, position: at };
          pending.push(
            client.request(method, params).then(
              () => 'ok' as const,
              (err: { message?: string }) => {
                errors.push(`${method}: ${err.message}`);
                return 'error' as const;
              },
            ),
          );
        }
      }
      // Resolves only when every request has its answer.
      const answers = await Promise.all(pending);
      assert.ok(answers.length > EDITS / 10, `${answers.length} requests sent`);
      assert.deepEqual(errors, [], 'no handler failed');
      assert.deepEqual(
        client.logs.filter((l) => / failed/.test(l)),
        [],
        'no validation failed either',
      );
      assert.ok(client.alive, 'the server is alive');
      // And current: a last edit to each open document gets diagnostics for exactly that version.
      for (const uri of open) {
        const v = versions.get(uri)! + 1;
        versions.set(uri, v);
        await client.change(uri, v, [{ text: 'action=query&list=allpages&aplimit=10\n' }]);
        await client.diagnosticsFor(uri, v);
      }
    } finally {
      await client.stop();
    }
  });
});
