/**
 * descriptors/wiki/api-core.json: the API's own `main` and `query` modules. The spec does not
 * show them; they follow MediaWiki core (ApiMain, ApiQuery, ApiPageSet, ApiFormatJson).
 */
import assert from 'node:assert/strict';
import { allParams, apiCore, findModule, findParam, queryModules } from './catalogueFiles';

const MULTI = { multi: '', lowlimit: 50, highlimit: 500, limit: 50 } as const;
const main = findModule(apiCore, 'main');
const query = findModule(apiCore, 'query');

/** Query modules of query-modules.json by group, sorted by name with deprecated modules last. */
function submoduleNames(filter: (m: (typeof queryModules.paraminfo.modules)[number]) => boolean): string[] {
  const picked = queryModules.paraminfo.modules.filter(filter);
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
  return [
    ...picked.filter((m) => m.deprecated === undefined).sort(byName),
    ...picked.filter((m) => m.deprecated !== undefined).sort(byName),
  ].map((m) => m.name);
}

describe('built-in catalogue: api-core.json (main and query modules)', () => {
  it('is a paraminfo document with the main and query modules', () => {
    assert.equal(apiCore.paraminfo.helpformat, 'none');
    assert.deepEqual(
      apiCore.paraminfo.modules.map((m) => [m.name, m.path, m.prefix, m.group]),
      [
        ['main', 'main', '', undefined],
        ['query', 'query', '', 'action'],
      ],
    );
  });

  it("main has the API's own parameters", () => {
    assert.deepEqual(
      allParams(main).map((p) => p.name),
      [
        'action',
        'format',
        'formatversion',
        'maxlag',
        'smaxage',
        'maxage',
        'assert',
        'assertuser',
        'requestid',
        'servedby',
        'curtimestamp',
        'responselanginfo',
        'origin',
        'crossorigin',
        'uselang',
        'variant',
        'errorformat',
        'errorlang',
        'errorsuselocal',
      ],
    );
  });

  const MAIN_EXACT: Array<Record<string, unknown>> = [
    { index: 3, name: 'formatversion', type: ['1', '2', 'latest'], default: '1' },
    { index: 4, name: 'maxlag', type: 'integer' },
    { index: 5, name: 'smaxage', type: 'integer', default: 0, min: 0 },
    { index: 6, name: 'maxage', type: 'integer', default: 0, min: 0 },
    { index: 7, name: 'assert', type: ['anon', 'user', 'bot'] },
    { index: 8, name: 'assertuser', type: 'user', subtypes: ['name', 'temp'] },
    { index: 9, name: 'requestid', type: 'string' },
    { index: 10, name: 'servedby', type: 'boolean' },
    { index: 11, name: 'curtimestamp', type: 'boolean' },
    { index: 12, name: 'responselanginfo', type: 'boolean' },
    { index: 13, name: 'origin', type: 'string' },
    { index: 14, name: 'crossorigin', type: 'boolean' },
    { index: 15, name: 'uselang', type: 'string', default: 'user' },
    { index: 16, name: 'variant', type: 'string' },
    { index: 17, name: 'errorformat', type: ['plaintext', 'wikitext', 'html', 'raw', 'none', 'bc'], default: 'bc' },
    { index: 18, name: 'errorlang', type: 'string', default: 'uselang' },
    { index: 19, name: 'errorsuselocal', type: 'boolean' },
  ];
  for (const expected of MAIN_EXACT) {
    it(`main ${expected.name}`, () => assert.deepEqual(findParam(main, expected.name as string), expected));
  }

  it('main action: the action modules of MediaWiki core, each its own submodule, default help', () => {
    const action = findParam(main, 'action');
    const names = action.type as string[];
    for (const n of ['query', 'parse', 'paraminfo', 'edit', 'login', 'opensearch', 'help', 'compare']) {
      assert.ok(names.includes(n), `action ${n}`);
    }
    assert.equal(action.default, 'help');
    assert.deepEqual(action.submodules, Object.fromEntries(names.map((n) => [n, n])));
    assert.deepEqual(action.internalvalues, ['cspreport']);
    assert.equal(names.at(-1), 'cspreport', 'internal modules are listed last');
  });

  it('main format: the output formats, default jsonfm', () => {
    const format = findParam(main, 'format');
    assert.deepEqual(format.type, ['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm']);
    assert.equal(format.default, 'jsonfm');
  });

  it('query prop/list/meta: multi-valued lists naming exactly the modules of query-modules.json by group', () => {
    for (const group of ['prop', 'list', 'meta']) {
      const param = findParam(query, group);
      const names = submoduleNames((m) => m.group === group);
      assert.deepEqual(param.type, names, group);
      assert.deepEqual(param.submodules, Object.fromEntries(names.map((n) => [n, `query+${n}`])), group);
      assert.deepEqual([param.multi, param.lowlimit, param.highlimit, param.limit], ['', 50, 500, 50], group);
    }
    assert.deepEqual(findParam(query, 'list').deprecatedvalues, ['deletedrevs']);
    assert.equal((findParam(query, 'list').type as string[]).at(-1), 'deletedrevs', 'deprecated modules are listed last');
    const total = ['prop', 'list', 'meta'].reduce((n, g) => n + (findParam(query, g).type as string[]).length, 0);
    assert.equal(total, 64);
  });

  it('query generator: only the G-flagged modules, single-valued, submoduleparamprefix g', () => {
    const generator = findParam(query, 'generator');
    const names = submoduleNames((m) => m.generator === '');
    assert.equal(names.length, 37);
    assert.deepEqual(generator.type, names);
    assert.deepEqual(generator.submodules, Object.fromEntries(names.map((n) => [n, `query+${n}`])));
    assert.equal(generator.submoduleparamprefix, 'g');
    assert.equal(generator.multi, undefined);
  });

  const QUERY_EXACT: Array<Record<string, unknown>> = [
    { index: 4, name: 'indexpageids', type: 'boolean' },
    { index: 5, name: 'export', type: 'boolean' },
    { index: 6, name: 'exportnowrap', type: 'boolean' },
    { index: 7, name: 'exportschema', type: ['0.10', '0.11'], default: '0.11' },
    { index: 8, name: 'iwurl', type: 'boolean' },
    { index: 9, name: 'continue', type: 'string' },
    { index: 10, name: 'rawcontinue', type: 'boolean' },
    { index: 11, name: 'titles', type: 'string', ...MULTI },
    { index: 12, name: 'pageids', type: 'integer', ...MULTI },
    { index: 13, name: 'revids', type: 'integer', ...MULTI },
    { index: 15, name: 'redirects', type: 'boolean' },
    { index: 16, name: 'converttitles', type: 'boolean' },
  ];
  for (const expected of QUERY_EXACT) {
    it(`query ${expected.name}`, () => assert.deepEqual(findParam(query, expected.name as string), expected));
  }

  it('main and query share no parameter name (both are unprefixed on the wire)', () => {
    const mainNames = new Set(allParams(main).map((p) => p.name));
    assert.deepEqual(
      allParams(query)
        .map((p) => p.name)
        .filter((n) => mainNames.has(n)),
      [],
    );
  });

  it('query reads (readrights), main does not; both come from MediaWiki', () => {
    assert.equal(query.readrights, '');
    assert.equal(main.readrights, undefined);
    for (const m of [main, query]) {
      assert.equal(m.source, 'MediaWiki');
      assert.deepEqual(m.templatedparameters, []);
      assert.ok((m.helpurls as string[]).length > 0);
    }
  });
});
