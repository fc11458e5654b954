/**
 * Map documents under the parse budget (10 M characters) shaped as an attacker would shape them (issue 25),
 * against the real CLI and the real language server over stdio: nesting at the depth budget's edge, one
 * huge string, millions of escapes, distinct 1 KB keys, numbers of a million digits, a document of
 * blanks, mixed line ends with byte-order marks, broken surrogates. Each is checked within its peak-RSS
 * bound (sampled from /proc) and the time limit, no message repeats a huge name whole, and over stdio the
 * requests an editor sends on its own and hover are all answered.
 *
 * Found here: arrays or objects nested 511 deep (9.9 MB) went past the direct parse (which stopped at 200
 * levels) to jsonc-parser's path, and took the CLI to 1.2 GB and the server to 1.1 GB; a 9.8 MB `"type"`
 * was repeated whole in its `unknowntype` message and data (9.8 MB of CLI output).
 */
import { strict as assert } from 'node:assert';
import { MAX_SHOWN_NAME } from '../../server/src/service/map/mapDiagnostics';
import {
  assertRunBounded,
  assertServerBounded,
  checkMeasured,
  editorRequests,
  MAX_SECONDS,
  repeatTo,
  suiteFolder,
  withServer,
} from './hugeDocumentsShared';

const SIZE = 9_900_000;

interface Shape {
  what: string;
  make: () => string;
  /** Peak RSS bound, CLI and server alike. */
  peakMb: number;
  /** A diagnostic code the CLI must report (the document is read, not refused). */
  code: string;
}

const distinctKey = (i: number) => String(i).padStart(8, '0') + 'k'.repeat(1016);

const SHAPES: Shape[] = [
  // measured 672-678 MB (CLI) after the fix
  {
    what: '9,700 arrays nested 511 deep',
    make: () => repeatTo(SIZE, `[${'['.repeat(510)}${']'.repeat(510)}],`, '[', '[]]'),
    peakMb: 800,
    code: 'notanobject',
  },
  {
    what: '9,700 queries holding arrays nested 510 deep',
    make: () => repeatTo(SIZE, `{"a":${'['.repeat(509)}${']'.repeat(509)}},`, '[', '{}]'),
    peakMb: 800,
    code: 'unknownfield',
  },
  { what: 'one "type" of 9.8 MB', make: () => `{"type":"${'a'.repeat(SIZE - 20)}"}`, peakMb: 400, code: 'unknowntype' },
  {
    what: 'one "type" of 1,650,000 \\u0000 escapes',
    make: () => `{"type":"${'\\u0000'.repeat(Math.floor(SIZE / 6) - 5)}"}`,
    peakMb: 500,
    code: 'unknowntype',
  },
  {
    what: '9,500 distinct keys of 1 KB',
    make: () => `{${Array.from({ length: 9_500 }, (_, i) => `"${distinctKey(i)}":1`).join(',')}}`,
    peakMb: 400,
    code: 'unknownfield',
  },
  {
    what: 'coordinates of a million digits',
    make: () =>
      `[${Array.from({ length: 8 }, () => `{"type":"bones","pos1":{"x":1${'7'.repeat(1_000_000)},"y":-0.${'5'.repeat(100_000)}e${'9'.repeat(1000)},"z":0}}`).join(',')}]`,
    peakMb: 400,
    code: 'notinteger',
  },
  { what: '9.9 MB of blanks and line ends', make: () => repeatTo(SIZE, ' \t\r\n\n'), peakMb: 400, code: 'invalidjson' },
  {
    what: 'CR, LF, CRLF, U+2028 and byte-order marks mixed',
    make: () => repeatTo(SIZE, '{"type":"bones",\r"pos1":{"x":1,\r\n"y":2,\n"z":3}},\uFEFF\r\n\u2028', '\uFEFF[\r\n', '{}]'),
    peakMb: 640,
    code: 'invalidjson',
  },
  {
    what: 'lone surrogates in keys and values',
    make: () => repeatTo(SIZE, '{"type":"\uD800","p\uDC00os1":{"x":"\uDBFF"},"\\ud800":"\\udc00\\ud800"},', '[', '{}]'),
    peakMb: 640,
    code: 'unknowntype',
  },
];

/** No message repeats more of the document than a few short names. */
function assertShortMessages(messages: string[]): void {
  for (const message of messages) assert.ok(message.length < 4 * MAX_SHOWN_NAME + 600, `a message of ${message.length} characters`);
}

describe('map documents of hostile shapes under the parse budget', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const dir = suiteFolder('wmq-shapes-');

  for (const shape of SHAPES) {
    it(`${shape.what}, in the CLI: checked (${shape.code}), short messages, peak RSS < ${shape.peakMb} MB`, async () => {
      const run = await checkMeasured(dir(), 'shape.mapquery.json', shape.make());
      assert.ok(run.status === 0 || run.status === 1, `exit ${run.status}: ${run.stderr.slice(0, 500)}`);
      assert.match(run.stdout, new RegExp(` ${shape.code} `), run.stdout.slice(0, 500));
      assertShortMessages(run.stdout.split('\n'));
      assertRunBounded(run, shape.peakMb);
    });

    it(`${shape.what}, over stdio: diagnostics, every editor request and hover answered, peak RSS < ${shape.peakMb} MB`, async () => {
      await withServer(async (client) => {
        const uri = 'file:///shapes/shape.mapquery.json';
        const started = Date.now();
        await client.open(uri, 'mapquery', shape.make());
        const diagnostics = await client.diagnosticsFor(uri, 1, MAX_SECONDS * 1000);
        assert.ok(
          diagnostics.some((d) => d.code === shape.code),
          JSON.stringify(diagnostics.slice(0, 3)).slice(0, 500),
        );
        assertShortMessages(diagnostics.map((d) => String(d.message)));
        await Promise.all(editorRequests(client, uri));
        await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } });
        assertServerBounded(client, started, shape.peakMb);
      });
    });
  }
});
