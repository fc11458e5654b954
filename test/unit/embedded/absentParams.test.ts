/**
 * Parameters a client may leave out at run time: Retrofit skips a `@Query`/`@Field` whose argument is
 * null (`ParameterHandler.Query.apply`: "Skip null values"), and an empty list adds no pair; python-requests
 * leaves out a None value, pywikibot None and False, mw.Api and mwn `false` and `undefined` (mwn a `null` too when it
 * sends a GET; a POST sends it as "null", as mw.Api's multipart form does). A verdict on
 * such a request stands when it holds whichever of them are sent (a verdict on the parameter's own name);
 * one that holds whenever a given one of them is sent stands too, its message saying so (`says`), at the
 * server's severity; one that needs two of them sent together, or fires only when one is left out, does
 * not. `⟦…⟧` marks each expected diagnostic, with the codes in source order.
 */
import assert from 'node:assert/strict';
import { checkSource, diagnosticsOf, marked } from './helpers';

interface Case {
  name: string;
  language: string;
  source: string;
  codes: string[];
  /** What each diagnostic's message ends with (a verdict that holds when a parameter is sent says which). */
  says?: string;
}

const API = 'w/api.php?action=query&prop=revisions&rvslots=main&rvprop=ids';
const WIKI = 'https://en.wikipedia.org/w/api.php';
const PY_REVS = `'action': 'query', 'prop': 'revisions', 'rvprop': 'ids', 'rvslots': 'main'`;
const JS_REVS = `action: 'query', prop: 'revisions', rvprop: 'ids', rvslots: 'main'`;
const MWN = `const { Mwn } = require('mwn');\nconst bot = new Mwn();\n`;

/** 28 parameters of action=query and prop=revisions, none deprecated. */
const MANY = (
  'rvlimit rvsection errorformat rvstartid rvendid rvstart rvend rvuser rvexcludeuser rvtag rvcontinue redirects ' +
  'converttitles indexpageids iwurl continue maxlag smaxage maxage assertuser requestid servedby curtimestamp ' +
  'responselanginfo uselang variant errorlang errorsuselocal'
).split(' ');

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
    name: 'a nullable parameter with a fixed page: the error holds whenever it is sent (several pages), said so',
    language: 'kotlin',
    source: `interface Service {\n  @GET("${API}&titles=A&⟦⟦rvdir⟧⟧=newer")\n  fun f(@Query("pageids") ids: String?): R\n}\n`,
    codes: ['invalidparammix', 'singlepageonly'],
    says: '(This holds when pageids is sent, which the client may leave out.)',
  },
  {
    name:
      "Commons' MediaDetailInterface.getWikiText: content without rvslots warns whenever the nullable titles is sent " +
      '(a page is asked for; ApiQueryRevisionsBase warns only on a page with a revision)',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("w/api.php?action=query&prop=revisions&rvprop=⟦content⟧|timestamp&rvlimit=1&converttitles=")\n` +
      `  fun getWikiText(@Query("titles") title: String?): R\n}\n`,
    codes: ['deprecation'],
    says: '(This holds when titles is sent, which the client may leave out.)',
  },
  {
    name: 'titles and pageids both nullable: the rvslots warning holds when either is sent',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("w/api.php?action=query&prop=revisions&rvprop=⟦content⟧&rvlimit=1")\n` +
      `  fun f(@Query("titles") t: String?, @Query("pageids") p: String?): R\n}\n`,
    codes: ['deprecation'],
    says: '(This holds when titles or pageids is sent, which the client may leave out.)',
  },
  {
    name: 'a verdict only a left-out parameter brings is dropped: rvslots nullable (the warning is for its absence)',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("w/api.php?action=query&prop=revisions&rvprop=content&rvlimit=1&titles=A")\n` +
      `  fun f(@Query("rvslots") slots: String?): R\n}\n`,
    codes: [],
  },
  {
    name: 'the same with the page nullable too: no warning (it needs titles sent and rvslots left out)',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("w/api.php?action=query&prop=revisions&rvprop=content&rvlimit=1")\n` +
      `  fun f(@Query("titles") t: String?, @Query("rvslots") slots: String?): R\n}\n`,
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
  {
    name: 'mw.Api sends a literal null empty (jQuery.param: `name=`): titles: null beside pageids is multisource, as the server answers',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', prop: 'revisions', rvprop: 'ids', rvslots: 'main', titles: null, ⟦pageids⟧: 5 });\n`,
    codes: ['multisource'],
  },
  {
    name: 'a verdict on a value sent empty lands on what the source writes for it (null, an empty string), not on the next key or after the object',
    language: 'javascript',
    source:
      `new mw.Api().get({ action: 'query', list: 'allpages', aplimit: ⟦null⟧, apdir: 'ascending' });\n` +
      `new mw.Api().get({ action: 'query', list: 'allpages', apnamespace: ⟦null⟧ });\n` +
      `new mw.Api().postWithToken('csrf', { action: 'edit', title: 'A', text: 'x', contentmodel: ⟦''⟧ });\n`,
    codes: ['badinteger', 'badvalue', 'badvalue'],
  },
  {
    name: 'mw.Api leaves out a literal undefined (preprocessParameters deletes it): pageids alone',
    language: 'javascript',
    source: `new mw.Api().get({ action: 'query', prop: 'revisions', rvprop: 'ids', rvslots: 'main', titles: undefined, pageids: 5 });\n`,
    codes: [],
  },
  {
    name: "mwn's GET (action=query) leaves a null out (axios skips it): titles: null beside pageids is one page set",
    language: 'javascript',
    source: `${MWN}bot.request({ action: 'query', prop: 'revisions', rvprop: 'ids', rvslots: 'main', titles: null, pageids: 5, rvdir: 'newer' });\n`,
    codes: [],
  },
  {
    name: "mwn's GET: a null branch may leave the pair out (titles or pageids: no error on rvdir)",
    language: 'javascript',
    source: `${MWN}bot.request({ ${JS_REVS}, titles: t || null, pageids: p || null, rvdir: 'newer' });\n`,
    codes: [],
  },
  {
    name: 'mwn posts every other module, its body written with encodeURIComponent: a null is sent as the word "null"',
    language: 'javascript',
    source: `${MWN}bot.request({ action: 'edit', title: 'A', text: 'x', contentformat: ⟦null⟧, token: t });\n`,
    codes: ['badvalue'],
  },
  {
    name: 'mwn posts action=parse with a text ("null" sent), and gets it without one (left out)',
    language: 'javascript',
    source:
      `${MWN}bot.request({ action: 'parse', title: 'A', text: 'x', contentformat: ⟦null⟧ });\n` +
      `bot.request({ action: 'parse', page: 'A', contentformat: null });\n`,
    codes: ['badvalue'],
  },
  {
    name: "mwn's request option method decides; options it cannot read leave the null unknown (no verdict on it)",
    language: 'javascript',
    source:
      `${MWN}bot.request({ action: 'parse', title: 'A', text: 'x', contentformat: null }, { method: 'get' });\n` +
      `bot.request({ action: 'query', list: 'allpages', apnamespace: ⟦null⟧ }, { method: 'post' });\n` +
      `bot.request({ action: 'parse', title: 'A', text: 'x', contentformat: null }, options);\n`,
    codes: ['badvalue'],
  },
  {
    name: 'mw.Api posts multipart/form-data when asked (FormData.append sends null as "null"); the ajaxOptions are not a request',
    language: 'javascript',
    source:
      `new mw.Api().post({ action: 'parse', title: 'A', text: 'x', contentformat: ⟦null⟧ }, { contentType: 'multipart/form-data' });\n` +
      `new mw.Api().postWithToken('csrf', { action: 'edit', title: 'A', text: 'x', contentformat: ⟦null⟧ }, { contentType: 'multipart/form-data' });\n`,
    codes: ['badvalue', 'badvalue'],
  },
  {
    name: "mw.Api: a GET is never multipart (sent empty); ajaxOptions it cannot read leave a POST's null unknown",
    language: 'javascript',
    source:
      `new mw.Api().get({ ${JS_REVS}, titles: null, ⟦pageids⟧: 5 }, { contentType: 'multipart/form-data' });\n` +
      `new mw.Api().post({ action: 'parse', title: 'A', text: 'x', contentformat: null }, ajaxOptions);\n`,
    codes: ['multisource'],
  },
  {
    name: 'a map filled key by key in if/else branches: titles in one, pageids in the other, never judged as sent together',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef revisions(c):\n    params = {${PY_REVS}}\n    if c:\n        params['titles'] = 'A'\n` +
      `    else:\n        params['pageids'] = '5'\n        params['⟦rvlimt⟧'] = 5\n    return requests.get(API, params=params)\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'the same keys set outside any branch are both sent: multisource, as the server answers',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef revisions(c):\n    params = {${PY_REVS}}\n    params['titles'] = 'A'\n` +
      `    params['⟦pageids⟧'] = '5'\n    return requests.get(API, params=params)\n`,
    codes: ['multisource'],
  },
  {
    name: 'a key set in a branch and again outside it is sent',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef revisions(c):\n    params = {${PY_REVS}}\n    if c:\n        params['titles'] = 'A'\n` +
      `    params['titles'] = 'B'\n    params['⟦pageids⟧'] = '5'\n    return requests.get(API, params=params)\n`,
    codes: ['multisource'],
  },
  {
    name: 'a map declared and filled inside one branch: its keys are all sent together',
    language: 'python',
    source:
      `import requests\nAPI = '${WIKI}'\ndef revisions(c):\n    if c:\n        params = {${PY_REVS}}\n        params['titles'] = 'A'\n` +
      `        params['⟦pageids⟧'] = '5'\n        return requests.get(API, params=params)\n`,
    codes: ['multisource'],
  },
  {
    name: 'HashMap.put in if/else branches (Mediawiki-Japi builds its forms so)',
    language: 'java',
    source:
      `class A {\n  String api = "${WIKI}";\n  void f(boolean c) {\n    Map<String, String> p = new HashMap<>();\n` +
      `    p.put("action", "query");\n    p.put("prop", "revisions");\n    p.put("rvprop", "ids");\n    p.put("rvslots", "main");\n` +
      `    if (c) {\n      p.put("titles", "A");\n    } else {\n      p.put("pageids", "5");\n      p.put("⟦rvlimt⟧", "5");\n    }\n  }\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'keys set in the cases of a switch, for mw.Api',
    language: 'javascript',
    source:
      `function f(kind) {\n  const q = { ${JS_REVS} };\n  switch (kind) {\n    case 'title': q.titles = 'A'; break;\n` +
      `    default: q.pageids = '5'; q.⟦rvlimt⟧ = 5;\n  }\n  return new mw.Api().get(q);\n}\n`,
    codes: ['unrecognizedparams'],
  },
  {
    name: 'more nullable parameters than a bit mask holds (31): only verdicts on their own names, no error that needs two',
    language: 'kotlin',
    source:
      `interface Service {\n  @GET("${API}&rvdir=newer")\n  fun f(\n    @Query("titles") a: String?,\n    @Query("pageids") b: String?,\n` +
      MANY.map((n, i) => `    @Query("${n}") x${i}: String?,\n`).join('') +
      `    @Query("⟦rvusr⟧") g: String?\n  ): R\n}\n`,
    codes: ['unrecognizedparams'],
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
      const messages = (await checkSource(c.language, text)).checked.flatMap((r) =>
        r.diagnostics.map((d) => (typeof d.message === 'string' ? d.message : d.message.value)),
      );
      for (const m of messages) assert.equal(m.endsWith(c.says ?? ''), true, m);
      if (!c.says) for (const m of messages) assert.doesNotMatch(m, /which the client may leave out/);
    });
  }
});
