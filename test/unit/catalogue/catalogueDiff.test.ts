/**
 * `wikimap-query catalogue diff`: what it reports for each kind of change between two catalogues
 * (table), and the report of the recorded MediaWiki 1.39 and 1.45 catalogues.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { diffCatalogues, formatDifference, summariseDifferences } from '../../../server/src/cli/catalogueDiff';

type Param = Record<string, unknown>;
type Module = { name: string; path: string; group?: string; prefix: string; parameters: Param[]; [k: string]: unknown };

/** A small `list=` module as paraminfo describes it. */
function listModule(over: Partial<Module> = {}, params: Param[] = []): Module {
  return {
    name: 'allpages',
    path: 'query+allpages',
    group: 'list',
    prefix: 'ap',
    generator: true,
    parameters: [
      { index: 1, name: 'from', type: 'string' },
      { index: 2, name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'all' },
      { index: 3, name: 'limit', type: 'limit', default: 10, min: 1, max: 500, highmax: 5000 },
      ...params,
    ],
    templatedparameters: [],
    ...over,
  };
}

function catalogue(modules: Module[], namespaces?: Record<string, string>) {
  const siteinfo = namespaces && {
    query: { namespaces: Object.fromEntries(Object.entries(namespaces).map(([id, name]) => [id, { id: Number(id), name }])) },
  };
  return createWikiCatalogue({ paraminfo: { helpformat: 'none', modules } }, { siteinfo });
}

const base = listModule();
const withParams = (change: (p: Param[]) => Param[]): Module => ({ ...base, parameters: change(base.parameters.map((p) => ({ ...p }))) });

const CASES: Array<{ what: string; a: Module[]; b: Module[]; lines: string[]; ns?: [Record<string, string>, Record<string, string>] }> = [
  { what: 'identical catalogues', a: [base], b: [base], lines: [] },
  {
    what: 'a module added',
    a: [base],
    b: [base, { ...listModule(), name: 'codexicons', path: 'query+codexicons', prefix: 'ci' }],
    lines: ['+ module query+codexicons', '+ value query list=codexicons', '+ value query generator=codexicons'],
  },
  {
    what: 'a module removed',
    a: [base, { ...listModule(), name: 'old', path: 'query+old', prefix: 'ol' }],
    b: [base],
    lines: ['- value query list=old', '- value query generator=old', '- module query+old'],
  },
  {
    what: 'a module deprecated',
    a: [base],
    b: [{ ...base, deprecated: true }],
    lines: ['~ module query+allpages: deprecated false → true'],
  },
  {
    what: 'a module that can no longer be a generator',
    a: [base],
    b: [{ ...base, generator: false }],
    lines: ['~ module query+allpages: generator true → false', '- value query generator=allpages'],
  },
  {
    what: 'a parameter added',
    a: [base],
    b: [withParams((p) => [...p, { index: 4, name: 'excludenamed', type: 'boolean' }])],
    lines: ['+ parameter query+allpages apexcludenamed'],
  },
  { what: 'a parameter removed', a: [base], b: [withParams((p) => p.slice(1))], lines: ['- parameter query+allpages apfrom'] },
  {
    what: 'a parameter deprecated',
    a: [base],
    b: [withParams((p) => p.map((x) => (x.name === 'from' ? { ...x, deprecated: true } : x)))],
    lines: ['~ parameter query+allpages apfrom: deprecated false → true'],
  },
  {
    what: 'a limit raised and a default changed',
    a: [base],
    b: [withParams((p) => p.map((x) => (x.name === 'limit' ? { ...x, max: 1000, default: 20 } : x)))],
    lines: ['~ parameter query+allpages aplimit: default 10 → 20', '~ parameter query+allpages aplimit: max 500 → 1000'],
  },
  {
    what: 'a type changed (string to enum)',
    a: [base],
    b: [withParams((p) => p.map((x) => (x.name === 'from' ? { ...x, type: ['a', 'b'] } : x)))],
    lines: ['~ parameter query+allpages apfrom: type "string" → "enum"'],
  },
  {
    what: 'a value added and one removed',
    a: [base],
    b: [withParams((p) => p.map((x) => (x.name === 'filterredir' ? { ...x, type: ['all', 'redirects', 'stable'] } : x)))],
    lines: ['+ value query+allpages apfilterredir=stable', '- value query+allpages apfilterredir=nonredirects'],
  },
  {
    what: 'a value deprecated',
    a: [base],
    b: [withParams((p) => p.map((x) => (x.name === 'filterredir' ? { ...x, deprecatedvalues: ['redirects'] } : x)))],
    lines: ['~ value query+allpages apfilterredir=redirects: deprecated false → true'],
  },
  {
    what: 'a namespace added, one renamed, one removed',
    a: [base],
    b: [base],
    ns: [
      { '0': '', '4': 'Old wiki', '100': 'Portal' },
      { '0': '', '4': 'New wiki', '3000': 'Recipe' },
    ],
    lines: ['~ namespace 4: name "Old wiki" → "New wiki"', '+ namespace 3000 "Recipe"', '- namespace 100 "Portal"'],
  },
];

describe('catalogue diff: what it reports', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const diffs = diffCatalogues(catalogue(c.a, c.ns?.[0]), catalogue(c.b, c.ns?.[1]));
      assert.deepEqual(diffs.map(formatDifference), c.lines);
    });
  }

  it('counts by kind, and says when there is nothing', () => {
    assert.equal(summariseDifferences([]), 'no differences');
    const diffs = diffCatalogues(catalogue([base]), catalogue([withParams((p) => [...p, { index: 9, name: 'x', type: 'string' }])]));
    assert.equal(summariseDifferences(diffs), 'parameters: 1 added, 0 removed, 0 changed');
  });

  it('namespaces are compared only when both catalogues have the wiki’s own', () => {
    assert.deepEqual(diffCatalogues(catalogue([base], { '0': '', '100': 'Portal' }), catalogue([base])), []);
  });
});

describe('catalogue diff: recorded MediaWiki 1.39 against 1.45', () => {
  const dir = join(__dirname, '..', '..', 'fixtures', 'catalogues');
  const load = (name: string) => {
    const json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    return createWikiCatalogue(json.paraminfo, { siteinfo: json.siteinfo });
  };
  const lines = diffCatalogues(load('mediawiki-1.39.json'), load('mediawiki-1.45.0.json')).map(formatDifference);

  const EXPECTED = [
    // Modules new in the later releases.
    '+ module query+codexicons',
    '+ module query+trackingcategories',
    '+ module acquiretempusername',
    '~ module logout: writerights false → true',
    '+ value query list=codexicons',
    '+ value main action=acquiretempusername',
    // Parameters new in 1.45 (temporary accounts).
    '+ parameter query+allusers auexcludetemp',
    '+ parameter main crossorigin',
    // A right that no longer exists.
    '- value query+allusers aurights=writeapi',
  ];
  for (const line of EXPECTED) it(line, () => assert.ok(lines.includes(line), `missing; the report has:\n${lines.join('\n')}`));

  it('nothing removed that 1.45 still has', () => {
    const removedModules = lines.filter((l) => l.startsWith('- module '));
    assert.deepEqual(removedModules, []);
  });
});
