/**
 * Parameters a client may leave out at run time: Retrofit skips a `@Query`/`@Field` whose argument is
 * null (`ParameterHandler.Query.apply`: "Skip null values"), and an empty list adds no pair; python-requests
 * leaves out a None value, pywikibot None and False, mw.Api and mwn `false` and `undefined`. A verdict on
 * such a request stands only when it holds whichever of them are sent; a verdict on the parameter's own
 * name still stands. `⟦…⟧` marks each expected diagnostic, with the codes in source order.
 */
import assert from 'node:assert/strict';
import { diagnosticsOf, marked } from './helpers';

interface Case {
  name: string;
  language: string;
  source: string;
  codes: string[];
}

const API = 'w/api.php?action=query&prop=revisions&rvslots=main&rvprop=ids';
const WIKI = 'https://en.wikipedia.org/w/api.php';
const PY_REVS = `'action': 'query', 'prop': 'revisions', 'rvprop': 'ids', 'rvslots': 'main'`;
const JS_REVS = `action: 'query', prop: 'revisions', rvprop: 'ids', rvslots: 'main'`;

const CASES: Case[] = [
  {
    name: "the Wikipedia app's getRevisionDetailsAscending: titles or pageids, both nullable (sends one): no error on rvdir",
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("${API}&rvdir=newer")\n  suspend fun details(\n` +
      `    @Query("titles") titles: String?,\n    @Query("pageids") pageIds: String?,\n    @Query("rvlimit") count: Int\n  ): R\n}\n`,
    codes: [],
  },
  {
    name: 'the same with both non-null: both are sent, several pages, so rvdir is refused',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("${API}&⟦⟦rvdir⟧⟧=newer")\n  suspend fun details(\n` +
      `    @Query("titles") titles: String,\n    @Query("pageids") pageIds: String,\n    @Query("rvlimit") count: Int\n  ): R\n}\n`,
    codes: ['invalidparammix', 'singlepageonly'],
  },
  {
    name: 'a nullable parameter with a fixed page: whether several pages are asked for depends on it',
    language: 'kotlin',
    source: `interface Service {\n  @GET("${API}&titles=A&rvdir=newer")\n  fun f(@Query("pageids") ids: String?): R\n}\n`,
    codes: [],
  },
  {
    name: "a nullable parameter's own name is still judged (a misspelling, a deprecated name)",
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("${API}")\n  fun f(\n    @Query("titles") titles: String?,\n` +
      `    @Query("pageids") pageIds: String?,\n    @Query("⟦rvlimt⟧") n: Int?,\n    @Query("⟦rvparse⟧") parse: Boolean?\n  ): R\n}\n`,
    codes: ['unrecognizedparams', 'deprecation'],
  },
  {
    name: 'a list may be empty (no pair is sent): titles and pageids as lists',
    language: 'kotlin',
    source: `interface Service {\n  @GET("${API}&rvdir=newer")\n  fun f(@Query("titles") t: List<String>, @Query("pageids") p: List<Long>): R\n}\n`,
    codes: [],
  },
  {
    name: 'an argument of a reference type may be null',
    language: 'java',
    source: `interface Service {\n  @GET("${API}&rvdir=newer")\n  Call<R> f(@Query("titles") String titles, @Query("pageids") Long pageIds);\n}\n`,
    codes: [],
  },
  {
    name: 'a primitive argument and one annotated @NonNull are always sent',
    language: 'java',
    source:
      `interface Service {\n  @GET("${API}&⟦⟦rvdir⟧⟧=newer")\n` +
      `  Call<R> f(@Query("titles") @NonNull String titles, @Query("pageids") long pageIds);\n}\n`,
    codes: ['invalidparammix', 'singlepageonly'],
  },
  {
    name: 'seven nullable parameters (more than every combination is tried for): still no error that needs two of them',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("${API}&rvdir=newer")\n  fun f(\n    @Query("titles") a: String?,\n    @Query("pageids") b: String?,\n` +
      `    @Query("rvlimit") c: Int?,\n    @Query("rvstart") d: String?,\n    @Query("rvend") e: String?,\n    @Query("rvuser") f: String?,\n` +
      `    @Query("⟦rvusr⟧") g: String?\n  ): R\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'python-requests leaves out a None value: parameters defaulting to None may be absent',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef revisions(title=None, pageid=None):\n` +
      `    return requests.get(API, params={${PY_REVS}, 'titles': title, 'pageids': pageid, 'rvdir': 'newer'})\n`,
    codes: [],
  },
  {
    name: 'python-requests: a conditional whose other branch is None may be absent; a misspelled name is still judged',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\n` +
      `requests.get(API, params={${PY_REVS}, 'titles': t if c else None, 'pageids': p if not c else None, 'rvdir': 'newer', '⟦rvlimt⟧': 5})\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'python-requests: plain variables are sent (whatever they hold), so both page sets are given',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef revisions(title, pageid):\n` +
      `    return requests.get(API, params={${PY_REVS}, 'titles': title, 'pageids': pageid, '⟦⟦rvdir⟧⟧': 'newer'})\n`,
    codes: ['invalidparammix', 'singlepageonly'],
  },
  {
    name: 'pywikibot leaves out None and False: a parameter defaulting to None in simple_request',
    language: 'python',
    source:
      `import pywikibot\ndef revisions(site, title=None, pageid=None):\n` +
      `    return site.simple_request(action='query', prop='revisions', rvprop='ids', rvslots='main', titles=title, pageids=pageid, rvdir='newer')\n`,
    codes: [],
  },
  {
    name: 'mw.Api leaves out undefined: `x || undefined` and a TypeScript optional parameter may be absent',
    language: 'typescript',
    source: `function revisions(title?: string, pageid?: number) {\n  return new mw.Api().get({ ${JS_REVS}, titles: title, pageids: pageid || undefined, rvdir: 'newer' });\n}\n`,
    codes: [],
  },
  {
    name: 'mw.Api sends null (jQuery sends it empty): a null branch is no reason to think the pair absent',
    language: 'javascript',
    source: `new mw.Api().get({ ${JS_REVS}, titles: t, pageids: p || null, ⟦⟦rvdir⟧⟧: 'newer' });\n`,
    codes: ['invalidparammix', 'singlepageonly'],
  },
];

describe('requests inside source code: parameters the client may leave out', function () {
  this.timeout(60000);
  for (const c of CASES) {
    it(`${c.language}: ${c.name}`, async () => {
      const { text, ranges } = marked(c.source.replace(/⟦⟦/g, '⟦').replace(/⟧⟧/g, '⟧'));
      // A doubled mark is two verdicts on one range.
      const doubled = [...c.source.matchAll(/⟦⟦/g)].length;
      const all = doubled ? ranges.flatMap((r) => [r, r]) : ranges;
      const expected = all.map(([s, e], i) => `${c.codes[i]} ${s}-${e}`).sort();
      assert.deepEqual(await diagnosticsOf(c.language, text), expected);
    });
  }
});
