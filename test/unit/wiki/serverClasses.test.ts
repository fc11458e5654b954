/**
 * The classes of server behaviour of issue 28, one table per class. Each row names the MediaWiki
 * class and method whose behaviour it shows (as the rules' `mirrors` fields do) and every
 * diagnostic the request must get: [code, severity, text the range covers, param]. The verdicts are
 * checked against a real MediaWiki 1.39 by test/mediawiki/corpus-classes.txt.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { createWikiCatalogue, type WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { builtinCatalogue, readRepoJson, validate, type SeenDiagnostic } from './helpers';

type Expected = [string, SeenDiagnostic['severity'], string, string];
/** `loggedIn`: the request is sent logged in (`wikimapQuery.wiki.loggedIn`). */
type Row = { mirrors: string; query: string; expect: Expected[]; catalogue?: () => WikiCatalogue; loggedIn?: boolean };

function seen(text: string, catalogue?: WikiCatalogue, loggedIn?: boolean): Expected[] {
  return validate(text, { catalogue, settings: { loggedIn } }).map((d) => [d.code, d.severity, d.text, d.param]);
}

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const row of rows) {
      it(`${row.mirrors}: ${row.query}`, () => assert.deepEqual(seen(row.query, row.catalogue?.(), row.loggedIn), row.expect));
    }
  });
}

/** The built-in catalogue with a German wiki's siteinfo: Benutzer (2), Kategorie (14), Datei (6), the aliases Bild and Benutzerin. */
let german: WikiCatalogue | undefined;
function germanWiki(): WikiCatalogue {
  german ??= createWikiCatalogue(readRepoJson('descriptors/wiki/query-modules.json'), {
    core: [readRepoJson('descriptors/wiki/api-core.json'), readRepoJson('descriptors/wiki/action-modules.json')],
    constraints: readRepoJson('descriptors/wiki/constraints.json'),
    actionConstraints: readRepoJson('descriptors/wiki/action-constraints.json'),
    siteinfo: {
      query: {
        general: { generator: 'MediaWiki 1.39.17' },
        namespaces: {
          '-2': { id: -2, name: 'Medium', canonical: 'Media' },
          '-1': { id: -1, name: 'Spezial', canonical: 'Special' },
          '0': { id: 0, name: '' },
          '1': { id: 1, name: 'Diskussion', canonical: 'Talk' },
          '2': { id: 2, name: 'Benutzer', canonical: 'User' },
          '6': { id: 6, name: 'Datei', canonical: 'File' },
          '8': { id: 8, name: 'MediaWiki', canonical: 'MediaWiki' },
          '14': { id: 14, name: 'Kategorie', canonical: 'Category' },
        },
        namespacealiases: [
          { id: 6, alias: 'Bild' },
          { id: 2, alias: 'Benutzerin' },
        ],
        // As siteinfo's interwikimap (formatversion 2): `de` is the wiki itself (a local interwiki).
        interwikimap: [
          { prefix: 'en', url: 'https://en.wikipedia.org/wiki/$1', language: 'English' },
          { prefix: 'commons', url: 'https://commons.wikimedia.org/wiki/$1' },
          { prefix: 'de', url: 'https://de.wikipedia.org/wiki/$1', localinterwiki: true },
        ],
      },
    },
  });
  return german;
}

/** The built-in catalogue said to be MediaWiki 1.39.17's (its versioned rules: until 1.40). */
let v139: WikiCatalogue | undefined;
function wiki139(): WikiCatalogue {
  v139 ??= createWikiCatalogue(readRepoJson('descriptors/wiki/query-modules.json'), {
    core: [readRepoJson('descriptors/wiki/api-core.json'), readRepoJson('descriptors/wiki/action-modules.json')],
    constraints: readRepoJson('descriptors/wiki/constraints.json'),
    actionConstraints: readRepoJson('descriptors/wiki/action-constraints.json'),
    siteinfo: { query: { general: { generator: 'MediaWiki 1.39.17' } } },
  });
  return v139;
}

const P = 'ApiBase::parseContinueParamOrDie';

table('Continue values: the empty value, and the modules that parse their own', [
  {
    mirrors: 'ApiQueryRecentChanges::run (an empty value is one empty part: refused on 1.39, 1.43, 1.45)',
    query: 'action=query&list=recentchanges&rccontinue=',
    expect: [['badcontinue', 'error', '', 'rccontinue']],
  },
  { mirrors: 'ApiQueryAllPages::run (an empty value is accepted)', query: 'action=query&list=allpages&apcontinue=', expect: [] },
  {
    mirrors: 'ApiQueryBacklinksprop::run (linkshere: an empty value is refused)',
    query: 'action=query&prop=linkshere&titles=Alpha&lhcontinue=',
    expect: [['badcontinue', 'error', '', 'lhcontinue']],
  },
  {
    mirrors: 'ApiQueryBacklinks::run (1.39: an int part written with a leading zero)',
    query: 'action=query&list=backlinks&bltitle=Alpha&blcontinue=0|05',
    expect: [['badcontinue', 'error', '0|05', 'blcontinue']],
    catalogue: wiki139,
  },
  {
    mirrors: 'ApiQueryBacklinks::run (1.39: 6 parts)',
    query: 'action=query&list=backlinks&bltitle=Alpha&blcontinue=0|5|0|Alpha|0|7',
    expect: [],
    catalogue: wiki139,
  },
  {
    mirrors: 'ApiQueryRandom::run (1.39: the random parts are 0.digits)',
    query: 'action=query&list=random&rncontinue=.5|0.5|0|0',
    expect: [['badcontinue', 'error', '.5|0.5|0|0', 'rncontinue']],
    catalogue: wiki139,
  },
  {
    mirrors: 'ApiQueryUserContribs::execute (1.39: an empty value is refused)',
    query: 'action=query&list=usercontribs&ucuser=Admin&uccontinue=',
    expect: [['badcontinue', 'error', '', 'uccontinue']],
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryUserContribs::execute via ${P} (1.40+: an empty value is refused too, for a user that exists)`,
    query: 'action=query&list=usercontribs&ucuser=Admin&uccontinue=',
    expect: [['badcontinue', 'error', '', 'uccontinue']],
  },
]);

table('Continue values of the modules that parse their own, on every version (issue 28)', [
  ...(['1.40+', '1.39'] as const).flatMap((v) => {
    const catalogue = v === '1.39' ? wiki139 : undefined;
    return [
      {
        mirrors: `ApiQueryBacklinks::run (${v}: 3 parts)`,
        query: 'action=query&list=backlinks&bltitle=Alpha&blcontinue=0|5|0',
        expect: [['badcontinue', 'error', '0|5|0', 'blcontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryBacklinks::run (embeddedin, ${v}: a part that is not an int)`,
        query: 'action=query&list=embeddedin&eititle=Template:Infobox&eicontinue=x|5',
        expect: [['badcontinue', 'error', 'x|5', 'eicontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryBacklinks::run (imageusage, ${v}: 2 parts)`,
        query: 'action=query&list=imageusage&iutitle=File:X.png&iucontinue=0|5',
        expect: [],
        catalogue,
      },
      {
        mirrors: `ApiQueryRandom::run (${v}: the last part is 0 or 1)`,
        query: 'action=query&list=random&rncontinue=0.5|0.5|1|2',
        expect: [['badcontinue', 'error', '0.5|0.5|1|2', 'rncontinue']] as Expected[],
        catalogue,
      },
      { mirrors: `ApiQueryRandom::run (${v})`, query: 'action=query&list=random&rncontinue=0.5|0.6|0|0', expect: [], catalogue },
      {
        mirrors: `ApiQueryBacklinksprop::run (linkshere, ${v}: the last part is a page id)`,
        query: 'action=query&prop=linkshere&titles=Alpha&lhcontinue=x',
        expect: [['badcontinue', 'error', 'x', 'lhcontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryBacklinksprop::run (redirects, ${v}: more than 4 parts)`,
        query: 'action=query&prop=redirects&titles=Alpha&rdcontinue=1|2|3|4|5',
        expect: [['badcontinue', 'error', '1|2|3|4|5', 'rdcontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryBacklinksprop::run (transcludedin, ${v}: title|id)`,
        query: 'action=query&prop=transcludedin&titles=A|B&ticontinue=B|5',
        expect: [],
        catalogue,
      },
      // [module (prefix), the rest of the request, continue value, refused]: the sort fields the titles decide.
      ...(
        [
          ['linkshere', 'lh', 'titles=Alpha', '0|5', true],
          ['linkshere', 'lh', 'titles=Alpha|Beta', '5', true],
          ['linkshere', 'lh', 'titles=Alpha|Beta', 'Alpha|5', false],
          ['linkshere', 'lh', 'titles=Alpha|Talk:Alpha', '0|5', false],
          ['linkshere', 'lh', 'titles=Alpha|Talk:Beta', '0|5', true],
          ['linkshere', 'lh', 'titles=Alpha|Talk:Beta', '0|Beta|5', false],
          ['linkshere', 'lh', 'titles=Alpha|alpha', '5', false],
          ['linkshere', 'lh', 'titles=Alpha&lhnamespace=0|1', '5', true],
          ['linkshere', 'lh', 'titles=Alpha&lhnamespace=0|1', '0|5', false],
          ['linkshere', 'lh', 'titles=Alpha&lhnamespace=*', '5', true],
          ['linkshere', 'lh', 'titles=Alpha|Beta&redirects=1', '5', false],
          ['linkshere', 'lh', 'titles=Alpha|Foo:Beta', '5', false],
          ['transcludedin', 'ti', 'titles=Template:A|Template:B', '5', true],
          ['transcludedin', 'ti', 'titles=Template:A&tinamespace=0|10', '10|5', false],
          ['redirects', 'rd', 'titles=Alpha&rdnamespace=0|1', '0|5', true],
          ['redirects', 'rd', 'titles=Alpha_One|Alpha One', '5', false],
          ['linkshere', 'lh', 'titles=Alpha&lhnamespace=', 'x', false],
          ['redirects', 'rd', 'titles=Alpha&rdnamespace=', 'x', false],
          ['fileusage', 'fu', 'titles=File:A.png&funamespace=', 'x', false],
          ['fileusage', 'fu', 'titles=Alpha', 'x', false],
          ['fileusage', 'fu', 'titles=Media:A.png', 'x', false],
          ['fileusage', 'fu', 'pageids=5', 'x', false],
          ['fileusage', 'fu', 'titles=File:A.png', 'x', true],
          ['fileusage', 'fu', 'titles=File:A.png', '5', false],
          ['fileusage', 'fu', 'titles=Image:A.png', '', true],
          ['fileusage', 'fu', 'titles=File:A.png|File:B.png', '5', true],
          ['fileusage', 'fu', 'titles=File:A.png|File:B.png', 'A.png|5', false],
          ['fileusage', 'fu', 'titles=File:A.png|Alpha', '5', false],
          ['fileusage', 'fu', 'titles=File:A.png|Alpha', 'A.png|5', true],
          ['fileusage', 'fu', 'titles=File:A.png&funamespace=0|1', '5', true],
          ['fileusage', 'fu', 'titles=File:A.png&funamespace=0|1', '0|5', false],
        ] as const
      ).map(([module, p, rest, value, refused]) => ({
        mirrors: `ApiQueryBacklinksprop::run (${module}, ${v}: one part per sort field: namespace, title, from namespace, id)`,
        query: `action=query&prop=${module}&${rest}&${p}continue=${value}`,
        expect: (refused ? [['badcontinue', 'error', value, `${p}continue`]] : []) as Expected[],
        catalogue,
      })),
      {
        mirrors: `ApiQueryBacklinksprop::run (linkshere, ${v}: no page set, the module returns before reading continue)`,
        query: 'action=query&prop=linkshere&lhcontinue=x',
        expect: [],
        catalogue,
      },
      {
        mirrors: `ApiQueryLinks::run (${v}: no page set, getGoodTitleCount() == 0)`,
        query: 'action=query&prop=links&plcontinue=x',
        expect: [],
        catalogue,
      },
      {
        mirrors: `ApiQueryLinks::run (${v}: an empty titles= is no page set)`,
        query: 'action=query&prop=links&titles=&plcontinue=x',
        expect: [],
        catalogue,
      },
      {
        mirrors: `ApiQueryRevisions::run (${v}: a generator names pages)`,
        query: 'action=query&generator=allpages&prop=revisions&rvcontinue=x',
        expect: [['badcontinue', 'error', 'x', 'rvcontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryInfo::execute (${v}: read without a page set)`,
        query: 'action=query&prop=info&incontinue=x',
        expect: [['badcontinue', 'error', 'x', 'incontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryUserContribs::execute (${v}: several users continue from actor|…)`,
        query: 'action=query&list=usercontribs&ucuser=Admin|Tester&uccontinue=name|1|20200101000000|5',
        expect: [['badcontinue', 'error', 'name|1|20200101000000|5', 'uccontinue']] as Expected[],
        catalogue,
      },
      {
        mirrors: `ApiQueryUserContribs::execute (${v}: ucuserprefix continues from name|…)`,
        query: 'action=query&list=usercontribs&ucuserprefix=Adm&uccontinue=20200101000000|5',
        expect: [['badcontinue', 'error', '20200101000000|5', 'uccontinue']] as Expected[],
        catalogue,
      },
      ...(
        [
          ['a user name', 'name|Tester|20200101000000|5'],
          ['an IPv4 range', 'name|1.2.3.0/24|20200101000000|5'],
          ['an IPv4 byte past 255', 'name|1.2.3.256|20200101000000|5'],
          ['two :: in an IPv6 address', 'name|1::2::3|20200101000000|5'],
        ] as const
      ).map(([what, value]) => ({
        mirrors: `ApiQueryUserContribs::execute (${v}: uciprange continues from an IP, IPUtils::toHex refuses ${what})`,
        query: `action=query&list=usercontribs&uciprange=1.2.3.0/24&uccontinue=${value}`,
        expect: [['badcontinue', 'error', value, 'uccontinue']] as Expected[],
        catalogue,
      })),
      ...[
        'name|1.2.3.4|20200101000000|5',
        'name|001.002.003.004|20200101000000|5',
        'name|2001:DB8::1|20200101000000|5',
        'name|2001:db8::/32|20200101000000|5',
      ].map((value) => ({
        mirrors: `ApiQueryUserContribs::execute (${v}: uciprange continues from an address IPUtils::toHex reads)`,
        query: `action=query&list=usercontribs&uciprange=1.2.3.0/24&uccontinue=${value}`,
        expect: [] as Expected[],
        catalogue,
      })),
      {
        mirrors: `ApiQueryUserContribs::execute (${v}: one user, the id part is not a number)`,
        query: 'action=query&list=usercontribs&ucuser=Admin&uccontinue=20200101000000|x',
        expect: [['badcontinue', 'error', '20200101000000|x', 'uccontinue']] as Expected[],
        catalogue,
      },
    ];
  }),
  {
    mirrors: `ApiQueryUserContribs::execute via ${P} (1.40+: the timestamp in the database's form)`,
    query: 'action=query&list=usercontribs&ucuser=Admin&uccontinue=2020|5',
    expect: [['badcontinue', 'error', '2020|5', 'uccontinue']],
  },
  {
    mirrors: 'ApiQueryUserContribs::execute (1.39: the timestamp part is not checked)',
    query: 'action=query&list=usercontribs&ucuser=Admin&uccontinue=2020|5',
    expect: [],
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryExtLinksUsage::run via ${P} (1.40+: el_id alone, an empty value is one part)`,
    query: 'action=query&list=exturlusage&eucontinue=',
    expect: [],
  },
  {
    mirrors: `ApiQueryWatchlist::run via ${P} (1.40+: the id part is an int)`,
    query: 'action=query&list=watchlist&wlcontinue=20200101000000|x',
    expect: [['badcontinue', 'error', '20200101000000|x', 'wlcontinue']],
    loggedIn: true,
  },
  {
    mirrors: 'ApiQueryWatchlist::run (1.39: the id part compared loosely, a numeric string)',
    query: 'action=query&list=watchlist&wlcontinue=20200101000000|05',
    expect: [],
    loggedIn: true,
    catalogue: wiki139,
  },
  {
    mirrors: 'ApiQueryWatchlist::run (1.39: 2 parts)',
    query: 'action=query&list=watchlist&wlcontinue=x',
    expect: [['badcontinue', 'error', 'x', 'wlcontinue']],
    loggedIn: true,
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryExtLinksUsage::run via ${P} (1.40+: two parts)`,
    query: 'action=query&list=exturlusage&eucontinue=5|6',
    expect: [['badcontinue', 'error', '5|6', 'eucontinue']],
  },
]);

table("Each module's continue value (1.40+: parts and their types)", [
  {
    mirrors: `ApiQueryLogEvents::execute via ${P}`,
    query: 'action=query&list=logevents&lecontinue=bogus',
    expect: [['badcontinue', 'error', 'bogus', 'lecontinue']],
  },
  { mirrors: `ApiQueryLogEvents::execute via ${P}`, query: 'action=query&list=logevents&lecontinue=20240101000000|12', expect: [] },
  {
    mirrors: `ApiQueryLogEvents::execute via ${P} (an ISO timestamp is not the database's form)`,
    query: 'action=query&list=logevents&lecontinue=2024-01-01T00:00:00Z|12',
    expect: [['badcontinue', 'error', '2024-01-01T00:00:00Z|12', 'lecontinue']],
  },
  {
    mirrors: `ApiQueryAllPages::run via ${P}`,
    query: 'action=query&list=allpages&apcontinue=A|B',
    expect: [['badcontinue', 'error', 'A|B', 'apcontinue']],
  },
  {
    mirrors: `ApiQueryAllPages::run via ${P} (as a generator)`,
    query: 'action=query&generator=allpages&gapcontinue=A|B',
    expect: [['badcontinue', 'error', 'A|B', 'gapcontinue']],
  },
  {
    mirrors: `ApiQueryCategoryMembers::run via ${P} (cmsort=sortkey, the default)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|abc',
    expect: [['badcontinue', 'error', 'page|abc', 'cmcontinue']],
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (a sortkey of an odd number of hex digits)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|954|19',
    expect: [['badcontinue', 'error', 'page|954|19', 'cmcontinue']],
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (a sortkey that is not hexadecimal)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|9g|19',
    expect: [['badcontinue', 'error', 'page|9g|19', 'cmcontinue']],
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (whole pairs, either case, or none)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|ABcd95|19',
    expect: [],
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (an empty sortkey)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=subcat||19',
    expect: [],
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (as a generator)`,
    query: 'action=query&generator=categorymembers&gcmtitle=Category:X&gcmcontinue=page|954|19',
    expect: [['badcontinue', 'error', 'page|954|19', 'gcmcontinue']],
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (1.39: explode, then the same check)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|954|19',
    expect: [['badcontinue', 'error', 'page|954|19', 'cmcontinue']],
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryCategoryMembers::validateHexSortkey via ApiQueryCategoryMembers::run (1.39: whole pairs accepted)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|414c504841|1',
    expect: [],
    catalogue: wiki139,
  },
  {
    mirrors: "ApiQueryCategoryMembers::run (if ( $params['continue'] ): 0 is false for PHP, so not read)",
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=0',
    expect: [],
  },
  {
    mirrors: "ApiQueryCategoryMembers::run (1.39: if ( $params['continue'] ), 0 not read)",
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=0',
    expect: [],
    catalogue: wiki139,
  },
  {
    mirrors: "ApiQueryCategoryMembers::run (1.39: explode( '|', continue, 3 ), the last part keeps its |)",
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|41|1|2',
    expect: [],
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryCategoryMembers::run via ${P} (1.40+: four parts)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmcontinue=page|41|1|2',
    expect: [['badcontinue', 'error', 'page|41|1|2', 'cmcontinue']],
  },
  {
    mirrors: `ApiQueryCategoryMembers::run via ${P} (cmsort=timestamp)`,
    query: 'action=query&list=categorymembers&cmtitle=Category:X&cmsort=timestamp&cmcontinue=20240101000000|5',
    expect: [],
  },
  {
    mirrors: `ApiQueryRevisions::run via ${P} (latest revisions of several pages)`,
    query: 'action=query&prop=revisions&titles=Main_Page&rvcontinue=123|456',
    expect: [],
  },
  {
    mirrors: `ApiQueryRevisions::run via ${P} (enum mode)`,
    query: 'action=query&prop=revisions&titles=Main_Page&rvlimit=5&rvcontinue=20240101000000|456',
    expect: [],
  },
  {
    mirrors: `ApiQueryLinks::run via ${P}`,
    query: 'action=query&prop=links&titles=Main_Page&plcontinue=1|Foo',
    expect: [['badcontinue', 'error', '1|Foo', 'plcontinue']],
  },
  {
    mirrors: `ApiQueryCategories::run via ${P}`,
    query: 'action=query&prop=categories&titles=Main_Page&clcontinue=x|Foo',
    expect: [['badcontinue', 'error', 'x|Foo', 'clcontinue']],
  },
  {
    mirrors: `ApiQueryPageProps::execute via ${P} (01 is not (string)(int))`,
    query: 'action=query&prop=pageprops&titles=Main_Page&ppcontinue=01',
    expect: [['badcontinue', 'error', '01', 'ppcontinue']],
  },
  { mirrors: `ApiQueryCategories::run via ${P}`, query: 'action=query&prop=categories&titles=Main_Page&clcontinue=1|Foo', expect: [] },
]);

table("Each module's continue value (1.39: the part count only)", [
  {
    mirrors: 'ApiQueryLogEvents::execute (1.39: count( $cont ) != 2)',
    query: 'action=query&list=logevents&lecontinue=bogus',
    catalogue: wiki139,
    expect: [['badcontinue', 'error', 'bogus', 'lecontinue']],
  },
  {
    mirrors: 'ApiQueryLogEvents::execute (1.39 does not check the timestamp)',
    query: 'action=query&list=logevents&lecontinue=2024-01-01T00:00:00Z|12',
    catalogue: wiki139,
    expect: [],
  },
  {
    mirrors: 'ApiQueryLinks::run (1.39: count( $cont ) != 3)',
    query: 'action=query&prop=links&titles=Main_Page&plcontinue=1|Foo',
    catalogue: wiki139,
    expect: [['badcontinue', 'error', '1|Foo', 'plcontinue']],
  },
  {
    mirrors: 'ApiQueryCategories::run (1.39: parts not typed)',
    query: 'action=query&prop=categories&titles=Main_Page&clcontinue=x|Foo',
    catalogue: wiki139,
    expect: [],
  },
]);

table('What the output format changes', [
  {
    mirrors: 'ApiFormatXml (through ApiOpenSearch::getCustomPrinter)',
    query: 'action=opensearch&search=Alp&format=xml&bogus=1',
    expect: [['unrecognizedparams', 'warning', 'bogus', 'bogus']],
  },
  {
    mirrors: 'ApiOpenSearchFormatJson::execute',
    query: 'action=opensearch&search=Alp&format=json&bogus=1',
    expect: [['ignoredbyserver', 'information', 'bogus', 'bogus']],
  },
  {
    mirrors: 'ApiQuery::execute (export + exportnowrap through ApiFormatRaw)',
    query: 'action=query&export=1&exportnowrap=1&titles=Alpha&bogus=1',
    expect: [['ignoredbyserver', 'information', 'bogus', 'bogus']],
  },
  {
    mirrors: 'ApiQuery::execute (export without exportnowrap keeps the envelope)',
    query: 'action=query&export=1&titles=Alpha&bogus=1',
    expect: [['unrecognizedparams', 'warning', 'bogus', 'bogus']],
  },
  {
    mirrors: 'ApiMain::reportUnusedParams (ApiFormatXml reads no formatversion)',
    query: 'action=query&meta=siteinfo&format=xml&formatversion=2',
    expect: [['unrecognizedparams', 'warning', 'formatversion', 'formatversion']],
  },
  { mirrors: 'ApiFormatJson::getAllowedParams', query: 'action=query&meta=siteinfo&format=json&formatversion=2', expect: [] },
  { mirrors: 'ApiRsd::getCustomPrinter (rsd answers its own XML whatever the format)', query: 'action=rsd&format=json', expect: [] },
  ...[
    'callback=jQuery1124_1700&format=json&action=query&titles=Alpha&prop=info&_=1700',
    'action=parse&page=Alpha&prop=text&callback=cb&_=1700',
    'action=opensearch&search=Alp&format=json&callback=cb&_=1700',
    'action=query&meta=siteinfo&format=rawfm&callback=cb&_=1700',
  ].map((query) => ({
    mirrors: "ApiFormatJson::__construct (ApiMain::getCheck marks callback used, then jQuery's JSONP `_`, T94015)",
    query,
    expect: [],
  })),
  ...[
    'action=query&meta=siteinfo&format=json&_=1700',
    'action=query&meta=siteinfo&format=xml&callback=cb&_=1700',
    'action=query&meta=siteinfo&format=php&callback=cb&_=1700',
  ].map((query) => ({
    mirrors: 'ApiMain::reportUnusedParams (without callback, or with a format other than json, jsonfm and rawfm, `_` is unused)',
    query,
    expect: query.includes('callback')
      ? ([
          ['unrecognizedparams', 'warning', 'callback', 'callback'],
          ['unrecognizedparams', 'warning', '_', '_'],
        ] as Expected[])
      : ([['unrecognizedparams', 'warning', '_', '_']] as Expected[]),
  })),
]);

const DIES = 'ApiMain::createErrorPrinter after ApiBase::extractRequestParams (every parameter read, then the first error thrown)';

table('A module that hides warnings, dying: the error answer carries the warnings given while reading parameters', [
  {
    mirrors: `ApiOpenSearch::getFormat via ${DIES}`,
    query: 'action=opensearch&search=Alpha&suggest=&format=php',
    expect: [
      ['deprecation', 'warning', 'suggest', 'suggest'],
      ['badvalue', 'error', 'php', 'format'],
    ],
  },
  {
    mirrors: `ApiOpenSearch::getFormat via ${DIES} (limit is declared before suggest, and dies after it is read)`,
    query: 'action=opensearch&search=Alpha&limit=abc&suggest=',
    expect: [
      ['badinteger', 'error', 'abc', 'limit'],
      ['deprecation', 'warning', 'suggest', 'suggest'],
    ],
  },
  {
    mirrors: `ApiOpenSearch::getFormat via ${DIES} (the missing search is thrown after suggest is read)`,
    query: 'action=opensearch&suggest=',
    expect: [
      ['deprecation', 'warning', 'suggest', 'suggest'],
      ['missingparam', 'error', 'opensearch', 'search'],
    ],
  },
  {
    mirrors: `ApiOpenSearch::getFormat via ${DIES} (an unknown parameter is named only after execute: never)`,
    query: 'action=opensearch&search=Alpha&limit=1000&namespace=0|abc&format=php&bogus=1',
    expect: [
      ['outofrange', 'warning', '1000', 'limit'],
      ['unrecognizedvalues', 'warning', 'abc', 'namespace'],
      ['badvalue', 'error', 'php', 'format'],
      ['ignoredbyserver', 'information', 'bogus', 'bogus'],
    ],
  },
  {
    mirrors: `ApiOpenSearch::getFormat via ${DIES} (warningsaserror is not reached: the request died first)`,
    query: 'action=opensearch&search=Alpha&suggest=&warningsaserror=1&format=php',
    expect: [
      ['deprecation', 'warning', 'suggest', 'suggest'],
      ['badvalue', 'error', 'php', 'format'],
    ],
  },
  {
    mirrors: 'ApiOpenSearchFormatJson::execute (no error: the warning is dropped)',
    query: 'action=opensearch&search=Alpha&suggest=',
    expect: [['ignoredbyserver', 'information', 'suggest', 'suggest']],
  },
  {
    mirrors: `ApiFeedRecentChanges::execute via ${DIES}`,
    query: 'action=feedrecentchanges&feedformat=rss&limit=1000&from=notatimestamp',
    expect: [
      ['outofrange', 'warning', '1000', 'limit'],
      ['badtimestamp', 'error', 'notatimestamp', 'from'],
    ],
  },
  {
    mirrors: 'ApiFeedRecentChanges::execute through ApiFormatFeedWrapper (no error: a feed has no place for warnings)',
    query: 'action=feedrecentchanges&feedformat=rss&limit=1000',
    expect: [['ignoredbyserver', 'information', '1000', 'limit']],
  },
]);

const EXTERNAL = 'Title::isExternal (MediaWikiTitleCodec::splitTitleString: an interwiki prefix of siteinfo interwikimap, in any case)';

table("Titles of another wiki (interwiki prefixes, from the wiki's siteinfo interwikimap)", [
  {
    mirrors: `ApiBase::getTitleOrPageId via ${EXTERNAL}`,
    query: 'action=query&list=backlinks&bltitle=EN:Foo',
    expect: [['invalidtitle', 'error', 'EN:Foo', 'bltitle']],
    catalogue: germanWiki,
  },
  {
    mirrors: `ApiBase::getTitleOrPageId via ${EXTERNAL} (invalidtitle comes before the category check)`,
    query: 'action=query&list=categorymembers&cmtitle=commons:Kategorie:Briefe',
    expect: [['invalidtitle', 'error', 'commons:Kategorie:Briefe', 'cmtitle']],
    catalogue: germanWiki,
  },
  {
    mirrors: `ApiParse::execute via ${EXTERNAL}`,
    query: 'action=parse&page=en:Foo',
    expect: [['invalidtitle', 'error', 'en:Foo', 'page']],
    catalogue: germanWiki,
  },
  {
    mirrors: "MediaWikiTitleCodec::splitTitleString (a local interwiki prefix is stripped: the wiki's own page)",
    query: 'action=query&list=backlinks&bltitle=de:Foo',
    expect: [],
    catalogue: germanWiki,
  },
  {
    mirrors: 'MediaWikiTitleCodec::splitTitleString (a namespace prefix is read before interwiki prefixes)',
    query: 'action=query&list=backlinks&bltitle=Benutzer:Foo',
    expect: [],
    catalogue: germanWiki,
  },
  {
    mirrors: 'MediaWikiTitleCodec::splitTitleString (title-invalid-talk-namespace: Talk: followed by an interwiki prefix)',
    query: 'action=query&list=backlinks&bltitle=Diskussion:en:Foo',
    expect: [['invalidtitle', 'error', 'Diskussion:en:Foo', 'bltitle']],
    catalogue: germanWiki,
  },
  {
    mirrors: `UserDef::processUser via ${EXTERNAL}`,
    query: 'action=query&list=usercontribs&ucuser=en:Foo',
    expect: [['baduser', 'error', 'en:Foo', 'ucuser']],
    catalogue: germanWiki,
  },
  {
    mirrors: 'UserDef::processUser (a user of another wiki is written prefix>Name)',
    query: 'action=query&list=usercontribs&ucuser=en>Foo',
    expect: [],
    catalogue: germanWiki,
  },
  {
    mirrors:
      'ApiPageSet::processTitlesArray (an interwiki title is listed under interwiki: no page, so linkshere does not read lhcontinue)',
    query: 'action=query&prop=linkshere&titles=en:Foo&lhcontinue=bogus',
    expect: [],
    catalogue: germanWiki,
  },
  {
    mirrors:
      'ApiQueryBacklinksprop::run (the interwiki title is no page: one title, one namespace, so namespace|pageid is one part too many)',
    query: 'action=query&prop=linkshere&titles=en:Foo|Alpha&lhcontinue=0|1',
    expect: [['badcontinue', 'error', '0|1', 'lhcontinue']],
    catalogue: germanWiki,
  },
  {
    mirrors: 'ApiQueryBacklinksprop::run (built-in catalogue: en: may be an interwiki prefix, so the page set is not known)',
    query: 'action=query&prop=linkshere&titles=en:Foo&lhcontinue=bogus',
    expect: [],
  },
  {
    mirrors: 'ApiBase::getTitleOrPageId (built-in catalogue: a prefix that may be an interwiki prefix is not judged)',
    query: 'action=query&list=categorymembers&cmtitle=en:Category:Foo',
    expect: [],
  },
]);

table('What the module checks in its own code', [
  {
    mirrors: 'ApiQueryBlocks::execute (param_ip)',
    query: 'action=query&list=blocks&bkip=Tester',
    expect: [['param_ip', 'error', 'Tester', 'bkip']],
  },
  { mirrors: 'ApiQueryBlocks::execute', query: 'action=query&list=blocks&bkip=1.2.3.0/24', expect: [] },
  {
    mirrors: 'ApiQueryUserContribs::execute (invalidiprange)',
    query: 'action=query&list=usercontribs&uciprange=Tester',
    expect: [['invalidiprange', 'error', 'Tester', 'uciprange']],
  },
  {
    mirrors: 'ApiQueryCategoryMembers::run (invalidcategory)',
    query: 'action=query&list=categorymembers&cmtitle=Alpha',
    expect: [['invalidcategory', 'error', 'Alpha', 'cmtitle']],
  },
  {
    mirrors: 'ApiQueryCategoryMembers::run (under generator=)',
    query: 'action=query&generator=categorymembers&gcmtitle=Letters',
    expect: [['invalidcategory', 'error', 'Letters', 'gcmtitle']],
  },
  { mirrors: 'ApiQueryCategoryMembers::run', query: 'action=query&list=categorymembers&cmtitle=category:Letters', expect: [] },
  {
    mirrors: "ApiQueryCategoryMembers::run (a prefix MediaWiki's defaults do not know may be a localised name)",
    query: 'action=query&list=categorymembers&cmtitle=Kategorie:Briefe',
    expect: [],
  },
  {
    mirrors: "ApiQueryCategoryMembers::run (the wiki's own localised name, from siteinfo)",
    query: 'action=query&list=categorymembers&cmtitle=Kategorie:Briefe',
    catalogue: germanWiki,
    expect: [],
  },
  {
    mirrors: "ApiQueryCategoryMembers::run (the English name is no namespace of a German wiki's siteinfo here)",
    query: 'action=query&list=categorymembers&cmtitle=Categoria:Briefe',
    catalogue: germanWiki,
    expect: [['invalidcategory', 'error', 'Categoria:Briefe', 'cmtitle']],
  },
  {
    mirrors: 'ApiQueryBacklinks::runFirstQuery (bad_image_title)',
    query: 'action=query&list=imageusage&iutitle=Alpha',
    expect: [['bad_image_title', 'error', 'Alpha', 'iutitle']],
  },
  {
    mirrors: 'ApiQueryBacklinks::runFirstQuery (Image: is an alias of File)',
    query: 'action=query&list=imageusage&iutitle=Image:X.png',
    expect: [],
  },
  {
    mirrors: 'ApiQueryBacklinks::runFirstQuery (a localised alias, from siteinfo)',
    query: 'action=query&list=imageusage&iutitle=Bild:X.png',
    catalogue: germanWiki,
    expect: [],
  },
  {
    mirrors: 'ApiContinuationManager::__construct (badcontinue)',
    query: 'action=query&list=allpages&continue=bogus',
    expect: [['badcontinue', 'error', 'bogus', 'continue']],
  },
  { mirrors: 'ApiContinuationManager::__construct', query: 'action=query&list=allpages&continue=-||&apcontinue=B', expect: [] },
  {
    mirrors: 'ApiBase::getTitleOrPageId via ApiParse::execute (pagecannotexist)',
    query: 'action=parse&page=Special:Version',
    expect: [['pagecannotexist', 'error', 'Special:Version', 'page']],
  },
  {
    mirrors: 'ApiBase::getTitleOrPageId (Spezial: on a German wiki)',
    query: 'action=parse&page=Spezial:Version',
    catalogue: germanWiki,
    expect: [['pagecannotexist', 'error', 'Spezial:Version', 'page']],
  },
  {
    mirrors: "ApiParse::execute (notwikitext from the title's model, MainSlotRoleHandler::getDefaultModel)",
    query: 'action=parse&title=MediaWiki:Common.css&text=a&prop=parsetree',
    expect: [['notwikitext', 'error', 'prop', 'prop']],
  },
  {
    mirrors: 'ApiParse::execute (a user subpage .js is javascript, MainSlotRoleHandler::getDefaultModel)',
    query: 'action=parse&title=User:X/common.js&text=a&prop=parsetree',
    expect: [['notwikitext', 'error', 'prop', 'prop']],
  },
  {
    mirrors: "MainSlotRoleHandler::getDefaultModel (the wiki's own name of the User namespace: Benutzer)",
    query: 'action=parse&title=Benutzer:X/common.js&text=a&prop=parsetree',
    expect: [['notwikitext', 'error', 'prop', 'prop']],
    catalogue: germanWiki,
  },
  {
    mirrors: "MainSlotRoleHandler::getDefaultModel (an alias of the User namespace from the wiki's siteinfo: Benutzerin)",
    query: 'action=parse&title=Benutzerin:X/vector.css&text=a&prop=parsetree',
    expect: [['notwikitext', 'error', 'prop', 'prop']],
    catalogue: germanWiki,
  },
  {
    mirrors: 'MainSlotRoleHandler::getDefaultModel (Benutzer:X.css is not a subpage: wikitext)',
    query: 'action=parse&title=Benutzer:X.css&text=a&prop=parsetree',
    expect: [],
    catalogue: germanWiki,
  },
  {
    mirrors: 'MainSlotRoleHandler::getDefaultModel (a name no namespace of the wiki has is the main namespace: wikitext)',
    query: 'action=parse&title=Usuario:X/common.js&text=a&prop=parsetree',
    expect: [],
    catalogue: germanWiki,
  },
  {
    mirrors: 'MainSlotRoleHandler::getDefaultModel (User:X.css is not a subpage: wikitext)',
    query: 'action=parse&title=User:X.css&text=a&prop=parsetree',
    expect: [],
  },
  {
    mirrors: 'MainSlotRoleHandler::getDefaultModel (.css in the main namespace: wikitext)',
    query: 'action=parse&title=Foo.css&text=a&prop=parsetree',
    expect: [],
  },
  {
    mirrors: 'ApiParse::execute (contentmodel wins over the title)',
    query: 'action=parse&title=MediaWiki:Common.css&text=a&prop=parsetree&contentmodel=wikitext',
    expect: [],
  },
  {
    mirrors: 'ApiParse::execute (notwikitext)',
    query: 'action=parse&text=x&contentmodel=css&prop=parsetree',
    expect: [['notwikitext', 'error', 'prop', 'prop']],
  },
  {
    mirrors: 'ApiParse::execute (contentmodel is read only when text is parsed: page, pageid and oldid parse the revision, its own model)',
    query: 'action=parse&contentmodel=text&prop=text|parsetree&page=Alpha',
    expect: [],
  },
  {
    mirrors: 'ApiParse::execute (contentmodel ignored beside pageid)',
    query: 'action=parse&contentmodel=css&prop=parsetree&pageid=2',
    expect: [],
  },
  {
    mirrors: 'ApiParse::execute (contentmodel ignored beside oldid)',
    query: 'action=parse&contentmodel=text&prop=parsetree&oldid=3',
    expect: [],
  },
  {
    mirrors: 'ApiParse::execute (a title with text still takes contentmodel)',
    query: 'action=parse&contentmodel=text&prop=parsetree&title=Alpha&text=x',
    expect: [['notwikitext', 'error', 'prop', 'prop']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (compare-maintextrequired)',
    query: 'action=compare&fromtitle=Alpha&toslots=main',
    expect: [['compare-maintextrequired', 'error', 'toslots', 'toslots']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (compare-no-title: frompst, no title on either side)',
    query: 'action=compare&fromslots=main&fromtext-main=a&frompst=1&toslots=main&totext-main=b&tocontentmodel-main=wikitext',
    expect: [['compare-no-title', 'error', 'frompst', 'fromtitle']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (compare-no-title: topst, the deprecated text parameters)',
    query: 'action=compare&fromslots=main&fromtext-main=a&fromcontentmodel-main=wikitext&totext=b&topst=1',
    expect: [
      ['deprecation', 'warning', 'totext', 'totext'],
      ['compare-no-title', 'error', 'topst', 'totitle'],
    ],
  },
  {
    mirrors: 'ApiComparePages::guessTitle (the other side names a page: the title is guessed from it)',
    query: 'action=compare&fromslots=main&fromtext-main=a&frompst=1&totitle=Alpha',
    expect: [],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (compare-nofromrevision: a section of supplied text, no from revision)',
    query: 'action=compare&fromslots=main&fromtext-main=a&fromsection-main=1&totitle=Alpha',
    expect: [['compare-nofromrevision', 'error', 'fromsection-main', 'fromtitle']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (pst is checked before the section: compare-no-title only)',
    query: 'action=compare&fromslots=main&fromtext-main=a&fromsection-main=1&frompst=1&toslots=main&totext-main=b&tocontentmodel-main=css',
    expect: [['compare-no-title', 'error', 'frompst', 'fromtitle']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (compare-notorevision)',
    query: 'action=compare&fromtitle=Alpha&toslots=main&totext-main=b&tosection-main=new',
    expect: [['compare-notorevision', 'error', 'tosection-main', 'totitle']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (an empty section is no section)',
    query: 'action=compare&fromslots=main&fromtext-main=a&fromsection-main=&totitle=Alpha',
    expect: [],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (a section of the revision fromtitle names)',
    query: 'action=compare&fromtitle=Alpha&fromslots=main&fromtext-main=a&fromsection-main=1&totitle=Beta',
    expect: [],
  },
  {
    mirrors: 'ApiExpandTemplates::execute (moduleswithoutvars)',
    query: 'action=expandtemplates&text=x&prop=modules',
    expect: [['moduleswithoutvars', 'warning', 'prop', 'prop']],
  },
  {
    mirrors: 'ApiParse::execute (badformat-generic)',
    query: 'action=parse&text=x&contentmodel=wikitext&contentformat=text/css',
    expect: [['badformat-generic', 'error', 'contentformat', 'contentformat']],
  },
  {
    mirrors: 'UserDef::processUser (baduser: the User prefix without a name)',
    query: 'action=query&list=usercontribs&ucuser=User:',
    expect: [['baduser', 'error', 'User:', 'ucuser']],
  },
  { mirrors: 'UserDef::processUser', query: 'action=query&list=usercontribs&ucuser=User:Tester', expect: [] },
  {
    mirrors: 'ApiMain::getVal (unsupportedarray on any module)',
    query: 'action=parse&page=Alpha&prop[]=text',
    expect: [['unsupportedarray', 'warning', 'prop[]', 'prop']],
  },
]);

table('What the server derives', [
  { mirrors: 'ApiParse::execute (text + revid: the title comes from the revision)', query: 'action=parse&text=x&revid=1', expect: [] },
  {
    mirrors: 'ApiParse::execute (apiwarn-parse-nocontentmodel)',
    query: 'action=parse&text=x',
    expect: [['parse-nocontentmodel', 'warning', 'text', 'contentmodel']],
  },
  { mirrors: 'ApiParamInfo::execute (a literal + arrives as a space)', query: 'action=paraminfo&modules=query+tags', expect: [] },
]);

table('What PHP normalises', [
  {
    mirrors: 'PHP php_register_variable_ex (leading spaces dropped: the same request)',
    query: 'action=query&list=allpages&%20%20aplimit=5',
    expect: [['phpname', 'information', '%20%20aplimit', 'aplimit']],
  },
  {
    mirrors: 'PHP php_register_variable_ex (a.b read as a_b: another name)',
    query: 'action=query&list=allpages&ap.limit=5',
    expect: [
      ['phpname', 'warning', 'ap.limit', 'ap_limit'],
      ['unrecognizedparams', 'warning', 'ap.limit', 'ap_limit'],
    ],
  },
]);

const TITLE = 'Title::newFromText';
table('A title the module parses itself (invalidtitle)', [
  {
    mirrors: `ApiParse::execute via ApiBase::getTitleOrPageId (${TITLE}: a character titles cannot have)`,
    query: 'action=parse&page=A%5Bb%5D',
    expect: [['invalidtitle', 'error', 'A%5Bb%5D', 'page']],
  },
  {
    mirrors: `ApiParse::execute via ApiBase::getTitleOrPageId (${TITLE}: empty)`,
    query: 'action=parse&page=',
    expect: [['invalidtitle', 'error', '', 'page']],
  },
  {
    mirrors: `ApiParse::execute via ApiBase::getTitleOrPageId (${TITLE}: only a namespace)`,
    query: 'action=parse&page=Talk:',
    expect: [['invalidtitle', 'error', 'Talk:', 'page']],
  },
  {
    mirrors: 'ApiParse::execute (a #fragment is cut off: the page is Alpha)',
    query: 'action=parse&page=Alpha%23Section&prop=wikitext',
    expect: [],
  },
  {
    mirrors: 'ApiParse::execute (the section is checked before the page)',
    query: 'action=parse&page=A%5Bb%5D&section=x',
    expect: [['invalidsection', 'error', 'x', 'section']],
  },
  {
    mirrors: `ApiParse::execute (${TITLE} on title, text or not)`,
    query: 'action=parse&summary=x&title=A%5Bb%5D',
    expect: [['invalidtitle', 'error', 'A%5Bb%5D', 'title']],
  },
  {
    mirrors: `ApiExpandTemplates::execute (${TITLE})`,
    query: 'action=expandtemplates&text=x&title=&prop=wikitext',
    expect: [['invalidtitle', 'error', '', 'title']],
  },
  {
    mirrors: `ApiComparePages::getDiffRevision (${TITLE} on totitle)`,
    query: 'action=compare&fromtitle=Alpha&totitle=Talk:',
    expect: [['invalidtitle', 'error', 'Talk:', 'totitle']],
  },
  {
    mirrors: 'ApiComparePages::getDiffRevision (fromrev is read instead of fromtitle)',
    query: 'action=compare&fromrev=1&fromtitle=A%5Bb%5D&totitle=Alpha',
    expect: [],
  },
]);

describe('content-dependent verdicts say so', () => {
  for (const [module, query] of [
    ['links', 'action=query&prop=links&titles=Alpha&plcontinue=x'],
    ['revisions', 'action=query&prop=revisions&titles=Alpha&rvcontinue=x'],
    ['usercontribs', 'action=query&list=usercontribs&ucuser=Admin&uccontinue=x'],
  ]) {
    it(`a ${module} continue value is an error that says the wiki reads it only for a page or user that exists`, () => {
      const d = validate(query, { catalogue: builtinCatalogue() }).find((x) => x.code === 'badcontinue');
      assert.ok(d, 'no badcontinue');
      assert.equal(d.severity, 'error');
      assert.match(d.message, /only when one of the pages exists|only once it finds the user/);
    });
  }

  for (const [query, said] of [
    ['action=query&prop=revisions&revids=123523&rvlimit=2', /only when a revision named exists/],
    ['action=query&prop=revisions&titles=Alpha|Beta&rvlimit=2', /only when more than one of the pages exists/],
  ] as const) {
    it(`ApiQueryRevisions::run (returns before its single-page check for a page set with nothing found): ${query}`, () => {
      const d = validate(query, { catalogue: builtinCatalogue() }).find((x) => x.code === 'invalidparammix');
      assert.ok(d, 'no invalidparammix');
      assert.equal(d.severity, 'error');
      assert.match(d.message, said);
    });
  }

  it('the rvslots deprecation (ApiQueryRevisionsBase) is a warning that says it is given only for a page that exists', () => {
    const d = validate('action=query&prop=revisions&titles=Alpha&rvprop=content', { catalogue: builtinCatalogue() }).find(
      (x) => x.code === 'deprecation',
    );
    assert.ok(d, 'no deprecation');
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /only when a page it returns has a revision/);
  });
});

const W = 'ApiBase::getWatchlistUser';
const RC = 'ApiQueryRecentChanges::run';
const UC = 'ApiQueryUserContribs::execute (each batch of users it finds)';

table('What the server refuses a reader who is not logged in (said to hold "when sent without logging in")', [
  { mirrors: `${W} (no owner)`, query: 'action=query&list=watchlist', expect: [['notloggedin', 'error', 'watchlist', '']] },
  { mirrors: `${W} (generator)`, query: 'action=query&generator=watchlist&prop=info', expect: [['notloggedin', 'error', 'watchlist', '']] },
  {
    mirrors: `${W} (owner without its token)`,
    query: 'action=query&list=watchlist&wlowner=Tester',
    expect: [['notloggedin', 'error', 'watchlist', '']],
  },
  {
    mirrors: `${W} (another user's watchlist with its token)`,
    query: 'action=query&list=watchlist&wlowner=Tester&wltoken=abc',
    expect: [['sensitiveparam', 'information', 'abc', 'wltoken']],
  },
  {
    mirrors: `${W} (watchlistraw)`,
    query: 'action=query&list=watchlistraw&wrlimit=3',
    expect: [['notloggedin', 'error', 'watchlistraw', '']],
  },
  {
    mirrors: `${W} (watchlistraw of another user, empty token given)`,
    query: 'action=query&list=watchlistraw&wrowner=Tester&wrtoken=',
    expect: [],
  },
  {
    mirrors: `${RC} (the patrolled flag)`,
    query: 'action=query&list=recentchanges&rcprop=title|patrolled',
    expect: [['permissiondenied', 'error', 'patrolled', 'rcprop']],
  },
  {
    mirrors: `${RC} (a patrol value of show, generator)`,
    query: 'action=query&generator=recentchanges&grcshow=!patrolled',
    expect: [['permissiondenied', 'error', '!patrolled', 'grcshow']],
  },
  { mirrors: `${RC} (no patrol value)`, query: 'action=query&list=recentchanges&rcprop=title&rcshow=!bot', expect: [] },
  {
    mirrors: `${UC} (the patrolled flag)`,
    query: 'action=query&list=usercontribs&ucuser=Admin&ucprop=title|patrolled',
    expect: [['permissiondenied', 'error', 'patrolled', 'ucprop']],
  },
  {
    mirrors: `${UC} (a patrol value of show, users by id)`,
    query: 'action=query&list=usercontribs&ucuserids=1&ucshow=!autopatrolled',
    expect: [['permissiondenied', 'error', '!autopatrolled', 'ucshow']],
  },
  { mirrors: `${UC} (no patrol value)`, query: 'action=query&list=usercontribs&ucuser=Admin&ucshow=!minor&ucprop=title|flags', expect: [] },
  {
    mirrors: 'ApiQueryStashImageInfo::execute',
    query: 'action=query&prop=stashimageinfo&siifilekey=abc',
    expect: [['notloggedin', 'error', 'stashimageinfo', '']],
  },
  {
    mirrors: 'ApiQueryMyStashedFiles::execute',
    query: 'action=query&list=mystashedfiles&msfprop=size',
    expect: [['stashnotloggedin', 'error', 'mystashedfiles', '']],
  },
  {
    mirrors: 'ApiQueryMyStashedFiles::execute (no parameter of its own)',
    query: 'action=query&list=mystashedfiles',
    expect: [['stashnotloggedin', 'error', 'mystashedfiles', '']],
  },
  {
    mirrors: 'ApiQueryQueryPage::run (Special:UnwatchedPages needs the unwatchedpages right)',
    query: 'action=query&format=xml&list=querypage&qppage=Unwatchedpages&qplimit=max',
    expect: [['specialpage-cantexecute', 'error', 'Unwatchedpages', 'qppage']],
  },
  {
    mirrors: 'ApiQueryQueryPage::run (generator)',
    query: 'action=query&generator=querypage&gqppage=Unwatchedpages&prop=info',
    expect: [['specialpage-cantexecute', 'error', 'Unwatchedpages', 'gqppage']],
  },
  { mirrors: 'ApiQueryQueryPage::run (a page anyone may read)', query: 'action=query&list=querypage&qppage=Lonelypages', expect: [] },
  {
    mirrors: "ApiQueryDeletedrevs::execute (checkUserRightsAny( 'deletedhistory' ) first)",
    query: 'action=query&list=deletedrevs&drlimit=10',
    expect: [
      ['deprecation', 'warning', 'deletedrevs', 'list'],
      ['permissiondenied', 'error', 'deletedrevs', ''],
    ],
  },
  {
    mirrors: 'ApiQueryAllDeletedRevisions::run (the default adrprop has comment)',
    query: 'action=query&list=alldeletedrevisions&adrlimit=50',
    expect: [['permissiondenied', 'error', 'alldeletedrevisions', 'adrprop']],
  },
  {
    mirrors: 'ApiQueryAllDeletedRevisions::run (content)',
    query: 'action=query&list=alldeletedrevisions&adrprop=ids|content&adrslots=main',
    expect: [['permissiondenied', 'error', 'content', 'adrprop']],
  },
  {
    mirrors: 'ApiQueryAllDeletedRevisions::run (neither comment nor content: answered)',
    query: 'action=query&list=alldeletedrevisions&adrprop=ids|timestamp',
    expect: [],
  },
  {
    mirrors: "ApiQueryAllDeletedRevisions::run (every adrnamespace value unrecognized: $params['namespace'] === [] returns first)",
    query: 'action=query&list=alldeletedrevisions&adrnamespace=3000',
    expect: [['unrecognizedvalues', 'warning', '3000', 'adrnamespace']],
  },
  {
    mirrors: "ApiQueryAllDeletedRevisions::run (adrnamespace given empty: $params['namespace'] === [] returns first)",
    query: 'action=query&list=alldeletedrevisions&adrnamespace=',
    expect: [],
  },
  {
    mirrors: 'ApiQueryAllDeletedRevisions::run (adrnamespace=*, every namespace: refused)',
    query: 'action=query&list=alldeletedrevisions&adrnamespace=*',
    expect: [['permissiondenied', 'error', 'alldeletedrevisions', 'adrprop']],
  },
  {
    mirrors: 'ApiQueryAllDeletedRevisions::run (one adrnamespace value left: refused)',
    query: 'action=query&list=alldeletedrevisions&adrnamespace=3000|00',
    expect: [
      ['unrecognizedvalues', 'warning', '3000', 'adrnamespace'],
      ['permissiondenied', 'error', 'alldeletedrevisions', 'adrprop'],
    ],
  },
  {
    mirrors: 'ApiQueryAllDeletedRevisions::run (the generator sets no fields: answered)',
    query: 'action=query&generator=alldeletedrevisions&gadrlimit=5',
    expect: [],
  },
  {
    mirrors: 'ApiQueryDeletedRevisions::run (a title, the default drvprop has comment)',
    query: 'action=query&prop=deletedrevisions&titles=Alpha',
    expect: [['permissiondenied', 'error', 'deletedrevisions', 'drvprop']],
  },
  {
    mirrors: 'ApiQueryDeletedRevisions::run (parsedcomment, pages by id)',
    query: 'action=query&prop=deletedrevisions&pageids=1&drvprop=user|parsedcomment',
    expect: [['permissiondenied', 'error', 'parsedcomment', 'drvprop']],
  },
  {
    mirrors: 'ApiQueryDeletedRevisions::run (revids: returns first unless one is deleted, which depends on the wiki)',
    query: 'action=query&prop=deletedrevisions&revids=123456',
    expect: [],
  },
  {
    mirrors:
      'ApiQueryDeletedRevisions::run (revids: it returns before parseParameters unless one is deleted, so no drvslots deprecation either)',
    query: 'action=query&prop=deletedrevisions&revids=1&drvprop=content',
    expect: [],
  },
  {
    mirrors: 'ApiQueryRevisionsBase::parseParameters (ApiQueryDeletedRevisions, titles: content without drvslots)',
    query: 'action=query&prop=deletedrevisions&titles=Alpha&drvprop=content|ids',
    expect: [
      ['deprecation', 'warning', 'content', 'drvslots'],
      ['permissiondenied', 'error', 'content', 'drvprop'],
    ],
  },
  {
    mirrors: 'ApiQueryDeletedRevisions::run (an invalid title only: an empty page set)',
    query: 'action=query&prop=deletedrevisions&drvprop=user&titles=A%5Bb%5D',
    expect: [],
  },
  {
    mirrors: 'ApiQueryDeletedRevisions::run (neither comment nor content: answered)',
    query: 'action=query&prop=deletedrevisions&titles=Alpha&drvprop=ids|timestamp',
    expect: [],
  },
]);

describe('verdicts only anonymous requests get', () => {
  const queries = [
    'action=query&list=watchlist',
    'action=query&list=recentchanges&rcprop=patrolled',
    'action=query&list=usercontribs&ucuser=Admin&ucshow=patrolled',
    'action=query&prop=stashimageinfo&siifilekey=abc',
    'action=query&list=mystashedfiles',
    'action=query&list=querypage&qppage=Unwatchedpages',
    'action=query&list=alldeletedrevisions',
    'action=query&prop=deletedrevisions&titles=Alpha&drvprop=user|comment',
    'action=query&meta=siteinfo&assert=user',
    'action=compare&fromrev=2&torelative=prev&format=xml&assert=user',
  ];
  for (const query of queries) {
    it(`say when they hold and how to turn them off: ${query}`, () => {
      const [d] = validate(query);
      if (/&assert=/.test(query))
        assert.match(
          d.message,
          /The parameter says the program signs in, and who signs in is not known here: .* set wikimapQuery\.wiki\.loggedIn/,
        );
      else
        assert.match(
          d.message,
          /to a request sent without logging in; if the program sending it logs in, set wikimapQuery\.wiki\.loggedIn/,
        );
    });
    it(`are not given when wiki.loggedIn says the program logs in: ${query}`, () => {
      assert.deepEqual(validate(query, { settings: { loggedIn: true } }), []);
    });
  }
  it('the setting changes the verdict of a query already checked (not kept from the anonymous run)', () => {
    const catalogue = builtinCatalogue();
    assert.equal(validate('action=query&list=watchlist', { catalogue }).length, 1);
    assert.equal(validate('action=query&list=watchlist', { catalogue, settings: { loggedIn: true } }).length, 0);
  });
});

table('ApiMain::handleCORS: an origin= no Origin header can equal (HTTP 403 before anything is read)', [
  {
    mirrors: 'ApiMain::handleCORS (a missing & joins the search to origin)',
    query: 'action=opensearch&search=Alpha&limit=10&format=json&origin=*search=aAlpha',
    expect: [['originmismatch', 'error', '*search=aAlpha', 'origin']],
  },
  {
    mirrors: 'ApiMain::handleCORS (a host without a scheme)',
    query: 'action=query&meta=siteinfo&origin=example.org',
    expect: [['originmismatch', 'error', 'example.org', 'origin']],
  },
  {
    mirrors: 'ApiMain::handleCORS (an origin has no path)',
    query: 'action=query&meta=siteinfo&origin=https://example.org/w/',
    expect: [['originmismatch', 'error', 'https://example.org/w/', 'origin']],
  },
  { mirrors: 'ApiMain::handleCORS (origin=*: anonymous CORS)', query: 'action=query&meta=siteinfo&origin=*', expect: [] },
  { mirrors: 'ApiMain::handleCORS (origin=%2A is *)', query: 'action=query&meta=siteinfo&origin=%2A', expect: [] },
  {
    mirrors: "ApiMain::handleCORS (a serialized origin: depends on the page's Origin header, not judged)",
    query: 'action=query&meta=siteinfo&origin=https://example.org',
    expect: [],
  },
  {
    mirrors: 'ApiMain::handleCORS (a host and port, an IPv6 host)',
    query: 'action=query&meta=siteinfo&origin=http://[::1]:8080',
    expect: [],
  },
  { mirrors: 'ApiMain::handleCORS (an opaque origin sends Origin: null)', query: 'action=query&meta=siteinfo&origin=null', expect: [] },
]);

table('ApiMain::checkAsserts: assert and assertuser, who sends the request not known (they say it signs in: information)', [
  {
    mirrors: 'ApiMain::checkAsserts (assert=user: assertuserfailed, before the module runs)',
    query: 'action=compare&fromrev=2&torelative=prev&format=xml&assert=user',
    expect: [['assertuserfailed', 'information', 'assert', '']],
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=bot: assertbotfailed)',
    query: 'action=query&meta=siteinfo&assert=bot',
    expect: [['assertbotfailed', 'information', 'assert', '']],
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=bot as SDZeroBot sends it, with maxlag, on every request)',
    query: 'format=json&formatversion=2&maxlag=5&assert=bot&action=query&titles=Alpha&prop=revisions&rvprop=timestamp&rvlimit=1',
    expect: [['assertbotfailed', 'information', 'assert', '']],
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=anon holds for a request sent without logging in)',
    query: 'action=query&meta=siteinfo&assert=anon',
    expect: [],
  },
  {
    mirrors: 'ApiMain::checkAsserts (assertuser: assertnameduserfailed, also with assert=anon)',
    query: 'action=query&meta=siteinfo&assert=anon&assertuser=Admin',
    expect: [['assertnameduserfailed', 'information', 'assertuser', '']],
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert is checked before assertuser)',
    query: 'action=parse&page=Alpha&assert=user&assertuser=Admin',
    expect: [['assertuserfailed', 'information', 'assert', '']],
  },
  {
    mirrors:
      'ApiMain::__construct strips the credentials of an origin=* request, then ApiMain::checkAsserts (assertbotfailed for any sender)',
    query: 'action=query&meta=siteinfo&assert=bot&origin=*',
    expect: [['assertbotfailed', 'error', 'assert', '']],
  },
  {
    mirrors: 'ApiMain::__construct strips the credentials of a JSONP request, then ApiMain::checkAsserts (assertuserfailed for any sender)',
    query: 'action=query&meta=siteinfo&assert=user&format=json&callback=cb',
    expect: [['assertuserfailed', 'error', 'assert', '']],
  },
  {
    mirrors: 'ApiMain::checkAsserts (not reached by a request that logs in)',
    query: 'action=query&meta=siteinfo&assert=user&assertuser=Admin',
    expect: [],
    loggedIn: true,
  },
]);

table('Content-dependent verdicts of compare (severity as the server gives it when the revision exists)', [
  {
    mirrors: 'ApiComparePages::execute (revision 1 has no previous revision in its page)',
    query: 'action=compare&fromrev=1&torelative=prev',
    expect: [['compare-no-prev', 'warning', 'torelative', 'torelative']],
  },
  {
    mirrors: 'ApiComparePages::execute (an integer written with a leading zero is still revision 1)',
    query: 'action=compare&fromrev=01&torelative=prev',
    expect: [['compare-no-prev', 'warning', 'torelative', 'torelative']],
  },
  { mirrors: 'ApiComparePages::execute (a later revision may have one)', query: 'action=compare&fromrev=2&torelative=prev', expect: [] },
  {
    mirrors: 'ApiComparePages::execute (the next revision of revision 1: content)',
    query: 'action=compare&fromrev=1&torelative=next',
    expect: [],
  },
]);

table('Invalid titles name no page (ApiPageSet lists them as invalid): prop modules do not read their continue value', [
  { mirrors: 'ApiQueryLinks::run (only an invalid title)', query: 'action=query&titles=A%5Bb%5D&prop=links&plcontinue=x', expect: [] },
  {
    mirrors: 'ApiQueryBacklinksprop::run (a valid title beside an invalid one)',
    query: 'action=query&titles=A%5Bb%5D|Zeta&prop=linkshere&lhcontinue=x',
    expect: [['badcontinue', 'error', 'x', 'lhcontinue']],
  },
  {
    mirrors: 'ApiQueryBacklinksprop::run (a special page is named, though it cannot exist)',
    query: 'action=query&titles=Special:Foo&prop=linkshere&lhcontinue=x',
    expect: [['badcontinue', 'error', 'x', 'lhcontinue']],
  },
]);

/** The 1.39 catalogue as loaded signed in, as `account` (meta=userinfo at the load), or signed in with the account not known. */
function signedIn(account?: { name: string; rights: string[] }): () => WikiCatalogue {
  let cat: WikiCatalogue | undefined;
  return () => {
    cat ??= createWikiCatalogue(readRepoJson('descriptors/wiki/query-modules.json'), {
      core: [readRepoJson('descriptors/wiki/api-core.json'), readRepoJson('descriptors/wiki/action-modules.json')],
      constraints: readRepoJson('descriptors/wiki/constraints.json'),
      actionConstraints: readRepoJson('descriptors/wiki/action-constraints.json'),
      siteinfo: { query: { general: { generator: 'MediaWiki 1.39.17' } } },
    });
    cat.signedIn = true;
    if (account) cat.account = { name: account.name, rights: new Set(account.rights) };
    return cat;
  };
}
const sysop = signedIn({ name: 'Admin', rights: ['read', 'edit', 'delete', 'apihighlimits'] });
const bot = signedIn({ name: 'Wiki bot', rights: ['read', 'edit', 'bot'] });
const unknownAccount = signedIn();

table('The signed-in account: assert=bot and assertuser judged by its rights and name (meta=userinfo), silent when not known', [
  {
    mirrors: 'ApiMain::checkAsserts (assert=bot, the account lacks the bot right: assertbotfailed)',
    query: 'action=query&meta=siteinfo&assert=bot',
    expect: [['assertbotfailed', 'error', 'assert', '']],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=bot, the account has the bot right)',
    query: 'action=query&meta=siteinfo&assert=bot',
    expect: [],
    catalogue: bot,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=user holds for any account signed in to)',
    query: 'action=query&meta=siteinfo&assert=user',
    expect: [],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assertuser naming another user: assertnameduserfailed)',
    query: 'action=query&meta=siteinfo&assertuser=Someone_else',
    expect: [['assertnameduserfailed', 'error', 'assertuser', '']],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assertuser compared by canonical name: underscores, blanks, first letter)',
    query: 'action=query&meta=siteinfo&assertuser=%20wiki_bot_',
    expect: [],
    catalogue: bot,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=bot fails first: assertuser is not reached)',
    query: 'action=query&meta=siteinfo&assert=bot&assertuser=Someone',
    expect: [['assertbotfailed', 'error', 'assert', '']],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiMain::checkAsserts (a name outside ASCII: its normal form is the wiki’s, not judged)',
    query: 'action=query&meta=siteinfo&assertuser=%C3%A9mile',
    expect: [],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiMain::checkAsserts (signed in, the account not known: not judged)',
    query: 'action=query&meta=siteinfo&assert=bot&assertuser=Someone',
    expect: [],
    catalogue: unknownAccount,
  },
  {
    mirrors: 'ApiMain::checkAsserts (wiki.loggedIn without a sign-in: the account is not known, not judged)',
    query: 'action=query&meta=siteinfo&assert=bot&assertuser=Someone',
    expect: [],
    loggedIn: true,
  },
]);

const watcher = signedIn({ name: 'Watcher', rights: ['read', 'viewmywatchlist'] });

table('The signed-in account: assert=anon, the watchlist right and high limits, judged by its rights (meta=userinfo)', [
  {
    mirrors: 'ApiMain::checkAsserts (assert=anon from a registered user: assertanonfailed)',
    query: 'action=query&meta=siteinfo&assert=anon',
    expect: [['assertanonfailed', 'error', 'assert', '']],
    catalogue: bot,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=anon, signed in with the account not known: any registered user fails it)',
    query: 'action=query&meta=siteinfo&assert=anon',
    expect: [['assertanonfailed', 'error', 'assert', '']],
    catalogue: unknownAccount,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=anon with wiki.loggedIn and no sign-in: $user->isRegistered())',
    query: 'action=query&meta=siteinfo&assert=anon',
    expect: [['assertanonfailed', 'error', 'assert', '']],
    loggedIn: true,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=anon with wiki.loggedIn on another action)',
    query: 'action=parse&page=Alpha&prop=text&assert=anon',
    expect: [['assertanonfailed', 'error', 'assert', '']],
    loggedIn: true,
  },
  {
    mirrors: 'ApiMain::checkAsserts (assert=anon sent without logging in passes)',
    query: 'action=query&meta=siteinfo&assert=anon',
    expect: [],
  },
  {
    mirrors: 'ApiBase::getWatchlistUser (the account lacks viewmywatchlist: permissiondenied)',
    query: 'action=query&list=watchlist',
    expect: [['permissiondenied', 'error', 'watchlist', '']],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiBase::getWatchlistUser (generator=watchlistraw, the account lacks viewmywatchlist)',
    query: 'action=query&generator=watchlistraw',
    expect: [['permissiondenied', 'error', 'watchlistraw', '']],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiBase::getWatchlistUser (an owner and token read another watchlist: the right is not asked)',
    query: 'action=query&list=watchlist&wlowner=Someone&wltoken=abc',
    expect: [['sensitiveparam', 'information', 'abc', 'wltoken']],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiBase::getWatchlistUser (the account has viewmywatchlist)',
    query: 'action=query&list=watchlist',
    expect: [],
    catalogue: watcher,
  },
  {
    mirrors: 'ApiBase::getWatchlistUser (the account is not known: not judged)',
    query: 'action=query&list=watchlist',
    expect: [],
    catalogue: unknownAccount,
  },
  {
    mirrors: 'ApiBase::getParameter / IntegerDef (an account with apihighlimits: 5000 is in range)',
    query: 'action=query&list=allpages&aplimit=5000',
    expect: [],
    catalogue: sysop,
  },
  {
    mirrors: 'ApiBase::getParameter / IntegerDef (an account without apihighlimits: 5000 is cut to 500)',
    query: 'action=query&list=allpages&aplimit=5000',
    expect: [['outofrange', 'warning', '5000', 'aplimit']],
    catalogue: watcher,
  },
]);

describe('The signed-in account’s verdicts name it', () => {
  it('assertbotfailed and assertnameduserfailed say which account the wiki was signed in to', () => {
    const bots = validate('action=query&meta=siteinfo&assert=bot', { catalogue: sysop() });
    assert.match(bots[0].message, /Admin, the account this wiki was signed in to, lacks it/);
    const named = validate('action=query&meta=siteinfo&assertuser=Someone_else', { catalogue: sysop() });
    assert.match(named[0].message, /logged in as "Someone_else".*signed in to as Admin/);
  });
});

table(
  'One page named by a single pageids= or revids= value: the continue value of linkshere, transcludedin, redirects is its from-fields alone (read when that page exists)',
  [
    {
      mirrors: 'ApiQueryBacklinksprop::run (one page: no namespace or title field, one part)',
      query: 'action=query&prop=linkshere&pageids=1&lhcontinue=0|5',
      expect: [['badcontinue', 'error', '0|5', 'lhcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (one page: the from id alone)',
      query: 'action=query&prop=linkshere&pageids=1&lhcontinue=5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (one page by its revision)',
      query: 'action=query&prop=transcludedin&revids=1&ticontinue=Foo|5',
      expect: [['badcontinue', 'error', 'Foo|5', 'ticontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (one page, several from-namespaces: two parts)',
      query: 'action=query&prop=linkshere&pageids=1&lhnamespace=0|1&lhcontinue=5',
      expect: [['badcontinue', 'error', '5', 'lhcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (one page, several from-namespaces: from namespace and id)',
      query: 'action=query&prop=linkshere&pageids=1&lhnamespace=0|1&lhcontinue=0|5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids: their namespaces and titles are the wiki’s)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhcontinue=0|5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (fileusage keeps File: pages only; a page id’s namespace is not known)',
      query: 'action=query&prop=fileusage&pageids=1&fucontinue=0|5',
      expect: [],
    },
  ],
);

table(
  'A backlinks module that is itself the generator reads the pages of titles=, pageids= or revids= (ApiQueryGeneratorBase::getPageSet)',
  [
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=linkshere with no page named: returns before reading glhcontinue)',
      query: 'action=query&generator=linkshere&glhcontinue=x',
      expect: [],
    },
    {
      mirrors: 'ApiQueryLinks::run (generator=links with no page named: returns before reading gplcontinue)',
      query: 'action=query&generator=links&gplcontinue=x',
      expect: [],
    },
    {
      mirrors: 'ApiQueryLinks::run (generator=links over an existing page reads gplcontinue)',
      query: 'action=query&generator=links&titles=Main_Page&gplcontinue=x',
      expect: [['badcontinue', 'error', 'x', 'gplcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=linkshere, one title: the from id alone)',
      query: 'action=query&generator=linkshere&titles=Alpha&glhcontinue=0|5',
      expect: [['badcontinue', 'error', '0|5', 'glhcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=linkshere, one title, one part)',
      query: 'action=query&generator=linkshere&titles=Alpha&glhcontinue=5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=transcludedin, two titles: title|from)',
      query: 'action=query&generator=transcludedin&titles=Alpha|Beta&gticontinue=5',
      expect: [['badcontinue', 'error', '5', 'gticontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=fileusage over a File: title: the from id alone)',
      query: 'action=query&generator=fileusage&titles=File:Example.png&gfucontinue=0|5',
      expect: [['badcontinue', 'error', '0|5', 'gfucontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=fileusage keeps File: pages only: not read for Alpha)',
      query: 'action=query&generator=fileusage&titles=Alpha&gfucontinue=x',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=redirects over one revision: the from id alone)',
      query: 'action=query&generator=redirects&revids=1&grdcontinue=0|5',
      expect: [['badcontinue', 'error', '0|5', 'grdcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (prop=linkshere over a generator’s pages: the wiki’s to decide)',
      query: 'action=query&prop=linkshere&generator=allpages&lhcontinue=0|5',
      expect: [],
    },
  ],
);

table(
  'Several ids in pageids= or revids=: at most a namespace and a title field before the from-fields, whatever pages exist (ApiQueryBacklinksprop::run)',
  [
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids, one from-namespace: 1 to 3 parts)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhcontinue=0|Alpha|0|5',
      expect: [['badcontinue', 'error', '0|Alpha|0|5', 'lhcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids: namespace|title|from when they span namespaces)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhcontinue=0|Alpha|5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids: title|from when they hold several titles)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhcontinue=Alpha|5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids of which one exists: the from id alone)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhcontinue=5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids, several from-namespaces: the last two parts)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhnamespace=0|1&lhcontinue=5',
      expect: [['badcontinue', 'error', '5', 'lhcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids, several from-namespaces: the from namespace must be an int)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhnamespace=0|1&lhcontinue=Alpha|5',
      expect: [['badcontinue', 'error', 'Alpha|5', 'lhcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several page ids, several from-namespaces: title|from namespace|from)',
      query: 'action=query&prop=linkshere&pageids=1|2&lhnamespace=0|1&lhcontinue=Alpha|0|5',
      expect: [],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (several revisions, maybe of one page: 1 to 3 parts)',
      query: 'action=query&prop=redirects&revids=1|2&rdcontinue=0|Alpha|0|5',
      expect: [['badcontinue', 'error', '0|Alpha|0|5', 'rdcontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (generator=transcludedin over several page ids)',
      query: 'action=query&generator=transcludedin&pageids=1|2&gticontinue=0|Alpha|0|5',
      expect: [['badcontinue', 'error', '0|Alpha|0|5', 'gticontinue']],
    },
    {
      mirrors: 'ApiQueryBacklinksprop::run (fileusage keeps File: pages only; no id says which pages are files)',
      query: 'action=query&prop=fileusage&pageids=1|2&fucontinue=0|Alpha|0|5',
      expect: [],
    },
  ],
);

describe('A continue value judged for several ids names them and says the wiki reads it only when one exists', () => {
  it('gives the forms the pages found may take', () => {
    const [d] = validate('action=query&prop=linkshere&pageids=1|2&lhcontinue=0|Alpha|0|5');
    assert.match(
      d.message,
      /With several pages \(pageids=1\|2\) the value has 1 to 3 parts: \[int\|\]\[title\|\]int .*only when one of those pages exists\./,
    );
  });

  const many = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1)).join('|');
  const CUT: Array<[string, string, string]> = [
    ['a short list in full', `pageids=${many(3)}`, '(pageids=1|2|3) the value'],
    ['a list of 100 characters in full', `pageids=${'1|'.repeat(49)}22`, `(pageids=${'1|'.repeat(49)}22) the value`],
    [
      'a longer list cut after 100 characters, with the count',
      `pageids=${'1|'.repeat(50)}2`,
      `(pageids=${'1|'.repeat(50)}…, 51 ids) the value`,
    ],
    [
      '100,000 ids: 100 characters and the count',
      `revids=${many(100000)}`,
      `(revids=${many(100000).slice(0, 100)}…, 100,000 ids) the value`,
    ],
  ];
  for (const [what, ids, phrase] of CUT) {
    it(`names the ids: ${what}`, () => {
      const prop = ids.startsWith('revids') ? 'prop=redirects&rdcontinue' : 'prop=linkshere&lhcontinue';
      const d = validate(`action=query&${ids}&${prop}=0|Alpha|0|5`).find((x) => x.message.includes('With several'));
      assert.ok(d, 'a message on the continue value');
      assert.ok(d.message.includes(phrase), `expected «${phrase}» in:\n${d.message.slice(0, 500)}`);
      assert.ok(d.message.length < 800, `${d.message.length} characters`);
    });
  }
});

describe('A continue value judged for one page by id says the wiki reads it only when that page exists', () => {
  it('names the id and the condition', () => {
    const [d] = validate('action=query&prop=linkshere&pageids=1&lhcontinue=0|5');
    assert.match(d.message, /With one page \(pageids=1\) the value has 1 part: int\. The wiki reads it only when that page exists\./);
    const [r] = validate('action=query&prop=redirects&revids=7&rdcontinue=0|5');
    assert.match(r.message, /one page \(revids=7\).*only when that revision exists/);
  });
});

const SLOTS = 'ApiQueryRevisionsBase::parseParameters';
table('Revision content without slots: the deprecation only where the module parses its parameters', [
  {
    mirrors: `${SLOTS} via ApiQueryRevisions::run (a valid title: the page may exist)`,
    query: 'action=query&prop=revisions&rvprop=content&titles=Alpha',
    expect: [['deprecation', 'warning', 'content', 'rvslots']],
  },
  {
    mirrors: 'ApiQueryRevisions::run (a title escaped twice is invalid: ApiPageSet lists it apart, getGoodTitleCount() == 0)',
    query: 'action=query&prop=revisions&rvprop=content&titles=Alpha%2520Beta',
    expect: [],
  },
  {
    mirrors: 'ApiQueryRevisions::run (only invalid titles: nothing to do)',
    query: 'action=query&prop=revisions&rvprop=content&titles=A%5Bb%5D',
    expect: [],
  },
  {
    mirrors: 'ApiQueryRevisions::run (no page set: nothing to do)',
    query: 'action=query&prop=revisions&rvprop=content',
    expect: [],
  },
  {
    mirrors: `${SLOTS} via ApiQueryRevisions::run (an invalid title beside a valid one)`,
    query: 'action=query&prop=revisions&rvprop=content&titles=Alpha%2520Beta|Alpha',
    expect: [['deprecation', 'warning', 'content', 'rvslots']],
  },
  {
    mirrors: `${SLOTS} via ApiQueryRevisions::run (a generator names pages)`,
    query: 'action=query&prop=revisions&rvprop=content&generator=allpages',
    expect: [['deprecation', 'warning', 'content', 'rvslots']],
  },
  {
    mirrors: 'ApiQueryRevisions::run (as the generator: parseParameters only when $resultPageSet === null)',
    query: 'action=query&generator=revisions&grvprop=content&titles=Alpha',
    expect: [],
  },
  {
    mirrors: 'ApiQueryAllRevisions::run (as the generator: parseParameters only when $resultPageSet === null)',
    query: 'action=query&generator=allrevisions&garvprop=content',
    expect: [],
  },
  {
    mirrors: `${SLOTS} via ApiQueryAllRevisions::run (a list module: no page set needed)`,
    query: 'action=query&list=allrevisions&arvprop=content',
    expect: [['deprecation', 'warning', 'content', 'arvslots']],
  },
  {
    mirrors: 'ApiQueryDeletedRevisions::run (only an invalid title: no good or missing page)',
    query: 'action=query&prop=deletedrevisions&drvprop=content&titles=A%5Bb%5D',
    expect: [],
  },
]);

const CONTENT_LIMIT = 'ApiQueryRevisionsBase::parseParameters';
table('A limit validated again with revision content: 50 (500 with apihighlimits), max read as that, outofrange over it', [
  {
    mirrors: `${CONTENT_LIMIT} via ApiQueryRevisions::run (fld_content: LIMIT_SML1, PARAM_IGNORE_RANGE)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main&rvlimit=100',
    expect: [['outofrange', 'warning', 'rvlimit', 'rvlimit']],
  },
  {
    mirrors: `${CONTENT_LIMIT} via ApiQueryRevisions::run (max becomes LIMIT_SML1 without a warning)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main&rvlimit=max',
    expect: [],
  },
  {
    mirrors: `${CONTENT_LIMIT} via ApiQueryRevisions::run (50 is within LIMIT_SML1)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main&rvlimit=50',
    expect: [],
  },
  {
    mirrors: `${CONTENT_LIMIT} via ApiQueryRevisions::run (no content: LIMIT_BIG1, as paraminfo says)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=ids|timestamp&rvlimit=100',
    expect: [],
  },
  {
    mirrors: `${CONTENT_LIMIT} via ApiQueryRevisions::run (diffto fetches content)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvdiffto=prev&rvlimit=60',
    expect: [
      ['deprecation', 'warning', 'rvdiffto', 'rvdiffto'],
      ['deprecation', 'warning', 'rvdiffto', 'rvslots'],
      ['outofrange', 'warning', 'rvlimit', 'rvlimit'],
    ],
  },
  {
    mirrors: 'ApiQueryRevisions::run (no page set: returns before parseParameters)',
    query: 'action=query&prop=revisions&rvprop=content&rvslots=main&rvlimit=100',
    expect: [],
  },
  {
    mirrors: 'ApiQueryRevisions::run (as the generator: parseParameters only when $resultPageSet === null)',
    query: 'action=query&generator=revisions&titles=Alpha&grvprop=content&grvlimit=100',
    expect: [],
  },
  {
    mirrors: `${CONTENT_LIMIT} via ApiQueryAllRevisions::run (a list module: no page set needed)`,
    query: 'action=query&list=allrevisions&arvprop=content&arvslots=main&arvlimit=51',
    expect: [['outofrange', 'warning', 'arvlimit', 'arvlimit']],
  },
  {
    mirrors: 'ApiQueryAllRevisions::run (as the generator: parseParameters only when $resultPageSet === null)',
    query: 'action=query&generator=allrevisions&garvprop=content&garvslots=main&garvlimit=100',
    expect: [],
  },
]);

const PARSE_LIMIT = 'ApiQueryRevisionsBase::parseParameters';
table('rvparse with revision content: the limit is validated again with a maximum of 1', [
  {
    mirrors: `${PARSE_LIMIT} via ApiQueryRevisions::run (parseContent: $userMax = $botMax = 1, PARAM_IGNORE_RANGE)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvparse=1&rvlimit=2',
    expect: [
      ['deprecation', 'warning', 'rvparse', 'rvparse'],
      ['deprecation', 'warning', 'content', 'rvslots'],
      ['outofrange', 'warning', 'rvlimit', 'rvlimit'],
    ],
  },
  {
    mirrors: `${PARSE_LIMIT} via ApiQueryRevisions::run (no content fetched: parse is not read, LIMIT_BIG1)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvparse=1&rvlimit=2',
    expect: [['deprecation', 'warning', 'rvparse', 'rvparse']],
  },
  {
    mirrors: `${PARSE_LIMIT} via ApiQueryRevisions::run (max becomes 1 without a warning)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main&rvparse=1&rvlimit=max',
    expect: [
      ['deprecation', 'warning', 'rvparse', 'rvparse'],
      ['invalidparammix', 'error', 'rvparse', 'rvparse'],
    ],
  },
  {
    mirrors: `${PARSE_LIMIT} via ApiQueryRevisions::run (one outofrange over 50 too: the maximum is 1, not LIMIT_SML1)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvprop=ids|content&rvparse=&rvlimit=51',
    expect: [
      ['deprecation', 'warning', 'rvparse', 'rvparse'],
      ['deprecation', 'warning', 'content', 'rvslots'],
      ['outofrange', 'warning', 'rvlimit', 'rvlimit'],
    ],
  },
  {
    mirrors: `${PARSE_LIMIT} via ApiQueryRevisions::run (diffto fetches content)`,
    query: 'action=query&prop=revisions&titles=Alpha&rvdiffto=prev&rvparse=1&rvlimit=3',
    expect: [
      ['deprecation', 'warning', 'rvdiffto', 'rvdiffto'],
      ['deprecation', 'warning', 'rvparse', 'rvparse'],
      ['deprecation', 'warning', 'rvdiffto', 'rvslots'],
      ['outofrange', 'warning', 'rvlimit', 'rvlimit'],
    ],
  },
  {
    mirrors: `${PARSE_LIMIT} via ApiQueryAllRevisions::run`,
    query: 'action=query&list=allrevisions&arvprop=content&arvslots=main&arvparse=1&arvlimit=2',
    expect: [
      ['deprecation', 'warning', 'arvparse', 'arvparse'],
      ['invalidparammix', 'error', 'arvparse', 'arvparse'],
      ['outofrange', 'warning', 'arvlimit', 'arvlimit'],
    ],
  },
  {
    mirrors: 'ApiQueryRevisions::run (as the generator: parseParameters only when $resultPageSet === null)',
    query: 'action=query&generator=revisions&titles=Alpha&grvprop=content&grvparse=1&grvlimit=2',
    expect: [['deprecation', 'warning', 'grvparse', 'grvparse']],
  },
]);

describe('the content limit follows apihighlimits', () => {
  it('ApiQueryRevisionsBase::parseParameters: LIMIT_SML2 (500) for an account with apihighlimits', () => {
    const q = 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main&rvlimit=';
    const seenWith = (limit: string) => validate(q + limit, { settings: { highLimits: true } }).map((d) => [d.code, d.text]);
    assert.deepEqual(seenWith('100'), []);
    assert.deepEqual(seenWith('501'), [['outofrange', 'rvlimit']]);
  });
  it('ApiQueryRevisionsBase::parseParameters: with rvparse the maximum is 1 for an account with apihighlimits too', () => {
    const q = 'action=query&prop=revisions&titles=Alpha&rvprop=content&rvparse=1&rvlimit=';
    const seenWith = (limit: string) =>
      validate(q + limit, { settings: { highLimits: true } })
        .filter((d) => d.code === 'outofrange')
        .map((d) => [d.code, d.text]);
    assert.deepEqual(seenWith('1'), []);
    assert.deepEqual(seenWith('2'), [['outofrange', 'rvlimit']]);
  });
  it('its message says it assumes the page exists', () => {
    const [d] = validate('action=query&prop=revisions&titles=Alpha&rvprop=content&rvslots=main&rvlimit=100');
    assert.match(d.message, /may not be over 50 .*only when a page it returns exists/);
  });
});

const USERDEF = 'UserDef::processUser';
table('A user name after the User namespace prefix must be valid in turn', [
  {
    mirrors: `${USERDEF} (TitleParser::parseTitle in NS_USER leaves ":Foo": UserNameUtils::isValid refuses a leading colon)`,
    query: 'action=query&list=usercontribs&ucuser=User::Foo',
    expect: [['baduser', 'error', 'User::Foo', 'ucuser']],
  },
  {
    mirrors: `${USERDEF} (the prefix in any case, spaces around the colon)`,
    query: 'action=query&list=usercontribs&ucuser=user%20:%20:Foo',
    expect: [['baduser', 'error', 'user%20:%20:Foo', 'ucuser']],
  },
  {
    mirrors: `${USERDEF} (UserNameUtils::isValid: an invalid IPv4 after the prefix)`,
    query: 'action=query&list=usercontribs&ucuser=User:300.300.300.300',
    expect: [['baduser', 'error', 'User:300.300.300.300', 'ucuser']],
  },
  {
    mirrors: `${USERDEF} (an address after the prefix is the address)`,
    query: 'action=query&list=usercontribs&ucuser=User:1.2.3.4',
    expect: [],
  },
  {
    mirrors: `${USERDEF} (a colon inside the name is valid)`,
    query: 'action=query&list=usercontribs&ucuser=User:Foo:Bar',
    expect: [],
  },
]);

table('siprop=dbrepllag with showalldb: refused unless the wiki shows host names', [
  {
    mirrors: 'ApiQuerySiteinfo::appendDbReplLagInfo ($wgShowHostnames false, the default: includeAllDenied)',
    query: 'action=query&meta=siteinfo&siprop=dbrepllag&sishowalldb=1',
    expect: [['includeAllDenied', 'error', 'sishowalldb', 'sishowalldb']],
  },
  {
    mirrors: 'ApiQuerySiteinfo::appendDbReplLagInfo (a boolean given empty is true)',
    query: 'action=query&meta=siteinfo&siprop=general|dbrepllag&sishowalldb=',
    expect: [['includeAllDenied', 'error', 'sishowalldb', 'sishowalldb']],
  },
  {
    mirrors: 'ApiQuerySiteinfo::execute (showalldb is read only for dbrepllag)',
    query: 'action=query&meta=siteinfo&siprop=general&sishowalldb=1',
    expect: [],
  },
]);

describe('assert=anon sent logged in says who sends it logged in', () => {
  const q = 'action=query&meta=siteinfo&assert=anon';
  it('the account signed in to, when known', () => {
    const [d] = validate(q, { catalogue: bot() });
    assert.match(d.message, /assert=anon refuses a request from a logged-in user, and this wiki was signed in to as Wiki bot\.$/);
  });
  it('the setting (or an unknown account of a sign-in), when the account is not known', () => {
    for (const d of [validate(q, { settings: { loggedIn: true } })[0], validate(q, { catalogue: unknownAccount() })[0]])
      assert.match(
        d.message,
        /and the program sending it logs in \(wikimapQuery\.wiki\.loggedIn, check --logged-in, or a sign-in to this wiki\)\.$/,
      );
  });
});

table('JSONP and anonymous cross-origin requests are answered as a reader who is not logged in, whoever sends them', [
  {
    mirrors: 'ApiMain::__construct, lacksSameOriginSecurity (origin=*: credentials stripped, assert=anon passes when logged in)',
    query: 'action=query&meta=siteinfo&assert=anon&origin=*',
    expect: [],
    loggedIn: true,
  },
  {
    mirrors: 'ApiMain::__construct, lacksSameOriginSecurity (callback: credentials stripped, assert=anon passes for a signed-in account)',
    query: 'action=query&meta=siteinfo&assert=anon&callback=cb',
    expect: [],
    catalogue: bot,
  },
  {
    mirrors: 'ApiMain::checkAsserts after lacksSameOriginSecurity (origin=*: assert=user fails even when logged in)',
    query: 'action=query&meta=siteinfo&assert=user&origin=*',
    expect: [['assertuserfailed', 'error', 'assert', '']],
    loggedIn: true,
  },
  {
    mirrors: 'ApiMain::checkAsserts after lacksSameOriginSecurity (origin=*: the signed-in bot is not the sender)',
    query: 'action=query&meta=siteinfo&assert=bot&origin=*',
    expect: [['assertbotfailed', 'error', 'assert', '']],
    catalogue: bot,
  },
  {
    mirrors: 'ApiBase::getWatchlistUser after lacksSameOriginSecurity (origin=*: notloggedin even when logged in)',
    query: 'action=query&list=watchlist&origin=*',
    expect: [['notloggedin', 'error', 'watchlist', '']],
    catalogue: watcher,
  },
]);

describe('a verdict for a request whose login MediaWiki drops says why', () => {
  it('names origin=* and callback', () => {
    const [d] = validate('action=query&meta=siteinfo&assert=user&origin=*', { settings: { loggedIn: true } });
    assert.match(d.message, /with origin=\* it drops the sender's login/);
    const [j] = validate('action=query&list=watchlist&callback=cb', { settings: { loggedIn: true } });
    assert.match(j.message, /with callback \(JSONP\) it drops the sender's login/);
  });
});

/** Rows sent signed in with a right to read deleted revisions: a reader who is not logged in is refused first (deletedrevs-anonymous). */
function loggedInRows(rows: Row[]): Row[] {
  return rows.map((r) => ({ loggedIn: true, ...r }));
}

const DR = 'ApiQueryDeletedrevs::execute';
table(
  'Continue values of list=deletedrevs: the form its mode decides',
  loggedInRows([
    {
      mirrors: `${DR} (mode all: namespace|title|timestamp|id)`,
      query: 'action=query&list=deletedrevs&drcontinue=0|Alpha|20240101000000|5',
      expect: [['deprecation', 'warning', 'deletedrevs', 'list']],
    },
    {
      mirrors: `${DR} (mode all: one part)`,
      query: 'action=query&list=deletedrevs&drcontinue=x',
      expect: [
        ['deprecation', 'warning', 'deletedrevs', 'list'],
        ['badcontinue', 'error', 'x', 'drcontinue'],
      ],
    },
    {
      mirrors: `${DR} (mode all: a namespace part PHP would print otherwise)`,
      query: 'action=query&list=deletedrevs&drcontinue=00|Alpha|20240101000000|5',
      expect: [
        ['deprecation', 'warning', 'deletedrevs', 'list'],
        ['badcontinue', 'error', '00|Alpha|20240101000000|5', 'drcontinue'],
      ],
    },
    {
      mirrors: `${DR} (mode all: 2 parts)`,
      query: 'action=query&list=deletedrevs&drcontinue=20240101000000|5',
      expect: [
        ['deprecation', 'warning', 'deletedrevs', 'list'],
        ['badcontinue', 'error', '20240101000000|5', 'drcontinue'],
      ],
    },
    {
      mirrors: `${DR} (mode user: timestamp|id)`,
      query: 'action=query&list=deletedrevs&druser=Admin&drcontinue=20240101000000|5',
      expect: [['deprecation', 'warning', 'deletedrevs', 'list']],
    },
    {
      mirrors: `${DR} (mode user: 4 parts)`,
      query: 'action=query&list=deletedrevs&druser=Admin&drcontinue=0|Alpha|20240101000000|5',
      expect: [
        ['deprecation', 'warning', 'deletedrevs', 'list'],
        ['badcontinue', 'error', '0|Alpha|20240101000000|5', 'drcontinue'],
      ],
    },
    {
      mirrors: `${DR} (mode revs before user: a valid title is a page, 4 parts)`,
      query: 'action=query&list=deletedrevs&titles=Alpha&druser=Admin&drcontinue=20240101000000|5',
      expect: [
        ['deprecation', 'warning', 'deletedrevs', 'list'],
        ['badcontinue', 'error', '20240101000000|5', 'drcontinue'],
      ],
    },
    {
      mirrors: `${DR} (only an invalid title: no page, mode user)`,
      query: 'action=query&list=deletedrevs&titles=A%5Bb%5D&druser=Admin&drcontinue=20240101000000|5',
      expect: [['deprecation', 'warning', 'deletedrevs', 'list']],
    },
    {
      mirrors: `${DR} (pageids with the user: whether a page is found is the wiki's, either form)`,
      query: 'action=query&list=deletedrevs&pageids=7&druser=Admin&drcontinue=20240101000000|5',
      expect: [['deprecation', 'warning', 'deletedrevs', 'list']],
    },
  ]),
);

const DRTS = 'ApiQueryDeletedrevs::execute via ApiBase::parseContinueParamOrDie';
const DEPRECATED_DR: Expected = ['deprecation', 'warning', 'deletedrevs', 'list'];
// Each row was sent signed in with deletedhistory to 1.43.3 and 1.45.0 (and the 1.39 ones to the suite's 1.39).
table(
  "Continue values of list=deletedrevs: the timestamp part is the database's (1.43 and later)",
  loggedInRows([
    ...(
      [
        ['a valid TS_MW timestamp', '20240101000000|5', true],
        ['the year 0000', '00000101000000|5', true],
        ['29 February of a leap year', '20240229000000|5', true],
        ['29 February of 2000', '20000229000000|5', true],
        ['a negative id is an integer PHP prints', '20240101000000|-5', true],
        ['13 digits', '2024010100000|5', false],
        ['month 13', '20241301000000|5', false],
        ['30 February', '20240230000000|5', false],
        ['29 February of 2023', '20230229000000|5', false],
        ['29 February of 1900', '19000229000000|5', false],
        ['31 April', '20240431000000|5', false],
        ['hour 24', '20240101240000|5', false],
        ['second 60', '20240101235960|5', false],
        ['an ISO 8601 timestamp', '2024-01-01T00:00:00Z|5', false],
        ['a Unix timestamp', '1700000000|5', false],
        ['a leading blank', ' 20240101000000|5', false],
        ['not a timestamp', 'x|5', false],
      ] as const
    ).map(([what, value, ok]) => ({
      mirrors: `${DRTS} (mode user, ${what})`,
      query: `action=query&list=deletedrevs&druser=Admin&drcontinue=${value.replace(/ /g, '%20')}`,
      expect: ok ? [DEPRECATED_DR] : [DEPRECATED_DR, ['badcontinue', 'error', value.replace(/ /g, '%20'), 'drcontinue'] as Expected],
    })),
    {
      mirrors: `${DRTS} (mode all: namespace|title|timestamp|id, the third part a year only)`,
      query: 'action=query&list=deletedrevs&drcontinue=0|Alpha|2024|5',
      expect: [DEPRECATED_DR, ['badcontinue', 'error', '0|Alpha|2024|5', 'drcontinue']],
    },
    {
      mirrors: `${DRTS} (mode all: an empty timestamp part)`,
      query: 'action=query&list=deletedrevs&drcontinue=0|Alpha||5',
      expect: [DEPRECATED_DR, ['badcontinue', 'error', '0|Alpha||5', 'drcontinue']],
    },
    {
      mirrors: `${DRTS} (PostgreSQL writes TS_POSTGRES: which database a wiki runs is not known, not refused)`,
      query: 'action=query&list=deletedrevs&druser=Admin&drcontinue=2024-01-01%2000:00:00%2B00|5',
      expect: [DEPRECATED_DR],
    },
    {
      mirrors:
        'ApiQueryDeletedrevs::execute on 1.39 (the timestamp part goes to the database unchecked: internal_api_error, left to the wiki)',
      query: 'action=query&list=deletedrevs&druser=Admin&drcontinue=x|5',
      expect: [DEPRECATED_DR],
      catalogue: wiki139,
    },
    {
      mirrors: 'ApiQueryDeletedrevs::execute on 1.39 (the form of the parts is still judged)',
      query: 'action=query&list=deletedrevs&druser=Admin&drcontinue=x|y',
      expect: [DEPRECATED_DR, ['badcontinue', 'error', 'x|y', 'drcontinue']],
      catalogue: wiki139,
    },
  ]),
);

const MTP = 'ApiQueryImageInfo::mergeThumbParams';
const II = 'action=query&prop=imageinfo&titles=File:Example.png&iiprop=url&';
// The rows on File:Example.png were sent to 1.39 (the suite's wiki), 1.43.3 and 1.45.0, each with that one-pixel PNG;
// the JPEG rows follow JpegHandler::parseParamString (the test wikis have no JPEG).
table("imageinfo's urlparam, read by the file's media handler (assumes the file exists)", [
  {
    mirrors: `${MTP} (BitmapHandler::parseParamString refuses page2-: badurlparam; no width left: ImageHandler::normaliseParams)`,
    query: II + 'iiurlparam=page2-1024px',
    expect: [
      ['badurlparam', 'warning', 'page2-1024px', 'iiurlparam'],
      ['urlparamnormal', 'error', 'page2-1024px', ''],
    ],
  },
  {
    mirrors: `${MTP} (unparsed, urlwidth and urlheight give the width: only the warning)`,
    query: II + 'iiurlwidth=220&iiurlheight=180&iiurlparam=page2-220px',
    expect: [['badurlparam', 'warning', 'page2-220px', 'iiurlparam']],
  },
  {
    mirrors: `${MTP} (unparsed, urlheight alone: the file's own width is used)`,
    query: II + 'iiurlheight=50&iiurlparam=lossy-50px',
    expect: [['badurlparam', 'warning', 'lossy-50px', 'iiurlparam']],
  },
  { mirrors: `${MTP} (ImageHandler::parseParamString: NNNpx)`, query: II + 'iiurlparam=120px', expect: [] },
  { mirrors: `${MTP} (BitmapHandler::parseParamString: interlaced-)`, query: II + 'iiurlparam=interlaced-120px', expect: [] },
  {
    mirrors: `${MTP} (a width other than urlwidth: urlparamwidth)`,
    query: II + 'iiurlwidth=100&iiurlparam=120px',
    expect: [['urlparamwidth', 'warning', '120px', 'iiurlparam']],
  },
  { mirrors: `${MTP} (widths compared as integers: 0120 is 120)`, query: II + 'iiurlwidth=120&iiurlparam=0120px', expect: [] },
  {
    mirrors: `${MTP} (ImageHandler::validateParam: a width of 0)`,
    query: II + 'iiurlparam=0px',
    expect: [['invalidurlparam', 'error', '0px', 'iiurlparam']],
  },
  {
    mirrors: `${MTP} (urlparamwidth comes before the validation that dies)`,
    query: II + 'iiurlwidth=50&iiurlparam=0px',
    expect: [
      ['urlparamwidth', 'warning', '0px', 'iiurlparam'],
      ['invalidurlparam', 'error', '0px', 'iiurlparam'],
    ],
  },
  { mirrors: `${MTP} (PHP reads "0" as false: not read)`, query: II + 'iiurlparam=0', expect: [] },
  {
    mirrors: `${MTP} (qlow- is JpegHandler's: a PNG's handler refuses it)`,
    query: II + 'iiurlparam=qlow-120px',
    expect: [
      ['badurlparam', 'warning', 'qlow-120px', 'iiurlparam'],
      ['urlparamnormal', 'error', 'qlow-120px', ''],
    ],
  },
  {
    mirrors: `${MTP} (JpegHandler::parseParamString: qlow- then a bitmap's)`,
    query: 'action=query&prop=imageinfo&titles=File:Photo.jpg&iiurlparam=qlow-120px',
    expect: [],
  },
  {
    mirrors: `${MTP} (JpegHandler: a quality other than low)`,
    query: 'action=query&prop=imageinfo&titles=File:Photo.JPG&iiurlwidth=120&iiurlparam=q80-120px',
    expect: [['badurlparam', 'warning', 'q80-120px', 'iiurlparam']],
  },
  {
    mirrors: `${MTP} (Image: is File:; px is lower case)`,
    query: 'action=query&prop=imageinfo&titles=Image:Example.png&iiprop=size&iiurlparam=120PX',
    expect: [
      ['badurlparam', 'warning', '120PX', 'iiurlparam'],
      ['urlparamnormal', 'error', '120PX', ''],
    ],
  },
  {
    mirrors: `${MTP} (a page that is no file is not read)`,
    query: 'action=query&prop=imageinfo&titles=File:Example.png|Alpha&iiurlparam=lang-de-120px&iiurlwidth=120',
    expect: [['badurlparam', 'warning', 'lang-de-120px', 'iiurlparam']],
  },
  {
    mirrors: `${MTP} (SvgHandler reads lang…-: a handler not mirrored, not judged)`,
    query: 'action=query&prop=imageinfo&titles=File:Map.svg&iiurlparam=foo',
    expect: [],
  },
  {
    mirrors: `${MTP} (pages by id: whether they are files is the wiki's, not judged)`,
    query: 'action=query&prop=imageinfo&pageids=3&iiurlparam=page2-1024px',
    expect: [],
  },
]);

it('an urlparam verdict says it assumes the file exists, and names it as MediaWiki does', () => {
  const [d] = validate('action=query&prop=imageinfo&titles=File:No_such_file.png&iiurlwidth=10&iiurlparam=x');
  assert.equal(d.code, 'badurlparam');
  assert.match(
    d.message,
    /^Could not parse iiurlparam for No_such_file\.png\. Using only width and height\. \(.*assumes File:No_such_file\.png exists and is what its name says, a PNG file \(BitmapHandler\)\.\)$/,
  );
});

const AUTH = 'ApiAuthManagerHelper::loadAuthenticationRequests';
// Every row is a GET of a module that must be posted: the postonly information and the token's
// mustpostparams and sensitiveparam come with each; the fields are what the rows are about.
const LOGIN = 'action=clientlogin&loginreturnurl=http://x/&logintoken=t&';
const CREATE = 'action=createaccount&createreturnurl=http://x/&createtoken=t&';

table('Fields of the authentication requests (AuthManager): read without the module’s prefix', [
  {
    mirrors: `${AUTH} (PasswordAuthenticationRequest, RememberMeAuthenticationRequest on login)`,
    query: LOGIN + 'username=A&rememberMe=1',
    expect: [
      ['sensitiveparam', 'information', 't', 'logintoken'],
      ['postonly', 'information', 'clientlogin', 'action'],
      ['mustpostparams', 'error', 'logintoken', 'logintoken'],
    ],
  },
  {
    mirrors: `${AUTH} (password is sensitive: requirePostedParameters)`,
    query: LOGIN + 'username=A&password=secret',
    expect: [
      ['sensitiveparam', 'information', 't', 'logintoken'],
      ['sensitiveparam', 'information', 'secret', 'password'],
      ['postonly', 'information', 'clientlogin', 'action'],
      ['mustpostparams', 'error', 'logintoken', 'logintoken'],
    ],
  },
  {
    mirrors: `${AUTH} (a field no login request has, and a bogus name, are still unrecognized)`,
    query: LOGIN + 'retype=x&bogus=1',
    expect: [
      ['sensitiveparam', 'information', 't', 'logintoken'],
      ['unrecognizedparams', 'warning', 'retype', 'retype'],
      ['unrecognizedparams', 'warning', 'bogus', 'bogus'],
      ['postonly', 'information', 'clientlogin', 'action'],
      ['mustpostparams', 'error', 'logintoken', 'logintoken'],
    ],
  },
  {
    mirrors: `${AUTH} (an extension's request: ConfirmEdit's captchaWord is read only where ConfirmEdit is installed)`,
    query: LOGIN + 'captchaWord=x',
    expect: [
      ['sensitiveparam', 'information', 't', 'logintoken'],
      ['unrecognizedparams', 'information', 'captchaWord', 'captchaWord'],
      ['postonly', 'information', 'clientlogin', 'action'],
      ['mustpostparams', 'error', 'logintoken', 'logintoken'],
    ],
  },
  {
    mirrors: `${AUTH} (UsernameAuthenticationRequest, PasswordAuthenticationRequest with retype, UserDataAuthenticationRequest on account creation)`,
    query: CREATE + 'username=A&email=a@example.org&realname=R',
    expect: [
      ['sensitiveparam', 'information', 't', 'createtoken'],
      ['postonly', 'information', 'createaccount', 'action'],
      ['mustpostparams', 'error', 'createtoken', 'createtoken'],
    ],
  },
  {
    mirrors: `${AUTH} (reason only for a creator who is logged in; rememberMe is a login field)`,
    query: CREATE + 'reason=r&rememberMe=1',
    expect: [
      ['sensitiveparam', 'information', 't', 'createtoken'],
      ['unrecognizedparams', 'information', 'reason', 'reason'],
      ['unrecognizedparams', 'warning', 'rememberMe', 'rememberMe'],
      ['postonly', 'information', 'createaccount', 'action'],
      ['mustpostparams', 'error', 'createtoken', 'createtoken'],
    ],
  },
]);

const AUTH_NS = 'MediaWiki%5CAuth%5C';
const TOKENS_OF = (token: string, action: string): Expected[] => [
  ['postonly', 'information', action, 'action'],
  ['mustpostparams', 'error', token, token],
];

table(
  'Fields of the authentication requests: the step and the requests named decide which are read (probed by POST on 1.43.3 and 1.45.0)',
  [
    {
      mirrors: `${AUTH} (loginrequests keeps the requests it names: RememberMeAuthenticationRequest left out)`,
      query: LOGIN + `loginrequests=${AUTH_NS}PasswordAuthenticationRequest&username=A&rememberMe=1`,
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'warning', 'rememberMe', 'rememberMe'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (loginrequests naming only RememberMeAuthenticationRequest: username is not read)`,
      query: LOGIN + `loginrequests=${AUTH_NS}RememberMeAuthenticationRequest&username=A&rememberMe=1`,
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'warning', 'username', 'username'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (an extension's request named by its id in any namespace: ConfirmEdit's CaptchaAuthenticationRequest)`,
      query: LOGIN + 'loginrequests=MediaWiki%5CExtension%5CConfirmEdit%5CAuth%5CCaptchaAuthenticationRequest&captchaWord=x',
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'information', 'captchaWord', 'captchaWord'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (logincontinue: ACTION_LOGIN_CONTINUE reads the requests the last answer asked for; username is a first-step field, OATHToken and a new password a later step's)`,
      query: 'action=clientlogin&logintoken=t&logincontinue=1&username=A&OATHToken=123456&retype=x',
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'warning', 'username', 'username'],
        ['unrecognizedparams', 'information', 'OATHToken', 'OATHToken'],
        ['unrecognizedparams', 'information', 'retype', 'retype'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (ResetPasswordSecondaryAuthenticationProvider::tryReset asks for ButtonAuthenticationRequest skipReset only on a later step, when the reset may be skipped)`,
      query: 'action=clientlogin&logintoken=t&logincontinue=1&skipReset=1',
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'information', 'skipReset', 'skipReset'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (ResetPasswordSecondaryAuthenticationProvider: skipReset on the first step is read by no request)`,
      query: LOGIN + 'skipReset=1',
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'warning', 'skipReset', 'skipReset'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (loginrequests naming ButtonAuthenticationRequest:skipReset by its unique id keeps skipReset and drops the new password)`,
      query: `action=clientlogin&logintoken=t&logincontinue=1&loginrequests=${AUTH_NS}ButtonAuthenticationRequest:skipReset&skipReset=1&retype=x`,
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'information', 'skipReset', 'skipReset'],
        ['unrecognizedparams', 'warning', 'retype', 'retype'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (ApiAuthManagerHelper::getStandardParams: loginpreservestate and loginmergerequestfields are the module's own, read on either step)`,
      query: 'action=clientlogin&logintoken=t&logincontinue=1&loginpreservestate=1&loginmergerequestfields=1',
      expect: [['sensitiveparam', 'information', 't', 'logintoken'], ...TOKENS_OF('logintoken', 'clientlogin')],
    },
    {
      mirrors: `${AUTH} (OATHAuth asks for OATHToken only on a later step: TOTPSecondaryAuthenticationProvider)`,
      query: LOGIN + 'OATHToken=123456',
      expect: [
        ['sensitiveparam', 'information', 't', 'logintoken'],
        ['unrecognizedparams', 'warning', 'OATHToken', 'OATHToken'],
        ...TOKENS_OF('logintoken', 'clientlogin'),
      ],
    },
    {
      mirrors: `${AUTH} (createrequests naming only UsernameAuthenticationRequest: UserDataAuthenticationRequest's email is not read)`,
      query: CREATE + `createrequests=${AUTH_NS}UsernameAuthenticationRequest&username=A&email=a@example.org`,
      expect: [
        ['sensitiveparam', 'information', 't', 'createtoken'],
        ['unrecognizedparams', 'warning', 'email', 'email'],
        ...TOKENS_OF('createtoken', 'createaccount'),
      ],
    },
    {
      mirrors: `${AUTH} (createcontinue: no first-step field is read)`,
      query: 'action=createaccount&createtoken=t&createcontinue=1&username=A',
      expect: [
        ['sensitiveparam', 'information', 't', 'createtoken'],
        ['unrecognizedparams', 'warning', 'username', 'username'],
        ...TOKENS_OF('createtoken', 'createaccount'),
      ],
    },
    {
      mirrors: `${AUTH} (a registered creator: CreationReasonAuthenticationRequest and TemporaryPasswordAuthenticationRequest are asked for, reason and mailpassword read)`,
      query: CREATE + 'reason=r&mailpassword=1',
      loggedIn: true,
      expect: [['sensitiveparam', 'information', 't', 'createtoken'], ...TOKENS_OF('createtoken', 'createaccount')],
    },
    {
      mirrors: `${AUTH} (ApiChangeAuthenticationData: the one request changeauthrequest names, PasswordAuthenticationRequest for a change: password and retype, sensitive; not username)`,
      query: `action=changeauthenticationdata&changeauthtoken=t&changeauthrequest=${AUTH_NS}PasswordAuthenticationRequest&retype=x&username=A`,
      expect: [
        ['sensitiveparam', 'information', 't', 'changeauthtoken'],
        ['sensitiveparam', 'information', 'x', 'retype'],
        ['unrecognizedparams', 'warning', 'username', 'username'],
        ...TOKENS_OF('changeauthtoken', 'changeauthenticationdata'),
      ],
    },
    {
      mirrors: `${AUTH} (ApiRemoveAuthenticationData: a request for removal declares no field in core, mailpassword is not read)`,
      query: `action=removeauthenticationdata&token=t&request=${AUTH_NS}TemporaryPasswordAuthenticationRequest&mailpassword=1`,
      expect: [
        ['sensitiveparam', 'information', 't', 'token'],
        ['unrecognizedparams', 'warning', 'mailpassword', 'mailpassword'],
        ...TOKENS_OF('token', 'removeauthenticationdata'),
      ],
    },
  ],
);

const BACKLINKS = 'ApiQueryBacklinks::run';
table('With redirect, backlinks and imageusage halve the limit: 250 (2500 with apihighlimits)', [
  {
    mirrors: `${BACKLINKS} (list=backlinks: $userMax = LIMIT_BIG1 / 2 with redirect, PARAM_IGNORE_RANGE)`,
    query: 'action=query&list=backlinks&bltitle=Alpha&blredirect=1&bllimit=500',
    expect: [['outofrange', 'warning', 'bllimit', 'bllimit']],
  },
  {
    mirrors: `${BACKLINKS} (without redirect the maximum stays LIMIT_BIG1)`,
    query: 'action=query&list=backlinks&bltitle=Alpha&bllimit=500',
    expect: [],
  },
  {
    mirrors: `${BACKLINKS} (max becomes 250 without a warning)`,
    query: 'action=query&list=backlinks&bltitle=Alpha&blredirect=&bllimit=max',
    expect: [],
  },
  {
    mirrors: `${BACKLINKS} (250 is within the halved maximum)`,
    query: 'action=query&list=backlinks&bltitle=Alpha&blredirect=1&bllimit=250',
    expect: [],
  },
  {
    mirrors: `${BACKLINKS} (list=imageusage)`,
    query: 'action=query&list=imageusage&iutitle=File:Example.png&iuredirect=1&iulimit=251',
    expect: [['outofrange', 'warning', 'iulimit', 'iulimit']],
  },
  {
    mirrors: `${BACKLINKS} (as the generator: run( $resultPageSet ) validates the same way)`,
    query: 'action=query&generator=backlinks&gbltitle=Alpha&gblredirect=1&gbllimit=300',
    expect: [['outofrange', 'warning', 'gbllimit', 'gbllimit']],
  },
]);

describe('the halved backlinks limit follows apihighlimits', () => {
  it(`${BACKLINKS}: LIMIT_BIG2 / 2 (2500) for an account with apihighlimits`, () => {
    const q = 'action=query&list=backlinks&bltitle=Alpha&blredirect=1&bllimit=';
    const seenWith = (limit: string) => validate(q + limit, { settings: { highLimits: true } }).map((d) => [d.code, d.text]);
    assert.deepEqual(seenWith('2500'), []);
    assert.deepEqual(seenWith('2501'), [['outofrange', 'bllimit']]);
  });
});

const BACKLINKSPROP = 'ApiQueryBacklinksprop::run';
table('linkshere and transcludedin: redirect with !redirect is the show error', [
  {
    mirrors: `${BACKLINKSPROP} (prop=linkshere)`,
    query: 'action=query&titles=Alpha&prop=linkshere&lhshow=!redirect|redirect',
    expect: [['show', 'error', '!redirect', 'lhshow']],
  },
  {
    mirrors: `${BACKLINKSPROP} (prop=transcludedin)`,
    query: 'action=query&titles=Template:Infobox&prop=transcludedin&tishow=redirect|!redirect',
    expect: [['show', 'error', '!redirect', 'tishow']],
  },
  {
    mirrors: `${BACKLINKSPROP} (no title: it returns before reading show)`,
    query: 'action=query&prop=linkshere&lhshow=!redirect|redirect',
    expect: [],
  },
  {
    mirrors: `${BACKLINKSPROP} (one of the two is a filter, not an error)`,
    query: 'action=query&titles=Alpha&prop=linkshere&lhshow=!redirect',
    expect: [],
  },
]);

table('fileusage: redirect with !redirect is the show error for a File: title only', [
  {
    mirrors: `${BACKLINKSPROP} (prop=fileusage: the titles kept are File pages)`,
    query: 'action=query&titles=File:Example.png&prop=fileusage&fushow=redirect|!redirect',
    expect: [['show', 'error', '!redirect', 'fushow']],
  },
  {
    mirrors: `${BACKLINKSPROP} (a missing file, by the Image: alias, is kept too)`,
    query: 'action=query&titles=Image:Nothing.png&prop=fileusage&fushow=redirect|!redirect',
    expect: [['show', 'error', '!redirect', 'fushow']],
  },
  {
    mirrors: `${BACKLINKSPROP} (one File: title among others is enough)`,
    query: 'action=query&titles=Alpha|File:Missing.png&prop=fileusage&fushow=!redirect|redirect',
    expect: [['show', 'error', '!redirect', 'fushow']],
  },
  {
    mirrors: `${BACKLINKSPROP} (the wiki's own name of the File namespace, from its siteinfo)`,
    query: 'action=query&titles=Datei:Beispiel.png&prop=fileusage&fushow=redirect|!redirect',
    catalogue: germanWiki,
    expect: [['show', 'error', '!redirect', 'fushow']],
  },
  {
    mirrors: `${BACKLINKSPROP} (no File page left: it returns before reading show)`,
    query: 'action=query&titles=Alpha&prop=fileusage&fushow=redirect|!redirect',
    expect: [],
  },
  {
    mirrors: `${BACKLINKSPROP} (Media: is a special page, not the File namespace)`,
    query: 'action=query&titles=Media:Nothing.png&prop=fileusage&fushow=redirect|!redirect',
    expect: [],
  },
  {
    mirrors: `${BACKLINKSPROP} (pages from a generator: their namespace is not known here, not judged)`,
    query: 'action=query&generator=allimages&prop=fileusage&fushow=redirect|!redirect',
    expect: [],
  },
]);

describe('the halved backlinks limit names the parameters as written', () => {
  it(`${BACKLINKS}: as the generator the warning is about gbllimit and gblredirect, as the wiki says`, () => {
    const [d] = validate('action=query&generator=backlinks&gbltitle=Alpha&gblredirect=1&gbllimit=300');
    assert.match(d.message, /^gbllimit may not be over 250 .* when gblredirect is given: .* Write gbllimit=max/);
    const [l] = validate('action=query&list=backlinks&bltitle=Alpha&blredirect=1&bllimit=300');
    assert.match(l.message, /^bllimit may not be over 250 .* when blredirect is given: .* Write bllimit=max/);
  });
});

const SINGLE_PAGE = 'ApiQueryRevisions::run';
table("A generator's pages are the prop module's pages: with a limit of 1, the list options apply", [
  {
    mirrors: `${SINGLE_PAGE} (generator=allpages&gaplimit=1: one page, no apierror-revisions-singlepage)`,
    query: 'action=query&generator=allpages&gaplimit=1&prop=revisions&rvlimit=2',
    expect: [],
  },
  {
    mirrors: `${SINGLE_PAGE} (the generator's output replaces titles as the input: still one page)`,
    query: 'action=query&generator=links&titles=Alpha&gpllimit=1&prop=revisions&rvdir=newer',
    expect: [],
  },
  {
    mirrors: `${SINGLE_PAGE} (gaplimit=2: several pages, apierror-revisions-singlepage)`,
    query: 'action=query&generator=allpages&gaplimit=2&prop=revisions&rvlimit=2',
    expect: [
      ['singlepageonly', 'information', 'rvlimit', 'rvlimit'],
      ['invalidparammix', 'error', 'rvlimit', 'rvlimit'],
    ],
  },
  {
    mirrors: `${SINGLE_PAGE} (a generator's default limit, 10 for allpages)`,
    query: 'action=query&generator=allpages&prop=revisions&rvlimit=2',
    expect: [
      ['singlepageonly', 'information', 'rvlimit', 'rvlimit'],
      ['invalidparammix', 'error', 'rvlimit', 'rvlimit'],
    ],
  },
]);

const SLOTS_MIX = 'ApiQueryRevisionsBase::parseParameters';
table('rvparse or parsetree with rvslots: invalidparammix only for an existing page, not for the generator', [
  {
    mirrors: `${SLOTS_MIX} via ApiQueryRevisions::run (a page named: assumed to exist, the message says so)`,
    query: 'action=query&titles=Alpha&prop=revisions&rvparse=1&rvslots=main',
    expect: [
      ['deprecation', 'warning', 'rvparse', 'rvparse'],
      ['invalidparammix', 'error', 'rvparse', 'rvparse'],
    ],
  },
  {
    mirrors: `${SLOTS_MIX} (ApiQueryRevisions::run returns first for an empty page set)`,
    query: 'action=query&prop=revisions&rvparse=1&rvslots=main',
    expect: [['deprecation', 'warning', 'rvparse', 'rvparse']],
  },
  {
    mirrors: `${SLOTS_MIX} (not called for the generator: $resultPageSet !== null)`,
    query: 'action=query&generator=revisions&titles=Alpha&grvparse=1&grvslots=main',
    expect: [['deprecation', 'warning', 'grvparse', 'grvparse']],
  },
  {
    mirrors: `${SLOTS_MIX} (prop=parsetree with slots, no page set)`,
    query: 'action=query&prop=revisions&rvprop=parsetree&rvslots=main',
    expect: [['deprecation', 'warning', 'parsetree', 'rvprop']],
  },
]);

const MAXLAG = 'ApiMain::checkMaxLag (LoadBalancer::getMaxLag is never below -1)';
table('maxlag below -1 is refused by every wiki; -1 passes only without replicas', [
  {
    mirrors: `${MAXLAG}: -2 is below every lag`,
    query: 'action=query&meta=siteinfo&maxlag=-2',
    expect: [['maxlag', 'error', 'maxlag', '']],
  },
  {
    mirrors: `${MAXLAG}: leading zeros read as the number`,
    query: 'action=parse&text=x&contentmodel=wikitext&maxlag=-010',
    expect: [['maxlag', 'error', 'maxlag', '']],
  },
  {
    mirrors: `${MAXLAG}: -1 depends on the wiki's replicas`,
    query: 'action=query&meta=siteinfo&maxlag=-1',
    expect: [['maxlag', 'information', 'maxlag', '']],
  },
  {
    mirrors: `${MAXLAG}: 0 and 5 depend on the wiki's lag, as every maxlag does`,
    query: 'action=query&meta=siteinfo&maxlag=0',
    expect: [],
  },
  { mirrors: MAXLAG, query: 'action=query&meta=siteinfo&maxlag=5', expect: [] },
  { mirrors: `${MAXLAG}: -0 is 0`, query: 'action=query&meta=siteinfo&maxlag=-0', expect: [] },
  { mirrors: 'ApiHelp::shouldCheckMaxlag (false)', query: 'action=help&maxlag=-2', expect: [] },
  {
    mirrors: 'IntegerDef::validate before ApiMain::checkMaxLag',
    query: 'action=query&meta=siteinfo&maxlag=-1.5',
    expect: [['badinteger', 'error', '-1.5', 'maxlag']],
  },
]);

const PCOD = 'ApiBase::parseContinueParamOrDie';
table('Continue values read whenever continue is given: their form (0 and the empty value are refused)', [
  {
    mirrors: `ApiQueryContributors::execute via ${PCOD} (int|int)`,
    query: 'action=query&prop=contributors&titles=Alpha&pccontinue=1|2',
    expect: [],
  },
  {
    mirrors: `ApiQueryContributors::execute via ${PCOD} (one part)`,
    query: 'action=query&prop=contributors&titles=Alpha&pccontinue=0',
    expect: [['badcontinue', 'error', '0', 'pccontinue']],
  },
  {
    mirrors: `ApiQueryContributors::execute (1.39: explode, only the count)`,
    query: 'action=query&prop=contributors&titles=Alpha&pccontinue=1|x',
    expect: [],
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryFilearchive::execute via ${PCOD} (string|timestamp|int)`,
    query: 'action=query&list=filearchive&facontinue=A|20240101000000|5',
    expect: [],
  },
  {
    mirrors: `ApiQueryFilearchive::execute via ${PCOD} (an int part PHP writes otherwise)`,
    query: 'action=query&list=filearchive&facontinue=A|20240101000000|05',
    expect: [['badcontinue', 'error', 'A|20240101000000|05', 'facontinue']],
  },
  {
    mirrors: `ApiQueryFilearchive::execute (1.39: the id part checked as (string)(int))`,
    query: 'action=query&list=filearchive&facontinue=A|20240101000000|05',
    expect: [['badcontinue', 'error', 'A|20240101000000|05', 'facontinue']],
    catalogue: wiki139,
  },
  {
    mirrors: `ApiQueryIWBacklinks::run via ${PCOD} (string|string|int)`,
    query: 'action=query&list=iwbacklinks&iwblprefix=wikipedia&iwblcontinue=a|b|x',
    expect: [['badcontinue', 'error', 'a|b|x', 'iwblcontinue']],
  },
  {
    mirrors: `ApiQueryLangBacklinks::run via ${PCOD} (four parts)`,
    query: 'action=query&list=langbacklinks&lbllang=fr&lblcontinue=a|b|c|1',
    expect: [['badcontinue', 'error', 'a|b|c|1', 'lblcontinue']],
  },
  {
    mirrors: `ApiQueryLangBacklinks::run via ${PCOD} (the empty value is read: one empty part)`,
    query: 'action=query&list=langbacklinks&lbllang=fr&lblcontinue=',
    expect: [['badcontinue', 'error', '', 'lblcontinue']],
  },
]);

const FILE_CONTINUE = 'getGoodAndMissingTitlesByNamespace()[NS_FILE], then ApiBase::parseContinueParamOrDie';
table('Continue values read only for File: pages (imageinfo, duplicatefiles)', [
  {
    mirrors: `ApiQueryImageInfo::execute via ${FILE_CONTINUE} (one part)`,
    query: 'action=query&prop=imageinfo&titles=File:Example.png&iicontinue=0',
    expect: [['badcontinue', 'error', '0', 'iicontinue']],
  },
  {
    mirrors: `ApiQueryImageInfo::execute via ${FILE_CONTINUE} (string|string)`,
    query: 'action=query&prop=imageinfo&titles=File:Example.png&iicontinue=Example.png|20240101000000',
    expect: [],
  },
  {
    mirrors: 'ApiQueryImageInfo::execute (no File: page: continue not read)',
    query: 'action=query&prop=imageinfo&titles=Alpha&iicontinue=0',
    expect: [],
  },
  {
    mirrors: 'ApiQueryImageInfo::execute (pages from a generator: not judged)',
    query: 'action=query&generator=allimages&prop=imageinfo&iicontinue=0',
    expect: [],
  },
  {
    mirrors: `ApiQueryDuplicateFiles::run via ${FILE_CONTINUE} (a missing file too)`,
    query: 'action=query&prop=duplicatefiles&titles=File:No_such.png&dfcontinue=a|b|c',
    expect: [['badcontinue', 'error', 'a|b|c', 'dfcontinue']],
  },
  {
    mirrors: `ApiQueryDuplicateFiles::run (1.39: explode, two parts)`,
    query: 'action=query&prop=duplicatefiles&titles=File:Example.png&dfcontinue=0',
    expect: [['badcontinue', 'error', '0', 'dfcontinue']],
    catalogue: wiki139,
  },
]);

const ALL_LINKS = 'ApiQueryAllLinks::run via ApiBase::parseContinueParamOrDie';
table('Continue values of alllinks and its kin: one title with unique, two parts without', [
  {
    mirrors: `${ALL_LINKS} (without unique: two parts, the last an int)`,
    query: 'action=query&list=alllinks&alcontinue=0',
    expect: [['badcontinue', 'error', '0', 'alcontinue']],
  },
  {
    mirrors: `${ALL_LINKS} (without unique: an int last part)`,
    query: 'action=query&list=alltransclusions&atcontinue=Tmpl|x',
    expect: [['badcontinue', 'error', 'Tmpl|x', 'atcontinue']],
  },
  {
    mirrors: `${ALL_LINKS} (title|from, or target id|from: the common form)`,
    query: 'action=query&list=allfileusages&afcontinue=Example.png|3',
    expect: [],
  },
  { mirrors: `${ALL_LINKS} (with unique: one title)`, query: 'action=query&list=allredirects&arunique=1&arcontinue=0', expect: [] },
  {
    mirrors: `${ALL_LINKS} (with unique: no |)`,
    query: 'action=query&list=alllinks&alunique=&alcontinue=a|b',
    expect: [['badcontinue', 'error', 'a|b', 'alcontinue']],
  },
  {
    mirrors: `${ALL_LINKS} (as a generator)`,
    query: 'action=query&generator=alllinks&galcontinue=0',
    expect: [['badcontinue', 'error', '0', 'galcontinue']],
  },
  {
    mirrors: 'ApiQueryAllLinks::run (1.39: explode, two parts without unique, each read loosely)',
    query: 'action=query&list=alllinks&alcontinue=Alpha|x',
    expect: [],
    catalogue: wiki139,
  },
]);
