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
import { validate } from '../wiki/helpers';

const ROOT = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtimeData = require('../../../scripts/lib/runtimeData.js') as {
  DOCUMENTATION_FIELDS: Record<string, string[]>;
  UNREAD_MODULE_FIELDS: Record<string, string[]>;
  dataFiles(root: string): string[];
  runtimeDataText(relPath: string, text: string): string;
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
