/**
 * Huge documents whose size is in their line count or in one line (issue 25), against the real language
 * server over stdio and the real CLI:
 * - tens of millions of very short lines (60 MB of "\n", 60 MB of "a\n") with a request in the middle:
 *   the server keeps no entry per line (a sparse line index), answers every request an editor sends
 *   on its own, and hover and completion answer at the request thirty million lines down;
 * - one 50 MB line: hover and completion read the characters around the cursor, not the whole line.
 * Each asserts peak memory (VmHWM from /proc), time and the message the user is told.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ensureBuilt, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured } from './hostileServer';
import { assertEmptyOverBudget, editorRequests, MAX_SECONDS, repeatTo, TOLD } from './hugeDocumentsShared';

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

describe('huge documents: millions of short lines, one huge line', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-lines-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const c of CASES) {
    it(`${c.what} over stdio: requests answered, hover and completion at the request, told once, bounded`, async () => {
      const client = await LspClient.start();
      const uri = `file:///huge/${c.file}`;
      try {
        const started = Date.now();
        await client.open(uri, c.languageId, c.make());
        assertEmptyOverBudget(await Promise.all(editorRequests(client, uri)));
        // The first line of the document and the request far down (or far along) both answer.
        assert.match(await hoverAt(client, uri, c.line, c.column + LIST_AT), /allpages/);
        assert.ok((await completionAt(client, uri, c.line, c.column + TYPED_AT)).includes('aplimit'), 'completion offers aplimit');
        const seconds = (Date.now() - started) / 1000;
        assert.ok(client.alive, 'the server lives');
        const peak = peakRssMb(client.pid) ?? Infinity;
        assert.ok(peak < c.maxPeakMb, `peak RSS ${peak.toFixed(0)} MB`);
        assert.ok(seconds < MAX_SECONDS, `${seconds} s`);
        const told = client.shown.filter((m) => TOLD.test(m.message));
        assert.equal(told.length, 1, `told once: ${JSON.stringify(client.shown.map((m) => m.message))}`);
        const everything = [...client.logs, ...client.stderr, ...client.shown.map((m) => m.message)].join('\n');
        assert.doesNotMatch(everything, /Invalid string length|heap out of memory|invalid size|failed/i);
      } finally {
        await client.stop();
      }
    });

    it(`${c.what} in the CLI: reported as too large (exit 1), bounded`, async () => {
      const file = path.join(dir, c.file);
      fs.writeFileSync(file, c.make());
      const run = await runMeasured(process.execPath, [CLI, 'check', file], MAX_SECONDS * 2);
      fs.rmSync(file);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stdout, /error toolarge This file has \d{8} characters, more than the 10000000 checked \(--max-file-size\)/);
      assert.ok(run.peakMb < c.maxPeakMb, `peak RSS ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });
  }
});
