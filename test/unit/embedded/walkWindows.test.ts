/**
 * The finder walks a file's syntax tree a window at a time (requestFinder.ts, `walkWindows`), so that a 2 MB file's
 * node objects are not all held at once. Windows must change nothing: every file of the corpus of real files, and
 * files made to put requests, concatenations, maps filled key by key and non-BMP text across window edges (lines cut
 * in the middle too), give the same requests with windows of 97 and 4,099 UTF-16 units as in one window.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parsers } from './helpers';
import { HOST_LANGUAGES, type HostLanguage } from '../../../server/src/service/embedded/hostLanguages';
import { findRequests, type FoundRequest } from '../../../server/src/service/embedded/requestFinder';

const CORPUS = path.resolve(__dirname, '../../fixtures/embedded-corpus');
const WHOLE = Number.MAX_SAFE_INTEGER;
const WINDOWS = [97, 4099];

function corpusFiles(dir: string): Array<[string, HostLanguage]> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e): Array<[string, HostLanguage]> => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return corpusFiles(file);
    const lang = HOST_LANGUAGES.find((l) => l.grammar && l.extensions.some((x) => e.name.endsWith(x)));
    return lang ? [[file, lang]] : [];
  });
}

const view = (found: FoundRequest[]) => JSON.stringify(found.map((f) => ({ ...f, query: [f.query.text, f.query] })));

async function assertSameInWindows(text: string, lang: HostLanguage, what: string): Promise<number> {
  const tree = await parsers.parseTree(text, lang);
  assert.ok(tree, what);
  try {
    const whole = findRequests(tree, lang, text, WHOLE);
    for (const size of WINDOWS) assert.equal(view(findRequests(tree, lang, text, size)), view(whole), `${what}, windows of ${size}`);
    return whole.length;
  } finally {
    tree.delete();
  }
}

const API = 'https://en.wikipedia.org/w/api.php';
/** Made files: each request several times, at shifting offsets, so that window edges fall inside them. */
const MADE: Array<[string, string]> = [
  [
    'python',
    Array.from(
      { length: 40 },
      (_, i) =>
        `${'#'.repeat(i)}\np${i} = {"action": "query", "list": "allpages"}\np${i}["aplimt"] = "5"\nu${i} = "${API}?action=query&" + \\\n  "titles=𝄞é${i}"\nrequests.get("${API}", params=p${i})\n`,
    ).join(''),
  ],
  [
    'javascript',
    // one long line (a minified file): windows cut it in the middle
    Array.from(
      { length: 60 },
      (_, i) => `api.get({action:'query',list:'search',srsearch:'é𝄞${i}'});var u${i}='${API}?action=query&'+'prop=info';`,
    ).join(''),
  ],
  [
    'php',
    `<?php\n${Array.from({ length: 40 }, (_, i) => `$p${i} = ['action' => 'query'];\n$p${i}['list'] = 'allpages';${' '.repeat(i * 3)}\n$u = '${API}?action=query&meta=siteinfo';\n`).join('')}`,
  ],
];

describe('the finder walks a file in windows: the same requests as in one', function () {
  this.timeout(120_000);

  it('every file of the corpus of real files', async () => {
    const files = corpusFiles(CORPUS);
    assert.ok(files.length > 150, `${files.length} files`);
    let found = 0;
    for (const [file, lang] of files) {
      await parsers.prepare(lang);
      found += await assertSameInWindows(fs.readFileSync(file, 'utf8'), lang, path.relative(CORPUS, file));
    }
    assert.ok(found > 500, `${found} requests found`);
  });

  for (const [id, text] of MADE) {
    it(`${id}: requests, concatenations and maps filled key by key across window edges`, async () => {
      const lang = HOST_LANGUAGES.find((l) => l.id === id)!;
      await parsers.prepare(lang);
      assert.ok((await assertSameInWindows(text, lang, id)) >= 40);
    });
  }
});
