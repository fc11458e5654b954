/**
 * Huge documents whose size is in their line count or in one line (issue 25), against the real language
 * server over stdio and the real CLI:
 * - tens of millions of very short lines (60 MB of "\n", 60 MB of "a\n") with a request in the middle:
 *   the server keeps no entry per line (a sparse line index), answers every request an editor sends
 *   on its own, and hover and completion answer at the request thirty million lines down;
 * - one 50 MB line: hover and completion read the characters around the cursor, not the whole line;
 * - a request whose line starts 800,000 characters before the cursor is still read from its start
 *   (completion knows its module); one that starts 3,000,000 characters before is cut, and hover and
 *   completion say so; the same for a request whose first line (before `&` continuation lines) is that long.
 * Each asserts peak memory (VmHWM from /proc), time and the message the user is told.
 */
import { strict as assert } from 'node:assert';
import type { LspClient } from '../protocol/lspClient';
import { MAX_DOCUMENT_DIAGNOSTICS } from '../../server/src/service/documentProblems';
import {
  assertEmptyOverBudget,
  assertRunBounded,
  assertServerBounded,
  assertToldOnce,
  checkMeasured,
  editorRequests,
  MAX_SECONDS,
  repeatTo,
  suiteFolder,
  withServer,
} from './hugeDocumentsShared';

/** A request line of its own; `apl` is a parameter being typed (completion offers aplimit). */
const REQUEST = 'https://en.wikipedia.org/w/api.php?action=query&list=allpages&apl&apfrom=A';
const LIST_AT = REQUEST.indexOf('allpages') + 2;
const TYPED_AT = REQUEST.indexOf('&apl') + 4;
const LINES = 30_000_000;

interface Case {
  what: string;
  file: string;
  languageId: string;
  make: () => string;
  /** The line of the request, and a character offset on it where it starts. */
  line: number;
  column: number;
  /** Peak RSS bound in MB: the text (twice, as JSON and as a string) and what little the server keeps. */
  maxPeakMb: number;
}

const CASES: Case[] = [
  {
    what: '60 MB of "\\n" (60 million empty lines)',
    file: 'newlines.wikiquery',
    languageId: 'wikiquery',
    make: () => '\n'.repeat(LINES) + REQUEST + '\n'.repeat(LINES),
    line: LINES,
    column: 0,
    maxPeakMb: 700,
  },
  {
    what: '60 MB of "a\\n" (30 million one-letter lines)',
    file: 'letters.wikiquery',
    languageId: 'wikiquery',
    make: () => 'a\n'.repeat(LINES / 2) + REQUEST + '\na'.repeat(LINES / 2),
    line: LINES / 2,
    column: 0,
    maxPeakMb: 700,
  },
  {
    what: 'one 50 MB line (a request with a 50 MB value, then more requests)',
    file: 'oneline.wikiquery',
    languageId: 'wikiquery',
    make: () => repeatTo(25 * 1024 * 1024, 'A', REQUEST) + ' ' + repeatTo(25 * 1024 * 1024, 'B', REQUEST),
    line: 0,
    column: 25 * 1024 * 1024 + 1,
    maxPeakMb: 700,
  },
];

async function hoverAt(client: LspClient, uri: string, line: number, character: number): Promise<string> {
  const hover = await client.request<{ contents: unknown } | null>('textDocument/hover', {
    textDocument: { uri },
    position: { line, character },
  });
  return JSON.stringify(hover?.contents ?? null);
}

async function completionAt(client: LspClient, uri: string, line: number, character: number): Promise<string[]> {
  const list = await client.request<{ items: Array<{ label: string }> } | null>('textDocument/completion', {
    textDocument: { uri },
    position: { line, character },
  });
  return (list?.items ?? []).map((i) => i.label);
}

async function completionItemsAt(
  client: LspClient,
  uri: string,
  line: number,
  character: number,
): Promise<Array<{ label: string; documentation?: unknown }>> {
  const list = await client.request<{ items: Array<{ label: string; documentation?: unknown }> } | null>('textDocument/completion', {
    textDocument: { uri },
    position: { line, character },
  });
  return list?.items ?? [];
}

describe('huge documents: millions of short lines, one huge line', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const dir = suiteFolder('wmq-lines-');

  for (const c of CASES) {
    it(`${c.what} over stdio: requests answered, hover and completion at the request, told once, bounded`, async () => {
      await withServer(async (client) => {
        const uri = `file:///huge/${c.file}`;
        const started = Date.now();
        await client.open(uri, c.languageId, c.make());
        assertEmptyOverBudget(await Promise.all(editorRequests(client, uri)));
        // The first line of the document and the request far down (or far along) both answer.
        assert.match(await hoverAt(client, uri, c.line, c.column + LIST_AT), /allpages/);
        assert.ok((await completionAt(client, uri, c.line, c.column + TYPED_AT)).includes('aplimit'), 'completion offers aplimit');
        assertServerBounded(client, started, c.maxPeakMb);
        assertToldOnce(client);
      });
    });

    it(`${c.what} in the CLI: reported as too large (exit 1), bounded`, async () => {
      const run = await checkMeasured(dir(), c.file, c.make());
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stdout, /error toolarge This file has \d{8} characters, more than the 10000000 checked \(--max-file-size\)/);
      assertRunBounded(run, c.maxPeakMb);
    });
  }

  describe('a request that starts far before the cursor on its line (the document over the parse budget)', () => {
    const HEAD = 'action=query&list=allpages&apfrom=';
    /** One request line with a value of `valueLength` characters, then `&apl` being typed; 12 MB of other lines after. */
    const make = (valueLength: number) => `${HEAD}${'A'.repeat(valueLength)}&apl\n${repeatTo(12 * 1024 * 1024, `${'B'.repeat(999)}\n`)}`;

    it("800,000 characters before: the window starts at the line, completion offers the module's parameters", async () => {
      await withServer(async (client) => {
        const uri = 'file:///huge/longvalue.wikiquery';
        const started = Date.now();
        await client.open(uri, 'wikiquery', make(800_000));
        const cursor = HEAD.length + 800_000 + '&apl'.length;
        assert.ok((await completionAt(client, uri, 0, cursor)).includes('aplimit'), 'completion offers aplimit');
        assert.doesNotMatch(await hoverAt(client, uri, 0, cursor - 1), /This line starts/);
        assertServerBounded(client, started, 700);
      });
    });

    it('3,000,000 characters before: hover says the line starts before what was read', async () => {
      await withServer(async (client) => {
        const uri = 'file:///huge/longervalue.wikiquery';
        const started = Date.now();
        await client.open(uri, 'wikiquery', make(3_000_000));
        const hover = await hoverAt(client, uri, 0, HEAD.length + 3_000_000 + 2);
        assert.match(
          hover,
          /This line starts 2,\d{3},\d{3} characters before the [\d,]+ read around the cursor \(the document is too large to parse whole\)/,
        );
        // The start of the line itself still answers in full.
        assert.match(await hoverAt(client, uri, 0, HEAD.indexOf('allpages') + 2), /allpages/);
        assertServerBounded(client, started, 700);
      });
    });

    /** The request's first line with a value of `valueLength` characters, `&apl` typed on the next line; 12 MB after. */
    const makeTwoLines = (valueLength: number) =>
      `${HEAD}${'A'.repeat(valueLength)}\n# typing\n  &apl\n${repeatTo(12 * 1024 * 1024, `${'B'.repeat(999)}\n`)}`;

    it('a first line of 800,000 characters, `&apl` typed two lines below: read from the request start', async () => {
      await withServer(async (client) => {
        const uri = 'file:///huge/longfirstline.wikiquery';
        const started = Date.now();
        await client.open(uri, 'wikiquery', makeTwoLines(800_000));
        const items = await completionItemsAt(client, uri, 2, 6);
        assert.ok(
          items.some((i) => i.label === 'aplimit'),
          'completion offers aplimit',
        );
        assert.doesNotMatch(JSON.stringify(items), /starts on an earlier line|This line starts/);
        assertServerBounded(client, started, 700);
        // The one message gives the window in the numbers the server uses.
        assert.match(
          client.shown.map((m) => m.message).join('\n'),
          /the 500,000 characters either side, or from the start of a request that begins up to 950,000 characters before the cursor/,
        );
      });
    });

    it('a first line of 3,000,000 characters, `&apl` typed below: hover and completion say the request is cut', async () => {
      await withServer(async (client) => {
        const uri = 'file:///huge/longerfirstline.wikiquery';
        const started = Date.now();
        await client.open(uri, 'wikiquery', makeTwoLines(3_000_000));
        const cut =
          /The request here starts on an earlier line, more than 950,000 characters before the cursor, outside the [\d,]+ read around it/;
        assert.match(await hoverAt(client, uri, 2, 4), cut);
        const items = await completionItemsAt(client, uri, 2, 6);
        assert.ok(items.length > 0, 'completion still answers');
        for (const item of items) assert.match(JSON.stringify(item.documentation), cut, item.label);
        assertServerBounded(client, started, 700);
      });
    });

    it('completion on a line cut 3,000,000 characters before the cursor says so in its items', async () => {
      await withServer(async (client) => {
        const uri = 'file:///huge/longervalue-completion.wikiquery';
        const started = Date.now();
        await client.open(uri, 'wikiquery', make(3_000_000));
        const items = await completionItemsAt(client, uri, 0, HEAD.length + 3_000_000 + '&apl'.length);
        assert.ok(items.length > 0, 'completion still answers');
        for (const item of items)
          assert.match(JSON.stringify(item.documentation), /This line starts 2,\d{3},\d{3} characters before/, item.label);
        assertServerBounded(client, started, 700);
      });
    });
  });

  describe('one line of 1,100,000 parameters (9.9 MB: parsed, a problem per parameter)', () => {
    // Each `apfrom=x&` but the last is a `repeatedparam`. Positions on one long line were found by scanning to the
    // line's end for each problem (quadratic: the server stopped answering for minutes), and every problem became a
    // diagnostic (1.5 GB in the server, 2.3 GB in the CLI). Now the document lists MAX_DOCUMENT_DIAGNOSTICS and counts
    // the rest on the last one.
    const COUNT = 1_100_000;
    const make = () => `action=query&list=allpages&${'apfrom=x&'.repeat(COUNT)}`;
    const NOTE = new RegExp(
      `\\(${COUNT - MAX_DOCUMENT_DIAGNOSTICS} more problems in this document not listed \\(at most ${MAX_DOCUMENT_DIAGNOSTICS} are\\)\\.\\)`,
    );

    it('over stdio: diagnostics published, hover and a request after them answered, bounded', async () => {
      await withServer(async (client) => {
        const uri = 'file:///huge/repeated.wikiquery';
        const started = Date.now();
        await client.open(uri, 'wikiquery', make());
        assert.match(await hoverAt(client, uri, 0, 'action=query&list=al'.length), /allpages/);
        const published = await client.waitFor(
          'the diagnostics',
          () => client.published.find((p) => p.uri === uri && p.diagnostics.length > 0),
          MAX_SECONDS * 1000,
        );
        // The server lists its first 1,000 and counts the rest, those the service counted included.
        assert.ok(
          published.diagnostics.some((d) => d.code === 'toomanyproblems' && String(d.message).startsWith(`${COUNT - 1000} more problems`)),
          JSON.stringify(published.diagnostics.slice(-3)),
        );
        // A request the server does not serve is answered (MethodNotFound) after the check, not minutes later.
        await assert.rejects(
          client.request('workspace/executeCommand', { command: 'wikimapQuery.none', arguments: [] }),
          /Unhandled method/,
        );
        assertServerBounded(client, started, 900);
      });
    });

    it('in the CLI: the first problems listed, the rest counted, bounded', async () => {
      const run = await checkMeasured(dir(), 'repeated.wikiquery', make());
      const lines = run.stdout.split('\n').filter((l) => / (error|warning|information) [a-z]+ /.test(l));
      assert.equal(lines.length, MAX_DOCUMENT_DIAGNOSTICS, run.stderr);
      assert.match(lines[lines.length - 1], NOTE);
      assertRunBounded(run, 900);
    });
  });
});
