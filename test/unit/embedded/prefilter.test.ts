/**
 * The prefilter that decides which source files are parsed: on the decoded text (`mayHoldRequest`)
 * and on the file's bytes before decoding (`mayHoldRequestBytes`, what `check DIR` reads first). The
 * bytes' answer is yes wherever the text's is, so no file the editor would look at is passed over.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mayHoldRequest, mayHoldRequestBytes as inJs } from '../../../server/src/service/embedded/requestFinder';
import { nodeFileIo } from '../../../server/src/node/nodeFileIo';
import { seededRandom } from '../../support/seededRandom';

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * The bytes prefilter, in JavaScript and with Node's native search (`check DIR` in Node): both give
 * the same answer on every input the tests here give; that answer is returned.
 */
function mayHoldRequestBytes(bytes: Uint8Array): boolean {
  const js = inJs(bytes);
  assert.equal(
    inJs(bytes, nodeFileIo.byteSearch),
    js,
    `the native search and the loop agree on ${JSON.stringify(Buffer.from(bytes).toString('latin1').slice(0, 200))}`,
  );
  // a plain Uint8Array (not a Buffer) is searched too, and a view into a larger buffer from its own start
  const padded = new Uint8Array(bytes.length + 8);
  padded.set(bytes, 4);
  assert.equal(inJs(padded.subarray(4, 4 + bytes.length), nodeFileIo.byteSearch), js, 'on a view');
  return js;
}

const CASES: Array<{ text: string; holds: boolean }> = [
  { text: 'url = "https://w.example/w/api.php?action=query"', holds: true },
  { text: '{"action": "query"}', holds: true },
  { text: "{ action: 'query' }", holds: true },
  { text: "$p = ['action' => 'query'];", holds: true },
  { text: 'params.put("action", "query");', holds: true },
  { text: 'mapOf("action" to "query")', holds: true },
  { text: 'p["action"] = "query"', holds: true },
  { text: 'client.action("query").param("list", "x")', holds: true },
  { text: 'site = mwclient.Site("en.wikipedia.org")', holds: true },
  { text: 'import pywikibot', holds: true },
  { text: 'new mw.Api().get({ list: "allpages" })', holds: true },
  { text: 'use Mediawiki\\Api\\ActionRequest;', holds: true },
  { text: 'fetch(base + "/api/mapobjects/", { method: "POST" })', holds: true },
  { text: 'public override IEnumerable<KeyValuePair<string, object?>> EnumListParameters()', holds: true },
  { text: 'x = 1\naction', holds: false },
  { text: 'action.type; action: 1', holds: true },
  { text: 'action\u00a0= 1', holds: true },
  { text: 'action\u3000\u3000: 1', holds: true },
  { text: 'switch (action.type) {}', holds: false },
  { text: 'function reducer(state, action) {}', holds: false },
  { text: 'transaction = 1; handle_action = 2; $action = 3', holds: false },
  { text: 'no request here at all', holds: false },
  { text: '', holds: false },
  { text: 'actio', holds: false },
  { text: 'ap', holds: false },
];

describe('the prefilter (which source files are parsed)', () => {
  for (const c of CASES) {
    it(`${c.holds ? 'holds' : 'passes over'}: ${JSON.stringify(c.text)}`, () => {
      assert.equal(mayHoldRequest(c.text), c.holds, 'on the text');
      assert.equal(mayHoldRequestBytes(utf8(c.text)), c.holds, 'on the bytes');
    });
  }

  it("WikiClientLibrary's EnumListParameters is looked for in C# files only (check DIR knows the language)", () => {
    const text = 'public override IEnumerable<KeyValuePair<string, object?>> EnumListParameters() { return d; }';
    for (const csharp of [true, false]) {
      assert.equal(mayHoldRequest(text, csharp), csharp, 'on the text');
      assert.equal(inJs(utf8(text), undefined, csharp), csharp, 'on the bytes');
      assert.equal(inJs(utf8(text), nodeFileIo.byteSearch, csharp), csharp, 'with the native search');
    }
  });

  it('on bytes, says yes wherever the text prefilter does (2,000 random texts of near misses, non-ASCII and spaces)', () => {
    const r = seededRandom(26);
    const pieces = [
      'action',
      'api.php',
      'mw.Api',
      'mwclient',
      'pywikibot',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u2028',
      'é',
      '😀',
      '=',
      ':',
      ',',
      '(',
      ')',
      '.',
      '"',
      "'",
      '`',
      ']',
      'to ',
      'x',
      '$',
      '_',
      '\uFEFF',
    ];
    let yes = 0;
    for (let i = 0; i < 2000; i++) {
      let text = '';
      for (let k = 0, n = 1 + Math.floor(r() * 12); k < n; k++) text += pieces[Math.floor(r() * pieces.length)];
      const onText = mayHoldRequest(text);
      if (onText) yes++;
      assert.ok(!onText || mayHoldRequestBytes(utf8(text)), `the bytes prefilter passes over ${JSON.stringify(text)}`);
    }
    assert.ok(yes > 200 && yes < 1800, `a mix of both answers (${yes} yes)`);
  });

  it("on bytes, gives the text prefilter's answer on every file of the source corpus", () => {
    const corpus = path.resolve(__dirname, '../../fixtures/embedded-corpus');
    const files = (fs.readdirSync(corpus, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(corpus, f)).isFile());
    assert.ok(files.length > 50, `${files.length} files`);
    for (const f of files) {
      const bytes = fs.readFileSync(path.join(corpus, f));
      assert.equal(mayHoldRequestBytes(bytes), mayHoldRequest(bytes.toString('utf8')), f);
    }
  });

  it('invalid UTF-8 around a key is still seen on the bytes', () => {
    const bytes = new Uint8Array([0xff, 0xfe, ...utf8('{"action": "query"}'), 0xc3]);
    assert.equal(mayHoldRequestBytes(bytes), true);
    assert.equal(mayHoldRequest(Buffer.from(bytes).toString('utf8')), true);
  });
});
