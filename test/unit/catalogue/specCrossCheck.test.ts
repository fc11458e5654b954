/**
 * Cross-checks the built-in catalogue (descriptors/wiki/query-modules.json) against an
 * independent reading of the spec wiki-query-descriptors.md (its committed copy in fixtures/, see specReader.ts), field by
 * field, for every module and every parameter.
 *
 * Each disagreement reads `module.parameter.field: spec says X, catalogue has Y`. Every module
 * fails with its own complete list, and the last test fails once with the full list of all modules.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { MAIN_PAGE_TITLE, parseSpec, readSpec, type SpecModule, type SpecParam, type SpecReading } from './specReader';

const repoRoot = join(__dirname, '..', '..', '..');
const cataloguePath = join(repoRoot, 'descriptors', 'wiki', 'query-modules.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type CatalogueParam = { [key: string]: Json };
interface CatalogueModule {
  name: string;
  parameters?: CatalogueParam[];
  templatedparameters?: CatalogueParam[];
  [key: string]: Json | undefined;
}
interface Catalogue {
  paraminfo: { helpformat?: string; modules: CatalogueModule[] };
}

const ABSENT = 'absent';

/** Words about a value rather than a value: shown without JSON quotes. */
class Prose {
  constructor(readonly text: string) {}
}
const say = (text: string) => new Prose(text);

function show(value: unknown): string {
  if (value === undefined) return ABSENT;
  if (value instanceof Prose) return value.text;
  if (value === MAIN_PAGE_TITLE) return "the title of the wiki's main page (any non-empty title)";
  return JSON.stringify(value);
}

/** For two lists, which items one lacks, so a slip in a long enumeration is easy to see. */
function listHint(spec: unknown, catalogue: unknown): string {
  if (!Array.isArray(spec) || !Array.isArray(catalogue)) return '';
  const missing = spec.filter((v) => !catalogue.some((c) => isDeepStrictEqual(c, v)));
  const extra = catalogue.filter((v) => !spec.some((c) => isDeepStrictEqual(c, v)));
  const notes = [];
  if (missing.length > 0) notes.push(`catalogue lacks ${missing.map((v) => JSON.stringify(v)).join(', ')}`);
  if (extra.length > 0) notes.push(`spec lacks ${extra.map((v) => JSON.stringify(v)).join(', ')}`);
  if (notes.length === 0 && spec.length === catalogue.length) notes.push('same items, different order');
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

/** A flag of formatversion 1: present as "" when true, absent when false. */
function flag(on: boolean): '' | undefined {
  return on ? '' : undefined;
}

class Report {
  readonly lines: string[] = [];
  differ(where: string, spec: unknown, catalogue: unknown): void {
    this.lines.push(`${where}: spec says ${show(spec)}, catalogue has ${show(catalogue)}${listHint(spec, catalogue)}`);
  }
  compare(where: string, spec: unknown, catalogue: unknown): void {
    const same = spec === MAIN_PAGE_TITLE ? typeof catalogue === 'string' && catalogue !== '' : isDeepStrictEqual(spec, catalogue);
    if (!same) this.differ(where, spec, catalogue);
  }
}

/** Compares one parameter (regular or templated): every field the spec implies, and no others. */
function compareParam(report: Report, where: string, spec: SpecParam, actual: CatalogueParam, allowedFields: string[]): void {
  const expected = spec as unknown as Record<string, unknown>;
  const fields = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const field of fields) {
    if (field === 'index' || field === 'name') continue;
    if (!allowedFields.includes(field) && actual[field] !== undefined) {
      report.differ(`${where}.${field}`, say(`no field "${field}" (not a descriptor field)`), actual[field]);
      continue;
    }
    report.compare(`${where}.${field}`, expected[field], actual[field]);
  }
}

function compareModule(spec: SpecModule, actual: CatalogueModule | undefined, reading: SpecReading): string[] {
  const report = new Report();
  const m = spec.name;
  if (!actual) {
    report.differ(m, say('module exists'), say('no such module'));
    return report.lines;
  }

  report.compare(`${m}.(module).path`, spec.path, actual.path);
  report.compare(`${m}.(module).group`, spec.group, actual.group);
  report.compare(`${m}.(module).prefix`, spec.prefix, actual.prefix);
  report.compare(`${m}.(module).generator`, flag(spec.generator), actual.generator);
  report.compare(`${m}.(module).deprecated`, flag(spec.deprecated), actual.deprecated);
  report.compare(`${m}.(module).readrights`, flag(spec.readrights), actual.readrights);
  report.compare(`${m}.(module).licensetag`, spec.licensetag, actual.licensetag);
  // "helpurls: array of URLs. Empty for `languageinfo`": an empty array there, URLs elsewhere.
  if (reading.emptyHelpurls.includes(m)) report.compare(`${m}.(module).helpurls`, [], actual.helpurls);
  else if (
    !Array.isArray(actual.helpurls) ||
    actual.helpurls.length === 0 ||
    !actual.helpurls.every((u) => typeof u === 'string' && /^https?:\/\//.test(u))
  ) {
    report.differ(`${m}.(module).helpurls`, say('an array of URLs'), actual.helpurls);
  }
  for (const field of Object.keys(actual)) {
    if (!reading.moduleFields.includes(field))
      report.differ(`${m}.(module).${field}`, say(`no field "${field}" (not a module descriptor field)`), actual[field]);
  }

  const params = actual.parameters ?? [];
  const templated = actual.templatedparameters ?? [];
  if (!Array.isArray(actual.parameters)) report.differ(`${m}.(module).parameters`, say('an array'), actual.parameters);
  if (!Array.isArray(actual.templatedparameters))
    report.differ(`${m}.(module).templatedparameters`, say('an array'), actual.templatedparameters);

  // Parameter order: names in order.
  report.compare(
    `${m}.(parameters).order`,
    spec.parameters.map((p) => p.name),
    params.map((p) => p.name),
  );
  report.compare(
    `${m}.(templatedparameters).names`,
    spec.templatedparameters.map((p) => p.name),
    templated.map((p) => p.name),
  );

  for (const specParam of spec.parameters) {
    const found = params.filter((p) => p.name === specParam.name);
    if (found.length === 0) report.differ(`${m}.${specParam.name}`, say('parameter exists'), say('no such parameter'));
    else if (found.length > 1)
      report.differ(`${m}.${specParam.name}`, say('one parameter'), say(`${found.length} parameters of that name`));
    else compareParam(report, `${m}.${specParam.name}`, specParam, found[0], reading.parameterFields);
  }
  for (const p of params) {
    if (!spec.parameters.some((s) => s.name === p.name))
      report.differ(`${m}.${String(p.name)}`, say('no such parameter'), say('a parameter'));
  }
  for (const specParam of spec.templatedparameters) {
    const found = templated.find((p) => p.name === specParam.name);
    if (!found) report.differ(`${m}.${specParam.name}`, say('templated parameter exists'), say('no such templated parameter'));
    else compareParam(report, `${m}.${specParam.name}`, specParam, found, reading.templatedFields);
  }
  for (const p of templated) {
    if (!spec.templatedparameters.some((s) => s.name === p.name))
      report.differ(`${m}.${String(p.name)}`, say('no such templated parameter'), say('a templated parameter'));
  }

  checkIndices(report, m, params, templated);
  return report.lines;
}

/**
 * "index: Position. Numbers are skipped where a templated parameter holds one." MediaWiki's
 * ApiParamInfo numbers the module's parameters from 1 in declaration order, templated ones
 * included; ApiQueryRevisionsBase declares `contentformat-{slot}` right after `slots`, the
 * parameter its template variable refers to (templatevars: slot → slots).
 */
function checkIndices(report: Report, m: string, params: CatalogueParam[], templated: CatalogueParam[]): void {
  let previous = 0;
  for (const p of params) {
    const index = p.index;
    if (typeof index !== 'number' || !Number.isInteger(index)) {
      report.differ(`${m}.${String(p.name)}.index`, say('an integer'), index);
      continue;
    }
    if (index <= previous)
      report.differ(`${m}.${String(p.name)}.index`, say(`greater than ${previous} (indices strictly increase)`), index);
    previous = index;
  }
  // Regular and templated parameters together hold the numbers 1…N, each once: the regular
  // parameters skip exactly the numbers the templated ones hold.
  const numbers = (list: CatalogueParam[]) => list.map((p) => p.index).filter((i): i is number => typeof i === 'number');
  const total = params.length + templated.length;
  const held = [...numbers(params), ...numbers(templated)].sort((x, y) => x - y);
  const want = Array.from({ length: total }, (_, i) => i + 1);
  if (!isDeepStrictEqual(held, want)) {
    const skipped = want.filter((i) => !numbers(params).includes(i));
    report.differ(
      `${m}.(parameters).index`,
      say(
        `numbers 1…${total}, each once, the regular parameters skipping only ${templated.length === 0 ? 'nothing' : `the number(s) held by ${templated.map((t) => t.name).join(', ')}`}`,
      ),
      say(
        `regular parameters at ${JSON.stringify(numbers(params))} (skipping ${JSON.stringify(skipped)}), templated at ${JSON.stringify(numbers(templated))}`,
      ),
    );
  }

  for (const t of templated) {
    const where = `${m}.${String(t.name)}.index`;
    if (typeof t.index !== 'number') {
      report.differ(where, say('an integer'), t.index);
      continue;
    }
    const vars = t.templatevars;
    const anchorName = vars && typeof vars === 'object' && !Array.isArray(vars) ? Object.values(vars)[0] : undefined;
    const anchor = params.find((p) => p.name === anchorName);
    if (!anchor || typeof anchor.index !== 'number') {
      report.differ(
        where,
        say(`right after the parameter ${String(anchorName)}`),
        say(`${t.index} with no parameter ${String(anchorName)}`),
      );
    } else if (t.index !== anchor.index + 1) {
      report.differ(where, say(`${anchor.index + 1} (right after ${String(anchorName)})`), t.index);
    }
  }
}

/** Catalogue-wide checks: helpformat, and the module list against the spec's numbered list. */
function compareCatalogue(spec: SpecReading): string[] {
  const report = new Report();
  report.compare('(catalogue).helpformat', spec.helpformat, catalogue.paraminfo.helpformat);
  report.compare('(spec).modules', spec.moduleCount, spec.modules.length);
  report.compare(
    '(spec).numbering',
    spec.modules.map((_, i) => i + 1),
    spec.modules.map((m) => m.number),
  );
  const specNames = spec.modules.map((m) => m.name);
  const names = catalogue.paraminfo.modules.map((m) => m.name);
  for (const name of names) if (!specNames.includes(name)) report.differ(name, say('no such module'), say('a module'));
  const duplicates = names.filter((n, i) => names.indexOf(n) !== i);
  if (duplicates.length > 0) report.differ('(catalogue).modules', say('each module once'), say(`duplicates ${duplicates.join(', ')}`));
  return report.lines;
}

let reading: SpecReading | undefined;
let readError: Error | undefined;
try {
  reading = readSpec(repoRoot);
} catch (error) {
  readError = error as Error;
}
const catalogue = JSON.parse(readFileSync(cataloguePath, 'utf8')) as Catalogue;

/** Slips the cross-check must catch: each changes one module of a copy of the catalogue. */
const SLIPS: Array<[string, string, (m: CatalogueModule) => void, RegExp]> = [
  [
    'an enumeration value dropped',
    'allpages',
    (m) => {
      param(m, 'prlevel').type = (param(m, 'prlevel').type as string[]).slice(0, -1);
    },
    /^allpages\.prlevel\.type: spec says /,
  ],
  [
    'a number default written as a string',
    'imageinfo',
    (m) => {
      param(m, 'limit').default = String(param(m, 'limit').default);
    },
    /^imageinfo\.limit\.default: spec says \d+, catalogue has "\d+"$/,
  ],
  [
    'a string default written as a number',
    'imageinfo',
    (m) => {
      param(m, 'metadataversion').default = Number(param(m, 'metadataversion').default);
    },
    /^imageinfo\.metadataversion\.default: spec says "\d+", catalogue has \d+$/,
  ],
  [
    'two parameters swapped',
    'allcategories',
    (m) => {
      m.parameters!.reverse();
    },
    /^allcategories\.\(parameters\)\.(order|index)|^allcategories\.\w+\.index/,
  ],
  [
    'the templated parameter numbered last',
    'revisions',
    (m) => {
      m.templatedparameters![0].index = 99;
    },
    /^revisions\.(\(parameters\)|contentformat-\{slot\})\.index: /,
  ],
  [
    'a mode dropped from an info note',
    'deletedrevs',
    (m) => {
      param(m, 'start').info = [{ name: 'modes', values: [1] }];
    },
    /^deletedrevs\.start\.info: spec says /,
  ],
  [
    'a readrights flag where the spec has none',
    'tokens',
    (m) => {
      m.readrights = '';
    },
    /^tokens\.\(module\)\.readrights: spec says absent, catalogue has ""$/,
  ],
  [
    'a sensitive flag lost',
    'watchlist',
    (m) => {
      delete param(m, 'token').sensitive;
    },
    /^watchlist\.token\.sensitive: spec says "", catalogue has absent$/,
  ],
  [
    'a field the descriptor format does not have',
    'allpages',
    (m) => {
      param(m, 'from').description = 'x';
    },
    /^allpages\.from\.description: spec says no field/,
  ],
  [
    'a deprecated value not marked',
    'info',
    (m) => {
      delete param(m, 'prop').deprecatedvalues;
    },
    /^info\.prop\.deprecatedvalues: spec says \[/,
  ],
];

function param(module: CatalogueModule, name: string): CatalogueParam {
  const found = [...(module.parameters ?? []), ...(module.templatedparameters ?? [])].find((p) => p.name === name);
  if (!found) throw new Error(`The catalogue's ${module.name} has no parameter ${name}; the slip table needs updating.`);
  return found;
}

describe('built-in catalogue agrees with the spec (fixtures/wiki-query-descriptors.md)', () => {
  if (!reading) {
    it('reads the spec', () => {
      assert.fail(readError?.message ?? 'The spec could not be read.');
    });
    return;
  }
  const spec = reading;
  const catalogueLines = compareCatalogue(spec);
  const byModule = new Map<string, string[]>();
  for (const module of spec.modules) {
    byModule.set(
      module.name,
      compareModule(
        module,
        catalogue.paraminfo.modules.find((m) => m.name === module.name),
        spec,
      ),
    );
  }

  it(`lists the spec's ${spec.moduleCount} modules, no more, no fewer`, () => {
    if (catalogueLines.length > 0) assert.fail(catalogueLines.join('\n'));
  });

  for (const module of spec.modules) {
    describe(`${module.number}. ${module.name}`, () => {
      it(`module flags and all ${module.parameters.length + module.templatedparameters.length} parameter(s) match, field by field`, () => {
        const lines = byModule.get(module.name) ?? [];
        if (lines.length > 0) assert.fail(`${lines.length} disagreement(s):\n  ${lines.join('\n  ')}`);
      });
    });
  }

  describe("the reading agrees with the spec's prose rules (sections 5, 8, 9)", () => {
    const md = spec.markdown;
    const sentence = (re: RegExp): RegExpMatchArray => {
      const found = md.match(re);
      assert.ok(found, `the spec no longer has a sentence matching ${re}`);
      return found;
    };
    const names = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((x) => x[1]);
    const words = (text: string) => text.split(',').map((w) => w.trim());
    const mod = (name: string): SpecModule => {
      const found = spec.modules.find((m) => m.name === name);
      assert.ok(found, `the reading has no module ${name}`);
      return found;
    };
    const par = (module: string, name: string): SpecParam => {
      const found = mod(module).parameters.find((p) => p.name === name);
      assert.ok(found, `the reading of ${module} has no parameter ${name}`);
      return found;
    };

    it('5.1: every module except the named ones carries readrights', () => {
      const except = names(sentence(/Every module except (.*) carries the readrights flag\./)[1]);
      assert.deepEqual(
        spec.modules.filter((m) => !m.readrights).map((m) => m.name),
        except,
      );
    });
    it('5.2: token is sensitive and owner is a user name on the named modules', () => {
      for (const module of names(sentence(/The `token` parameter of (.*) is flagged sensitive/)[1])) {
        assert.equal(par(module, 'token').sensitive, '', `${module}.token`);
        assert.equal(par(module, 'owner').type, 'user', `${module}.owner`);
        assert.ok(par(module, 'owner').subtypes?.includes('name'), `${module}.owner takes a user name`);
      }
    });
    it('5.3: tokens types and default', () => {
      const [, list, dflt] = sentence(/The `tokens` module returns tokens by type: (.*) \(default (\w+)\)\./);
      assert.deepEqual(par('tokens', 'type').type, words(list));
      assert.equal(par('tokens', 'type').default, dflt);
    });
    it('5.4: authmanagerinfo request kinds', () => {
      const list = sentence(/The `authmanagerinfo` module reports authentication requests by kind: (.*)\./)[1];
      assert.deepEqual(par('authmanagerinfo', 'requestsfor').type, words(list));
    });
    it('8.1: limit defaults', () => {
      const [, usual, except, exceptDefault] = sentence(
        /Default is (\d+), except (.*) \(default (\d+)\), and modules whose `limit` has no default \(the revision modules\)\./,
      );
      for (const module of spec.modules) {
        const limit = module.parameters.find((p) => p.name === 'limit' && p.type === 'limit');
        if (!limit) continue;
        // "the revision modules": those built on the revision option set REVOPTS, i.e. the ones
        // carrying its templated `contentformat-{slot}`.
        const want =
          module.templatedparameters.length > 0 ? undefined : names(except).includes(module.name) ? Number(exceptDefault) : Number(usual);
        assert.equal(limit.default, want, `${module.name}.limit.default`);
      }
    });
    it('8.3: offset defaults and minimum', () => {
      const [, withMin, dflt, min, withoutMin, dflt2] = sentence(
        /`offset` on (.*): integer, default (\d+), minimum (\d+)\. On `(\w+)` it is an integer, default (\d+), with no minimum given\./,
      );
      for (const module of names(withMin)) {
        assert.deepEqual(
          [par(module, 'offset').type, par(module, 'offset').default, par(module, 'offset').min],
          ['integer', Number(dflt), Number(min)],
          module,
        );
      }
      assert.deepEqual(
        [par(withoutMin, 'offset').type, par(withoutMin, 'offset').default, par(withoutMin, 'offset').min],
        ['integer', Number(dflt2), undefined],
      );
    });
    it('8.4: urlwidth and urlheight defaults', () => {
      const [, modules, dflt] = sentence(/\d\. (.*): urlwidth and urlheight default (-?\d+)\./);
      for (const module of names(modules)) {
        for (const p of ['urlwidth', 'urlheight']) assert.equal(par(module, p).default, Number(dflt), `${module}.${p}`);
      }
    });
    it('9.1: the deprecated module', () => {
      const name = sentence(/`(\w+)` is a deprecated module/)[1];
      assert.deepEqual(
        spec.modules.filter((m) => m.deprecated).map((m) => m.name),
        [name],
      );
    });
    it('9.2: metadataversion is a string with a string default', () => {
      const [, module, dflt] = sentence(/`(\w+)` takes `metadataversion` \(string, default (\w+)\)/);
      assert.deepEqual([par(module, 'metadataversion').type, par(module, 'metadataversion').default], ['string', dflt]);
    });
  });

  describe('the reader follows the spec text', () => {
    const edited = (from: string, to: string): SpecReading => {
      assert.ok(spec.markdown.includes(from), `the spec no longer contains "${from}"`);
      return parseSpec(spec.markdown.replace(from, to));
    };
    const typeOf = (r: SpecReading, module: string, name: string) =>
      r.modules.find((m) => m.name === module)?.parameters.find((p) => p.name === name);

    it('takes a value set from its bullet (a group added to GROUPS reaches allusers.group)', () => {
      const r = edited('- GROUPS: bot, bureaucrat,', '- GROUPS: bot, staff, bureaucrat,');
      assert.deepEqual((typeOf(r, 'allusers', 'group')?.type as string[]).slice(0, 3), ['bot', 'staff', 'bureaucrat']);
    });
    it('takes the limit bounds from the legend', () => {
      const r = edited('min 1, max 500, highmax 5000', 'min 1, max 400, highmax 5000');
      assert.equal(typeOf(r, 'allpages', 'limit')?.max, 400);
    });
    it('rejects a word it does not know, naming the module and parameter', () => {
      assert.throws(
        () => edited('max:I; limit LIM; prop M {hidden,size}', 'max:I; limit LIMIT; prop M {hidden,size}'),
        /allcategories\.limit: unknown word "LIMIT"/,
      );
    });
    it('fails with a clear message when the spec file is absent', () => {
      const dir = mkdtempSync(join(tmpdir(), 'spec-reader-'));
      try {
        assert.throws(() => readSpec(join(dir, 'repo')), /spec was not found at .*wiki-query-descriptors\.md.*put the spec there/s);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('the cross-check itself', () => {
    for (const [slip, moduleName, mutate, expected] of SLIPS) {
      it(`reports ${slip} (${moduleName})`, () => {
        const module = spec.modules.find((m) => m.name === moduleName);
        const original = catalogue.paraminfo.modules.find((m) => m.name === moduleName);
        assert.ok(module && original, `${moduleName} is in both the spec and the catalogue`);
        const changed = structuredClone(original);
        mutate(changed);
        const before = compareModule(module, original, spec);
        const added = compareModule(module, changed, spec).filter((line) => !before.includes(line));
        assert.ok(added.length > 0, `the slip was not reported`);
        for (const line of added) assert.match(line, expected);
      });
    }
  });

  it('the whole catalogue agrees with the spec (full list of disagreements)', () => {
    const all = [...catalogueLines, ...[...byModule.values()].flat()];
    if (all.length > 0) assert.fail(`${all.length} disagreement(s) between the spec and the catalogue:\n  ${all.join('\n  ')}`);
  });
});
