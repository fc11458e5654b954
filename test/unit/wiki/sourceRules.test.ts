/**
 * Rules read in MediaWiki's source and checked against real wikis (corpus-rules.txt: live on 1.39,
 * recorded on 1.45): one table per rule, each row naming the MediaWiki behaviour it mirrors.
 * Rows run on the built-in catalogue (which describes MediaWiki 1.46) unless they name a version:
 * then on the recorded MediaWiki 1.45.0 catalogue given that version's generator, to show what
 * since/until do.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'mocha';
import { parseConstraints, parseMediaWikiVersion, ruleHoldsFor } from '../../../server/src/service/wiki/wikiConstraintRules';
import { BUILTIN_MEDIAWIKI_VERSION, createWikiCatalogue, type WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { REQUEST_LINE_LIMIT, urlBytes } from '../../../server/src/service/wiki/wikiUrlLength';
import { builtinCatalogue, readRepoJson, repoRoot, validate } from './helpers';

const RECORDED = path.join(repoRoot, 'test/mediawiki/recorded/mediawiki-1.45.0/catalogue.json');

/** The recorded 1.45.0 catalogue, with its siteinfo's generator replaced by `generator`. */
function recordedAs(generator: string): WikiCatalogue {
  const [paraminfo, siteinfo] = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as [unknown, { query: { general: Record<string, unknown> } }];
  const si = { query: { ...siteinfo.query, general: { ...siteinfo.query.general, generator } } };
  return createWikiCatalogue(paraminfo, { siteinfo: si, constraints: readRepoJson('descriptors/wiki/constraints.json') });
}

interface Row {
  /** The MediaWiki source behaviour the row shows. */
  mirrors: string;
  query: string;
  /** [code, severity, text the range covers, param]; [] for no diagnostic (errors and warnings only). */
  expect: Array<[string, string, string, string]>;
  /** Check with the recorded catalogue as this MediaWiki version (`MediaWiki 1.39.17`). */
  version?: string;
  /** Sent logged in (`wikimapQuery.wiki.loggedIn`): the rules a reader who is not logged in meets first are not given. */
  loggedIn?: boolean;
}

function run(rows: Row[]): void {
  for (const row of rows) {
    it(`${row.query.length > 100 ? `${row.query.slice(0, 100)}… (${row.query.length} characters)` : row.query}${row.version ? ` on ${row.version}` : ''} — ${row.mirrors}`, () => {
      const catalogue = row.version ? recordedAs(row.version) : builtinCatalogue();
      const got = validate(row.query, { catalogue, settings: { loggedIn: row.loggedIn } })
        .filter((d) => d.severity === 'error' || d.severity === 'warning')
        .map((d) => [d.code, d.severity, d.text, d.param]);
      assert.deepEqual(got, row.expect);
    });
  }
}

describe('rules read in MediaWiki source', () => {
  describe('contradictory show values → show', () => {
    run([
      {
        mirrors: 'ApiQueryRecentChanges::run: minor with !minor → apierror-show',
        query: 'action=query&list=recentchanges&rcshow=minor|!minor',
        expect: [['show', 'error', '!minor', 'rcshow']],
      },
      {
        mirrors: 'ApiQueryRecentChanges::run: patrolled with unpatrolled',
        query: 'action=query&list=recentchanges&rcshow=patrolled|unpatrolled',
        expect: [['show', 'error', 'unpatrolled', 'rcshow']],
        loggedIn: true,
      },
      {
        mirrors: 'ApiQueryRecentChanges::run: values of different pairs do not clash',
        query: 'action=query&list=recentchanges&rcshow=minor|!bot',
        expect: [],
      },
      {
        mirrors: 'ApiQueryRecentChanges under generator=: grcshow',
        query: 'action=query&generator=recentchanges&grcshow=bot|!bot',
        expect: [['show', 'error', '!bot', 'grcshow']],
      },
      {
        mirrors: 'ApiQueryWatchlist::showParamsConflicting: unread with !unread',
        query: 'action=query&list=watchlist&wlshow=unread|!unread',
        expect: [['show', 'error', '!unread', 'wlshow']],
        loggedIn: true,
      },
      {
        mirrors: 'ApiQueryWatchlistRaw::run: changed with !changed',
        query: 'action=query&list=watchlistraw&wrshow=changed|!changed',
        expect: [['show', 'error', '!changed', 'wrshow']],
        loggedIn: true,
      },
      {
        mirrors: 'ApiQueryUserContribs::prepareQuery: top with !top',
        query: 'action=query&list=usercontribs&ucuser=Bob&ucshow=top|!top',
        expect: [['show', 'error', '!top', 'ucshow']],
      },
      {
        mirrors: 'ApiQueryBlocks::execute: ip with !ip',
        query: 'action=query&list=blocks&bkshow=ip|!ip',
        expect: [['show', 'error', '!ip', 'bkshow']],
      },
      {
        mirrors: 'ApiQueryCategories::run: hidden with !hidden',
        query: 'action=query&prop=categories&titles=A&clshow=hidden|!hidden',
        expect: [['show', 'error', '!hidden', 'clshow']],
      },
      {
        mirrors: 'ApiQueryBacklinksprop::run (prop=redirects): fragment with !fragment',
        query: 'action=query&prop=redirects&titles=A&rdshow=fragment|!fragment',
        expect: [['show', 'error', '!fragment', 'rdshow']],
      },
    ]);
  });

  describe('user names → baduser, empty user parameters → paramempty_*', () => {
    run([
      {
        mirrors: 'UserDef::processUser parses the name in the User namespace: Talk: is another namespace',
        query: 'action=query&list=usercontribs&ucuser=Talk:Bob',
        expect: [['baduser', 'error', 'Talk:Bob', 'ucuser']],
      },
      {
        mirrors: 'UserDef::processUser: Special: (namespace -1) too',
        query: 'action=query&list=logevents&leuser=Special:Bob',
        expect: [['baduser', 'error', 'Special:Bob', 'leuser']],
      },
      {
        mirrors: 'UserDef::processUser: User:Bob is the user Bob (any case of the prefix)',
        query: 'action=query&list=usercontribs&ucuser=user:Bob',
        expect: [],
      },
      {
        mirrors: 'UserDef::processUser: a prefix that names no namespace is part of the name',
        query: 'action=query&list=usercontribs&ucuser=Foo:Bob',
        expect: [],
      },
      {
        mirrors: 'ApiQueryUserContribs::execute: userids === [] → paramempty_ucuserids',
        query: 'action=query&list=usercontribs&ucuserids=',
        expect: [['paramempty_ucuserids', 'error', 'ucuserids=', 'ucuserids']],
      },
      {
        mirrors: "ApiQueryUserContribs::execute: a user '' → paramempty_ucuser",
        query: 'action=query&list=usercontribs&ucuser=',
        expect: [['paramempty_ucuser', 'error', 'ucuser=', 'ucuser']],
      },
    ]);
  });

  describe('leaction is checked by ApiQueryLogEvents → unknown_leaction', () => {
    run([
      {
        mirrors: 'ApiQueryLogEvents::execute: no "/" → unknown_leaction (not ParamValidator\'s badvalue)',
        query: 'action=query&list=logevents&leaction=block',
        expect: [['unknown_leaction', 'error', 'block', 'leaction']],
      },
      {
        mirrors: 'ApiQueryLogEvents::execute: type/action not in getAllowedLogActions()',
        query: 'action=query&list=logevents&leaction=block/bogus',
        expect: [['unknown_leaction', 'error', 'block/bogus', 'leaction']],
      },
      { mirrors: 'ApiQueryLogEvents::execute: a listed action', query: 'action=query&list=logevents&leaction=block/block', expect: [] },
      {
        mirrors: 'ApiQueryLogEvents::execute: the same on MediaWiki 1.39',
        query: 'action=query&list=logevents&leaction=bogus',
        version: 'MediaWiki 1.39.17',
        expect: [['unknown_leaction', 'error', 'bogus', 'leaction']],
      },
    ]);
  });

  describe('titles: fragments and relative paths (MediaWikiTitleCodec::splitTitleString)', () => {
    run([
      {
        mirrors: 'the #fragment is cut off before validation',
        query: 'action=query&prop=info&titles=A&inlinkcontext=Foo%23bar',
        expect: [],
      },
      { mirrors: 'a fragment alone is a link within the page', query: 'action=query&prop=info&titles=A&inlinkcontext=%23bar', expect: [] },
      {
        mirrors: 'a title ending in /. is a relative path (title-invalid-relative) → badtitle',
        query: 'action=query&prop=info&titles=A&inlinkcontext=Foo/.',
        expect: [['badtitle', 'error', 'Foo/.', 'inlinkcontext']],
      },
      {
        mirrors: 'a title ending in /.. is a relative path',
        query: 'action=query&prop=info&titles=A&inlinkcontext=Foo/..',
        expect: [['badtitle', 'error', 'Foo/..', 'inlinkcontext']],
      },
      { mirrors: '/... is not a relative path', query: 'action=query&prop=info&titles=A&inlinkcontext=Foo/...', expect: [] },
    ]);
  });

  describe('titles a module parses itself → invalidtitle; user IDs → invaliduserid', () => {
    run([
      {
        mirrors: 'ApiBase::getTitleOrPageId: Title::newFromText refuses a relative path',
        query: 'action=query&list=backlinks&bltitle=Foo/.',
        expect: [['invalidtitle', 'error', 'Foo/.', 'bltitle']],
      },
      {
        mirrors: 'ApiBase::getTitleOrPageId: an empty title',
        query: 'action=query&list=embeddedin&eititle=',
        expect: [['invalidtitle', 'error', '', 'eititle']],
      },
      {
        mirrors: 'ApiBase::getTitleOrPageId: a fragment is cut off first',
        query: 'action=query&list=backlinks&bltitle=Alpha%23History',
        expect: [],
      },
      {
        mirrors: 'ApiQueryCategoryMembers::run: a [ in the title',
        query: 'action=query&list=categorymembers&cmtitle=Category:a[b',
        expect: [['invalidtitle', 'error', 'Category:a[b', 'cmtitle']],
      },
      {
        mirrors: 'ApiQueryLogEvents::execute: letitle',
        query: 'action=query&list=logevents&letitle=Foo/..',
        expect: [['invalidtitle', 'error', 'Foo/..', 'letitle']],
      },
      {
        mirrors: 'ApiQueryUserContribs::execute: $uid <= 0 → invaliduserid',
        query: 'action=query&list=usercontribs&ucuserids=1|0',
        expect: [['invaliduserid', 'error', '0', 'ucuserids']],
      },
      { mirrors: 'ApiQueryUserContribs::execute: positive IDs', query: 'action=query&list=usercontribs&ucuserids=1|2', expect: [] },
    ]);
  });

  describe('PHP array syntax → unsupportedarray (ApiMain::getVal)', () => {
    run([
      {
        mirrors: 'titles[] is an array: ignored, with the warning',
        query: 'action=query&titles[]=Alpha',
        expect: [['unsupportedarray', 'warning', 'titles[]', 'titles']],
      },
      {
        mirrors: 'a module parameter too',
        query: 'action=query&list=allpages&aplimit[]=5',
        expect: [['unsupportedarray', 'warning', 'aplimit[]', 'aplimit']],
      },
      {
        mirrors: 'a later plain titles= replaces the array (PHP keeps the last value)',
        query: 'action=query&titles[]=Alpha&titles=Beta',
        expect: [],
      },
      {
        mirrors: 'nobody reads bogus: unrecognizedparams names it without brackets',
        query: 'action=query&list=allpages&bogus[]=1',
        expect: [['unrecognizedparams', 'warning', 'bogus[]', 'bogus']],
      },
    ]);
  });

  describe('versioned rules: rctitle outside rcnamespace → invalidparammix since 1.43', () => {
    run([
      {
        mirrors: 'ApiQueryRecentChanges::run (1.45): requireMaxOneParameter( title, namespace ) when the title is outside',
        query: 'action=query&list=recentchanges&rctitle=Alpha&rcnamespace=1',
        version: 'MediaWiki 1.45.0',
        expect: [['invalidparammix', 'error', 'rctitle', 'rctitle']],
      },
      {
        mirrors: 'the title in a listed namespace is fine',
        query: 'action=query&list=recentchanges&rctitle=Talk:Alpha&rcnamespace=1',
        version: 'MediaWiki 1.45.0',
        expect: [],
      },
      {
        mirrors: 'ApiQueryRecentChanges::run (1.43.3, recorded): the same error',
        query: 'action=query&list=recentchanges&rctitle=Alpha&rcnamespace=1',
        version: 'MediaWiki 1.43.3',
        expect: [['invalidparammix', 'error', 'rctitle', 'rctitle']],
      },
      {
        mirrors: 'MediaWiki 1.39 filters by both: no error',
        query: 'action=query&list=recentchanges&rctitle=Alpha&rcnamespace=1',
        version: 'MediaWiki 1.39.17',
        expect: [],
      },
      {
        mirrors: 'the built-in catalogue describes 1.46: the rule holds',
        query: 'action=query&list=recentchanges&rctitle=Alpha&rcnamespace=1',
        expect: [['invalidparammix', 'error', 'rctitle', 'rctitle']],
      },
    ]);
  });

  describe("TextExtracts' runtime warnings that follow from the parameters (a wiki with the extension)", () => {
    const v = 'MediaWiki 1.45.0';
    run([
      {
        mirrors: 'ApiQueryExtracts::execute: several pages, no exintro, exlimit (default 20) > 1 → textextracts-limit',
        query: 'action=query&prop=extracts&titles=A|B&explaintext=1',
        version: v,
        expect: [['textextracts-limit', 'warning', 'extracts', 'exlimit']],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: exintro keeps the limit',
        query: 'action=query&prop=extracts&titles=A|B&explaintext=1&exintro=1',
        version: v,
        expect: [],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: exlimit=1 is no cut',
        query: 'action=query&prop=extracts&titles=A|B&explaintext=1&exlimit=1',
        version: v,
        expect: [],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: a generator gives several pages unless its limit is 1',
        query: 'action=query&generator=allpages&gaplimit=2&prop=extracts&explaintext=1',
        version: v,
        expect: [['textextracts-limit', 'warning', 'extracts', 'exlimit']],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: one page',
        query: 'action=query&generator=allpages&gaplimit=1&prop=extracts&explaintext=1',
        version: v,
        expect: [],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: HTML mode → textextracts-malformed-html (names no parameter)',
        query: 'action=query&prop=extracts&titles=A',
        version: v,
        expect: [['textextracts-malformed-html', 'warning', 'extracts', '']],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: no page set (getGoodTitles() is empty) → it returns before any warning',
        query: 'action=query&prop=extracts&list=search&srsearch=Alpha',
        version: v,
        expect: [],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: requireMaxOneParameter( chars, sentences ) comes after that return too',
        query: 'action=query&prop=extracts&exchars=100&exsentences=2&explaintext=1',
        version: v,
        expect: [],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: exsentences in HTML mode → textextracts-sentences-and-html',
        query: 'action=query&prop=extracts&titles=A&exsentences=2',
        version: v,
        expect: [
          ['textextracts-sentences-and-html', 'warning', 'exsentences', 'exsentences'],
          ['textextracts-malformed-html', 'warning', 'extracts', ''],
        ],
      },
      {
        mirrors: 'ApiQueryExtracts::execute: plain text, one page: nothing',
        query: 'action=query&prop=extracts&titles=A&exsentences=2&explaintext=1',
        version: v,
        expect: [],
      },
    ]);
  });

  describe('GET URLs longer than servers accept → urltoolong', () => {
    const long = Array.from({ length: 45 }, (_, i) => `A_rather_long_page_title_number_${i}_${'x'.repeat(150)}`).join('|');
    run([
      {
        mirrors: "Apache's LimitRequestLine (8190) / nginx's 8k buffers → HTTP 414",
        query: `action=query&prop=info&titles=${long}`,
        expect: [['urltoolong', 'warning', `action=query&prop=info&titles=${long}`, '']],
      },
      { mirrors: 'a short query', query: 'action=query&prop=info&titles=Alpha', expect: [] },
    ]);
    it(`the limit is ${REQUEST_LINE_LIMIT} bytes of request line`, () => assert.equal(REQUEST_LINE_LIMIT, 8190));
    for (const [text, bytes] of [
      ['Alpha', 5],
      ['a b', 5],
      ['a|b', 5],
      ['%7C', 3],
      ['é', 6],
      ['€', 9],
      ['😀', 12],
    ] as const) {
      it(`${JSON.stringify(text)} takes ${bytes} bytes in a URL (as percent-encoding sends it)`, () => {
        assert.equal(urlBytes(text), bytes);
        if (!text.includes('%')) assert.equal(urlBytes(text), encodeURIComponent(text).length);
      });
    }
  });

  describe('since / until', () => {
    const table: Array<[{ since?: string; until?: string }, string | undefined, boolean]> = [
      [{}, undefined, true],
      [{ since: '1.45' }, undefined, false],
      [{ since: '1.45' }, '1.45.0', true],
      [{ since: '1.45' }, '1.44.2', false],
      [{ since: '1.45' }, '1.46.0-wmf.3', true],
      [{ until: '1.45' }, '1.39.17', true],
      [{ until: '1.45' }, '1.45.0', false],
      [{ since: '1.40', until: '1.45' }, '1.42.1', true],
    ];
    for (const [rule, version, holds] of table) {
      it(`${JSON.stringify(rule)} on ${version ?? 'an unknown version'}: ${holds ? 'holds' : 'does not hold'}`, () =>
        assert.equal(ruleHoldsFor(rule, version), holds));
    }
    it('the catalogue knows its version: siteinfo generator, or the built-in one', () => {
      assert.equal(recordedAs('MediaWiki 1.45.0').mediaWikiVersion, '1.45.0');
      assert.equal(builtinCatalogue().mediaWikiVersion, BUILTIN_MEDIAWIKI_VERSION);
      assert.deepEqual(parseMediaWikiVersion('MediaWiki 1.39.17'), [1, 39, 17]);
    });
    it('a bad since is refused with the rule named', () => {
      assert.throws(
        () => parseConstraints({ rules: [{ id: 'x', module: 'allpages', kind: 'nonEmpty', params: ['from'], since: 'soon' }] }),
        /x.*"since" must be a MediaWiki version/,
      );
    });
    it('every rule of constraints.json names the MediaWiki behaviour it mirrors', () => {
      const rules = parseConstraints(readRepoJson('descriptors/wiki/constraints.json'));
      assert.deepEqual(
        rules.filter((r) => r.mirrors.length < 20).map((r) => r.id),
        [],
      );
    });
  });
});
