/**
 * The shape rules of the spec's section 2 ("Resources and their fields") and section 8
 * ("Limits"), checked over every module and parameter of the built-in catalogue, plus the
 * paraminfo conventions (formatversion 1: true flags are "", false flags are left out).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { allParams, apiCore, queryModules, type ModuleDescriptor, type ParamDescriptor } from './catalogueFiles';

const modules = queryModules.paraminfo.modules;
const REVISION_MODULES = ['alldeletedrevisions', 'allrevisions', 'deletedrevisions', 'revisions'];
const TYPE_NAMES = ['string', 'integer', 'boolean', 'timestamp', 'namespace', 'user', 'title', 'limit'];
const INFO_NAMES = ['useronly', 'nonuseronly', 'modes', 'singlepageonly', 'preloadcontentonly', 'editintroonly'];
/** The flags and the order MediaWiki's ApiParamInfo and ParamValidator write a parameter's fields in: the generator's tables. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PARAM_KEY_ORDER, FLAG_KEYS } = require('../../../scripts/gen-wiki-catalogue.js') as {
  PARAM_KEY_ORDER: string[];
  FLAG_KEYS: Set<string>;
};
const FLAGS = [...FLAG_KEYS];
const MODULE_KEY_ORDER = [
  'name',
  'path',
  'group',
  'prefix',
  'source',
  'sourcename',
  'licensetag',
  'licenselink',
  'deprecated',
  'readrights',
  'generator',
  'helpurls',
  'parameters',
  'templatedparameters',
];

function eachParam(fn: (m: ModuleDescriptor, p: ParamDescriptor) => void): void {
  for (const m of [...modules, ...apiCore.paraminfo.modules]) for (const p of allParams(m)) fn(m, p);
}

function assertKeyOrder(keys: string[], order: string[], where: string): void {
  for (const k of keys) assert.ok(order.includes(k), `${where}: unexpected field "${k}"`);
  const positions = keys.map((k) => order.indexOf(k));
  assert.deepEqual(
    positions,
    [...positions].sort((a, b) => a - b),
    `${where}: fields out of MediaWiki's order: ${keys.join(', ')}`,
  );
}

describe('built-in catalogue: shape', () => {
  it('is a paraminfo document with helpformat none and 64 modules', () => {
    assert.deepEqual(Object.keys(queryModules), ['paraminfo']);
    assert.deepEqual(Object.keys(queryModules.paraminfo), ['helpformat', 'modules']);
    assert.equal(queryModules.paraminfo.helpformat, 'none');
    assert.equal(modules.length, 64);
    assert.equal(new Set(modules.map((m) => m.name)).size, 64, 'module names are unique');
  });

  it('every module has path query+<name>, a group, source MediaWiki and the GPL licence', () => {
    for (const m of modules) {
      assertKeyOrder(Object.keys(m), MODULE_KEY_ORDER, m.name);
      assert.equal(m.path, `query+${m.name}`);
      assert.ok(['list', 'prop', 'meta'].includes(m.group as string), `${m.name}: group ${m.group}`);
      assert.equal(typeof m.prefix, 'string');
      assert.equal(m.source, 'MediaWiki');
      assert.equal(m.sourcename, 'MediaWiki');
      assert.equal(m.licensetag, 'GPL-2.0-or-later');
      assert.match(m.licenselink as string, /^https:\/\/\S+License\/MediaWiki$/);
      assert.ok(Array.isArray(m.parameters) && Array.isArray(m.templatedparameters), `${m.name}: parameter arrays`);
    }
  });

  it('only codexicons and tokens have an empty prefix; prefixes are unique', () => {
    assert.deepEqual(
      modules.filter((m) => m.prefix === '').map((m) => m.name),
      ['codexicons', 'tokens'],
    );
    const prefixes = modules.map((m) => m.prefix).filter((p) => p !== '');
    assert.equal(new Set(prefixes).size, prefixes.length);
  });

  it('module flags: readrights on all but authmanagerinfo and tokens; deprecated only on deletedrevs; all flags are ""', () => {
    assert.deepEqual(
      modules.filter((m) => m.readrights === undefined).map((m) => m.name),
      ['authmanagerinfo', 'tokens'],
    );
    assert.deepEqual(
      modules.filter((m) => m.deprecated !== undefined).map((m) => m.name),
      ['deletedrevs'],
    );
    for (const m of modules) {
      for (const flag of ['readrights', 'generator', 'deprecated']) {
        if (m[flag] !== undefined) assert.equal(m[flag], '', `${m.name}.${flag}`);
      }
    }
    assert.equal(modules.filter((m) => m.generator === '').length, 37);
  });

  it('helpurls: empty for languageinfo, a mediawiki.org API page for the others', () => {
    for (const m of modules) {
      const urls = m.helpurls as string[];
      if (m.name === 'languageinfo') assert.deepEqual(urls, []);
      else {
        assert.equal(urls.length, 1, m.name);
        assert.match(urls[0], /^https:\/\/www\.mediawiki\.org\/wiki\/Special:MyLanguage\/API:[A-Z]\w+$/);
      }
    }
  });

  it('templatedparameters: only the four revision modules, holding index 3 (right after slots)', () => {
    assert.deepEqual(
      modules.filter((m) => m.templatedparameters.length > 0).map((m) => m.name),
      REVISION_MODULES,
    );
    for (const name of REVISION_MODULES) {
      const m = modules.find((x) => x.name === name)!;
      assert.deepEqual(
        m.templatedparameters.map((p) => [p.index, p.name, p.templatevars]),
        [[3, 'contentformat-{slot}', { slot: 'slots' }]],
      );
      assert.deepEqual(
        m.parameters.slice(0, 3).map((p) => [p.index, p.name]),
        [
          [1, 'prop'],
          [2, 'slots'],
          [4, 'limit'],
        ],
      );
    }
  });

  it('indices count 1, 2, 3… over parameters and templated parameters together; names are unique', () => {
    for (const m of [...modules, ...apiCore.paraminfo.modules]) {
      const params = allParams(m);
      assert.deepEqual(
        params.map((p) => p.index),
        params.map((_, i) => i + 1),
        m.name,
      );
      assert.deepEqual(
        m.parameters.map((p) => p.index),
        [...m.parameters.map((p) => p.index)].sort((a, b) => a - b),
        `${m.name}: parameters in index order`,
      );
      assert.equal(new Set(params.map((p) => p.name)).size, params.length, `${m.name}: duplicate parameter name`);
    }
  });

  it('every parameter: fields in MediaWiki\'s order, a known type, flags written as ""', () => {
    eachParam((m, p) => {
      const where = `${m.name}.${p.name}`;
      assertKeyOrder(Object.keys(p), PARAM_KEY_ORDER, where);
      if (Array.isArray(p.type)) {
        assert.ok(p.type.length > 0 && p.type.every((v) => typeof v === 'string'), `${where}: enum values are strings`);
        assert.equal(new Set(p.type).size, p.type.length, `${where}: duplicate allowed value`);
      } else {
        assert.ok(TYPE_NAMES.includes(p.type), `${where}: type ${p.type}`);
      }
      for (const flag of FLAGS) if (p[flag] !== undefined) assert.equal(p[flag], '', `${where}.${flag}`);
    });
  });

  it('multi-valued parameters carry lowlimit 50, highlimit 500, limit 50; the others none', () => {
    eachParam((m, p) => {
      const limits = [p.lowlimit, p.highlimit, p.limit];
      if (p.multi === '') assert.deepEqual(limits, [50, 500, 50], `${m.name}.${p.name}`);
      else assert.deepEqual(limits, [undefined, undefined, undefined], `${m.name}.${p.name}`);
      if (p.allspecifier !== undefined || p.allowsduplicates !== undefined) assert.equal(p.multi, '', `${m.name}.${p.name}`);
    });
  });

  it('limit parameters: named limit, min 1, max 500, highmax 5000, default 10, 1 (imageinfo, random) or none (revision modules)', () => {
    const defaults: Record<string, unknown> = {};
    const withLimit = new Set<string>();
    for (const m of modules) {
      for (const p of allParams(m).filter((x) => x.type === 'limit')) {
        assert.equal(p.name, 'limit');
        assert.deepEqual([p.min, p.max, p.highmax], [1, 500, 5000], m.name);
        defaults[m.name] = p.default;
        withLimit.add(m.name);
      }
    }
    for (const [name, value] of Object.entries(defaults)) {
      const expected = ['imageinfo', 'random'].includes(name) ? 1 : REVISION_MODULES.includes(name) ? undefined : 10;
      assert.equal(value, expected, name);
    }
    // Modules without a limit: the spec lists none for them.
    assert.deepEqual(
      modules.filter((m) => !withLimit.has(m.name)).map((m) => m.name),
      [
        'allmessages',
        'authmanagerinfo',
        'categoryinfo',
        'codexicons',
        'filerepoinfo',
        'info',
        'languageinfo',
        'pageprops',
        'siteinfo',
        'stashimageinfo',
        'tokens',
        'userinfo',
        'users',
      ],
    );
  });

  it('min/max appear only on limit parameters and the offsets of search and prefixsearch', () => {
    eachParam((m, p) => {
      if (p.type === 'limit' || m.path === 'main') return;
      const bounds = [p.min, p.max, p.highmax];
      if ((m.name === 'search' || m.name === 'prefixsearch') && p.name === 'offset') assert.deepEqual(bounds, [0, undefined, undefined]);
      else assert.deepEqual(bounds, [undefined, undefined, undefined], `${m.name}.${p.name}`);
    });
  });

  it('defaults: strings for enumerations and multi-valued parameters, and each value is allowed', () => {
    eachParam((m, p) => {
      if (p.default === undefined) return;
      const where = `${m.name}.${p.name}`;
      assert.notEqual(p.type, 'boolean', `${where}: booleans list no default`);
      if (p.type === 'integer' || p.type === 'limit' || p.type === 'namespace') {
        assert.equal(typeof p.default, 'number', where);
        return;
      }
      assert.equal(typeof p.default, 'string', where);
      if (Array.isArray(p.type)) {
        const values = p.multi === '' ? (p.default === '' ? [] : (p.default as string).split('|')) : [p.default as string];
        for (const v of values) assert.ok(p.type.includes(v), `${where}: default ${v} is not an allowed value`);
      }
    });
  });

  it('subtypes only on user parameters, extranamespaces only on namespace parameters, info notes well formed', () => {
    eachParam((m, p) => {
      const where = `${m.name}.${p.name}`;
      if (p.subtypes !== undefined) assert.equal(p.type, 'user', where);
      if (p.type === 'user') assert.ok(Array.isArray(p.subtypes) && p.subtypes.length > 0, `${where}: user without subtypes`);
      if (p.extranamespaces !== undefined) assert.equal(p.type, 'namespace', where);
      if (p.deprecatedvalues !== undefined) {
        assert.ok(Array.isArray(p.type), where);
        for (const v of p.deprecatedvalues as string[]) assert.ok((p.type as string[]).includes(v), `${where}: ${v}`);
      }
      for (const note of (p.info as Array<{ name: string; values?: unknown[] }> | undefined) ?? []) {
        assert.ok(INFO_NAMES.includes(note.name), `${where}: info ${note.name}`);
        if (note.name === 'modes')
          assert.ok(
            note.values!.every((v) => Number.isInteger(v)),
            `${where}: modes are integers`,
          );
        else assert.equal(note.values, undefined, where);
      }
    });
  });

  it('the committed JSON files are what scripts/gen-wiki-catalogue.js writes', () => {
    const root = join(__dirname, '..', '..', '..');
    // --check exits non-zero (and throws here) when a file differs from the generator's output.
    execFileSync(process.execPath, [join(root, 'scripts', 'gen-wiki-catalogue.js'), '--check'], { cwd: root, stdio: 'pipe' });
  });
});
