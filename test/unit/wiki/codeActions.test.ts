/**
 * Quick fixes for wiki query diagnostics, through the facade: the validator's diagnostics (code and
 * data) go into doCodeActions, the chosen fix's WorkspaceEdit is applied, and the resulting text is
 * compared.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { builtinCatalogue } from './helpers';

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });
const URI = 'file:///test.wikiquery';

function open(text: string): { document: TextDocument; diagnostics: Diagnostic[] } {
  const document = TextDocument.create(URI, 'wikiquery', 1, text);
  return { document, diagnostics: service.doValidation(document, service.parse(document)) };
}

/** The quick fixes offered for the (only) diagnostic with `code`. */
function fixesFor(text: string, code: string, withoutData = false): { document: TextDocument; actions: CodeAction[] } {
  const { document, diagnostics } = open(text);
  // Without data: what a client that does not echo `data` (the LSP specification makes it optional) sends back.
  const matching = diagnostics.filter((d) => d.code === code).map((d) => (withoutData ? withoutDataOf(d) : d));
  assert.equal(
    matching.length,
    1,
    `expected one ${code} in ${JSON.stringify(text)}, got ${JSON.stringify(diagnostics.map((d) => d.code))}`,
  );
  const actions = service
    .doCodeActions(document, service.parse(document), matching[0].range, matching)
    .filter((a) => a.kind === CodeActionKind.QuickFix);
  for (const a of actions) assert.deepEqual(a.diagnostics, matching, `${a.title} names the diagnostic it fixes`);
  return { document, actions };
}

function withoutDataOf(d: Diagnostic): Diagnostic {
  const { data: _data, ...rest } = d;
  return rest;
}

function apply(document: TextDocument, action: CodeAction): string {
  const edits = action.edit?.changes?.[document.uri];
  assert.ok(edits, `${action.title} has no edit for the document`);
  return TextDocument.applyEdits(document, edits);
}

describe('wiki quick fixes', () => {
  /** [code, query, title of the fix, text after applying it, is it the preferred fix] */
  const TABLE: Array<[string, string, string, string, boolean]> = [
    ['unrecognizedparams', 'action=query&list=allpages&aplimt=5', 'Change to `aplimit`', 'action=query&list=allpages&aplimit=5', true],
    ['unrecognizedparams', 'action=query&list=allpages&aplimt=5', 'Remove `aplimt`', 'action=query&list=allpages', false],
    [
      'unrecognizedparams',
      'action=query&generator=allpages&aplimit=5',
      'Add the generator prefix: `gaplimit`',
      'action=query&generator=allpages&gaplimit=5',
      true,
    ],
    [
      'unrecognizedparams',
      'action=query&list=allpages&gaplimit=5',
      'Remove the generator prefix: `aplimit`',
      'action=query&list=allpages&aplimit=5',
      true,
    ],
    ['unrecognizedparams', 'action=query&cmtitle=X&list=allpages', 'Remove `cmtitle`', 'action=query&list=allpages', false],
    [
      'unrecognizedparams',
      'action=query&list=allpages&cmtitle=X',
      'Add `categorymembers` to `list=`',
      'action=query&list=allpages|categorymembers&cmtitle=X',
      false,
    ],
    [
      'unrecognizedparams',
      'action=query&prop=info&gcmtitle=X',
      'Add `generator=categorymembers`',
      'action=query&prop=info&gcmtitle=X&generator=categorymembers',
      false,
    ],
    [
      'unrecognizedparams',
      'action=query&titles=A&rvprop=ids',
      'Add `revisions` to `prop=`',
      'action=query&titles=A&rvprop=ids&prop=revisions',
      false,
    ],
    [
      'badvalue',
      'action=query&list=allpages&apdir=ascending|descending',
      'Keep only `descending`',
      'action=query&list=allpages&apdir=descending',
      false,
    ],
    ['unrecognizedvalues', 'action=query&list=allpagez', 'Change to `allpages`', 'action=query&list=allpages', true],
    [
      'unrecognizedvalues',
      'action=query&prop=info&titles=A&inprop=url|talkidd',
      'Change to `talkid`',
      'action=query&prop=info&titles=A&inprop=url|talkid',
      true,
    ],
    [
      'unrecognizedvalues',
      'action=query&prop=info&titles=A&inprop=url|nonsense|talkid',
      'Remove the value `nonsense`',
      'action=query&prop=info&titles=A&inprop=url|talkid',
      false,
    ],
    [
      'unrecognizedvalues',
      'action=query&list=allrevisions&arvnamespace=*|1',
      'Keep only `*` (all values)',
      'action=query&list=allrevisions&arvnamespace=*',
      false,
    ],
    [
      'badvalue',
      'action=query&list=allpages&apfilterredir=redirect',
      'Change to `redirects`',
      'action=query&list=allpages&apfilterredir=redirects',
      true,
    ],
    ['badvalue', 'action=qeury&meta=siteinfo', 'Change to `query`', 'action=query&meta=siteinfo', true],
    ['badvalue', 'action=query&list=allpages&apnamespace=Template', 'Change to `10`', 'action=query&list=allpages&apnamespace=10', true],
    ['badgenerator', 'action=query&generator=allpagez', 'Change to `allpages`', 'action=query&generator=allpages', true],
    [
      'outofrange',
      'action=query&list=allpages&aplimit=501',
      'Change to `max` (the highest limit allowed)',
      'action=query&list=allpages&aplimit=max',
      true,
    ],
    [
      'outofrange',
      'action=query&list=allpages&aplimit=501',
      'Change to `500` (the maximum)',
      'action=query&list=allpages&aplimit=500',
      false,
    ],
    ['outofrange', 'action=query&list=allpages&aplimit=0', 'Change to `1` (the minimum)', 'action=query&list=allpages&aplimit=1', true],
    [
      'outofrange',
      'action=query&list=search&srsearch=x&sroffset=-1',
      'Change to `0` (the minimum)',
      'action=query&list=search&srsearch=x&sroffset=0',
      true,
    ],
    ['badinteger', 'action=query&list=allpages&aplimit=MAX', 'Change to `max`', 'action=query&list=allpages&aplimit=max', true],
    [
      'unclearnowtimestamp',
      'action=query&list=recentchanges&rcstart=0',
      'Change to `now`',
      'action=query&list=recentchanges&rcstart=now',
      true,
    ],
    [
      'deprecation',
      'action=query&list=categorymembers&cmstartsortkey=a&cmtitle=Category:X',
      'Remove the deprecated parameter `cmstartsortkey`',
      'action=query&list=categorymembers&cmtitle=Category:X',
      true,
    ],
    [
      'deprecation',
      'action=query&prop=info&titles=A&inprop=url|preload',
      'Remove the deprecated value `preload`',
      'action=query&prop=info&titles=A&inprop=url',
      true,
    ],
    [
      'deprecation',
      'action=query&prop=info&titles=A&inprop=preload|url',
      'Remove the deprecated value `preload`',
      'action=query&prop=info&titles=A&inprop=url',
      true,
    ],
    [
      'deprecation',
      'action=query&list=allpages|deletedrevs',
      'Remove the deprecated module `deletedrevs`',
      'action=query&list=allpages',
      true,
    ],
    ['missingparam', 'action=query&list=search', 'Add `srsearch=`', 'action=query&list=search&srsearch=', true],
    [
      'missingparam',
      'action=query&generator=search&prop=info',
      'Add `gsrsearch=`',
      'action=query&generator=search&prop=info&gsrsearch=',
      true,
    ],
    ['missingparam', 'action=query&list=categorymembers', 'Add `cmpageid=`', 'action=query&list=categorymembers&cmpageid=', false],
    [
      'missingparam',
      'action=query&list=search\n  &srlimit=5',
      'Add `srsearch=`',
      'action=query&list=search\n  &srlimit=5\n  &srsearch=',
      true,
    ],
    ['multisource', 'action=query&titles=A&pageids=1&prop=info', 'Remove `titles`', 'action=query&pageids=1&prop=info', false],
    [
      'invalidparammix',
      'action=query&list=categorymembers&cmtitle=A&cmpageid=1',
      'Remove `cmpageid`',
      'action=query&list=categorymembers&cmtitle=A',
      false,
    ],
    ['noaction', 'list=allpages', 'Add `action=query`', 'action=query&list=allpages', true],
    [
      'booleanfalse',
      'action=query&list=allfileusages&afunique=false',
      'Remove `afunique` (a boolean is off only when left out)',
      'action=query&list=allfileusages',
      true,
    ],
    [
      'sensitiveparam',
      'action=query&list=watchlist&wltoken=abc&wlowner=X',
      'Remove `wltoken` (keep the secret out of the query)',
      'action=query&list=watchlist&wlowner=X',
      true,
    ],
    [
      'duplicatevalues',
      'action=query&list=categorymembers&cmtitle=A&cmprop=ids|title|ids',
      'Remove the repeated `ids`',
      'action=query&list=categorymembers&cmtitle=A&cmprop=ids|title',
      true,
    ],
    [
      'repeatedparam',
      'action=query&list=allpages&aplimit=5&aplimit=10',
      'Remove this `aplimit` (a later one overrides it)',
      'action=query&list=allpages&aplimit=10',
      true,
    ],
    [
      'singlepageonly',
      'action=query&prop=revisions&titles=A|B&rvstartid=5',
      'Remove `rvstartid` (it does not apply here)',
      'action=query&prop=revisions&titles=A|B',
      true,
    ],
    [
      'useronly',
      'action=query&list=alldeletedrevisions&adrstart=now',
      'Add `adruser=` (list by user)',
      'action=query&list=alldeletedrevisions&adrstart=now&adruser=',
      false,
    ],
    [
      'nonuseronly',
      'action=query&list=alldeletedrevisions&adruser=X&adrfrom=A',
      'Remove `adruser` (do not list by user)',
      'action=query&list=alldeletedrevisions&adrfrom=A',
      false,
    ],
    [
      'preloadcontentonly',
      'action=query&prop=info&titles=A&inprop=url&inpreloadcustom=x',
      'Add `preloadcontent` to `inprop`',
      'action=query&prop=info&titles=A&inprop=url|preloadcontent&inpreloadcustom=x',
      false,
    ],
    [
      'editintroonly',
      'action=query&prop=info&titles=A&ineditintrostyle=lessframes',
      'Add `editintro` to `inprop`',
      'action=query&prop=info&titles=A&ineditintrostyle=lessframes&inprop=editintro',
      false,
    ],
    [
      'modes',
      'action=query&list=deletedrevs&drstart=now',
      'Remove `drstart` (it does not apply here)',
      'action=query&list=deletedrevs',
      true,
    ],
    // multi-line form: a continuation line goes with the parameter it holds; %7C lists keep their form
    [
      'deprecation',
      'action=query&list=categorymembers\n  &cmtitle=Category:X\n  &cmstartsortkey=a\n  &cmlimit=5',
      'Remove the deprecated parameter `cmstartsortkey`',
      'action=query&list=categorymembers\n  &cmtitle=Category:X\n  &cmlimit=5',
      true,
    ],
    [
      'deprecation',
      'action=query&prop=info&titles=A&inprop=url%7Cpreload%7Ctalkid',
      'Remove the deprecated value `preload`',
      'action=query&prop=info&titles=A&inprop=url%7Ctalkid',
      true,
    ],
    [
      'unrecognizedparams',
      'https://en.wikipedia.org/w/api.php?aplimt=5&action=query&list=allpages',
      'Remove `aplimt`',
      'https://en.wikipedia.org/w/api.php?action=query&list=allpages',
      false,
    ],
    // Other actions (parse, compare, the feeds, write modules as GET).
    ['unrecognizedparams', 'action=parse&pgae=Main_Page&prop=text', 'Change to `page`', 'action=parse&page=Main_Page&prop=text', true],
    ['badvalue', 'action=compare&fromrev=1&torelative=prevv', 'Change to `prev`', 'action=compare&fromrev=1&torelative=prev', true],
    ['missingparam', 'action=compare&fromrev=1', 'Add `torev=`', 'action=compare&fromrev=1&torev=', false],
    [
      'ignoredbyserver',
      'action=feedrecentchanges&bogus=1',
      'Remove `bogus` (the wiki would silently ignore it)',
      'action=feedrecentchanges',
      true,
    ],
    [
      'mustpostparams',
      'action=edit&title=X&token=abc',
      'Remove `token` from the URL (it belongs in a POST body)',
      'action=edit&title=X',
      true,
    ],
    ['parse-nocontentmodel', 'action=parse&text=x', 'Add `contentmodel=wikitext`', 'action=parse&text=x&contentmodel=wikitext', false],
    [
      'moduleswithoutvars',
      'action=parse&page=A&prop=text|modules',
      'Add `prop=jsconfigvars`',
      'action=parse&page=A&prop=text|modules|jsconfigvars',
      false,
    ],
    ['deprecation', 'action=expandtemplates&text=x', 'Add `prop=wikitext`', 'action=expandtemplates&text=x&prop=wikitext', false],
    ['parse-titlewithouttext', 'action=parse&title=Pet_door', 'Change to `page`', 'action=parse&page=Pet_door', true],
  ];
  for (const [code, query, title, expected, preferred] of TABLE)
    for (const withoutData of [false, true]) {
      it(`${code}: ${title} in ${JSON.stringify(query.length > 70 ? query.slice(0, 67) + '…' : query)}${withoutData ? ' (sent back without data)' : ''}`, () => {
        const { document, actions } = fixesFor(query, code, withoutData);
        const action = actions.find((a) => a.title === title);
        assert.ok(action, `no fix ${JSON.stringify(title)}; offered: ${JSON.stringify(actions.map((a) => a.title))}`);
        assert.equal(apply(document, action), expected);
        assert.equal(action.isPreferred === true, preferred, `${title} preferred`);
        // The repaired text no longer has the diagnostic at that spot (when the fix is complete on its own).
        if (preferred && !expected.endsWith('=')) {
          assert.ok(!open(expected).diagnostics.some((d) => d.code === code), `${code} remains after ${title}: ${expected}`);
        }
      });
    }

  it('offers no fix where there is no obvious repair', () => {
    assert.deepEqual(fixesFor('action=query&list=recentchanges&rcstart=yesterday', 'badtimestamp').actions, []);
    assert.deepEqual(fixesFor('action=query&list=allpages&apminsize=ten', 'badinteger').actions, []);
  });

  it('ignores diagnostics of other tools', () => {
    const { document, diagnostics } = open('action=query&list=allpages&aplimt=5');
    const foreign = diagnostics.map((d) => ({ ...d, source: 'spell-checker' }));
    const actions = service.doCodeActions(document, service.parse(document), foreign[0].range, foreign);
    assert.deepEqual(
      actions.filter((a) => a.kind === CodeActionKind.QuickFix),
      [],
    );
  });

  /** [what, document, cursor line, title, text after] */
  const REWRITES: Array<[string, string, number, string, string]> = [
    [
      'one line to multi-line',
      'action=query&list=allpages&aplimit=5',
      0,
      'Split the query into one parameter per line',
      'action=query\n  &list=allpages\n  &aplimit=5',
    ],
    [
      'full URL to multi-line',
      'https://w.org/w/api.php?action=query&meta=siteinfo',
      0,
      'Split the query into one parameter per line',
      'https://w.org/w/api.php?action=query\n  &meta=siteinfo',
    ],
    [
      'multi-line to one line',
      'api.php?action=query\n  &list=allpages\n  &aplimit=5&apdir=descending',
      2,
      'Join the query into one line',
      'api.php?action=query&list=allpages&aplimit=5&apdir=descending',
    ],
    [
      'only the query at the cursor',
      'action=query&meta=siteinfo\n\naction=query\n  &list=allpages',
      3,
      'Join the query into one line',
      'action=query&meta=siteinfo\n\naction=query&list=allpages',
    ],
    [
      'a URL alone on its line, to one line',
      'https://w.org/w/api.php\n  &action=query\n  &list=allpages&',
      1,
      'Join the query into one line',
      'https://w.org/w/api.php?action=query&list=allpages',
    ],
  ];
  for (const [what, text, line, title, expected] of REWRITES) {
    it(`rewrites ${what}`, () => {
      const document = TextDocument.create(URI, 'wikiquery', 1, text);
      const at = { line, character: 1 };
      const actions = service.doCodeActions(document, service.parse(document), { start: at, end: at }, []);
      const action = actions.find((a) => a.title === title);
      assert.ok(action, `no ${title}; offered ${JSON.stringify(actions.map((a) => a.title))}`);
      assert.equal(action.kind, CodeActionKind.RefactorRewrite);
      const after = apply(document, action);
      assert.equal(after, expected);
      // The rewrite keeps the request: same parameters, same verdicts.
      const before = service.getRunnableQueries(document, service.parse(document));
      const rewritten = TextDocument.create(URI, 'wikiquery', 2, after);
      assert.deepEqual(
        service.getRunnableQueries(rewritten, service.parse(rewritten)).map((q) => q.params),
        before.map((q) => q.params),
      );
    });
  }

  it('rewrites with edits of what changes only: a 2 MB value is not carried back, and a query of over 1,000 parameters gets none', () => {
    const long = `action=query&list=allpages&apfrom=${'x'.repeat(2_000_000)}&aplimit=5`;
    const document = TextDocument.create(URI, 'wikiquery', 1, long);
    const at = { line: 0, character: 1 };
    const split = service
      .doCodeActions(document, service.parse(document), { start: at, end: at }, [])
      .find((a) => a.title === 'Split the query into one parameter per line');
    assert.ok(split);
    assert.ok(JSON.stringify(split).length < 1000, `${JSON.stringify(split).length} characters`);
    assert.equal(apply(document, split), long.replace(/&/g, '\n  &'));
    const many = TextDocument.create(URI, 'wikiquery', 1, `action=query&prop=info${'&x=1'.repeat(1000)}`);
    const titles = service.doCodeActions(many, service.parse(many), { start: at, end: at }, []).map((a) => a.title);
    assert.ok(!titles.includes('Split the query into one parameter per line'), JSON.stringify(titles));
  });

  it('does not join a multi-line query with comment lines inside (they would be lost)', () => {
    const document = TextDocument.create(URI, 'wikiquery', 1, 'action=query\n# pages\n  &list=allpages');
    const at = { line: 2, character: 3 };
    assert.deepEqual(service.doCodeActions(document, service.parse(document), { start: at, end: at }, []), []);
  });
});
