/**
 * Wiki query completion through the language service facade, on the built-in catalogue.
 * `|` marks the cursor; texts with `|` value lists use `¦` as the marker.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItemTag, type CompletionItem, type CompletionList, type TextEdit } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import type { LanguageSettings } from '../../../server/src/service/languageTypes';
import { builtinCatalogue, cursor } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

function complete(textWithCursor: string, marker = '|', settings: LanguageSettings = {}): { list: CompletionList; document: TextDocument } {
  const { text, offset } = cursor(textWithCursor, marker);
  const document = TextDocument.create('file:///test.wikiquery', 'wikiquery', 1, text);
  const list = service.doComplete(document, service.parse(document), offset, settings);
  return { list, document };
}

function labels(list: CompletionList): string[] {
  return list.items.map((i) => i.label);
}

function pick(list: CompletionList, label: string): CompletionItem {
  const item = list.items.find((i) => i.label === label);
  assert.ok(item, `no completion ${JSON.stringify(label)} among ${JSON.stringify(labels(list).slice(0, 40))}`);
  return item;
}

/** The document text after accepting `item`. */
function accept(document: TextDocument, item: CompletionItem): string {
  assert.ok(item.textEdit && 'range' in item.textEdit, `${item.label} has no textEdit with a range`);
  return TextDocument.applyEdits(document, [item.textEdit as TextEdit]);
}

describe('wiki completion', () => {
  /** [what, text with cursor, marker, label to accept, text after accepting it] */
  const ACCEPT: Array<[string, string, string, string, string]> = [
    ['list module', 'action=query&list=allp|', '|', 'allpages', 'action=query&list=allpages'],
    ['list module after |', 'action=query&list=allpages|cat¦', '¦', 'categorymembers', 'action=query&list=allpages|categorymembers'],
    [
      'list module in the middle of a list',
      'action=query&list=allpages|ba¦|search',
      '¦',
      'backlinks',
      'action=query&list=allpages|backlinks|search',
    ],
    ['list module after an escaped %7C', 'action=query&list=allpages%7Cemb|', '|', 'embeddedin', 'action=query&list=allpages%7Cembeddedin'],
    ['prop module', 'action=query&titles=A&prop=rev|', '|', 'revisions', 'action=query&titles=A&prop=revisions'],
    ['meta module', 'action=query&meta=|', '|', 'siteinfo', 'action=query&meta=siteinfo'],
    ['generator module', 'action=query&generator=|&prop=info', '|', 'categorymembers', 'action=query&generator=categorymembers&prop=info'],
    [
      'parameter name inserts name=',
      'action=query&list=categorymembers&cmti|',
      '|',
      'cmtitle',
      'action=query&list=categorymembers&cmtitle=',
    ],
    [
      'parameter name in the middle of a name',
      'action=query&list=categorymembers&cm|ti',
      '|',
      'cmtitle',
      'action=query&list=categorymembers&cmtitle=',
    ],
    [
      'parameter name before an existing value keeps the value',
      'action=query&list=categorymembers&cmtit|=Category:X',
      '|',
      'cmtitle',
      'action=query&list=categorymembers&cmtitle=Category:X',
    ],
    [
      'generator parameter takes g',
      'action=query&generator=categorymembers&gcm|',
      '|',
      'gcmtitle',
      'action=query&generator=categorymembers&gcmtitle=',
    ],
    ['query parameter', 'action=query&list=allpages&ti|', '|', 'titles', 'action=query&list=allpages&titles='],
    ['main parameter', 'action=query&list=allpages&for|', '|', 'format', 'action=query&list=allpages&format='],
    ['action on a fresh query', 'act|', '|', 'action', 'action='],
    [
      'templated parameter',
      'action=query&prop=revisions&titles=A&rvslots=main&rvcontentf|',
      '|',
      'rvcontentformat-main',
      'action=query&prop=revisions&titles=A&rvslots=main&rvcontentformat-main=',
    ],
    ['continuation line', 'action=query&list=allpages\n  &apl|', '|', 'aplimit', 'action=query&list=allpages\n  &aplimit='],
    ['enum value', 'action=query&list=allpages&apfilterredir=red|', '|', 'redirects', 'action=query&list=allpages&apfilterredir=redirects'],
    [
      'value replaces only its | item',
      'action=query&list=categorymembers&cmprop=ids|tit¦le|sortkey',
      '¦',
      'title',
      'action=query&list=categorymembers&cmprop=ids|title|sortkey',
    ],
    [
      'value after %7C',
      'action=query&list=categorymembers&cmprop=ids%7C|',
      '|',
      'timestamp',
      'action=query&list=categorymembers&cmprop=ids%7Ctimestamp',
    ],
    ['namespace by number', 'action=query&list=allpages&apnamespace=|', '|', '10', 'action=query&list=allpages&apnamespace=10'],
    ['max for a limit', 'action=query&list=allpages&aplimit=|', '|', 'max', 'action=query&list=allpages&aplimit=max'],
    ['now for a timestamp', 'action=query&list=recentchanges&rcstart=|', '|', 'now', 'action=query&list=recentchanges&rcstart=now'],
    ['* where allowed', 'action=query&list=allrevisions&arvnamespace=|', '|', '*', 'action=query&list=allrevisions&arvnamespace=*'],
    ['action value', 'action=q|', '|', 'query', 'action=query'],
    ['format value', 'action=query&meta=siteinfo&format=|', '|', 'json', 'action=query&meta=siteinfo&format=json'],
    ['query starter on an empty line', '|', '|', 'action=query&list=', 'action=query&list='],
    [
      'query starter on an empty line after another query',
      'action=query&meta=siteinfo\n\n|',
      '|',
      'action=query&prop=',
      'action=query&meta=siteinfo\n\naction=query&prop=',
    ],
    ['starter for any other module on an empty line', '|', '|', 'action=', 'action='],
    ['an action after action=', 'action=pa|', '|', 'parse', 'action=parse'],
    ['a parameter of another action', 'action=parse&pa|', '|', 'page', 'action=parse&page='],
    [
      'a value of another action’s own prop (not a query module list)',
      'action=parse&page=A&prop=sec|',
      '|',
      'sections',
      'action=parse&page=A&prop=sections',
    ],
    ['a format', 'action=parse&page=A&format=js|', '|', 'json', 'action=parse&page=A&format=json'],
    [
      'full URL',
      'https://en.wikipedia.org/w/api.php?action=query&list=allpages&apdir=|',
      '|',
      'descending',
      'https://en.wikipedia.org/w/api.php?action=query&list=allpages&apdir=descending',
    ],
    [
      'first parameter after the ? of a URL',
      'https://en.wikipedia.org/w/api.php?|',
      '|',
      'action',
      'https://en.wikipedia.org/w/api.php?action=',
    ],
  ];
  for (const [what, input, marker, label, expected] of ACCEPT) {
    it(`${what}: ${JSON.stringify(input)} + ${label}`, () => {
      const { list, document } = complete(input, marker);
      assert.equal(accept(document, pick(list, label)), expected);
    });
  }

  /** [what, text with cursor, marker, offered, left out] */
  const OFFERS: Array<[string, string, string, string[], string[]]> = [
    [
      'list= offers list modules only',
      'action=query&list=|',
      '|',
      ['allpages', 'categorymembers', 'codexicons', 'deletedrevs'],
      ['info', 'siteinfo', 'revisions'],
    ],
    ['prop= offers prop modules only', 'action=query&prop=|', '|', ['info', 'revisions', 'categories'], ['allpages', 'siteinfo']],
    ['meta= offers meta modules only', 'action=query&meta=|', '|', ['siteinfo', 'userinfo', 'tokens', 'allmessages'], ['allpages', 'info']],
    [
      'generator= offers generator modules of any group',
      'action=query&generator=|',
      '|',
      ['allpages', 'categorymembers', 'revisions', 'links'],
      ['allusers', 'blocks', 'info', 'siteinfo'],
    ],
    ['modules already listed are left out', 'action=query&list=allpages|¦', '¦', ['categorymembers'], ['allpages']],
    [
      'parameters of the selected modules, query and main',
      'action=query&list=categorymembers&|',
      '|',
      ['cmtitle', 'cmlimit', 'titles', 'generator', 'format', 'maxlag'],
      ['aplimit', 'gcmtitle'],
    ],
    [
      'used parameters are left out',
      'action=query&list=allpages&aplimit=5&apdir=ascending&|',
      '|',
      ['apfrom'],
      ['aplimit', 'apdir', 'action', 'list'],
    ],
    ['parameters of a generator take g only', 'action=query&generator=allpages&|', '|', ['gaplimit', 'gapnamespace'], ['aplimit']],
    ['a module both listed and generator: both forms', 'action=query&list=allpages&generator=allpages&|', '|', ['aplimit', 'gaplimit'], []],
    [
      'remaining values of a multi list',
      'action=query&list=categorymembers&cmprop=ids|title|¦',
      '¦',
      ['sortkey', 'timestamp', 'type'],
      ['ids', 'title'],
    ],
    ['the item being edited stays offered', 'action=query&list=categorymembers&cmprop=ids|tit¦', '¦', ['title', 'timestamp'], ['ids']],
    ['namespace with extranamespaces', 'action=query&list=alllinks&alnamespace=|', '|', ['0', '1', '14', '-1', '-2'], ['*']],
    ['namespace without extranamespaces', 'action=query&list=allpages&apnamespace=|', '|', ['0', '14'], ['-1', '-2', '*']],
    ['deprecated value still offered', 'action=query&prop=revisions&titles=A&rvprop=|', '|', ['content', 'parsetree'], []],
    ['nothing for a free string', 'action=query&list=categorymembers&cmtitle=|', '|', [], ['max', 'now', '0']],
    ['nothing in a comment', '# list=|', '|', [], ['allpages', 'action=query&list=']],
  ];
  for (const [what, input, marker, offered, leftOut] of OFFERS) {
    it(`${what}: ${JSON.stringify(input)}`, () => {
      const got = labels(complete(input, marker).list);
      for (const l of offered) assert.ok(got.includes(l), `${l} missing from ${JSON.stringify(got.slice(0, 60))}`);
      for (const l of leftOut) assert.ok(!got.includes(l), `${l} should not be offered`);
    });
  }

  it('offers nothing for a parameter the catalogue does not know', () => {
    assert.deepEqual(labels(complete('action=query&list=allpages&apnonsense=|').list), []);
  });

  it('lists required parameters first', () => {
    const { list } = complete('action=query&list=search&|');
    const sorted = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.equal(sorted[0].label, 'srsearch');
    assert.match(String(sorted[0].detail), /required/);
  });

  it('lists list/prop/meta/generator first on a query without modules', () => {
    const { list } = complete('action=query&|');
    const sorted = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.deepEqual(
      sorted
        .slice(0, 4)
        .map((i) => i.label)
        .sort(),
      ['generator', 'list', 'meta', 'prop'],
    );
  });

  it('marks deprecated parameters, values and modules deprecated', () => {
    assert.deepEqual(pick(complete('action=query&list=categorymembers&cmstartsort|').list, 'cmstartsortkey').tags, [
      CompletionItemTag.Deprecated,
    ]);
    assert.deepEqual(pick(complete('action=query&prop=revisions&titles=A&rvprop=|').list, 'parsetree').tags, [
      CompletionItemTag.Deprecated,
    ]);
    assert.deepEqual(pick(complete('action=query&list=|').list, 'deletedrevs').tags, [CompletionItemTag.Deprecated]);
    assert.equal(pick(complete('action=query&list=|').list, 'allpages').tags, undefined);
    assert.equal(pick(complete('action=query&prop=revisions&titles=A&rvprop=|').list, 'content').tags, undefined);
  });

  it('asks for value completion after inserting name=, not for free strings', () => {
    const { list } = complete('action=query&list=categorymembers&|');
    assert.equal(pick(list, 'cmlimit').command?.command, 'editor.action.triggerSuggest');
    assert.equal(pick(list, 'cmprop').command?.command, 'editor.action.triggerSuggest');
    assert.equal(pick(list, 'cmtitle').command, undefined);
  });

  it('gives items a detail and markdown documentation', () => {
    const param = pick(complete('action=query&list=categorymembers&|').list, 'cmlimit');
    assert.match(String(param.detail), /limit · list=categorymembers/);
    assert.deepEqual(Object.keys(param.documentation as object).sort(), ['kind', 'value']);
    assert.equal((param.documentation as { kind: string }).kind, 'markdown');
    assert.match((param.documentation as { value: string }).value, /1 to 500/);
    const module = pick(complete('action=query&list=|').list, 'categorymembers');
    assert.match(String(module.detail), /list module · prefix cm/);
    assert.match((module.documentation as { value: string }).value, /Generator: yes/);
    const templated = pick(complete('action=query&prop=revisions&titles=A&rvcontentf|').list, 'rvcontentformat-main');
    assert.match((templated.documentation as { value: string }).value, /values of `rvslots` \(here `main`\)/);
    const gmodule = pick(complete('action=query&generator=|').list, 'categorymembers');
    assert.match(String(gmodule.detail), /prefix gcm/);
  });

  it('shows namespaces by number and name', () => {
    const item = pick(complete('action=query&list=allpages&apnamespace=|').list, '14');
    assert.equal(item.labelDetails?.description, 'Category');
    assert.match(String(item.filterText), /Category/);
    assert.equal(pick(complete('action=query&list=allpages&apnamespace=|').list, '0').labelDetails?.description, '(Main)');
  });

  it('tells the highest limit, with and without high limits', () => {
    assert.match(String(pick(complete('action=query&list=allpages&aplimit=|').list, 'max').detail), /500\)/);
    assert.match(String(pick(complete('action=query&list=allpages&aplimit=|', '|', { highLimits: true }).list, 'max').detail), /5000/);
  });

  it('caps a long value list, keeps what matches the typed text, and marks it incomplete', () => {
    const all = complete('action=query&list=codexicons&names=|').list;
    assert.equal(all.isIncomplete, true);
    assert.ok(all.items.length <= 200 && all.items.length > 0);
    const typed = complete('action=query&list=codexicons&names=cdxIconZoom|').list;
    assert.deepEqual(labels(typed).sort(), ['cdxIconZoomIn', 'cdxIconZoomOut']);
    assert.equal(complete('action=query&list=allpages&apfilterredir=|').list.isIncomplete, false);
  });

  it('offers nothing on the URL itself', () => {
    assert.deepEqual(labels(complete('https://en.wikipedia.org/w/ap|i.php?action=query').list), []);
  });

  it('completes api.php URLs embedded in markdown', () => {
    const { text, offset } = cursor('See [this](https://w.org/w/api.php?action=query&list=allp|) for pages.');
    const document = TextDocument.create('file:///README.md', 'markdown', 1, text);
    const list = service.doComplete(document, service.parse(document), offset);
    assert.equal(accept(document, pick(list, 'allpages')), 'See [this](https://w.org/w/api.php?action=query&list=allpages) for pages.');
  });
});
