/**
 * Wiki query hover through the language service facade, on the built-in catalogue.
 * `|` marks the cursor; texts with `|` value lists use `¦` as the marker.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import type { LanguageSettings } from '../../../server/src/service/languageTypes';
import { builtinCatalogue, cursor } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

/** The hover at the cursor: the text its range covers and its markdown, or null. */
function hover(textWithCursor: string, marker = '|', settings: LanguageSettings = {}): { covers: string; markdown: string } | null {
  const { text, offset } = cursor(textWithCursor, marker);
  const document = TextDocument.create('file:///test.wikiquery', 'wikiquery', 1, text);
  const h = service.doHover(document, service.parse(document), offset, settings);
  if (!h) return null;
  assert.ok(h.range, 'a hover names the range it describes');
  const contents = h.contents as MarkupContent;
  assert.equal(contents.kind, 'markdown');
  return { covers: text.slice(document.offsetAt(h.range.start), document.offsetAt(h.range.end)), markdown: contents.value };
}

describe('wiki hover', () => {
  /** [what, text with cursor, marker, text the hover covers, phrases the hover must contain, settings] */
  const TABLE: Array<[string, string, string, string, string[], LanguageSettings?]> = [
    // parameters
    [
      'limit: module, type, default, range, high maximum',
      'action=query&list=categorymembers&cmli|mit=5',
      '|',
      'cmlimit',
      [
        '`limit` of the list module `list=categorymembers`',
        'prefix `cm`',
        'limit',
        'from 1 to 500',
        '5000 with the `apihighlimits` right',
        '`max`',
        'Default: `10`',
      ],
    ],
    [
      'generator form',
      'action=query&generator=categorymembers&gcmli|mit=5',
      '|',
      'gcmlimit',
      ['the generator `generator=categorymembers`', 'prefix `gcm`'],
    ],
    [
      'multi-valued enum: limits and allowed values',
      'action=query&list=categorymembers&cmpr|op=ids',
      '|',
      'cmprop',
      [
        'Multi-valued',
        'at most 50 values (500 with `apihighlimits`)',
        'Allowed values: `ids`, `sortkey`, `sortkeyprefix`, `timestamp`, `title`, `type`',
        'Default: `ids|title`',
      ],
    ],
    [
      'multi-value limit with high limits',
      'action=query&list=categorymembers&cmpr|op=ids',
      '|',
      'cmprop',
      ['at most 500 values (50 without `apihighlimits`)'],
      { highLimits: true },
    ],
    [
      'long value lists are shortened',
      'action=query&list=allusers&aurig|hts=read',
      '|',
      'aurights',
      ['Allowed values: `apihighlimits`', '… (72 more)'],
    ],
    ['deprecated parameter', 'action=query&list=categorymembers&cmstartsort|key=a', '|', 'cmstartsortkey', ['**Deprecated**']],
    ['deprecated values', 'action=query&prop=revisions&titles=A&rvpr|op=ids', '|', 'rvprop', ['Deprecated values: `parsetree`']],
    ['required', 'action=query&list=search&srse|arch=x', '|', 'srsearch', ['**Required**']],
    [
      'condition: useronly',
      'action=query&list=alldeletedrevisions&adrst|art=now',
      '|',
      'adrstart',
      ['Applies only when listing by user (with `adruser`)'],
    ],
    [
      'condition: nonuseronly',
      'action=query&list=alldeletedrevisions&adrfr|om=A',
      '|',
      'adrfrom',
      ['Applies only when not listing by user'],
    ],
    ['condition: modes', 'action=query&list=deletedrevs&drst|art=now', '|', 'drstart', ['Applies only in mode 1', 'mode 2']],
    [
      'condition: singlepageonly',
      'action=query&prop=revisions&titles=A&rvsta|rtid=1',
      '|',
      'rvstartid',
      ['Applies only when a single page is queried'],
    ],
    [
      'condition: preloadcontentonly',
      'action=query&prop=info&titles=A&inpreloadcus|tom=x',
      '|',
      'inpreloadcustom',
      ['Applies only with `inprop=preloadcontent`'],
    ],
    [
      'condition: editintroonly',
      'action=query&prop=info&titles=A&ineditintrost|yle=lessframes',
      '|',
      'ineditintrostyle',
      ['Applies only with `inprop=editintro`'],
    ],
    ['sensitive', 'action=query&list=watchlist&wltok|en=x', '|', 'wltoken', ['**Sensitive**']],
    [
      'namespace with extra namespaces',
      'action=query&list=alllinks&alname|space=0',
      '|',
      'alnamespace',
      ['namespace', '`-2` (Media)', '`-1` (Special)', 'Default: `0`'],
    ],
    ['namespace with all-specifier', 'action=query&list=allrevisions&arvname|space=0', '|', 'arvnamespace', ['`*` stands for all values']],
    ['user with subtypes', 'action=query&list=blocks&bkus|ers=x', '|', 'bkusers', ['user — name, ip, temp, cidr']],
    ['boolean', 'action=query&list=allfileusages&afuni|que=1', '|', 'afunique', ['presence means true']],
    ['timestamp', 'action=query&list=recentchanges&rcst|art=now', '|', 'rcstart', ['timestamp', '`now`']],
    ['integer with a minimum', 'action=query&list=search&srsearch=x&sroff|set=5', '|', 'sroffset', ['integer, at least 0', 'Default: `0`']],
    [
      'templated parameter',
      'action=query&prop=revisions&titles=A&rvcontentformat-ma|in=text/x-wiki',
      '|',
      'rvcontentformat-main',
      ['`{slot}` is one of the values of `rvslots` (here `main`)'],
    ],
    ['main parameter', 'acti|on=query', '|', 'action', ['parameter of the API itself']],
    ['query parameter', 'action=query&tit|les=A', '|', 'titles', ['parameter of `action=query`']],
    [
      'repeated parameter: only the last counts',
      'action=query&list=allpages&apli|mit=5&aplimit=10',
      '|',
      'aplimit',
      ['Ignored: a later `aplimit=`'],
    ],
    // modules
    [
      'module: group, prefix, generator, read rights, help link',
      'action=query&list=categ|orymembers',
      '|',
      'categorymembers',
      [
        'list module',
        'Prefix: `cm`',
        'Generator: yes',
        'Needs the `read` right',
        '(https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers)',
      ],
    ],
    ['module in a | list', 'action=query&list=allpages|embed¦dedin', '¦', 'embeddedin', ['list module', 'Prefix: `ei`']],
    ['deprecated module', 'action=query&list=deleted|revs', '|', 'deletedrevs', ['**Deprecated**']],
    ['module without read rights', 'action=query&meta=tok|ens', '|', 'tokens', ['Works without the `read` right', 'Prefix: none']],
    ['not a generator', 'action=query&generator=allu|sers', '|', 'allusers', ['**Not a generator**']],
    ['module of another group', 'action=query&prop=allp|ages', '|', 'allpages', ['**Wrong group**', 'write it in `list=`']],
    // values
    ['deprecated value', 'action=query&prop=info&titles=A&inprop=url|prel¦oad', '¦', 'preload', ['**deprecated value** of `inprop`']],
    ['allowed value, default', 'action=query&list=allpages&apfilterredir=a|ll', '|', 'all', ['allowed value of `apfilterredir` (default)']],
    ['value not allowed', 'action=query&list=allpages&apfilterredir=no|ne', '|', 'none', ['is not an allowed value of `apfilterredir`']],
    ['max', 'action=query&list=allpages&aplimit=ma|x', '|', 'max', ['the highest limit: 500']],
    ['namespace number', 'action=query&list=allpages&apnamespace=1|4', '|', '14', ['Namespace `14`: Category']],
    ['now', 'action=query&list=recentchanges&rcstart=n|ow', '|', 'now', ['the current time']],
    ['* in a namespace list', 'action=query&list=allrevisions&arvnamespace=|*', '|', '*', ['all values of `arvnamespace`']],
    [
      'percent-escaped value',
      'action=query&list=allpages&apfilterredir=non%72edi|rects',
      '|',
      'non%72edirects',
      ['`nonredirects` — allowed value'],
    ],
  ];
  for (const [what, input, marker, covers, phrases, settings] of TABLE) {
    it(`${what}: ${JSON.stringify(input)}`, () => {
      const h = hover(input, marker, settings);
      assert.ok(h, 'no hover');
      assert.equal(h.covers, covers);
      for (const p of phrases) assert.ok(h.markdown.includes(p), `hover lacks ${JSON.stringify(p)}:\n${h.markdown}`);
    });
  }

  it('names the wiki of a URL and the catalogue its query is checked against', () => {
    const h = hover('https://en.wikipedia.org/w/ap|i.php?action=query&meta=siteinfo');
    assert.ok(h);
    assert.equal(h.covers, 'https://en.wikipedia.org/w/api.php');
    assert.match(h.markdown, /the wiki this query is sent to/);
    assert.match(h.markdown, /catalogue from \*\*built-in\*\* \(64 query modules/);
  });

  it('says max means the high maximum with high limits', () => {
    assert.match(hover('action=query&list=allpages&aplimit=ma|x', '|', { highLimits: true })!.markdown, /the highest limit: 5000/);
  });

  it('has nothing to say about unknown parameters, comments or blank lines', () => {
    assert.equal(hover('action=query&list=allpages&apnon|sense=1'), null);
    assert.equal(hover('# list=all|pages'), null);
    assert.equal(hover('action=query\n|\naction=query'), null);
  });
});
