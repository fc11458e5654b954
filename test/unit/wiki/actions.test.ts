/**
 * Every top-level module, not only action=query: one table per module family, each row a query
 * and every diagnostic it must get (code, severity, the text the range covers, the parameter).
 * The verdicts follow what MediaWiki 1.39 and 1.45 answer (see test/mediawiki/corpus-actions.txt,
 * checked against both).
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { fixtureCatalogue, validate, type SeenDiagnostic } from './helpers';

/** [code, severity, text the range covers, param] */
type Expected = [string, SeenDiagnostic['severity'], string, string];
type Row = { name: string; query: string; expect: Expected[] };

function seen(text: string): Expected[] {
  // sensitiveparam (advice on any token in a URL) is covered by validation.test.ts.
  return validate(text)
    .filter((d) => d.code !== 'sensitiveparam')
    .map((d) => [d.code, d.severity, d.text, d.param]);
}

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const row of rows) {
      it(row.name, () => assert.deepEqual(seen(row.query), row.expect));
    }
  });
}

table('action=parse', [
  { name: 'a page with prop=text is valid', query: 'action=parse&page=Pet_door&prop=text', expect: [] },
  { name: 'text with a content model is valid', query: 'action=parse&text=%27%27x%27%27&contentmodel=wikitext&prop=text', expect: [] },
  { name: 'unknown parameter', query: 'action=parse&page=A&bogus=1', expect: [['unrecognizedparams', 'warning', 'bogus', 'bogus']] },
  {
    name: 'page and pageid exclude each other',
    query: 'action=parse&page=A&pageid=1',
    expect: [['invalidparammix', 'error', 'pageid', 'pageid']],
  },
  {
    name: 'page and oldid exclude each other',
    query: 'action=parse&page=A&oldid=1',
    expect: [['invalidparammix', 'error', 'oldid', 'oldid']],
  },
  { name: 'text with page', query: 'action=parse&page=A&text=x', expect: [['invalidparammix', 'error', 'text', 'text']] },
  { name: 'title with oldid', query: 'action=parse&oldid=1&title=X', expect: [['invalidparammix', 'error', 'title', 'title']] },
  { name: 'revid with page', query: 'action=parse&page=A&revid=1', expect: [['invalidparammix', 'error', 'revid', 'revid']] },
  {
    name: 'an empty text still counts as given',
    query: 'action=parse&page=A&text=',
    expect: [['invalidparammix', 'error', 'text', 'text']],
  },
  {
    name: 'section must be a number, T-number or new',
    query: 'action=parse&page=A&section=abc',
    expect: [['invalidsection', 'error', 'abc', 'section']],
  },
  { name: 'section T-1 and 2 are valid', query: 'action=parse&page=A&section=T-1\n\naction=parse&page=A&section=2', expect: [] },
  {
    name: 'section=new with a page',
    query: 'action=parse&page=A&section=new',
    expect: [['invalidparammix', 'error', 'section', 'section']],
  },
  {
    name: 'title without text (warning)',
    query: 'action=parse&title=X',
    expect: [['parse-titlewithouttext', 'warning', 'title', 'title']],
  },
  { name: 'title without text but prop= empty', query: 'action=parse&title=X&prop=', expect: [] },
  {
    name: 'revid without text (warning)',
    query: 'action=parse&revid=1',
    expect: [['parse-revidwithouttext', 'warning', 'revid', 'revid']],
  },
  {
    name: 'text without title or content model (warning)',
    query: 'action=parse&text=x',
    expect: [['parse-nocontentmodel', 'warning', 'text', 'contentmodel']],
  },
  {
    name: 'prop=modules without the config vars (warning)',
    query: 'action=parse&page=A&prop=modules',
    expect: [['moduleswithoutvars', 'warning', 'prop', 'prop']],
  },
  { name: 'prop=modules with jsconfigvars', query: 'action=parse&page=A&prop=modules|jsconfigvars', expect: [] },
  {
    name: 'parse has its own prop: a query module name is a bad value',
    query: 'action=parse&page=A&prop=revisions',
    expect: [['unrecognizedvalues', 'warning', 'revisions', 'prop']],
  },
  { name: 'a bad integer', query: 'action=parse&pageid=abc', expect: [['badinteger', 'error', 'abc', 'pageid']] },
]);

table('action=compare', [
  { name: 'two titles', query: 'action=compare&fromtitle=A&totitle=B', expect: [] },
  { name: 'revisions with torelative', query: 'action=compare&fromrev=2&torelative=prev', expect: [] },
  { name: 'nothing to compare from', query: 'action=compare&torev=2', expect: [['missingparam', 'error', 'compare', 'fromtitle']] },
  { name: 'nothing to compare to', query: 'action=compare&fromrev=1', expect: [['missingparam', 'error', 'compare', 'totitle']] },
  {
    name: 'fromtext with fromslots (and fromtext is deprecated)',
    query: 'action=compare&fromtext=a&fromslots=main&torev=1',
    expect: [
      ['deprecation', 'warning', 'fromtext', 'fromtext'],
      ['invalidparammix', 'error', 'fromtext', 'fromtext'],
    ],
  },
  { name: 'slot parameter for a listed slot', query: 'action=compare&fromslots=main&fromtext-main=a&torev=1', expect: [] },
  {
    name: 'slot parameter without its slot in toslots',
    query: 'action=compare&fromrev=1&totext-main=b',
    expect: [
      ['unrecognizedparams', 'warning', 'totext-main', 'totext-main'],
      ['missingparam', 'error', 'compare', 'totitle'],
    ],
  },
  {
    name: 'bad torelative',
    query: 'action=compare&fromrev=1&torelative=previous',
    expect: [['badvalue', 'error', 'previous', 'torelative']],
  },
]);

table('action=expandtemplates', [
  { name: 'text with prop', query: 'action=expandtemplates&text=%7B%7BPAGENAME%7D%7D&prop=wikitext', expect: [] },
  {
    name: 'without prop: the legacy format is deprecated',
    query: 'action=expandtemplates&text=x',
    expect: [['deprecation', 'warning', 'expandtemplates', 'prop']],
  },
  {
    name: 'prop with generatexml',
    query: 'action=expandtemplates&text=x&prop=wikitext&generatexml=1',
    expect: [
      ['deprecation', 'warning', 'generatexml', 'generatexml'],
      ['invalidparammix', 'error', 'prop', 'prop'],
    ],
  },
  {
    name: 'text is required',
    query: 'action=expandtemplates&prop=wikitext',
    expect: [['missingparam', 'error', 'expandtemplates', 'text']],
  },
  {
    name: 'an empty required text is missing',
    query: 'action=expandtemplates&prop=wikitext&text=',
    expect: [['missingparam', 'error', 'text=', 'text']],
  },
]);

table('action=opensearch (warnings are hidden unless warningsaserror)', [
  { name: 'a search', query: 'action=opensearch&search=Te&limit=10', expect: [] },
  { name: 'search is required', query: 'action=opensearch&limit=10', expect: [['missingparam', 'error', 'opensearch', 'search']] },
  {
    name: 'an unknown parameter: the wiki drops the warning, the checker says so',
    query: 'action=opensearch&search=a&bogus=1',
    expect: [['ignoredbyserver', 'information', 'bogus', 'bogus']],
  },
  {
    name: 'a limit out of range is clamped silently',
    query: 'action=opensearch&search=a&limit=1000',
    expect: [['ignoredbyserver', 'information', '1000', 'limit']],
  },
  {
    name: 'warningsaserror (any value) turns warnings into one error',
    query: 'action=opensearch&search=a&limit=1000&warningsaserror=0',
    expect: [
      ['outofrange', 'warning', '1000', 'limit'],
      ['booleanfalse', 'information', '0', 'warningsaserror'],
      ['warnings', 'error', 'warningsaserror', ''],
    ],
  },
  { name: 'its own format values', query: 'action=opensearch&search=a&format=php', expect: [['badvalue', 'error', 'php', 'format']] },
]);

table('action=paraminfo and action=help', [
  { name: 'paraminfo of known modules and wildcards', query: 'action=paraminfo&modules=parse|query%2Ballpages|query%2B*|*', expect: [] },
  {
    name: 'paraminfo: an unknown module is a warning',
    query: 'action=paraminfo&modules=bogus',
    expect: [['badmodule', 'warning', 'bogus', 'modules']],
  },
  {
    name: 'paraminfo: an unknown query submodule',
    query: 'action=paraminfo&modules=query%2Bbogus',
    expect: [['badmodule', 'warning', 'query%2Bbogus', 'modules']],
  },
  {
    name: 'paraminfo: querymodules is deprecated',
    query: 'action=paraminfo&querymodules=allpages',
    expect: [['deprecation', 'warning', 'querymodules', 'querymodules']],
  },
  { name: 'help: an unknown module is an error', query: 'action=help&modules=bogus', expect: [['badmodule', 'error', 'bogus', 'modules']] },
  { name: 'help takes no wildcards', query: 'action=help&modules=*&wrap=1', expect: [['badmodule', 'error', '*', 'modules']] },
  {
    name: 'help with wrap reports warnings',
    query: 'action=help&modules=parse&wrap=1&bogus=1',
    expect: [['unrecognizedparams', 'warning', 'bogus', 'bogus']],
  },
  {
    name: 'help without wrap answers HTML: warnings are lost',
    query: 'action=help&modules=parse&bogus=1',
    expect: [['ignoredbyserver', 'information', 'bogus', 'bogus']],
  },
]);

table('feeds (every warning is dropped)', [
  { name: 'recent changes as Atom', query: 'action=feedrecentchanges&feedformat=atom&days=3', expect: [] },
  {
    name: 'an unknown parameter is silently ignored',
    query: 'action=feedrecentchanges&bogus=1',
    expect: [['ignoredbyserver', 'information', 'bogus', 'bogus']],
  },
  { name: 'errors are still errors', query: 'action=feedrecentchanges&days=abc', expect: [['badinteger', 'error', 'abc', 'days']] },
  { name: 'bad feed format', query: 'action=feedwatchlist&feedformat=bogus', expect: [['badvalue', 'error', 'bogus', 'feedformat']] },
  {
    name: 'feedcontributions needs a user',
    query: 'action=feedcontributions',
    expect: [['missingparam', 'error', 'feedcontributions', 'user']],
  },
  { name: 'an empty required user is a bad user', query: 'action=feedcontributions&user=', expect: [['baduser', 'error', '', 'user']] },
]);

table('checktoken and rsd', [
  { name: 'a percent-encoded token', query: 'action=checktoken&type=csrf&token=%2B%5C', expect: [] },
  {
    name: 'a raw +\\ in the token',
    query: 'action=checktoken&type=csrf&token=+\\',
    expect: [['checktoken-percentencoding', 'warning', '+\\', 'token']],
  },
  { name: 'an empty required enum is a bad value', query: 'action=checktoken&type=&token=x', expect: [['badvalue', 'error', '', 'type']] },
  { name: 'rsd', query: 'action=rsd', expect: [] },
]);

table('write modules sent as GET', [
  {
    name: 'edit without a token: missingparam on token, and what the server requires',
    query: 'action=edit&title=X&text=y',
    expect: [
      ['missingparam', 'error', 'edit', 'token'],
      ['postonly', 'information', 'edit', 'action'],
    ],
  },
  {
    name: 'a token in the query string: mustpostparams',
    query: 'action=edit&title=X&text=y&token=%2B%5C',
    expect: [
      ['postonly', 'information', 'edit', 'action'],
      ['mustpostparams', 'error', 'token', 'token'],
    ],
  },
  {
    name: 'a bad earlier value is reported (it comes first)',
    query: 'action=edit&title=X&contentmodel=bogus',
    expect: [
      ['badvalue', 'error', 'bogus', 'contentmodel'],
      ['missingparam', 'error', 'edit', 'token'],
      ['postonly', 'information', 'edit', 'action'],
    ],
  },
  {
    name: 'deprecation warnings beside the error',
    query: 'action=edit&title=X&watch=1',
    expect: [
      ['deprecation', 'warning', 'watch', 'watch'],
      ['missingparam', 'error', 'edit', 'token'],
      ['postonly', 'information', 'edit', 'action'],
    ],
  },
  {
    name: 'a bad assert comes first',
    query: 'action=edit&assert=bogus&title=X',
    expect: [
      ['badvalue', 'error', 'bogus', 'assert'],
      ['missingparam', 'error', 'edit', 'token'],
      ['postonly', 'information', 'edit', 'action'],
    ],
  },
  {
    name: 'a POST-only module without a token: mustbeposted',
    query: 'action=purge&titles=X',
    expect: [
      ['postonly', 'information', 'purge', 'action'],
      ['mustbeposted', 'error', 'purge', 'action'],
    ],
  },
  {
    name: 'login takes lgtoken without a token type: mustbeposted',
    query: 'action=login&lgname=a',
    expect: [
      ['postonly', 'information', 'login', 'action'],
      ['mustbeposted', 'error', 'login', 'action'],
    ],
  },
  {
    name: 'clientlogin: its token is logintoken',
    query: 'action=clientlogin&logintoken=x',
    expect: [
      ['postonly', 'information', 'clientlogin', 'action'],
      ['mustpostparams', 'error', 'logintoken', 'logintoken'],
    ],
  },
  {
    name: 'move with a bad integer',
    query: 'action=move&fromid=abc',
    expect: [
      ['badinteger', 'error', 'abc', 'fromid'],
      ['missingparam', 'error', 'move', 'to'],
      ['missingparam', 'error', 'move', 'token'],
      ['postonly', 'information', 'move', 'action'],
    ],
  },
]);

describe('an action the catalogue does not know', () => {
  it('on a URL naming a wiki whose catalogue is not loaded: information, never an error', () => {
    const d = validate('https://www.wikidata.org/w/api.php?action=wbgetentities&ids=Q42');
    assert.deepEqual(
      d.map((x) => [x.code, x.severity, x.text]),
      [['unknownaction', 'information', 'wbgetentities']],
    );
    assert.match(d[0].message, /Load this wiki's catalogue/);
  });
  it('without a URL it is an unknown value of action', () => {
    assert.deepEqual(seen('action=wbgetentities&ids=Q42'), [['badvalue', 'error', 'wbgetentities', 'action']]);
  });
});

describe('messages say what the server hides and requires', () => {
  it('a hidden warning says the wiki would silently ignore it', () => {
    const [d] = validate('action=feedrecentchanges&bogus=1');
    assert.match(d.message, /would silently ignore this/);
    assert.equal((d.data as { hiddenCode?: string }).hiddenCode, 'unrecognizedparams');
  });
  it('a write module names POST, the token type and write rights', () => {
    const d = validate('action=rollback&title=A&user=B').find((x) => x.code === 'postonly')!;
    assert.match(d.message, /POST request/);
    assert.match(d.message, /"rollback" token/);
    assert.match(d.message, /write rights/);
  });
});

table('badutf8 (any module): the wiki cleans the value and warns', [
  { name: 'invalid UTF-8', query: 'action=parse&text=%FF&contentmodel=wikitext', expect: [['badutf8', 'warning', '%FF', 'text']] },
  { name: 'not NFC', query: 'action=expandtemplates&text=e%CC%81&prop=wikitext', expect: [['badutf8', 'warning', 'e%CC%81', 'text']] },
  {
    name: 'a control character',
    query: 'action=expandtemplates&text=a%01b&prop=wikitext',
    expect: [['badutf8', 'warning', 'a%01b', 'text']],
  },
  { name: 'tab and newline are fine, and so is UTF-8', query: 'action=expandtemplates&text=a%09b%0A%C3%A9&prop=wikitext', expect: [] },
  { name: 'in a query module too', query: 'action=query&list=allpages&apfrom=%C3', expect: [['badutf8', 'warning', '%C3', 'apfrom']] },
  {
    name: 'bytes that are not UTF-8 are read as Windows-1252: Admin%FF is the user Adminÿ',
    query: 'action=feedcontributions&user=Admin%FF',
    expect: [['ignoredbyserver', 'information', 'Admin%FF', 'user']],
  },
]);

table('file uploads and change tags', [
  {
    name: 'a file upload parameter in a URL: badupload',
    query: 'action=upload&filename=a.png&chunk=x',
    expect: [
      ['badupload', 'error', 'chunk', 'chunk'],
      ['missingparam', 'error', 'upload', 'token'],
      ['postonly', 'information', 'upload', 'action'],
    ],
  },
  {
    name: 'a tag the catalogue does not list: badtags (an error, unlike other enums)',
    query: 'action=delete&title=A&tags=x',
    expect: [
      ['badtags', 'error', 'x', ''],
      ['missingparam', 'error', 'delete', 'token'],
      ['postonly', 'information', 'delete', 'action'],
    ],
  },
]);

describe('a catalogue that lists no description of the action', () => {
  it('says the parameters are not checked, and how to fetch the whole catalogue', () => {
    const d = validate('action=parse&page=A&bogus=1', { catalogue: fixtureCatalogue() });
    assert.deepEqual(
      d.map((x) => [x.code, x.severity, x.text]),
      [['notquery', 'information', 'parse']],
    );
    assert.match(d[0].message, /Reload Catalogue/);
  });
});

table('compare: content models and torelative', [
  {
    name: 'text on both sides, no page and no model: the wiki assumes wikitext (warning)',
    query: 'action=compare&fromslots=main&fromtext-main=a&toslots=main&totext-main=b',
    expect: [['compare-nocontentmodel', 'warning', 'compare', '']],
  },
  {
    name: 'a model on one side is enough',
    query: 'action=compare&fromslots=main&fromtext-main=a&fromcontentmodel-main=wikitext&toslots=main&totext-main=b',
    expect: [],
  },
  { name: 'a page on one side is enough', query: 'action=compare&fromslots=main&fromtext-main=a&totitle=Main_Page', expect: [] },
  {
    name: 'torelative needs a from revision',
    query: 'action=compare&fromslots=main&fromtext-main=a&torelative=cur',
    expect: [
      ['compare-relative-to-nothing', 'error', 'torelative', 'torelative'],
      ['compare-nocontentmodel', 'warning', 'compare', ''],
    ],
  },
]);

describe('write modules: what the wiki reports only on a request that succeeds', () => {
  it('an unknown parameter is still reported, saying the GET would fail first', () => {
    const d = validate('action=edit&title=X&text=y&bogus=1').find((x) => x.code === 'unrecognizedparams')!;
    assert.equal(d.severity, 'warning');
    assert.match(d.message, /Sent as GET the request fails first/);
  });
});
