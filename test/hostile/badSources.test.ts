/**
 * Bad source files (issue 26), against the real CLI and the real language server over stdio: a 50 MB
 * minified JavaScript file, a 9 MB one-line one (over the size a grammar parses: its URL literals are
 * still read), a binary file with a `.py` name, invalid UTF-8 and nesting 20,000 deep. Each stays
 * bounded in time and memory (VmHWM from /proc), never crashes, and finds what can be found.
 */
import { strict as assert } from 'node:assert';
import { assertRunBounded, assertServerBounded, checkMeasured, MAX_SECONDS, suiteFolder, withServer } from './hugeDocumentsShared';

const API = 'https://en.wikipedia.org/w/api.php';
const MISSPELT = `"${API}?action=query&list=allpages&aplimt=5"`;
const MINIFIED_UNIT = 'function f(a,b){return a+b*2}var x={k:1,v:[1,2,3],s:"str",action:"go"};';

function minified(size: number): string {
  const head = `var API=${MISSPELT};`;
  return head + MINIFIED_UNIT.repeat(Math.ceil((size - head.length) / MINIFIED_UNIT.length));
}

/** [file, content, what check reports: a diagnostic code, or the exit status when nothing is found] */
const CASES: Array<[string, () => string | Buffer, RegExp]> = [
  ['minified50.js', () => minified(50 * 1024 * 1024), /error toolarge/],
  ['minified9.js', () => minified(9 * 1024 * 1024), /warning unrecognizedparams Unrecognized parameter: "aplimt"/],
  [
    'binary.py',
    () => {
      const bytes = Buffer.alloc(2_000_000);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
      bytes.write(`api.php?action=query&aplimt=1`, 1000);
      return bytes;
    },
    /problem|No problems/,
  ],
  [
    'invalid.py',
    () => Buffer.concat([Buffer.from(`API = ${MISSPELT}\n`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a])]),
    /unrecognizedparams/,
  ],
  [
    'nested.py',
    () =>
      `import requests\nAPI = "${API}"\np = ${'{"a": '.repeat(20000)}1${'}'.repeat(20000)}\n` +
      `q = "?action=query&list=allpages&aplimt=5" + ${'"x" + '.repeat(20000)}"y"\n`,
    /unrecognizedparams/,
  ],
];

describe('bad source files: bounded, no crash, in the CLI and the server', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  const dir = suiteFolder('wmq-badsrc-');

  for (const [file, make, expected] of CASES) {
    it(`${file} in the CLI`, async () => {
      const run = await checkMeasured(dir(), file, make());
      assert.ok(run.status === 0 || run.status === 1, `exit ${run.status}: ${run.stderr}`);
      assert.match(run.stdout + run.stderr, expected);
      assert.doesNotMatch(run.stderr, /checkfailed|Invalid string length|heap out of memory|RangeError|at .*\.js:\d+/);
      assertRunBounded(run);
    });

    it(`${file} over stdio: diagnostics published, hover answers, the server lives`, async () => {
      await withServer(async (client) => {
        const uri = `file:///bad/${file}`;
        const started = Date.now();
        const content = make();
        const text = typeof content === 'string' ? content : content.toString('utf8');
        await client.open(uri, file.endsWith('.js') ? 'javascript' : 'python', text);
        const found = expected.source.includes('unrecognizedparams');
        // where the CLI finds the misspelt name, the editor shows it too (after the grammar loads)
        const wanted = (p: { uri: string; diagnostics: Array<{ code?: unknown }> }) =>
          p.uri === uri && (!found || p.diagnostics.some((d) => d.code === 'unrecognizedparams'));
        await client.waitFor('diagnostics', () => client.published.find(wanted), MAX_SECONDS * 1000);
        await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 30 } });
        assertServerBounded(client, started);
      });
    });
  }
});
