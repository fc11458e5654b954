import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { createWikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { builtinCatalogue, readRepoJson, validate, type SeenDiagnostic } from './helpers';
import { createWikiValidator, doWikiValidation } from '../../../server/src/service/wiki/wikiValidator';
import { parseWikiDocument } from '../../../server/src/service/wiki/wikiQueryParser';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { TextDocument } from 'vscode-languageserver-textdocument';

/** [code, severity, text the range covers, param] */
type Expected = [string, SeenDiagnostic['severity'], string, string];

function seen(text: string, settings = {}): Expected[] {
  return validate(text, { settings }).map((d) => [d.code, d.severity, d.text, d.param]);
}

/**
 * Every diagnostic code, one query each, with the full list of diagnostics the query must get
 * (code, severity, the text the range covers, the parameter it is about).
 */
const TABLE: Array<{ name: string; query: string; expect: Expected[]; settings?: object }> = [
  // unrecognizedparams (warning)
  {
    name: 'unknown parameter with a did-you-mean',
    query: 'action=query&list=allpages&aplimt=5',
    expect: [['unrecognizedparams', 'warning', 'aplimt', 'aplimt']],
  },
  {
    name: 'parameter of a module not selected',
    query: 'action=query&list=allpages&cmtitle=Category:X',
    expect: [['unrecognizedparams', 'warning', 'cmtitle', 'cmtitle']],
  },
  {
    name: 'generator parameter without its g',
    query: 'action=query&generator=allpages&aplimit=5',
    expect: [['unrecognizedparams', 'warning', 'aplimit', 'aplimit']],
  },
  {
    name: 'g form while the module is a list',
    query: 'action=query&list=allpages&gaplimit=5',
    expect: [['unrecognizedparams', 'warning', 'gaplimit', 'gaplimit']],
  },
  {
    name: 'templated parameter without its slot',
    query: 'action=query&prop=revisions&titles=A&rvcontentformat-main=text/x-wiki',
    expect: [['unrecognizedparams', 'warning', 'rvcontentformat-main', 'rvcontentformat-main']],
  },
  // unrecognizedvalues (warning)
  {
    name: 'bad value in a multi-valued enum',
    query: 'action=query&prop=info&titles=A&inprop=url|talkidd',
    expect: [['unrecognizedvalues', 'warning', 'talkidd', 'inprop']],
  },
  {
    name: 'bad value in a multi-valued namespace',
    query: 'action=query&list=allrevisions&arvnamespace=0|99',
    expect: [['unrecognizedvalues', 'warning', '99', 'arvnamespace']],
  },
  { name: 'unknown list module', query: 'action=query&list=allpagez', expect: [['unrecognizedvalues', 'warning', 'allpagez', 'list']] },
  { name: 'module of another group', query: 'action=query&prop=allpages', expect: [['unrecognizedvalues', 'warning', 'allpages', 'prop']] },
  {
    name: '* mixed with other values',
    query: 'action=query&list=allrevisions&arvnamespace=*|1',
    expect: [['unrecognizedvalues', 'warning', '*', 'arvnamespace']],
  },
  // badvalue (error)
  {
    name: 'bad single-valued enum',
    query: 'action=query&list=allpages&apfilterredir=none',
    expect: [['badvalue', 'error', 'none', 'apfilterredir']],
  },
  {
    name: 'a|b to a single-valued enum',
    query: 'action=query&list=allpages&apdir=ascending|descending',
    expect: [['badvalue', 'error', 'ascending|descending', 'apdir']],
  },
  {
    name: 'bad single-valued namespace',
    query: 'action=query&list=allpages&apnamespace=Template',
    expect: [['badvalue', 'error', 'Template', 'apnamespace']],
  },
  {
    name: 'U+001F list to a single-valued parameter',
    query: 'action=query&list=allpages&apdir=%1Fascending',
    expect: [['badvalue', 'error', '%1Fascending', 'apdir']],
  },
  { name: 'unknown format', query: 'action=query&meta=siteinfo&format=jsno', expect: [['badvalue', 'error', 'jsno', 'format']] },
  { name: 'unknown action', query: 'action=qeury&meta=siteinfo', expect: [['badvalue', 'error', 'qeury', 'action']] },
  // toomanyvalues (error), 50 / 500 with high limits
  {
    name: 'over 50 titles',
    query: `action=query&prop=info&titles=${Array.from({ length: 51 }, (_, i) => `P${i}`).join('|')}`,
    expect: [['toomanyvalues', 'error', Array.from({ length: 51 }, (_, i) => `P${i}`).join('|'), 'titles']],
  },
  {
    name: '51 titles with high limits',
    query: `action=query&prop=info&titles=${Array.from({ length: 51 }, (_, i) => `P${i}`).join('|')}`,
    settings: { highLimits: true },
    expect: [],
  },
  // outofrange (warning: clamped)
  { name: 'limit above max', query: 'action=query&list=allpages&aplimit=501', expect: [['outofrange', 'warning', '501', 'aplimit']] },
  { name: 'limit below min', query: 'action=query&list=allpages&aplimit=0', expect: [['outofrange', 'warning', '0', 'aplimit']] },
  {
    name: 'limit within highmax with high limits',
    query: 'action=query&list=allpages&aplimit=5000',
    settings: { highLimits: true },
    expect: [],
  },
  {
    name: 'integer below min',
    query: 'action=query&list=search&srsearch=x&sroffset=-1',
    expect: [['outofrange', 'warning', '-1', 'sroffset']],
  },
  // badinteger (error)
  { name: 'not an integer', query: 'action=query&list=allpages&apminsize=ten', expect: [['badinteger', 'error', 'ten', 'apminsize']] },
  { name: 'limit not an integer', query: 'action=query&list=allpages&aplimit=5.5', expect: [['badinteger', 'error', '5.5', 'aplimit']] },
  { name: 'integer in a list', query: 'action=query&prop=info&pageids=1|x2', expect: [['badinteger', 'error', 'x2', 'pageids']] },
  {
    name: 'max is valid for limits, signs for integers',
    query: 'action=query&list=allpages&aplimit=max&apminsize=%2B5&apmaxsize=-0',
    expect: [],
  },
  {
    name: 'a number beyond 64 bits',
    query: 'action=query&list=allpages&apminsize=99999999999999999999',
    expect: [['badinteger', 'error', '99999999999999999999', 'apminsize']],
  },
  {
    name: 'namespace numbers are read as integers (%2B0, 00)',
    query: 'action=query&list=allpages&apnamespace=%2B0\n\naction=query&list=allrevisions&arvnamespace=00|14',
    expect: [],
  },
  {
    name: 'a raw + is a space, so +5 is not an integer',
    query: 'action=query&list=allpages&apminsize=+5',
    expect: [['badinteger', 'error', '+5', 'apminsize']],
  },
  // badtimestamp (error) / unclearnowtimestamp (warning)
  {
    name: 'bad timestamp',
    query: 'action=query&list=recentchanges&rcstart=yesterday',
    expect: [['badtimestamp', 'error', 'yesterday', 'rcstart']],
  },
  { name: 'timestamp 0', query: 'action=query&list=recentchanges&rcstart=0', expect: [['unclearnowtimestamp', 'warning', '0', 'rcstart']] },
  {
    name: 'empty timestamp',
    query: 'action=query&list=recentchanges&rcend=&rcstart=now',
    expect: [['unclearnowtimestamp', 'warning', '', 'rcend']],
  },
  {
    name: 'a timestamp before the year 0000 (month and day 00)',
    query: 'action=query&list=recentchanges&rcstart=00000000000000',
    expect: [['badtimestamp', 'error', '00000000000000', 'rcstart']],
  },
  {
    name: 'a timestamp past the year 9999',
    query: 'action=query&list=recentchanges&rcstart=99991301000000&rcend=253402300800',
    expect: [
      ['badtimestamp', 'error', '99991301000000', 'rcstart'],
      ['badtimestamp', 'error', '253402300800', 'rcend'],
    ],
  },
  {
    name: 'timestamp forms MediaWiki accepts',
    query: 'action=query&list=recentchanges&rcstart=2024-01-31T12:00:00Z&rcend=20240101000000',
    expect: [],
  },
  // missingparam (error)
  { name: 'required parameter absent', query: 'action=query&list=search', expect: [['missingparam', 'error', 'search', 'srsearch']] },
  {
    name: 'required parameter empty',
    query: 'action=query&list=search&srsearch=',
    expect: [['missingparam', 'error', 'srsearch=', 'srsearch']],
  },
  {
    name: 'required under generator takes g',
    query: 'action=query&generator=search',
    expect: [['missingparam', 'error', 'search', 'gsrsearch']],
  },
  {
    name: 'one of title/pageid (module rule)',
    query: 'action=query&list=categorymembers',
    expect: [['missingparam', 'error', 'categorymembers', 'cmtitle']],
  },
  {
    name: 'one of the usercontribs user sources',
    query: 'action=query&list=usercontribs',
    expect: [['missingparam', 'error', 'usercontribs', 'ucuserprefix']],
  },
  // invalidparammix (error)
  {
    name: 'title and pageid together',
    query: 'action=query&list=backlinks&bltitle=A&blpageid=5',
    expect: [['invalidparammix', 'error', 'blpageid', 'blpageid']],
  },
  {
    name: 'augroup with auexcludegroup',
    query: 'action=query&list=allusers&augroup=sysop&auexcludegroup=bot',
    expect: [['invalidparammix', 'error', 'auexcludegroup', 'auexcludegroup']],
  },
  {
    name: 'two usercontribs user sources',
    query: 'action=query&list=usercontribs&ucuser=A&ucuserprefix=B',
    expect: [['invalidparammix', 'error', 'ucuserprefix', 'ucuserprefix']],
  },
  {
    name: 'lltitle without lllang',
    query: 'action=query&prop=langlinks&titles=A&lltitle=B',
    expect: [['invalidparammix', 'error', 'lltitle', 'lltitle']],
  },
  // multisource (error)
  {
    name: 'titles and pageids',
    query: 'action=query&prop=info&titles=A&pageids=1',
    expect: [['multisource', 'error', 'pageids', 'pageids']],
  },
  // deprecation (warning)
  {
    name: 'deprecated parameter',
    query: 'action=query&prop=revisions&titles=A&rvparse=1',
    expect: [['deprecation', 'warning', 'rvparse', 'rvparse']],
  },
  {
    name: 'deprecated value',
    query: 'action=query&prop=info&titles=A&inprop=readable',
    expect: [['deprecation', 'warning', 'readable', 'inprop']],
  },
  {
    name: 'deprecated module (sent signed in: a reader who is not logged in is refused first)',
    query: 'action=query&list=deletedrevs',
    expect: [['deprecation', 'warning', 'deletedrevs', 'list']],
    settings: { loggedIn: true },
  },
  // badgenerator (error)
  {
    name: 'module that is not a generator',
    query: 'action=query&generator=allusers',
    expect: [['badgenerator', 'error', 'allusers', 'generator']],
  },
  { name: 'unknown generator', query: 'action=query&generator=allpagez', expect: [['badgenerator', 'error', 'allpagez', 'generator']] },
  // baduser / badtitle (error)
  {
    name: 'a user ID where only names are accepted',
    query: 'action=query&list=usercontribs&ucuser=%235',
    expect: [['baduser', 'error', '%235', 'ucuser']],
  },
  {
    name: 'an invalid user name in a list',
    query: 'action=query&list=usercontribs&ucuser=127.0.0.1|Foo_bar|a[b]',
    expect: [['baduser', 'error', 'a[b]', 'ucuser']],
  },
  { name: 'IP ranges where accepted', query: 'action=query&list=blocks&bkusers=10.0.0.0/8|Example', expect: [] },
  {
    name: 'an invalid title (a [ in it; a #fragment would be cut off)',
    query: 'action=query&prop=info&titles=A&inlinkcontext=a%5Bb',
    expect: [['badtitle', 'error', 'a%5Bb', 'inlinkcontext']],
  },
  // info conditions (information)
  {
    name: 'singlepageonly with several titles: the module dies too',
    query: 'action=query&prop=revisions&titles=A|B&rvlimit=5',
    expect: [
      ['singlepageonly', 'information', 'rvlimit', 'rvlimit'],
      ['invalidparammix', 'error', 'rvlimit', 'rvlimit'],
    ],
  },
  {
    name: 'singlepageonly with revids',
    query: 'action=query&prop=revisions&revids=1&rvstart=now',
    expect: [
      ['singlepageonly', 'information', 'rvstart', 'rvstart'],
      ['invalidparammix', 'error', 'rvstart', 'rvstart'],
    ],
  },
  {
    name: 'singlepageonly on the generator itself counts its input pages only',
    query: 'action=query&generator=revisions&titles=A&grvlimit=5',
    expect: [],
  },
  { name: 'singlepageonly given its default does not count', query: 'action=query&prop=revisions&titles=A|B&rvdir=older', expect: [] },
  { name: 'licode=* means all languages', query: 'action=query&meta=languageinfo&licode=*', expect: [] },
  {
    name: 'language codes the wiki cannot know',
    query: 'action=query&meta=languageinfo&licode=en|Alpha|zh-hans',
    expect: [['unrecognizedvalues', 'warning', 'Alpha', 'licode']],
  },
  { name: 'singlepageonly with one title is fine', query: 'action=query&prop=revisions&titles=A&rvlimit=5', expect: [] },
  {
    name: 'useronly without a user: the module dies (invalidparammix)',
    query: 'action=query&list=alldeletedrevisions&adrstart=now',
    settings: { loggedIn: true },
    expect: [
      ['invalidparammix', 'error', 'adrstart', 'adrstart'],
      ['useronly', 'information', 'adrstart', 'adrstart'],
    ],
  },
  {
    name: 'nonuseronly with a user: the module dies (invalidparammix)',
    query: 'action=query&list=alldeletedrevisions&adruser=A&adrfrom=B',
    settings: { loggedIn: true },
    expect: [
      ['invalidparammix', 'error', 'adrfrom', 'adrfrom'],
      ['nonuseronly', 'information', 'adrfrom', 'adrfrom'],
    ],
  },
  {
    name: 'revisions: start and startid together',
    query: 'action=query&prop=revisions&titles=A&rvstartid=5&rvstart=now',
    expect: [['invalidparammix', 'error', 'rvstart', 'rvstart']],
  },
  {
    name: 'logevents: title and prefix together',
    query: 'action=query&list=logevents&letitle=A&leprefix=B',
    expect: [['invalidparammix', 'error', 'leprefix', 'leprefix']],
  },
  {
    name: 'modes: a mode-3 parameter with titles (mode 1)',
    query: 'action=query&list=deletedrevs&titles=A&drunique=1',
    settings: { loggedIn: true },
    expect: [
      ['deprecation', 'warning', 'deletedrevs', 'list'],
      ['modes', 'information', 'drunique', 'drunique'],
    ],
  },
  {
    name: 'modes: a mode-3 parameter in mode 3 is fine',
    query: 'action=query&list=deletedrevs&drunique=1',
    settings: { loggedIn: true },
    expect: [['deprecation', 'warning', 'deletedrevs', 'list']],
  },
  {
    name: 'preloadcontentonly without inprop=preloadcontent',
    query: 'action=query&prop=info&titles=A&inpreloadcustom=X',
    expect: [['preloadcontentonly', 'information', 'inpreloadcustom', 'inpreloadcustom']],
  },
  {
    name: 'editintroonly without inprop=editintro',
    query: 'action=query&prop=info&titles=A&ineditintrostyle=lessframes',
    expect: [['editintroonly', 'information', 'ineditintrostyle', 'ineditintrostyle']],
  },
  {
    name: 'editintroonly with inprop=editintro is fine',
    query: 'action=query&prop=info&titles=A&inprop=editintro&ineditintrostyle=lessframes',
    expect: [],
  },
  // hints beyond the server
  {
    name: 'boolean given false',
    query: 'action=query&prop=info&titles=A&redirects=false',
    expect: [['booleanfalse', 'information', 'false', 'redirects']],
  },
  {
    name: 'sensitive parameter in a URL',
    query: 'action=query&list=watchlist&wlowner=A&wltoken=abc123',
    expect: [['sensitiveparam', 'information', 'abc123', 'wltoken']],
  },
  {
    name: 'duplicate values',
    query: 'action=query&prop=info&titles=A&inprop=url|url',
    expect: [['duplicatevalues', 'hint', 'url', 'inprop']],
  },
  {
    name: 'repeated parameter',
    query: 'action=query&list=allpages&aplimit=5&aplimit=6',
    expect: [['repeatedparam', 'information', 'aplimit=5', 'aplimit']],
  },
  { name: 'no action', query: 'list=allpages', expect: [['noaction', 'warning', 'list=allpages', 'action']] },
  { name: 'another action (checked with its own module)', query: 'action=parse&page=Main', expect: [] },
  // module rules with conditions (constraints.json "missing" / "forbidden")
  {
    name: 'content without slots: the legacy-format deprecation',
    query: 'action=query&prop=revisions&titles=A&rvprop=ids|content',
    expect: [['deprecation', 'warning', 'content', 'rvslots']],
  },
  { name: 'content with slots is fine', query: 'action=query&prop=revisions&titles=A&rvprop=content&rvslots=*', expect: [] },
  {
    name: 'a legacy parameter with slots',
    query: 'action=query&prop=revisions&titles=A&rvslots=main&rvsection=1&rvdiffto=prev',
    expect: [
      ['deprecation', 'warning', 'rvdiffto', 'rvdiffto'],
      ['invalidparammix', 'error', 'rvdiffto', 'rvdiffto'],
    ],
  },
  {
    name: 'allimages: aistart with the default sort=name',
    query: 'action=query&list=allimages&aistart=now',
    expect: [['invalidparammix', 'error', 'aistart', 'aistart']],
  },
  { name: 'allimages: aistart with sort=timestamp is fine', query: 'action=query&list=allimages&aisort=timestamp&aistart=now', expect: [] },
  {
    name: 'allimages: aifrom with sort=timestamp',
    query: 'action=query&list=allimages&aisort=timestamp&aifrom=B',
    expect: [['invalidparammix', 'error', 'aifrom', 'aifrom']],
  },
  { name: 'allimages: aifilterbots=all is allowed with sort=name', query: 'action=query&list=allimages&aifilterbots=all', expect: [] },
  {
    name: 'a value error is reported, not the rule on top of it',
    query: 'action=query&list=backlinks&bltitle=A&blpageid=abc',
    expect: [['badinteger', 'error', 'abc', 'blpageid']],
  },
  {
    name: 'a wire name read by query and by a module (iwurl)',
    query: 'action=query&prop=iwlinks&titles=A&iwurl=1',
    expect: [['deprecation', 'warning', 'iwurl', 'iwurl']],
  },
  // valid queries get nothing
  {
    name: 'main and query parameters',
    query: 'action=query&meta=siteinfo&siprop=general|namespaces&format=json&formatversion=2&maxlag=5&curtimestamp=1&indexpageids=1',
    expect: [],
  },
  {
    name: 'generator with g parameters and prop',
    query: 'action=query&generator=categorymembers&gcmtitle=Category:X&gcmlimit=max&prop=info|revisions&rvprop=ids',
    expect: [],
  },
  {
    name: 'templated parameter with its slot',
    query: 'action=query&prop=revisions&titles=A&rvslots=main&rvcontentformat-main=text/x-wiki',
    expect: [],
  },
  {
    name: 'templated parameter with slots=*',
    query: 'action=query&prop=revisions&titles=A&rvslots=*&rvcontentformat-main=text/plain',
    expect: [],
  },
  { name: 'tokens has no prefix', query: 'action=query&meta=tokens&type=csrf|login', expect: [] },
  { name: 'namespace with extranamespaces', query: 'action=query&list=alllinks&alnamespace=-1', expect: [] },
];

describe('wiki validation: every diagnostic code', () => {
  for (const row of TABLE) {
    it(row.name, () => {
      assert.deepEqual(seen(row.query, row.settings), row.expect);
    });
  }
});

describe('wiki validation: catalogue conditions without module rules', () => {
  // A catalogue loaded without constraints data still has the info notes of paraminfo.
  const bare = createWikiCatalogue(readRepoJson('descriptors/wiki/query-modules.json'), {
    core: readRepoJson('descriptors/wiki/api-core.json'),
  });
  const TABLE: Array<[string, string, Expected[]]> = [
    [
      'useronly without a user',
      'action=query&list=alldeletedrevisions&adrstart=now',
      [['useronly', 'information', 'adrstart', 'adrstart']],
    ],
    [
      'nonuseronly with a user',
      'action=query&list=alldeletedrevisions&adruser=A&adrfrom=B',
      [['nonuseronly', 'information', 'adrfrom', 'adrfrom']],
    ],
    ['useronly with a user is fine', 'action=query&list=alldeletedrevisions&adruser=A&adrstart=now', []],
  ];
  for (const [name, query, expected] of TABLE) {
    it(name, () => {
      assert.deepEqual(
        validate(query, { catalogue: bare }).map((d) => [d.code, d.severity, d.text, d.param]),
        expected,
      );
    });
  }
});

describe('wiki validation: messages say what to do', () => {
  it('did-you-mean is in the message and in data.suggestion', () => {
    const [d] = validate('action=query&list=allpages&aplimt=5');
    assert.equal(d.data.suggestion, 'aplimit');
    assert.match(d.message, /Did you mean "aplimit"\?/);
  });
  it('a generator parameter without g offers the g form', () => {
    const [d] = validate('action=query&generator=allpages&aplimit=5');
    assert.equal(d.data.replacement, 'gaplimit');
    assert.match(d.message, /write "gaplimit"/);
  });
  it('a namespace written by name suggests its number', () => {
    const [d] = validate('action=query&list=allpages&apnamespace=Template');
    assert.equal(d.data.suggestion, '10');
    assert.match(d.message, /Template is 10/);
  });
  it('out of range limits offer "max"', () => {
    const [d] = validate('action=query&list=allpages&aplimit=501');
    assert.equal(d.data.replacement, 'max');
    assert.match(d.message, /must be between 1 and 500/);
    assert.match(d.message, /uses 500 instead/);
  });
  it('missing required parameters name what to add', () => {
    const [d] = validate('action=query&list=search');
    assert.equal(d.data.addParam, 'srsearch');
    assert.match(d.message, /The "srsearch" parameter must be set/);
  });
  it('every message names an action to take', () => {
    for (const row of TABLE) {
      for (const d of validate(row.query, { settings: row.settings ?? {} })) {
        assert.match(
          d.message,
          /(Add|Remove|remove|Use|use|write|Write|Give|give|Did you mean|Split|Keep|Query|Allowed values|Send|pick|Namespaces are given)/,
          `${row.name}: ${d.message}`,
        );
      }
    }
  });
});

describe('wiki validation: ranges point at the real characters', () => {
  it('a percent-encoded value item', () => {
    const d = validate('action=query&prop=info&titles=A&inprop=url%7Cbogus');
    assert.deepEqual(
      d.map((x) => [x.code, x.text]),
      [['unrecognizedvalues', 'bogus']],
    );
  });
  it('a U+001F list item', () => {
    const d = validate('action=query&prop=info&titles=A&inprop=%1Furl%1Fbo|gus');
    assert.deepEqual(
      d.map((x) => [x.code, x.text, x.data.value]),
      [['unrecognizedvalues', 'bo|gus', 'bo|gus']],
    );
  });
  it('multi-line queries and several queries in one document', () => {
    const text = ['# two queries', 'action=query&list=allpages', '  &aplimit=abc', '', '?action=query&meta=siteinfo&siprop=bogus'].join(
      '\n',
    );
    const d = validate(text);
    assert.deepEqual(
      d.map((x) => [x.code, x.text, x.diagnostic.range.start.line]),
      [
        ['badinteger', 'abc', 2],
        ['unrecognizedvalues', 'bogus', 4],
      ],
    );
  });
  it('the repeated occurrence gets the note; the last one is checked', () => {
    const d = validate('action=query&list=allpages&aplimit=abc&aplimit=5');
    assert.deepEqual(
      d.map((x) => [x.code, x.text]),
      [['repeatedparam', 'aplimit=abc']],
    );
  });
  it('removeRange of a continuation line removes the whole line', () => {
    const text = 'action=query&prop=info&titles=A\n  &redirects=no\n  &inprop=url';
    const [d] = validate(text);
    assert.equal(d.code, 'booleanfalse');
    const r = d.data.removeRange!;
    const lines = text.split('\n');
    assert.deepEqual(
      [r.start, r.end],
      [
        { line: 0, character: lines[0].length },
        { line: 1, character: lines[1].length },
      ],
    );
  });
});

describe('wiki validation: settings', () => {
  it('severity per code, off included', () => {
    const q = 'action=query&list=allpages&aplimt=5&aplimit=abc';
    assert.deepEqual(seen(q, { severity: { unrecognizedparams: 'error', badinteger: 'off' } }), [
      ['unrecognizedparams', 'error', 'aplimt', 'aplimt'],
    ]);
  });
  it('large documents skip hints and say so once', () => {
    const q = 'action=query&prop=info&titles=A&inprop=url|url';
    const d = validate(q, { settings: { maxFullCheckSize: 10 } });
    assert.deepEqual(
      d.map((x) => x.code),
      ['largedocument'],
    );
  });
  it('cached verdicts follow the high-limits setting', () => {
    const q = 'action=query&list=allpages&aplimit=600';
    const validator = createWikiValidator();
    const cat = builtinCatalogue();
    const codes = (settings: { highLimits?: boolean }) => validator.validate(parseWikiDocument(q), () => cat, settings).map((x) => x.code);
    assert.deepEqual(codes({}), ['outofrange']);
    assert.deepEqual(codes({ highLimits: true }), []);
    assert.deepEqual(codes({}), ['outofrange']);
    assert.deepEqual(validator.stats(), { hits: 1, misses: 2 });
  });
});

describe('wiki validation: per-query cache and per-query catalogues', () => {
  it('a one-character edit re-validates only the query it touched', () => {
    const queries = Array.from({ length: 200 }, (_, i) => `action=query&list=allpages&aplimit=${i + 1}&apfrom=P${i}`);
    const before = queries.join('\n\n');
    const after = before.replace('aplimit=100&', 'aplimit=1000&');
    const validator = createWikiValidator();
    const cat = builtinCatalogue();
    validator.validate(parseWikiDocument(before), () => cat, {});
    assert.deepEqual(validator.stats(), { hits: 0, misses: 200 });
    const d = validator.validate(parseWikiDocument(after), () => cat, {});
    assert.deepEqual(validator.stats(), { hits: 199, misses: 201 });
    assert.deepEqual(
      d.map((x) => [x.code, x.range.start.line]),
      [['outofrange', 198]],
    );
    // Each validator (one per language service) keeps verdicts of its own.
    const other = createWikiValidator();
    other.validate(parseWikiDocument(after), () => cat, {});
    assert.deepEqual(other.stats(), { hits: 0, misses: 200 });
  });

  it('a re-parsed version keeps the verdicts of the queries the edit did not touch', () => {
    const queries = Array.from({ length: 50 }, (_, i) => `action=query&list=allpages&aplimit=${i + 1}`);
    const before = queries.join('\n');
    const cat = builtinCatalogue();
    const service = getWikiLanguageService({ resolveCatalogue: () => cat });
    const v1 = TextDocument.create('file:///carry.wikiquery', 'wikiquery', 1, before);
    service.doValidation(v1, service.parse(v1));
    assert.deepEqual(service.getValidationCacheStats(), { hits: 0, misses: 50 });
    const v2 = TextDocument.create(v1.uri, 'wikiquery', 2, before.replace('aplimit=20\n', 'aplimit=2000\n'));
    const d = service.doValidation(v2, service.parse(v2));
    assert.deepEqual(service.getValidationCacheStats(), { hits: 49, misses: 51 });
    assert.deepEqual(
      d.map((x) => [x.code, x.range.start.line]),
      [['outofrange', 19]],
    );
  });

  it('each query is judged by the catalogue of its own wiki', () => {
    const text =
      'https://a.example/w/api.php?action=query&list=categorymembers&cmtitle=X\n\nhttps://b.example/w/api.php?action=query&list=categorymembers&cmtitle=X';
    const builtin = builtinCatalogue();
    const seenUrls: Array<string | undefined> = [];
    const d = doWikiValidation(
      parseWikiDocument(text),
      (apiUrl) => {
        seenUrls.push(apiUrl);
        return apiUrl === 'https://a.example/w/api.php' ? builtin : createWikiCatalogue({ paraminfo: { modules: [] } });
      },
      {},
    );
    assert.deepEqual(seenUrls, ['https://a.example/w/api.php', 'https://b.example/w/api.php']);
    assert.deepEqual(
      d.map((x) => [x.code, x.range.start.line]),
      [
        // cmtitle=X is no category (ApiQueryCategoryMembers' invalidcategory), on the wiki whose catalogue has the module.
        ['invalidcategory', 0],
        ['unrecognizedvalues', 2],
        ['unrecognizedparams', 2],
      ],
    );
  });

  it('embedded URLs (markdown) are validated in place', () => {
    const text = 'See <https://w.example/w/api.php?action=query&list=allpages&aplimit=abc> for pages.';
    const d = validate(text, { embedded: true });
    assert.deepEqual(
      d.map((x) => [x.code, x.text]),
      [['badinteger', 'abc']],
    );
  });
});
