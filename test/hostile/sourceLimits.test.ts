/**
 * The limits of reading one source file (common/sourceFileLimits.ts), said where they cut, against the real CLI and
 * the real language server over stdio (issue 25). Before, both were silent: `check` said "No problems" of a file
 * whose parameter objects it had not read.
 * - A Python file over 2,000,000 characters is read by the lexer: its api.php URL string is still checked, its
 *   parameter dictionary is not, and one `largesource` note at its start says so (under the limit, the same
 *   request is found: the dictionary is a real one).
 * - A file of more than 5,000 requests: the first 5,000 are checked, one `toomanyrequests` warning marks the first
 *   left, and a misspelt name after it is not reported.
 * Each asserts the exit status, the output, peak RSS (/proc) and time.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { SOURCE_FILE_LIMITS } from '../../common/sourceFileLimits';
import { CLI, LspClient } from '../protocol/lspClient';
import { runMeasured } from './hostileServer';
import {
  assertRunBounded,
  assertServerBounded,
  editorRequests,
  MAX_SECONDS,
  repeatTo,
  suiteFolder,
  withServer,
} from './hugeDocumentsShared';

const MAX_PEAK_MB = 600;
const API = 'https://en.wikipedia.org/w/api.php';
const HEAD = `import requests\n\nAPI = "${API}"\n`;
/** A dictionary request with a misspelt name (line 5), and a URL string with another (line 7). */
const REQUESTS =
  'params = {"action": "query", "list": "allpages", "apfrm": "B"}\n' +
  'requests.get(API, params=params)\n' +
  `u = requests.get("${API}?action=query&list=allpages&aplimt=5")\n`;
const FILLER = 'x = 1  # a line that holds no request, to make the file large enough for the case\n';
const LARGE = SOURCE_FILE_LIMITS.parsedChars + 500_000;

const GOOD = `requests.get("${API}?action=query&list=allpages&aplimit=5")\n`;
const BAD = `requests.get("${API}?action=query&list=allpages&aplimt=5")\n`;
/** 6,000 requests, one per line from line 2: the first and the 5,500th misspelt. */
function manyRequests(): string {
  const lines = ['import requests\n'];
  for (let i = 1; i <= 6000; i++) lines.push(i === 1 || i === 5500 ? BAD : GOOD);
  return lines.join('');
}
/** 6,000 requests, every one misspelt: 5,000 problems, more than the 1,000 the server publishes. */
function manyProblems(): string {
  return `import requests\n${BAD.repeat(6000)}`;
}
/** The line (1-based) of the first request past the limit in manyRequests(). */
const FIRST_LEFT_LINE = SOURCE_FILE_LIMITS.requests + 2;

describe('the limits of one source file, said (CLI and server)', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  const dir = suiteFolder('wmq-srclimits-');

  async function check(file: string, content: string, format = 'json') {
    const target = path.join(dir(), file);
    fs.writeFileSync(target, content);
    const run = await runMeasured(process.execPath, [CLI, 'check', '--format', format, target], MAX_SECONDS * 2);
    assertRunBounded(run, MAX_PEAK_MB);
    assert.doesNotMatch(run.stderr, /checkfailed|Invalid string length|heap out of memory|RangeError|at .*\.js:\d+/);
    return run;
  }
  const found = (stdout: string) =>
    (JSON.parse(stdout) as CheckResult[]).map((r) => `${r.line}:${r.column} ${r.severity} ${r.code} ${r.param ?? ''}`.trim());

  it('a file under the limit: the dictionary and the URL string are both checked (the control)', async () => {
    const run = await check('small.py', HEAD + REQUESTS);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(found(run.stdout), ['4:51 warning unrecognizedparams apfrm', '6:81 warning unrecognizedparams aplimt']);
  });

  it(`a file over ${SOURCE_FILE_LIMITS.parsedChars.toLocaleString('en-US')} characters: the URL string is checked, and the note says the rest is not`, async () => {
    const text = repeatTo(LARGE, FILLER, HEAD + REQUESTS);
    const run = await check('large.py', text);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(found(run.stdout), ['1:1 information largesource', '6:81 warning unrecognizedparams aplimt']);
    const note = (JSON.parse(run.stdout) as CheckResult[])[0].message;
    assert.equal(
      note,
      `This file has ${text.length.toLocaleString('en-US')} characters, more than the 2,000,000 whose requests are read in full: only the api.php URLs written whole in one string are checked; parameter objects, dictionaries, arrays and calls that build a request are not. Split the file to have them checked.`,
    );
    const plain = await check('large.py', text, 'text');
    assert.match(plain.stdout, /large\.py:1:1 information largesource This file has [\d,]+ characters/);
    assert.match(plain.stderr, /^2 problems \(0 errors\) in 1 of 1 file\n$/);
  });

  it(`a file of 6,000 requests: ${SOURCE_FILE_LIMITS.requests.toLocaleString('en-US')} checked, the first left marked, nothing said of those after it`, async () => {
    const run = await check('many.py', manyRequests());
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(found(run.stdout), ['2:77 warning unrecognizedparams aplimt', `${FIRST_LEFT_LINE}:14 warning toomanyrequests`]);
    assert.match(
      (JSON.parse(run.stdout) as CheckResult[])[1].message,
      /^This file has more than 5,000 requests, the most read from one file: this one and those after it are not checked\./,
    );
  });

  it('requests lists what it can and says on standard error what it left', async () => {
    fs.writeFileSync(path.join(dir(), 'many.py'), manyRequests());
    const run = await runMeasured(process.execPath, [CLI, 'requests', '--format', 'json', path.join(dir(), 'many.py')], MAX_SECONDS * 2);
    assertRunBounded(run, MAX_PEAK_MB);
    assert.equal(run.status, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as unknown[]).length, SOURCE_FILE_LIMITS.requests);
    assert.match(run.stderr, new RegExp(`many\\.py:${FIRST_LEFT_LINE}: This file has more than 5,000 requests`));
  });

  const OVER_STDIO: Array<{ what: string; uri: string; text: () => string; expected: string[] }> = [
    {
      what: 'the large file',
      uri: 'file:///limits/large.py',
      text: () => repeatTo(LARGE, FILLER, HEAD + REQUESTS),
      expected: ['0:0 largesource', '5:80 unrecognizedparams'],
    },
    {
      what: 'the file of 6,000 requests',
      uri: 'file:///limits/many.py',
      text: manyRequests,
      expected: ['1:76 unrecognizedparams', `${FIRST_LEFT_LINE - 1}:13 toomanyrequests`],
    },
  ];
  it('over stdio, 6,000 requests each with a problem: the first 1,000 problems, the note of the rest, and toomanyrequests', async () => {
    await withServer(async (client) => {
      const started = Date.now();
      const uri = 'file:///limits/problems.py';
      await client.open(uri, 'python', manyProblems());
      const published = await client.waitFor(
        'the problems',
        () => client.published.find((p) => p.uri === uri && p.diagnostics.length > 1000),
        MAX_SECONDS * 1000,
      );
      const count = new Map<string, number>();
      for (const d of published.diagnostics) count.set(String(d.code), (count.get(String(d.code)) ?? 0) + 1);
      // Before, the warning on line 5,002 was cut with the 4,000 problems after the first 1,000.
      assert.deepEqual(Object.fromEntries(count), { unrecognizedparams: 1000, toomanyproblems: 1, toomanyrequests: 1 });
      const note = published.diagnostics.find((d) => d.code === 'toomanyrequests')!;
      assert.equal(note.range.start.line, FIRST_LEFT_LINE - 1);
      assert.match(
        String(published.diagnostics.find((d) => d.code === 'toomanyproblems')!.message),
        /^4000 more problems from here on are not shown/,
      );
      assertServerBounded(client, started, MAX_PEAK_MB);
    });
  });

  // A source file over diagnostics.maxFullCheckSize (5,000,000 by default) and under twice it: checked as any
  // other source file; what the editor leaves out is its ▶ Run lenses. Before, a 5–10 MB file got both a window
  // saying "only the basic checks run on it, folding, outline, … are off" (none of which a source file has) and the
  // largesource note: now the note says both, once.
  const BETWEEN: Array<{ what: string; size: number; max?: number; note?: RegExp; window?: RegExp }> = [
    {
      what: 'a 6 MB file (over the 5,000,000 of maxFullCheckSize and the 2,000,000 read in full)',
      size: 6_000_000,
      note: /^This file has 6,000,\d{3} characters, more than the 2,000,000 whose requests are read in full: .* Split the file to have them checked\. Being larger than 4\.8 MB, it has no ▶ Run lenses in the editor either \(wikimapQuery\.diagnostics\.maxFullCheckSize\)\.$/,
    },
    {
      what: 'a 1.5 MB file with maxFullCheckSize 1,000,000 (read in full)',
      size: 1_500_000,
      max: 1_000_000,
      window:
        /^large\.py is larger than 976\.6 KB: the ▶ Run lenses are off for it; its requests are all checked, hover and completion still work\. Split the file, or raise wikimapQuery\.diagnostics\.maxFullCheckSize\.$/,
    },
  ];
  for (const c of BETWEEN) {
    it(`over stdio, ${c.what}: one note of what is left out`, async () => {
      const client = await LspClient.start({
        initializationOptions: { diagnostics: { delay: 0, ...(c.max ? { maxFullCheckSize: c.max } : {}) } },
      });
      try {
        const started = Date.now();
        const uri = 'file:///limits/large.py';
        await client.open(uri, 'python', repeatTo(c.size, FILLER, HEAD + REQUESTS));
        const answers = await Promise.all(editorRequests(client, uri));
        assert.deepEqual(answers[6], [], 'no runnable queries (the ▶ Run lenses)');
        const expected = c.note ? ['0:0 largesource', '5:80 unrecognizedparams'] : ['3:50 unrecognizedparams', '5:80 unrecognizedparams'];
        const published = await client.waitFor(
          'the diagnostics',
          () => client.published.find((p) => p.uri === uri && p.diagnostics.length >= expected.length),
          MAX_SECONDS * 1000,
        );
        assert.deepEqual(
          published.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`).sort(),
          expected,
        );
        if (c.note) assert.match(String(published.diagnostics.find((d) => d.code === 'largesource')!.message), c.note);
        const windows = client.shown.map((m) => m.message).filter((m) => /is larger than/.test(m));
        if (c.window) {
          assert.equal(windows.length, 1, JSON.stringify(windows));
          assert.match(windows[0], c.window);
        } else assert.deepEqual(windows, [], 'no window besides the note');
        assertServerBounded(client, started, MAX_PEAK_MB);
      } finally {
        await client.stop();
      }
    });
  }

  // Over twice maxFullCheckSize (the parse budget) a source file is not checked. The window said "it is not checked,
  // folding, outline, links, inlay hints, the ▶ Run lenses and formatting are off", features a source file never has:
  // it now says what such a file does without, as under the budget.
  it('over stdio, a 2.5 MB file with maxFullCheckSize 1,000,000 (over the parse budget): one window, about its requests and ▶ Run lenses', async () => {
    const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0, maxFullCheckSize: 1_000_000 } } });
    try {
      const started = Date.now();
      const uri = 'file:///limits/huge.py';
      await client.open(uri, 'python', repeatTo(2_500_000, FILLER, HEAD + REQUESTS));
      const answers = await Promise.all(editorRequests(client, uri));
      assert.deepEqual(answers[6], [], 'no runnable queries (the ▶ Run lenses)');
      const window = await client.waitFor(
        'the window',
        () => client.shown.map((m) => m.message).find((m) => /is larger than/.test(m)),
        MAX_SECONDS * 1000,
      );
      assert.match(
        window,
        /^huge\.py is larger than 1\.9 MB: its requests are not checked and the ▶ Run lenses are off for it; highlighting, hover and completion read the [\d,]+ lines around what is shown .* Split the file, or raise wikimapQuery\.diagnostics\.maxFullCheckSize\.$/,
      );
      assert.equal(client.shown.filter((m) => /is larger than/.test(m.message)).length, 1, 'said once');
      assert.deepEqual(
        client.published.filter((p) => p.uri === uri).flatMap((p) => p.diagnostics),
        [],
        'not checked',
      );
      assertServerBounded(client, started, MAX_PEAK_MB);
    } finally {
      await client.stop();
    }
  });

  for (const c of OVER_STDIO) {
    it(`over stdio, ${c.what}: the same notes, once, after the grammar loaded; the server stays bounded`, async () => {
      await withServer(async (client) => {
        const started = Date.now();
        await client.open(c.uri, 'python', c.text());
        const codes = (p: { diagnostics: Array<{ code?: unknown; range: { start: { line: number; character: number } } }> }) =>
          p.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`).sort();
        const published = await client.waitFor(
          'the notes',
          () => client.published.find((p) => p.uri === c.uri && p.diagnostics.length >= c.expected.length),
          MAX_SECONDS * 1000,
        );
        assert.deepEqual(codes(published), [...c.expected].sort());
        assertServerBounded(client, started, MAX_PEAK_MB);
      });
    });
  }
});
