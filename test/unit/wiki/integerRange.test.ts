/**
 * IntegerDef's range from a catalogue no MediaWiki would give (issue 25, hostile catalogues): a minimum above the
 * maximum, bounds PHP cannot hold as an integer (1e308, 1.5), a high maximum under the maximum. IntegerDef::validate
 * checks the minimum first, then the maximum (with apihighlimits the high maximum, which normalizeSettings raises to
 * the maximum when under it) and clamps to the bound passed; a bound paraminfo cannot carry is no bound. The
 * messages never claim an impossible range ("must be between 1e+308 and -5").
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'mocha';
import { createWikiCatalogue, BUILTIN_CATALOGUE_FILES, type WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { MarkupContent } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { cursor, readRepoJson, validate } from './helpers';

interface RawParam {
  name: string;
  [k: string]: unknown;
}
type Paraminfo = { paraminfo: { modules: Array<{ name: string; parameters: RawParam[] }> } };

/** The built-in catalogue with `list=allpages`'s `aplimit` and `apminsize` given these bounds. */
function withBounds(limit: Record<string, unknown>, minsize: Record<string, unknown> = {}): WikiCatalogue {
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const modules = clone(readRepoJson(BUILTIN_CATALOGUE_FILES.modules)) as Paraminfo;
  const core = clone(readRepoJson(BUILTIN_CATALOGUE_FILES.core)) as Paraminfo;
  const actions = clone(readRepoJson(BUILTIN_CATALOGUE_FILES.actions)) as Paraminfo;
  const allpages = modules.paraminfo.modules.find((m) => m.name === 'allpages')!;
  const param = (name: string) => allpages.parameters.find((p) => p.name === name)!;
  for (const key of ['min', 'max', 'highmax']) delete param('limit')[key];
  Object.assign(param('limit'), limit);
  Object.assign(param('minsize'), minsize);
  return createWikiCatalogue(modules, { core: [core, actions], source: 'fixture' });
}

type Row = {
  name: string;
  limit: Record<string, unknown>;
  minsize?: Record<string, unknown>;
  query: string;
  highLimits?: boolean;
  /** The outofrange message and the value its fix writes; undefined: no outofrange. */
  expect?: [RegExp, string];
};

const ROWS: Row[] = [
  {
    name: 'a minimum above the maximum, a value under both: the minimum, and no range claimed',
    limit: { min: 10, max: 5 },
    query: 'action=query&list=allpages&aplimit=3',
    expect: [
      /^The value "3" for parameter "aplimit" must be no less than 10; the catalogue gives it a minimum \(10\) above its maximum \(5\), so no value is in range\. The wiki uses 10 instead/,
      '10',
    ],
  },
  {
    name: 'a minimum above the maximum, a value over both: the maximum (checked second)',
    limit: { min: 10, max: 5 },
    query: 'action=query&list=allpages&aplimit=12',
    expect: [/^The value "12" for parameter "aplimit" must be no greater than 5; the catalogue gives it a minimum \(10\) above/, 'max'],
  },
  {
    name: 'an integer whose minimum is above its maximum, enforced: rejected, the maximum said',
    limit: { min: 10, max: 5 },
    minsize: { min: 100, max: -5, enforcerange: true },
    query: 'action=query&list=allpages&apminsize=200',
    expect: [
      /^The value "200" for parameter "apminsize" must be no greater than -5; .* no value is in range\. The wiki rejects it: use -5 or less\.$/,
      '-5',
    ],
  },
  {
    name: "a minimum of 1e308 and a maximum of -5: 1e308 is no PHP integer, so LimitDef's minimum, 0",
    limit: { min: 1e308, max: -5 },
    query: 'action=query&list=allpages&aplimit=3',
    expect: [
      /^The value "3" for parameter "aplimit" must be no greater than -5; the catalogue gives it a minimum \(0\) above its maximum \(-5\)/,
      'max',
    ],
  },
  {
    name: 'a maximum of 1e308: no maximum',
    limit: { min: 1, max: 1e308 },
    query: 'action=query&list=allpages&aplimit=900000',
  },
  {
    name: 'a maximum of 1.5: no maximum',
    limit: { min: 1, max: 1.5 },
    query: 'action=query&list=allpages&aplimit=2',
  },
  {
    name: 'a high maximum under the maximum, with apihighlimits: the maximum (normalizeSettings)',
    limit: { min: 1, max: 500, highmax: 50 },
    query: 'action=query&list=allpages&aplimit=400',
    highLimits: true,
  },
  {
    name: 'a high maximum under the maximum, with apihighlimits, over both: the maximum',
    limit: { min: 1, max: 500, highmax: 50 },
    query: 'action=query&list=allpages&aplimit=600',
    highLimits: true,
    expect: [/^The value "600" for parameter "aplimit" must be between 1 and 500\. The wiki uses 500 instead/, 'max'],
  },
  {
    name: "a real wiki's bounds: unchanged",
    limit: { min: 1, max: 500, highmax: 5000 },
    query: 'action=query&list=allpages&aplimit=501',
    expect: [/^The value "501" for parameter "aplimit" must be between 1 and 500 \(5000 for accounts with apihighlimits/, 'max'],
  },
];

describe('wiki: IntegerDef ranges from catalogues no MediaWiki gives', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const catalogue = withBounds(row.limit, row.minsize);
      const found = validate(row.query, { catalogue, settings: { highLimits: row.highLimits } }).filter((d) => d.code === 'outofrange');
      if (!row.expect) return assert.deepEqual(found, []);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.match(found[0].message, row.expect[0]);
      assert.equal(found[0].data.replacement, row.expect[1]);
      // Never a bound no PHP integer is, never a range with nothing in it.
      assert.doesNotMatch(found[0].message, /e\+|\d\.\d/);
      const range = /between (-?\d+) and (-?\d+)/.exec(found[0].message);
      if (range) assert.ok(Number(range[1]) <= Number(range[2]), found[0].message);
    });
  }

  const HOVER: Array<[string, Record<string, unknown>, Record<string, unknown>, string, RegExp]> = [
    [
      'a limit whose minimum is above its maximum',
      { min: 10, max: 5 },
      {},
      'apli|mit',
      /limit — the catalogue gives a minimum \(10\) above the maximum \(5\): no value is in range/,
    ],
    [
      'an integer whose minimum is above its maximum',
      { min: 1, max: 5 },
      { min: 100, max: -5 },
      'apmin|size',
      /integer — the catalogue gives a minimum \(100\) above the maximum \(-5\)/,
    ],
    [
      'a high maximum under the maximum: not said',
      { min: 1, max: 500, highmax: 50 },
      {},
      'apli|mit',
      /limit — an integer from 1 to 500, or `max`/,
    ],
    ['bounds of 1e308: no bound', { min: 1, max: 1e308 }, {}, 'apli|mit', /limit — an integer from 1 to \?, or `max`/],
  ];
  for (const [name, limit, minsize, at, has] of HOVER) {
    it(`hover: ${name}`, () => {
      const catalogue = withBounds(limit, minsize);
      const { text, offset } = cursor(`action=query&list=allpages&${at}=3`);
      const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
      const td = TextDocument.create('file:///t.wikiquery', 'wikiquery', 1, text);
      const hover = service.doHover(td, service.parse(td), offset, {});
      assert.ok(hover, 'a hover');
      const said = (hover.contents as MarkupContent).value;
      assert.match(said, has);
      assert.doesNotMatch(said, /e\+|from 10 to 5|from 100 to -5/);
    });
  }
});
