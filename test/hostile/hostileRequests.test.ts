/**
 * What an attacker (or a confused client) can ask the language server over stdio, beyond huge
 * documents' own suites (issue 25): each case checks the server lives, its peak memory (VmHWM from
 * /proc), the time, and what the user is told.
 * - Semantic tokens of a 100,000-line document under the parse budget: full, delta with a bogus
 *   `previousResultId` (which answers in full) and range each stay within one answer's token budget
 *   (server/src/boundedTokens.ts), the user is told once that highlighting stops, hover still answers.
 * - URIs of 1 MB: the file name in a message keeps its first and last 100 characters, and no line shown
 *   or logged passes 4,000 characters (server/src/messages.ts); a 1 MB name was shown whole.
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
