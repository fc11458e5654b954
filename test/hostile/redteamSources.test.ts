/**
 * Source files shaped against the finder of requests in code (issue 25, "hostile inputs you have not seen"), under
 * the size whose requests are read in full, in the CLI and the language server over stdio: a map filled key by key
 * 100,000 times, and 30,000 `if`/`else` pairs each setting a key of one map. Each stays bounded in time and memory
 * (VmHWM from /proc), and the misspelt request beside them is still found.
 *
 * Found: the finder looked each setting's name up in the list of the map's keys so far (keyedMaps.ts), quadratic in
 * the settings: the 1.8 MB file of 100,000 settings ran over two minutes in `check` (and would block the server as
 * long); 30,000 pairs of branches likewise. Now a name-to-index map: 5–8 s of CPU each on a loaded machine.
 */
import { strict as assert } from 'node:assert';
import { assertRunBounded, assertServerBounded, checkMeasured, MAX_SECONDS, suiteFolder, withServer } from './hugeDocumentsShared';

const API = 'https://en.wikipedia.org/w/api.php';
const HEAD = `API = "${API}?action=query&list=allpages&aplimt=5"\np = {"action": "query", "list": "allpages"}\n`;
const TAIL = `requests.get("${API}", params=p)\n`;

const CASES: Array<[string, () => string]> = [
  ['100,000 keys set one by one (1.8 MB)', () => HEAD + Array.from({ length: 100_000 }, (_, i) => `p["k${i}"] = "v"\n`).join('') + TAIL],
  [
    '30,000 if/else pairs setting keys (1.8 MB)',
    () => HEAD + Array.from({ length: 30_000 }, (_, i) => `if c${i}:\n    p["k${i}"] = "v"\nelse:\n    p["j${i}"] = "w"\n`).join('') + TAIL,
  ],
];

describe('redteam: source files against the finder of requests in code', function () {
  this.timeout(MAX_SECONDS * 2 * 1000);
  const dir = suiteFolder('wmq-redteam-src-');

  for (const [what, make] of CASES) {
    it(`${what}, in the CLI: the misspelt request found, bounded`, async () => {
      const run = await checkMeasured(dir(), 'keyed.py', make());
      assert.equal(run.status, 0, run.stderr); // warnings only
      assert.match(run.stdout, /warning unrecognizedparams Unrecognized parameter: "aplimt"/);
      assert.doesNotMatch(run.stderr, /checkfailed|RangeError|Maximum call stack|at .*\.js:\d+/);
      assertRunBounded(run);
    });

    it(`${what}, over stdio: diagnostics published, hover answers, bounded`, async () => {
      await withServer(async (client) => {
        const uri = 'file:///redteam/keyed.py';
        const started = Date.now();
        await client.open(uri, 'python', make());
        await client.waitFor(
          'the misspelt parameter',
          () => client.published.find((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'unrecognizedparams')),
          MAX_SECONDS * 1000,
        );
        const hover = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 60 } });
        assert.ok(hover, 'hover answers');
        assertServerBounded(client, started);
      });
    });
  }
});
