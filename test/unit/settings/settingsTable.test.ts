/**
 * The one settings table (common/settings.ts) and everything derived from or checked against it:
 * package.json's contributes.configuration and restricted configurations, the README's table, and
 * reading settings in every shape a client sends them.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  checkSettingValue,
  FIXED_LIMITS,
  layerSettings,
  readSettings,
  REPO_FILE_KEYS,
  SETTINGS,
  settingSpec,
  withApprovedCatalogue,
} from '../../../common/settings';
import { mapConfigLimit, mapConfigTimeout, takeCatalogueLimit } from '../../../server/src/cli/limitOptions';
import type { CatalogueLimits } from '../../../server/src/runtime';
import {
  activationEvents,
  packageConfiguration,
  readmeSettingsTable,
  REPO_CONFIG_SCHEMA,
  repoConfigSchema,
  restrictedConfigurations,
  securityBudgetTable,
  withBudgetTable,
  withReadmeTable,
} from '../../../scripts/settings/settingsDocs';

const ROOT = path.join(__dirname, '..', '..', '..');
const REGENERATE = 'Run `npm run gen:settings-docs` after changing common/settings.ts.';

describe('the settings table and what is derived from it', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

  it('package.json contributes.configuration is exactly the table', () => {
    assert.deepStrictEqual(pkg.contributes.configuration, packageConfiguration(), REGENERATE);
  });

  it('package.json activates on exactly the languages of the table (embeddedLanguages default)', () => {
    assert.deepStrictEqual(pkg.activationEvents, activationEvents(pkg.activationEvents), REGENERATE);
    assert.ok(pkg.activationEvents.includes('onLanguage:python'));
  });

  it('package.json restricts in untrusted workspaces exactly the settings the table marks restricted', () => {
    assert.deepStrictEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, restrictedConfigurations(), REGENERATE);
    assert.ok(restrictedConfigurations().includes('wikimapQuery.wiki.apiUrl'));
  });

  it("the README's settings table is the one rendered from the table", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.equal(readme, withReadmeTable(readme), REGENERATE);
    assert.ok(readme.includes(readmeSettingsTable()));
    assert.equal(readmeSettingsTable().split('\n').length, SETTINGS.length + 2, 'one row per setting');
  });

  it("docs/security.md's budget table is the one rendered from the settings' defaults and FIXED_LIMITS", () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'security.md'), 'utf8');
    assert.equal(doc, withBudgetTable(doc), REGENERATE);
    const table = securityBudgetTable();
    for (const key of [
      'run.maxResponseMB',
      'run.fetchAllMaxMB',
      'run.fetchAllMaxPages',
      'run.maxParsedMB',
      'run.timeoutSeconds',
      'wiki.maxCatalogueMB',
      'wiki.maxCatalogueFollowUps',
      'wiki.catalogueTimeoutSeconds',
      'mapserver.maxConfigKB',
      'mapserver.configTimeoutSeconds',
    ])
      assert.ok(table.includes(`\`wikimapQuery.${key}\``), key);
    assert.match(
      table,
      /follow-up paraminfo requests .*\| 20 \| `wikimapQuery\.wiki\.maxCatalogueFollowUps`, `check --max-catalogue-follow-ups`/,
    );
    assert.match(table, new RegExp(`\\| ${FIXED_LIMITS.mapConfigParsedPerByte} × bytes \\| — fixed: `));
    assert.match(
      table,
      /Map server config: time of the request \| 10 s \| `wikimapQuery\.mapserver\.configTimeoutSeconds`, `check --map-config-timeout`/,
    );
    // Every row that is not a setting says why it is fixed or which setting it follows.
    for (const row of table.split('\n').slice(2)) assert.match(row, /wikimapQuery\.\w|— fixed: \w|follows `/, row);
  });

  it("each budget setting is a flag of the CLI, checked against the setting's range", () => {
    const usage = (m: string) => new Error(m);
    const limits: CatalogueLimits = {};
    assert.ok(takeCatalogueLimit('--max-catalogue-follow-ups', () => '100', limits, usage));
    assert.ok(takeCatalogueLimit('--catalogue-timeout', () => '60', limits, usage));
    assert.ok(takeCatalogueLimit('--max-catalogue-mb', () => '64', limits, usage));
    assert.deepStrictEqual(limits, { maxFollowUps: 100, timeoutMs: 60_000, maxBytes: 64 * 1024 * 1024 });
    assert.equal(
      takeCatalogueLimit('--max-file-size', () => '1', limits, usage),
      false,
    );
    const bad: [string, string, RegExp][] = [
      ['--max-catalogue-follow-ups', '1.5', /takes a whole number from 0 to 400/],
      ['--max-catalogue-follow-ups', '401', /from 0 to 400 \(got "401"\)/],
      ['--catalogue-timeout', '0', /from 1 to 300/],
      ['--max-catalogue-mb', 'lots', /from 1 to 1000/],
      ['--max-catalogue-mb', '', /got ""/],
    ];
    for (const [flag, raw, message] of bad) assert.throws(() => takeCatalogueLimit(flag, () => raw, {}, usage), message);
    assert.equal(mapConfigLimit('1024', usage), 1024 * 1024);
    assert.throws(() => mapConfigLimit('0', usage), /--max-map-config-kb takes a number from 1 to 65536/);
    assert.equal(mapConfigTimeout('60', usage), 60_000);
    assert.throws(() => mapConfigTimeout('301', usage), /--map-config-timeout takes a number from 1 to 300 \(got "301"\)/);
  });

  it('the JSON schema of .wikimapquery.json is the one rendered from the table, and VS Code is told to use it', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, REPO_CONFIG_SCHEMA), 'utf8')) as { properties: Record<string, any> };
    assert.deepStrictEqual(schema, repoConfigSchema(), REGENERATE);
    assert.deepStrictEqual(pkg.contributes.jsonValidation, [{ fileMatch: '.wikimapquery.json', url: `./${REPO_CONFIG_SCHEMA}` }]);
    assert.ok(pkg.files.includes('schemas/'), 'the schema is shipped');
    for (const key of REPO_FILE_KEYS) assert.ok(key in schema.properties, key);
    assert.deepStrictEqual(Object.keys(schema.properties.diagnostics.properties).sort(), ['delay', 'maxFullCheckSize', 'severity']);
    assert.ok(
      !('wiki.liveCatalogues' in schema.properties) && !('run.timeoutSeconds' in schema.properties),
      'user-only and editor-only settings are not allowed',
    );
  });

  it('names each setting once, with a default that is a valid value of its own type', () => {
    assert.equal(new Set(SETTINGS.map((s) => s.key)).size, SETTINGS.length);
    for (const s of SETTINGS) {
      const checked = checkSettingValue(s, s.default);
      assert.ok(checked.ok, `the default of ${s.key}`);
      assert.deepStrictEqual(checked.value, s.default, `the default of ${s.key} is already in range`);
      assert.equal(s.enumDescriptions?.length, s.enum?.length, `${s.key}: one description per enum value`);
      assert.ok(s.markdownDescription && s.readme, `${s.key} is described`);
    }
  });
});

describe('reading settings in every shape a client sends them', () => {
  const severity = (raw: unknown) => readSettings(raw).values.get('diagnostics.severity');

  const SHAPES: Array<[string, unknown]> = [
    ['nested', { diagnostics: { severity: { outofrange: 'off' } } }],
    ['dotted', { 'diagnostics.severity': { outofrange: 'off' } }],
    ['prefixed, as in settings.json', { 'wikimapQuery.diagnostics.severity': { outofrange: 'off' } }],
    ['wrapped and nested', { wikimapQuery: { diagnostics: { severity: { outofrange: 'off' } } } }],
    ['wrapped and dotted', { wikimapQuery: { 'diagnostics.severity': { outofrange: 'off' } } }],
    ['severity in capitals', { diagnostics: { severity: { outofrange: 'OFF' } } }],
  ];
  for (const [shape, raw] of SHAPES) {
    it(`reads a setting written ${shape}`, () => assert.deepStrictEqual(severity(raw), { outofrange: 'off' }));
  }

  /** [value given to a setting, the value used, or undefined when refused] */
  const VALUES: Array<[string, unknown, unknown]> = [
    ['diagnostics.delay', 20, 20],
    ['diagnostics.delay', -5, 0],
    ['diagnostics.delay', 600000, 5000],
    ['diagnostics.delay', '20', undefined],
    ['run.fetchAllMaxPages', 2.7, 2],
    ['wiki.highLimits', 'yes', undefined],
    ['format.queryLayout', 'oneline', undefined],
    ['format.queryLayout', 'oneLine', 'oneLine'],
    ['embeddedLanguages', ['markdown', 3, '', 'rst'], ['markdown', 'rst']],
    ['wikis', { a: 'https://a.example/w/api.php', b: 7 }, { a: 'https://a.example/w/api.php' }],
    ['diagnostics.severity', { a: 'loud', b: 'hint' }, { b: 'hint' }],
    ['diagnostics.severity', ['off'], undefined],
  ];
  for (const [key, given, used] of VALUES) {
    it(`${key} = ${JSON.stringify(given)} is read as ${JSON.stringify(used) ?? 'refused (the layer below applies)'}`, () => {
      const read = readSettings({ [key]: given });
      assert.deepStrictEqual(read.values.get(key), used);
      assert.equal(read.problems.length, used === undefined ? 1 : 0, read.problems.join(' '));
    });
  }

  it('names what is not a setting, and skips host options it is told to', () => {
    const read = readSettings({ diagnostics: { sevrity: {} }, catalogueCacheDir: '/x', typo: 1 }, ['catalogueCacheDir']);
    assert.deepStrictEqual(read.unknown, ['diagnostics.sevrity', 'typo']);
    assert.match(read.problems.join('\n'), /wikimapQuery\.typo is not a setting/);
  });

  describe('size bounds, applied as a setting is read', function () {
    // Values of 10 MB and 100,000 entries are built for these cases: seconds on a loaded machine.
    this.timeout(30_000);
    const chars = FIXED_LIMITS.settingTextChars;
    const entries = FIXED_LIMITS.settingEntries;
    const url = (n: number) => `https://w${n}.example/api.php`;
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`w${i}`, url(i)]));
    /** [what, key, value given, the value used (undefined: refused), the problem said (or none)] */
    const BOUNDS: Array<[string, string, unknown, unknown, RegExp | undefined]> = [
      ['a URL at the limit', 'wiki.apiUrl', `https://${'x'.repeat(chars - 8)}`, `https://${'x'.repeat(chars - 8)}`, undefined],
      [
        'a URL one over',
        'wiki.apiUrl',
        `https://${'x'.repeat(chars - 7)}`,
        undefined,
        /apiUrl is 4,097 characters long, over the limit of 4,096; it is ignored\.$/,
      ],
      ['10 MB without a scheme', 'wiki.apiUrl', 'x'.repeat(10_000_000), undefined, /is 10,000,000 characters long/],
      ['a 10 MB enum value', 'format.queryLayout', 'x'.repeat(10_000_000), undefined, /is 10,000,000 characters long/],
      [
        'a list at the limit',
        'wiki.approvedCatalogues',
        Array.from({ length: entries }, (_, i) => url(i)),
        Array.from({ length: entries }, (_, i) => url(i)),
        undefined,
      ],
      [
        'a list over',
        'wiki.approvedCatalogues',
        Array.from({ length: 100_000 }, (_, i) => url(i)),
        Array.from({ length: entries }, (_, i) => url(i)),
        /has 100,000 entries; only the first 1,000 are read\.$/,
      ],
      [
        'a long list item',
        'embeddedLanguages',
        ['python', 'y'.repeat(chars + 1)],
        ['python'],
        /1 of its entries are over 4,096 characters and are ignored/,
      ],
      ['a map at the limit', 'wikis', many(entries), many(entries), undefined],
      ['a map over', 'wikis', many(100_000), many(entries), /wikis has 100,000 entries; only the first 1,000 are read/],
      ['a long map value', 'wikis', { a: url(1), b: `https://${'x'.repeat(chars)}` }, { a: url(1) }, /1 of its entries are over/],
      [
        'a long map name',
        'mapservers',
        { ['n'.repeat(chars + 1)]: 'http://127.0.0.1:1', m: 'http://127.0.0.1:2' },
        { m: 'http://127.0.0.1:2' },
        /1 of its entries are over/,
      ],
    ];
    for (const [what, key, given, used, problem] of BOUNDS) {
      it(`${key}: ${what}`, () => {
        const read = readSettings({ [key]: given });
        assert.deepStrictEqual(read.values.get(key), used);
        if (problem) {
          assert.equal(read.problems.length, 1, read.problems.join(' '));
          assert.match(read.problems[0], problem);
          assert.ok(read.problems[0].length < 200, 'a short message');
        } else assert.deepStrictEqual(read.problems, []);
      });
    }

    it('a huge value of the wrong type is described in a few characters', () => {
      const read = readSettings({ wiki: { apiUrl: new Array<string>(1_000_000).fill('x'.repeat(100)) } });
      assert.equal(read.problems.length, 1);
      assert.match(read.problems[0], /^wikimapQuery\.wiki\.apiUrl must be a string, not \["x{50,}…; it is ignored\.$/);
    });

    it('100,000 names that are no setting: 20 told, the rest counted, each name cut', () => {
      const raw = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`typo${i}${'z'.repeat(i ? 0 : 1000)}`, 1]));
      const read = readSettings(raw);
      assert.equal(read.problems.length, 21);
      assert.equal(read.unknown.length, 20);
      assert.ok(read.problems[0].length < 200, read.problems[0].slice(0, 300));
      assert.match(read.problems[20], /^…and 99,980 more problems with the wikimapQuery settings/);
    });

    it('the wrapping is unwrapped at the top only, not at any depth', () => {
      let raw: Record<string, unknown> = { wiki: { highLimits: true } };
      for (let i = 0; i < 100_000; i++) raw = { wikimapQuery: raw };
      const read = readSettings(raw);
      assert.equal(read.values.size, 0);
      assert.match(read.problems.join(' '), /wikimapQuery\.wikimapQuery is not a setting/);
      assert.equal(readSettings({ wikimapQuery: { wikimapQuery: { wiki: { highLimits: true } } } }).values.get('wiki.highLimits'), true);
    });

    it('package.json and the repository schema carry the bounds, so the editor marks a value over them', () => {
      for (const group of packageConfiguration()) {
        for (const [name, property] of Object.entries(group.properties) as Array<[string, Record<string, any>]>) {
          const type = property.type as string;
          if (type === 'string') assert.equal(property.maxLength, chars, name);
          if (type === 'array') assert.deepStrictEqual([property.maxItems, property.items.maxLength], [entries, chars], name);
          if (type === 'object') {
            assert.deepStrictEqual(
              [property.maxProperties, property.propertyNames, property.additionalProperties.maxLength],
              [entries, { maxLength: chars }, chars],
              name,
            );
          }
        }
      }
    });
  });

  it('layers key by key: a higher layer replaces only the settings it gives', () => {
    const low = readSettings({ diagnostics: { delay: 5, severity: { a: 'off' } }, wiki: { highLimits: true } }).values;
    const high = readSettings({ diagnostics: { severity: { b: 'hint' } } }).values;
    const layered = layerSettings([low, undefined, high]);
    assert.deepStrictEqual(Object.fromEntries(layered), {
      'diagnostics.delay': 5,
      'diagnostics.severity': { b: 'hint' },
      'wiki.highLimits': true,
    });
  });

  describe('approving a catalogue (wiki.approvedCatalogues)', () => {
    const entries = FIXED_LIMITS.settingEntries;
    const origins = (n: number) => Array.from({ length: n }, (_, i) => `https://w${i}.example`);
    const read = (list: string[]) => readSettings({ wiki: { approvedCatalogues: list } }).values.get('wiki.approvedCatalogues');

    it('puts the new origin first, once, keeping the earlier ones and dropping what is not a string', () => {
      assert.deepStrictEqual(withApprovedCatalogue(undefined, 'https://a.example'), ['https://a.example']);
      assert.deepStrictEqual(withApprovedCatalogue('https://b.example', 'https://a.example'), ['https://a.example']);
      assert.deepStrictEqual(
        withApprovedCatalogue(['https://b.example', 3, 'https://a.example', 'https://a.example'], 'https://a.example'),
        ['https://a.example', 'https://b.example'],
      );
    });

    it('a list full to the bound: the new origin is read, the oldest is dropped', () => {
      const full = origins(entries);
      const list = withApprovedCatalogue(full, 'https://new.example');
      assert.equal(list.length, entries);
      assert.equal(list[0], 'https://new.example');
      assert.deepStrictEqual(list.slice(1), full.slice(0, entries - 1));
      assert.ok((read(list) as string[]).includes('https://new.example'));
    });

    it('a list over the bound (set by hand) is cut to it, the new origin kept', () => {
      const list = withApprovedCatalogue(origins(entries + 500), 'https://new.example');
      assert.equal(list.length, entries);
      assert.deepStrictEqual(read(list), list);
    });
  });

  it('knows no setting outside the table', () => {
    assert.throws(() => settingSpec('wiki.apiURL'), /not in the settings table/);
  });
});
