/**
 * What an attacker (or a confused client) can ask the language server over stdio, beyond huge
 * documents' own suites (issue 25): each case checks the server lives, its peak memory (VmHWM from
 * /proc), the time, and what the user is told.
 * - Semantic tokens of a 100,000-line document under the parse budget: full, delta with a bogus
 *   `previousResultId` (which answers in full) and range each stay within one answer's token budget
 *   (server/src/boundedTokens.ts), the user is told once that highlighting stops, hover still answers.
 * - URIs of 1 MB: the file name in a message keeps its first and last 100 characters, and no line shown
 *   or logged passes 4,000 characters (server/src/messages.ts); a 1 MB name was shown whole.
 * - 100,000 `$/cancelRequest` for unknown ids in one write (each costs one turn of the message queue:
 *   about 5 s in all on a loaded machine, RSS ~150 MB), selectionRange with 100,000 positions (the first
 *   5,000 answered), positions NaN, -1 and 2^53: every request answered, the server lives.
 */
import { strict as assert } from 'node:assert';
import { MAX_TOKENS } from '../../server/src/boundedTokens';
import { decodeTokens } from '../../server/src/service/semanticTokens';
import { assertServerBounded, MAX_SECONDS, withServer } from './hugeDocumentsShared';

const WIKI_LINE = 'api.php?action=query&list=allpages&aplimit=max&apfrom=A&format=json&prop=info&titles=Foo|Bar';
const MAP_LINE = '{"type": "bones", "pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 10, "z": 10}, "limit": 5},';
const CUT = /highlighting stops at line \d+: one answer holds at most 100,000 tokens/;

interface Tokens {
  resultId?: string;
  data?: number[];
  edits?: Array<{ data?: number[] }>;
}

const DOCUMENTS = [
  {
    what: '.wikiquery of 100,000 requests (9.3 MB)',
    uri: 'file:///hostile/lines.wikiquery',
    languageId: 'wikiquery',
    text: () => Array(100_000).fill(WIKI_LINE).join('\n'),
    last: 99_999,
  },
  {
    what: '.mapquery.json of 90,000 query objects (9.1 MB)',
    uri: 'file:///hostile/lines.mapquery.json',
    languageId: 'mapquery',
    text: () => `[\n${Array(90_000).fill(MAP_LINE).join('\n')}\n{}]`,
    last: 90_000,
  },
];

describe('hostile requests: semantic tokens of 100,000 lines (under the parse budget)', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  for (const d of DOCUMENTS) {
    it(`${d.what}: full, delta with a bogus previousResultId and range within ${MAX_TOKENS} tokens, told once, hover answers`, async () => {
      await withServer(async (client) => {
        const started = Date.now();
        await client.open(d.uri, d.languageId, d.text());
        const doc = { textDocument: { uri: d.uri } };
        const full = await client.request<Tokens>('textDocument/semanticTokens/full', doc);
        const bogus = await client.request<Tokens>('textDocument/semanticTokens/full/delta', { ...doc, previousResultId: 'bogus' });
        const again = await client.request<Tokens>('textDocument/semanticTokens/full/delta', { ...doc, previousResultId: bogus.resultId });
        const whole = { start: { line: 0, character: 0 }, end: { line: 200_000, character: 0 } };
        const range = await client.request<Tokens>('textDocument/semanticTokens/range', { ...doc, range: whole });
        for (const answer of [full, bogus, range]) assert.equal(answer.data!.length, MAX_TOKENS * 5);
        // The answer is the document's first tokens: line 0 first, in order, up to where the budget stops.
        const lines = decodeTokens(full.data!).map((t) => t.line);
        assert.ok(lines[0] <= 1, `first line ${lines[0]}`);
        assert.ok(lines[lines.length - 1] > 1000 && lines[lines.length - 1] < 99_000, `last line ${lines[lines.length - 1]}`);
        assert.deepEqual(again.edits, [], 'nothing changed since the last answer');
        const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
          ...doc,
          position: { line: d.last, character: d.languageId === 'wikiquery' ? 25 : 3 },
        });
        assert.ok(hover, 'hover answers at the last line');
        assertServerBounded(client, started, 700);
        const told = client.shown.filter((m) => CUT.test(m.message));
        assert.equal(told.length, 1, JSON.stringify(client.shown.map((m) => m.message.slice(0, 200))));
      });
    });
  }
});

describe('hostile requests: URIs of 1 MB', function () {
  this.timeout(MAX_SECONDS * 1000);
  it('a document over the size budget under a 1 MB name, a change to an unopened 1 MB URI: every message shown or logged is short', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      const name = `${'n'.repeat(1024 * 1024)}.wikiquery`;
      const uri = `file:///hostile/${name}`;
      await client.open(uri, 'wikiquery', `${WIKI_LINE}\n`.repeat(60_000));
      const folding = await client.request<unknown[]>('textDocument/foldingRange', { textDocument: { uri } });
      assert.deepEqual(folding, [], 'over the size budget');
      await client.change(`file:///hostile/unopened-${name}`, 2, [{ text: 'action=query' }]);
      const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: 0, character: 25 },
      });
      assert.ok(hover, 'hover answers');
      const told = client.shown.find((m) => /is larger than/.test(m.message));
      assert.ok(told, 'told the document is too large');
      assert.match(told.message, /^n{100}…n{90}\.wikiquery is larger than [\d.]+ MB: .* Split the file/);
      for (const line of [...client.logs, ...client.shown.map((m) => m.message)])
        assert.ok(line.length < 4200, `${line.length} characters`);
      assertServerBounded(client, started, 400);
    });
  });
});

describe('hostile requests: floods and odd positions', function () {
  this.timeout(MAX_SECONDS * 1000);
  it('100,000 $/cancelRequest in one write, selectionRange with 100,000 positions, positions NaN / -1 / 2^53: answered, bounded', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      const uri = 'file:///hostile/odd.wikiquery';
      await client.open(uri, 'wikiquery', `${WIKI_LINE}\n`.repeat(1000));
      const frame = (message: unknown) => {
        const body = JSON.stringify(message);
        return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
      };
      const cancels = Array.from({ length: 100_000 }, (_, id) => frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id } }));
      (client as unknown as { child: { stdin: NodeJS.WritableStream } }).child.stdin.write(cancels.join(''));
      const doc = { textDocument: { uri } };
      const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
        ...doc,
        position: { line: 500, character: 25 },
      });
      assert.match(JSON.stringify(hover), /allpages/);
      const positions = Array.from({ length: 100_000 }, (_, i) => ({ line: i % 1000, character: i % 90 }));
      const ranges = await client.request<unknown[]>('textDocument/selectionRange', { ...doc, positions });
      assert.ok(ranges.length > 0 && ranges.length <= 5000, `${ranges.length} selection ranges`);
      for (const odd of [NaN, -1, 2 ** 53]) {
        const position = { line: odd, character: odd };
        await client.request('textDocument/hover', { ...doc, position });
        await client.request('textDocument/completion', { ...doc, position });
        await client.request('textDocument/semanticTokens/range', {
          ...doc,
          range: { start: position, end: { line: 2 ** 53, character: 0 } },
        });
      }
      assertServerBounded(client, started, 400);
    });
  });
});
