/**
 * The bundles read the data files' run-time copies (scripts/lib/runtimeData.js, written by the build to
 * dist/descriptors/ and carried by the web worker): each is its source's JSON, compact and ASCII, and the rule
 * data without the fields only tests and docs read (`mirrors`, `verified`), the paraminfo modules without the
 * attribution fields nothing reads (`sourcename`, `licensetag`, `licenselink`). The catalogue built from them
 * has the same modules and judges every request of the agreement corpora exactly as the one built from the sources.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { presenceIndex } from '../../../server/src/service/wiki/wikiVersionPresence';
import { createVersionFacts } from '../../../server/src/service/wiki/wikiVersions';
import { validate } from '../wiki/helpers';

const ROOT = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtimeData = require('../../../scripts/lib/runtimeData.js') as {
  DOCUMENTATION_FIELDS: Record<string, string[]>;
  UNREAD_MODULE_FIELDS: Record<string, string[]>;
  dataFiles(root: string): string[];
  runtimeDataText(relPath: string, text: string): string;
  derivedDataFiles(root: string, relPath: string, text: string): [string, string][];
};

const source = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const copies = new Map(runtimeData.dataFiles(ROOT).map((rel) => [rel, runtimeData.runtimeDataText(rel, source(rel))]));

describe('the data files as the bundles read them', () => {
  it('are every data file of descriptors/ (not the schemas)', () => {
    const names = [...copies.keys()];
    for (const needed of [
      'descriptors/wiki/query-modules.json',
      'descriptors/wiki/api-core.json',
      'descriptors/wiki/constraints.json',
      'descriptors/wiki/action-modules.json',
      'descriptors/wiki/action-constraints.json',
      'descriptors/wiki/versions/core-modules.json',
      'descriptors/wiki/versions/core-siteinfo.json',
      'descriptors/mapserver/mapobjects.json',
    ])
      assert.ok(names.includes(needed), needed);
    assert.deepEqual(
      names.filter((n) => n.endsWith('.schema.json')),
      [],
    );
  });

  for (const [rel, text] of copies) {
    const fields = runtimeData.DOCUMENTATION_FIELDS[rel] ?? [];
    const unread = runtimeData.UNREAD_MODULE_FIELDS[rel] ?? [];
    const without = [...fields, ...unread.map((f) => `modules' ${f}`)];
    it(`${rel}: compact, ASCII, and the source's JSON${without.length ? ` without ${without.join(', ')}` : ''}`, () => {
      assert.doesNotMatch(text, /[^\x00-\x7f]/);
      assert.doesNotMatch(text, /\n/);
      const expected = JSON.parse(source(rel));
      if (fields.length) {
        delete expected.description;
        for (const rule of expected.rules) for (const f of fields) delete rule[f];
      }
      if (unread.length) {
        const modules = (expected as { paraminfo: { modules: Record<string, unknown>[] } }).paraminfo.modules;
        assert.ok(
          modules.some((m) => unread.some((f) => f in m)),
          'the source has the fields left out',
        );
        for (const m of modules) for (const f of unread) delete m[f];
      }
      assert.deepEqual(JSON.parse(text), expected);
      assert.ok(text.length < source(rel).length, 'smaller than the source');
    });
  }

  it('the rule data in the sources says what each rule mirrors; the run-time copies do not carry it', () => {
    for (const rel of Object.keys(runtimeData.DOCUMENTATION_FIELDS)) {
      const rules = (JSON.parse(source(rel)) as { rules: { mirrors?: unknown }[] }).rules;
      assert.ok(rules.length > 0 && rules.every((r) => typeof r.mirrors === 'string' && r.mirrors.length >= 20), rel);
      assert.ok(
        (JSON.parse(copies.get(rel)!) as { rules: { mirrors?: unknown }[] }).rules.every((r) => r.mirrors === undefined),
        rel,
      );
    }
  });

  it("the built-in versions' presence index (derived by the build) answers hover's questions as the whole data does", () => {
    const rel = 'descriptors/wiki/versions/core-modules.json';
    const derived = runtimeData.derivedDataFiles(ROOT, rel, source(rel));
    assert.deepEqual(
      derived.map(([name]) => name),
      ['descriptors/wiki/versions/core-presence.json'],
    );
    const index = derived[0][1];
    assert.doesNotMatch(index, /[^\x00-\x7f]|\n/);
    assert.ok(index.length * 3 < copies.get(rel)!.length, `${index.length} characters`);
    assert.deepEqual(JSON.parse(index), presenceIndex(JSON.parse(source(rel))));
    let dataRead = 0;
    const fromIndex = createVersionFacts(() => (dataRead++, JSON.parse(source(rel))), JSON.parse(index))!;
    const fromData = createVersionFacts(() => JSON.parse(source(rel)))!;
    assert.deepEqual(fromIndex.versions, fromData.versions);
    assert.deepEqual(fromIndex.shorts, ['1.39', '1.43', '1.45']);
    // Every module, parameter and enumerated value of every version, and names no version has.
    const doc = JSON.parse(source(rel)) as { modules: Record<string, { module: { parameters?: { name: string; type?: unknown }[] } }[]> };
    let asked = 0;
    for (const [p, variants] of Object.entries(doc.modules)) {
      for (const name of [p, `${p}x`]) assert.deepEqual(fromIndex.modulePresence(name), fromData.modulePresence(name), name);
      for (const { module } of variants) {
        for (const param of [...(module.parameters ?? []), { name: 'constructor', type: ['__proto__'] }]) {
          assert.deepEqual(fromIndex.paramPresence(p, param.name), fromData.paramPresence(p, param.name), `${p} ${param.name}`);
          for (const value of [...(Array.isArray(param.type) ? (param.type as unknown[]) : []), 'none-such', 'toString']) {
            assert.deepEqual(
              fromIndex.valuePresence(p, param.name, value as string),
              fromData.valuePresence(p, param.name, value as string),
            );
            asked++;
          }
        }
      }
    }
    assert.ok(asked > 5000, `${asked} values asked`);
    assert.equal(dataRead, 0, 'hover questions do not read the whole data');
    for (const s of fromData.shorts) assert.deepEqual(fromIndex.paraminfo(s), fromData.paraminfo(s), s);
    assert.equal(dataRead, 1, 'a version catalogue reads it once');
  });

  it('a catalogue from the run-time copies judges each request of the agreement corpora as one from the sources', () => {
    const fromSources = loadBuiltinCatalogue((rel) => JSON.parse(source(rel)));
    const fromCopies = loadBuiltinCatalogue((rel) => JSON.parse(copies.get(rel)!));
    // What hover, completion and the catalogue request read: each module as normalised.
    assert.deepEqual(fromCopies.modules, fromSources.modules);
    const dir = path.join(ROOT, 'test', 'mediawiki');
    const requests = fs
      .readdirSync(dir)
      .filter((n) => /^corpus.*\.txt$/.test(n))
      .flatMap((n) => fs.readFileSync(path.join(dir, n), 'utf8').split('\n'))
      .filter((line) => line.trim() !== '' && !line.startsWith('#') && line.includes('|'))
      .map((line) => line.slice(line.indexOf('|') + 1).trim());
    assert.ok(requests.length > 1000, `${requests.length} requests`);
    const seen = (text: string, catalogue: typeof fromSources) =>
      validate(text, { catalogue }).map((d) => `${d.severity} ${d.code} ${d.text}: ${d.message}`);
    const differ = requests.filter((q) => JSON.stringify(seen(q, fromSources)) !== JSON.stringify(seen(q, fromCopies)));
    assert.deepEqual(differ, []);
  });
});
