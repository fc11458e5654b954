/**
 * Document symbols (one outline entry per query, named by its modules), document links (the request
 * URL) and runnable queries, through the facade.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { SymbolKind, type Range } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { MAX_SYMBOLS } from '../../../server/src/service/wiki/wikiSymbols';
import { builtinCatalogue } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

const DOC = [
  '# pages of a category',
  'https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=5',
  '',
  'action=query&generator=allpages&prop=info|revisions',
  '  &gaplimit=5',
  '  # a comment between continuation lines',
  '  &titles=Main+Page',
  '',
  'api.php?action=query&meta=siteinfo&siprop=general&siprop=namespaces',
  '',
  '//meta.wikimedia.org/w/api.php?action=query&meta=userinfo',
].join('\n');

function open(text: string, languageId = 'wikiquery'): TextDocument {
  return TextDocument.create(languageId === 'wikiquery' ? 'file:///test.wikiquery' : 'file:///test.md', languageId, 1, text);
}

function textOf(document: TextDocument, range: Range): string {
  return document.getText(range);
}

describe('wiki document symbols', () => {
  it('gives one entry per query, named by its modules, with its parameters as children', () => {
    const document = open(DOC);
    const symbols = service.findDocumentSymbols(document, service.parse(document));
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['list=categorymembers', 'prop=info|revisions · generator=allpages', 'meta=siteinfo', 'meta=userinfo'],
    );
    assert.deepEqual(
      symbols.map((s) => s.detail),
      ['en.wikipedia.org', '3 lines', undefined, 'meta.wikimedia.org'],
    );
    assert.ok(symbols.every((s) => s.kind === SymbolKind.Object));
    assert.equal(
      textOf(document, symbols[1].range),
      'action=query&generator=allpages&prop=info|revisions\n  &gaplimit=5\n  # a comment between continuation lines\n  &titles=Main+Page',
    );
    assert.equal(textOf(document, symbols[1].selectionRange), 'generator=allpages');
    const children = symbols[1].children!;
    assert.deepEqual(
      children.map((c) => [c.name, c.detail]),
      [
        ['action', 'query'],
        ['generator', 'allpages'],
        ['prop', 'info|revisions'],
        ['gaplimit', '5'],
        ['titles', 'Main Page'],
      ],
    );
    assert.equal(textOf(document, children[4].selectionRange), 'titles');
    assert.deepEqual(
      symbols[2].children!.map((c) => c.detail),
      ['query', 'siteinfo', 'general (overridden by a later one)', 'namespaces'],
    );
  });

  it('names a query of another action by the action and what it works on (parse has its own prop)', () => {
    const document = open('action=parse&page=Main&prop=text\n\nfoo=bar\n\naction=rsd\n\naction=edit&format=json&title=A&text=b');
    const symbols = service.findDocumentSymbols(document, service.parse(document));
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['action=parse · page=Main', 'foo', 'action=rsd', 'action=edit · title=A'],
    );
    assert.equal(textOf(document, symbols[0].selectionRange), 'action=parse');
  });

  it(`caps the outline at ${MAX_SYMBOLS} symbols, queries before their parameters`, () => {
    const lines = Array.from({ length: MAX_SYMBOLS + 10 }, (_, i) => `action=query&list=allpages&apfrom=P${i}`);
    const document = open(lines.join('\n'));
    const symbols = service.findDocumentSymbols(document, service.parse(document));
    const total = symbols.reduce((n, s) => n + 1 + (s.children?.length ?? 0), 0);
    assert.equal(symbols.length, MAX_SYMBOLS);
    assert.ok(total <= MAX_SYMBOLS, `${total} symbols`);
  });
});

describe('wiki document links', () => {
  it('links each query that names its wiki to the whole request URL', () => {
    const document = open(DOC);
    const links = service.findDocumentLinks(document, service.parse(document));
    assert.deepEqual(
      links.map((l) => l.target),
      [
        'https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=5',
        'https://meta.wikimedia.org/w/api.php?action=query&meta=userinfo',
      ],
    );
    assert.equal(textOf(document, links[0].range), DOC.split('\n')[1]);
  });

  it('joins a multi-line query into one URL, linked on its URL', () => {
    const document = open('https://w.org/w/api.php?action=query\n  &list=allpages\n  &apfrom=A B');
    const [link] = service.findDocumentLinks(document, service.parse(document));
    assert.equal(link.target, 'https://w.org/w/api.php?action=query&list=allpages&apfrom=A%20B');
    assert.equal(textOf(document, link.range), 'https://w.org/w/api.php');
  });

  it('links api.php URLs embedded in markdown', () => {
    const document = open('Try <https://w.org/w/api.php?action=query&meta=siteinfo>.', 'markdown');
    const [link] = service.findDocumentLinks(document, service.parse(document));
    assert.equal(link.target, 'https://w.org/w/api.php?action=query&meta=siteinfo');
  });
});

describe('wiki runnable queries', () => {
  it('gives each query its wiki, its decoded parameters (last one wins) and where each is written', () => {
    const document = open(DOC);
    const queries = service.getRunnableQueries(document, service.parse(document));
    assert.deepEqual(
      queries.map((q) => [q.kind, q.apiUrl]),
      [
        ['wiki', 'https://en.wikipedia.org/w/api.php'],
        ['wiki', undefined],
        ['wiki', undefined],
        ['wiki', 'https://meta.wikimedia.org/w/api.php'],
      ],
    );
    assert.deepEqual(queries[1].params, [
      ['action', 'query'],
      ['generator', 'allpages'],
      ['prop', 'info|revisions'],
      ['gaplimit', '5'],
      ['titles', 'Main Page'],
    ]);
    assert.deepEqual(queries[2].params, [
      ['action', 'query'],
      ['meta', 'siteinfo'],
      ['siprop', 'namespaces'],
    ]);
    const ranges = queries[2].paramRanges!;
    assert.deepEqual(
      ranges.map((r) => [r.name, textOf(document, r.nameRange), textOf(document, r.valueRange)]),
      [
        ['action', 'action', 'query'],
        ['meta', 'meta', 'siteinfo'],
        ['siprop', 'siprop', 'namespaces'],
      ],
    );
  });
});
