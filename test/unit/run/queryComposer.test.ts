/**
 * The guided builder's pure part, on the built-in catalogue (descriptors/wiki/query-modules.json,
 * the same paraminfo data the server sends with wikimapQuery/catalogue).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ParaminfoModule } from '../../../common/protocol';
import {
  builderParameters,
  checkTypedValue,
  composeQuery,
  describeParameter,
  modulesOfGroup,
  pageSetParameters,
  wireName,
} from '../../../run/wiki/queryComposer';
import { typedQuery } from '../../support/typedQuery';

const modules: ParaminfoModule[] = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../descriptors/wiki/query-modules.json'), 'utf8'))
  .paraminfo.modules;
const byName = (n: string) => modules.find((m) => m.name === n)!;

describe('guided builder: composing queries', () => {
  it('offers every module of a group, sorted', () => {
    for (const group of ['list', 'prop', 'meta'] as const) {
      const names = modulesOfGroup(modules, group).map((m) => m.name);
      assert.deepEqual(
        names,
        modules
          .filter((m) => m.group === group)
          .map((m) => m.name)
          .sort(),
      );
      assert.ok(names.length > 0);
    }
  });

  it('offers parameters with their prefixes, required ones first, continue left out', () => {
    const search = byName('search');
    const params = builderParameters(search);
    assert.equal(wireName(search, params[0]), 'srsearch');
    assert.ok(!params.some((p) => p.name === 'continue'));
    assert.equal(
      wireName(
        byName('allpages'),
        byName('allpages').parameters.find((p) => p.name === 'limit')!,
        true,
      ),
      'gaplimit',
    );
  });

  it("offers the query module's page-set parameters for prop modules, from the catalogue", () => {
    const core: ParaminfoModule[] = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../descriptors/wiki/api-core.json'), 'utf8'))
      .paraminfo.modules;
    const names = pageSetParameters([...core, ...modules]).map((p) => p.name);
    assert.deepEqual(names, ['titles', 'pageids', 'revids', 'redirects', 'converttitles']);
    assert.deepEqual(pageSetParameters(modules), []); // a catalogue without the query module offers none
  });

  it('describes a limit and an enumeration', () => {
    const ap = byName('allpages');
    assert.equal(describeParameter(ap.parameters.find((p) => p.name === 'limit')!), 'limit 1–500 (high 5000) · default 10');
    assert.equal(
      describeParameter(ap.parameters.find((p) => p.name === 'filterredir')!),
      'one of: all, nonredirects, redirects · default all',
    );
  });

  it('writes a query that reads back to the same parameters, encoding what the language would misread', () => {
    const text = composeQuery('list', byName('allpages'), [
      ['aplimit', '5'],
      ['apfrom', 'A b&c+d#e%'],
      ['apprtype', 'edit|move'],
    ]);
    assert.equal(text, 'action=query&list=allpages&aplimit=5&apfrom=A%20b%26c%2Bd%23e%25&apprtype=edit|move');
    assert.deepEqual(typedQuery(text).params, [
      ['action', 'query'],
      ['list', 'allpages'],
      ['aplimit', '5'],
      ['apfrom', 'A b&c+d#e%'],
      ['apprtype', 'edit|move'],
    ]);
  });

  const typed: Array<[string, string, string, boolean]> = [
    ['allpages', 'limit', 'max', true],
    ['allpages', 'limit', '20', true],
    ['allpages', 'limit', 'lots', false],
    ['allpages', 'minsize', '-3', true],
    ['allpages', 'minsize', '1.5', false],
    ['recentchanges', 'start', 'now', true],
    ['recentchanges', 'start', '2024-01-31T12:00:00Z', true],
    ['recentchanges', 'start', 'yesterday', false],
    ['search', 'search', '', false],
  ];
  for (const [mod, name, value, ok] of typed) {
    it(`${ok ? 'accepts' : 'rejects'} ${JSON.stringify(value)} for ${mod} ${name}`, () => {
      const p = byName(mod).parameters.find((q) => q.name === name)!;
      const problem = checkTypedValue(p, value);
      if (ok) assert.equal(problem, undefined);
      else assert.match(problem ?? '', /^(Write|This parameter is required)/);
    });
  }
});
