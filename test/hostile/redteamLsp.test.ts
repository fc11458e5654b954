/**
 * LSP messages a client may send with values no editor would (issue 25, "hostile inputs you have not seen"), to the
 * language server over stdio: formatting options with a huge or wrong `tabSize`, `workspace/didChangeConfiguration`
 * with `__proto__`/`constructor` keys, huge numbers, wrong types, a 50 MB string and 200,000 entries, and floods of
 * `workspace/didChangeWatchedFiles`. After each the server lives, answers a hover, and stays bounded in memory (VmHWM
 * from /proc) and time.
 *
 * Found: `textDocument/formatting` of a map query with `tabSize: 1000000` took a minute and answered 19 MB, and with
 * `1e8` held the server for minutes (jsonc-parser builds each indent a space at a time). A `tabSize` is now taken up
 * to 32; past it, 32. And `diagnostics.maxFullCheckSize` took any number: with 1e12 a 50 MB document took the server
 * past 4 GB again; it now has a maximum.
 */
import { strict as assert } from 'node:assert';
import type { TextEdit } from 'vscode-languageserver-types';
import type { LspClient } from '../protocol/lspClient';
import { LspClient as Client } from '../protocol/lspClient';
import { assertServerBounded, assertToldOnce, editorRequests, assertEmptyOverBudget, repeatTo, withServer } from './hugeDocumentsShared';

const QUERY_URI = 'file:///redteam/q.wikiquery';
const MAP_URI = 'file:///redteam/m.mapquery.json';
const MAP_LINE = '{"type": "bones", "pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 10, "z": 10}},\n';
const MAP = '[{"type": "bones", "limit": 5, "pos1": {"x": 1, "y": 2, "z": 3}, "pos2": {"x": 4, "y": 5, "z": 6}}]\n';
/** Peaks measured: 60–280 MB (the 50 MB setting and the 200,000 entries are read by the JSON-RPC layer first). */
const MAX_PEAK_MB = 600;

async function assertHoverAnswers(client: LspClient, what: string): Promise<void> {
  const hover = await client.request('textDocument/hover', { textDocument: { uri: QUERY_URI }, position: { line: 0, character: 20 } });
  assert.ok(hover, `hover answers after ${what}`);
}

/** The widest indent of the edits' text. */
const widestIndent = (edits: TextEdit[]) =>
  Math.max(0, ...edits.flatMap((e) => e.newText.split('\n').map((l) => /^ */.exec(l)![0].length)));

describe('redteam: LSP messages with values no editor sends', function () {
  this.timeout(180_000);

  it('formatting a map query with a tabSize of 1e8, 1e6, 2.5, -3, "a" or options that are not an object: answered at once, indent steps of at most 32', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      await client.open(QUERY_URI, 'wikiquery', 'action=query&list=allpages&aplimit=max\n');
      await client.open(MAP_URI, 'mapquery', MAP);
      // The map service loads on first use: its first diagnostics say it is there.
      await client.waitFor('the map diagnostics', () => client.published.find((p) => p.uri === MAP_URI), 30_000);
      const ROWS: Array<[options: unknown, indent: number]> = [
        [{ tabSize: 1e8, insertSpaces: true }, 96],
        [{ tabSize: 1e6, insertSpaces: true }, 96],
        [{ tabSize: 4, insertSpaces: true }, 12],
        [{ tabSize: 2.5, insertSpaces: true }, 6],
        [{ tabSize: -3, insertSpaces: true }, 6],
        [{ tabSize: 'a', insertSpaces: 'b' }, 6],
        ['x', 6],
        [5, 6],
      ];
      for (const [options, indent] of ROWS) {
        const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: MAP_URI }, options });
        assert.ok(Array.isArray(edits) && edits.length > 0, `formatted with ${JSON.stringify(options)}`);
        // Three levels deep: three indent steps of at most 32, or of the default 2 for a tabSize that is not one.
        assert.equal(widestIndent(edits), indent, JSON.stringify(options));
      }
      await assertHoverAnswers(client, 'formatting');
      assertServerBounded(client, started, MAX_PEAK_MB);
    });
  });

  it('didChangeConfiguration with __proto__, huge numbers, wrong types, a 50 MB string, 200,000 entries: each refused in one log line (numbers taken in range), the server answers', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      await client.open(QUERY_URI, 'wikiquery', 'action=query&list=allpages&aplimit=max\n');
      // Out of range, a number is taken as the nearest value in range, without a word (common/settings.ts `checkNumber`).
      const CONFIGS: Array<[string, unknown, RegExp | undefined]> = [
        [
          '__proto__ and constructor',
          JSON.parse('{"wikimapQuery": {"__proto__": {"diagnostics": {"maxFullCheckSize": 1}}, "constructor": {"prototype": {"x": 1}}}}'),
          /wikimapQuery\.__proto__ is not a setting of wikimap-query; it is ignored/,
        ],
        [
          'huge numbers',
          { wikimapQuery: { diagnostics: { delay: -1e308 }, run: { maxResponseMB: 1e300 }, wiki: { maxCatalogueMB: 9e15 } } },
          undefined,
        ],
        [
          'wrong types',
          { wikimapQuery: { wikis: 'abc', mapservers: [null] } },
          /wikimapQuery\.wikis must be an object, not "abc"; it is ignored/,
        ],
        [
          'a 50 MB string',
          { wikimapQuery: { mapserver: { url: 'h'.repeat(50_000_000) } } },
          /wikimapQuery\.mapserver\.url is 50,000,000 characters long, over the limit of 4,096; it is ignored/,
        ],
        [
          '200,000 wikis',
          {
            wikimapQuery: {
              wikis: Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`w${i}`, `https://w${i}.example.org/w/api.php`])),
            },
          },
          /wikimapQuery\.wikis has 200,000 entries; only the first 1,000 are read/,
        ],
      ];
      for (const [what, settings, said] of CONFIGS) {
        const before = client.logs.length;
        await client.connection.sendNotification('workspace/didChangeConfiguration', { settings });
        await assertHoverAnswers(client, what);
        const lines = client.logs.slice(before);
        assert.ok(!said || lines.some((l) => said.test(l)), `${what}: ${JSON.stringify(lines.map((l) => l.slice(0, 200)))}`);
        assert.ok(
          lines.every((l) => l.length < 400 && !l.includes('\n')),
          `${what}: short lines`,
        );
      }
      // `__proto__` set nothing: the one-line document is still checked in full (its limit was not made 1).
      const published = await client.waitFor('diagnostics', () => client.published.find((p) => p.uri === QUERY_URI), 30_000);
      assert.ok(!published.diagnostics.some((d) => d.code === 'largedocument'), JSON.stringify(published.diagnostics));
      assertServerBounded(client, started, MAX_PEAK_MB);
    });
  });

  // A workspace's settings once set `diagnostics.maxFullCheckSize` to any number: 1e12 brought back "a 50 MB document
  // takes the server past 4 GB". The setting now has a maximum (10,000,000: a parse budget of 20,000,000 characters)
  // and is one a workspace the user does not trust cannot set (package.json's restricted configurations).
  it('maxFullCheckSize 1e12 from the client: held to its maximum, a 50 MB map document is still over the parse budget, told once, bounded', async () => {
    const client = await Client.start({ initializationOptions: { diagnostics: { delay: 0, maxFullCheckSize: 1e12 } } });
    try {
      const started = Date.now();
      const uri = 'file:///redteam/huge.mapquery.json';
      await client.open(uri, 'mapquery', repeatTo(50 * 1024 * 1024, MAP_LINE, '[\n', '{"type": "bones"}\n]\n'));
      assertEmptyOverBudget(await Promise.all(editorRequests(client, uri)));
      const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 3 } });
      assert.ok(hover, 'hover answers in the 50 MB document');
      assertServerBounded(client, started);
      assertToldOnce(client);
      // 20,000,000 characters, said in MB as the note says sizes.
      assert.ok(
        client.shown.some((m) => m.message.includes('is larger than 19.1 MB')),
        JSON.stringify(client.shown.map((m) => m.message)),
      );
    } finally {
      await client.stop();
    }
  });

  it('20,000 didChangeWatchedFiles naming the repository config file, then one of 100,000 changes: the server answers, bounded', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      await client.open(QUERY_URI, 'wikiquery', 'action=query&list=allpages&aplimit=max\n');
      await client.open(MAP_URI, 'mapquery', MAP);
      for (let i = 0; i < 20_000; i++)
        void client.connection.sendNotification('workspace/didChangeWatchedFiles', {
          changes: [{ uri: 'file:///redteam/.wikimapquery.json', type: 2 }],
        });
      await assertHoverAnswers(client, 'the flood');
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: Array.from({ length: 100_000 }, (_, i) => ({ uri: `file:///redteam/f${i}.json`, type: 2 })),
      });
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [null, 5, { uri: {} }, 'x'] });
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: 'x' });
      await assertHoverAnswers(client, 'the long list');
      assert.doesNotMatch([...client.logs, ...client.stderr].join('\n'), /failed|\n\s+at /);
      assertServerBounded(client, started, MAX_PEAK_MB);
    });
  });
});
