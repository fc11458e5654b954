/**
 * Semantic tokens (and hover) of huge source files holding wiki requests, read by the service of source files
 * through the file's tree-sitter grammar, against the real language server over stdio (issue 25):
 * - a 50 MB Python file, over the parse budget (2 × `diagnostics.maxFullCheckSize`): highlighting and hover read
 *   the lines around what is asked. Before, that window was parsed while the grammar was still loading and kept
 *   so, and nothing loaded the grammar for it: the file never got a token or a hover (0 tokens, no hover, measured
 *   over 90 s). Now the window's parse loads the grammar and is made again once it has.
 * - 100,000 requests in an 8.9 MB Python file and in one 8.2 MB minified JavaScript line, under the parse budget:
 *   every answer within the token budget (boundedTokens.ts), the user told once where highlighting stops.
 * Each asserts the server's peak RSS (/proc), its CPU time and the messages. Measured (load 15–24): peaks
 * 170–255 MB, 2–3.5 s of server CPU.
 */
import { strict as assert } from 'node:assert';
import type { LspClient } from '../protocol/lspClient';
import { cpuSeconds, peakRssMb } from './hostileServer';
import { repeatTo, withServer } from './hugeDocumentsShared';

/** What a source file over the parse budget is told (once): not the query documents' list of features it never has. */
const SOURCE_TOLD = /huge50\.py is larger than [\d.]+ MB: its requests are not checked and the ▶ Run lenses are off for it/;
import { MAX_TOKENS } from '../../server/src/boundedTokens';

const MAX_SECONDS = 240;
const MAX_CPU_SECONDS = 30;
const MAX_PEAK_MB = 600;
const REQUEST = 'requests.get("https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimit=10")';
const STOPS = /highlighting stops at line \d+: one answer holds at most 100,000 tokens/;

interface Tokens {
  data: number[];
}

/** Asks until `ask` gives an answer `ok` takes (the grammar loads in the background), within `seconds`. */
async function until<T>(ask: () => Promise<T>, ok: (t: T) => boolean, what: string, seconds = 120): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let last: T;
  for (;;) {
    last = await ask();
    if (ok(last)) return last;
    if (Date.now() > deadline) assert.fail(`${what}: no answer within ${seconds} s (last: ${JSON.stringify(last).slice(0, 200)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function fullTokens(client: LspClient, uri: string): Promise<Tokens> {
  return client.request<Tokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
}

async function hoverText(client: LspClient, uri: string, line: number, character: number): Promise<string> {
  const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
    textDocument: { uri },
    position: { line, character },
  });
  return hover ? JSON.stringify(hover.contents) : '';
}

/** The server lived within its bounds, and said nothing of a failure. */
function assertBounded(client: LspClient, cpu0: number, started: number): void {
  assert.ok(client.alive, 'the server lives');
  const peak = peakRssMb(client.pid) ?? Infinity;
  assert.ok(peak < MAX_PEAK_MB, `peak RSS ${peak.toFixed(0)} MB`);
  const cpu = (cpuSeconds(client.pid) ?? Infinity) - cpu0;
  assert.ok(cpu < MAX_CPU_SECONDS, `${cpu.toFixed(1)} s of server CPU`);
  const seconds = (Date.now() - started) / 1000;
  assert.ok(seconds < MAX_SECONDS, `${seconds.toFixed(0)} s`);
  assert.doesNotMatch(
    [...client.logs, ...client.stderr].join('\n'),
    /failed|Invalid string length|heap out of memory|RangeError|memory access out of bounds/i,
  );
}

/** How many times the server logged `pattern` (a warning is logged once, and also shown). */
function told(client: LspClient, pattern: RegExp): number {
  return client.logs.filter((m) => pattern.test(m)).length;
}

describe('semantic tokens of huge source files', function () {
  this.timeout(MAX_SECONDS * 1000);

  it('a 50 MB Python file (over the parse budget): the request at its top and one deep inside get tokens and hover, told once', async () => {
    await withServer(async (client) => {
      const uri = 'file:///huge/huge50.py';
      const deep = 400_000;
      const filler = 'x = 1  # filler that holds no request, to make the file large enough for the case\n';
      const text = repeatTo(50 * 1024 * 1024, filler, `import requests\n${REQUEST}\n`.concat(filler.repeat(deep - 2), `${REQUEST}\n`));
      const started = Date.now();
      const cpu0 = cpuSeconds(client.pid)!;
      await client.open(uri, 'python', text);
      const top = await until(
        () => fullTokens(client, uri),
        (t) => t.data.length > 0,
        'tokens of the first lines',
      );
      assert.ok(top.data.length <= 5 * MAX_TOKENS);
      assert.match(
        await until(
          () => hoverText(client, uri, 1, 60),
          (h) => h !== '',
          'hover at the top',
        ),
        /`query`/,
      );
      assert.match(await hoverText(client, uri, deep, 60), /`query`/);
      const range = await client.request<Tokens>('textDocument/semanticTokens/range', {
        textDocument: { uri },
        range: { start: { line: deep - 10, character: 0 }, end: { line: deep + 10, character: 0 } },
      });
      assert.ok(range.data.length > 0, 'tokens of the request deep inside');
      assertBounded(client, cpu0, started);
      assert.equal(client.shown.filter((m) => SOURCE_TOLD.test(m.message)).length, 1);
    });
  });

  const UNDER_BUDGET: Array<{ what: string; uri: string; languageId: string; text: () => string; hover: [number, number] }> = [
    {
      what: 'an 8.9 MB Python file of 100,000 requests',
      uri: 'file:///huge/many.py',
      languageId: 'python',
      text: () => `import requests\n${`${REQUEST}\n`.repeat(100_000)}`,
      hover: [1, 60],
    },
    {
      what: 'one 8.2 MB minified JavaScript line of 100,000 requests',
      uri: 'file:///huge/many.min.js',
      languageId: 'javascript',
      text: () => 'fetch("https://en.wikipedia.org/w/api.php?action=query&list=allpages&aplimit=10");'.repeat(100_000),
      hover: [0, 60],
    },
  ];
  for (const c of UNDER_BUDGET) {
    it(`${c.what}: each answer within the token budget, hover answers, told once where highlighting stops`, async () => {
      await withServer(async (client) => {
        const started = Date.now();
        const cpu0 = cpuSeconds(client.pid)!;
        await client.open(c.uri, c.languageId, c.text());
        const first = await until(
          () => fullTokens(client, c.uri),
          (t) => t.data.length > 0,
          'tokens',
        );
        const again = await fullTokens(client, c.uri);
        const range = await client.request<Tokens>('textDocument/semanticTokens/range', {
          textDocument: { uri: c.uri },
          range: { start: { line: 0, character: 0 }, end: { line: 100, character: 0 } },
        });
        for (const t of [first, again, range]) assert.ok(t.data.length > 0 && t.data.length <= 5 * MAX_TOKENS, `${t.data.length} numbers`);
        assert.match(await hoverText(client, c.uri, ...c.hover), /allpages|`query`/);
        assertBounded(client, cpu0, started);
        assert.equal(told(client, STOPS), 1, 'told once where highlighting stops');
      });
    });
  }
});
