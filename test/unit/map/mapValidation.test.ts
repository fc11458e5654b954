import assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { MAP_DIAGNOSTIC_CODES } from '../../../server/src/service/map/mapLanguageService';
import { MAX_MAP_DIAGNOSTICS, MAX_SHOWN_NAME } from '../../../server/src/service/map/mapDiagnostics';
import { MAX_MAP_QUERIES } from '../../../server/src/service/map/mapQueryParser';
import { diagnose, hover, query } from './mapTestUtil';

const SEV: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

/** [what, document, expected diagnostics as [code, severity, text they cover]] */
const CASES: Array<[string, string, Array<[string, string, string]>]> = [
  ['a valid query', query(), []],
  ['a valid query with every field', query(', "attributelike": {"key": "owner", "value": "sin%"}, "limit": 50'), []],
  ['an array of valid queries', `[${query()}, ${query('', 'poi')}]`, []],
  ['comments are tolerated', `// bones near spawn\n${query()}`, []],
  ['not JSON', '{"pos1": ', [['invalidjson', 'error', '']]],
  ['a stray character', '{"pos1" x}', [['invalidjson', 'error', 'x']]],
  ['a trailing comma (the server rejects it)', query(','), [['invalidjson', 'error', '}']]],
  ['an empty document', '', [['invalidjson', 'error', '']]],
  [
    'nested deeper than 512 levels: one diagnostic at the 513th bracket, nothing else',
    `${'['.repeat(600)}${query('')}${']'.repeat(600)}`,
    [['toodeep', 'error', '[']],
  ],
  [
    'deep nesting inside strings and comments does not count',
    `/* ${'['.repeat(600)} */ {"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones", "k": "${'{'.repeat(600)}"}`,
    [['unknownfield', 'warning', '"k"']],
  ],
  ['not an object', '"bones"', [['notanobject', 'error', '"bones"']]],
  ['an array element that is not an object', `[${query()}, 42]`, [['notanobject', 'error', '42']]],
  // web/mapobjects.go: a nil pos1/pos2 becomes (-2048, -2048, -2048) / (2048, 2048, 2048).
  [
    'omitted pos1: the server searches from its default corner',
    '{"pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [
      ['defaultcorner', 'information', '{'],
      ['regiontoolarge', 'warning', '"pos2"'],
    ],
  ],
  [
    'pos1 null: read as omitted (a nil *MapBlockCoords)',
    '{"pos1": null, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [
      ['defaultcorner', 'information', 'null'],
      ['regiontoolarge', 'warning', '"pos2"'],
    ],
  ],
  [
    'both corners omitted: the whole map, cut at 1000 rows',
    '{"type": "bones"}',
    [
      ['defaultcorner', 'information', '{'],
      ['defaultcorner', 'information', '{'],
      ['regiontoolarge', 'warning', '{'],
    ],
  ],
  ['missing type', '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}}', [['missingfield', 'error', '{']]],
  ['pos1 not an object', '{"pos1": [0, 0, 0], "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}', [['notanobject', 'error', '[0, 0, 0]']]],
  [
    'a missing coordinate',
    '{"pos1": {"x": 0, "y": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['missingcoordinate', 'warning', '"pos1"']],
  ],
  [
    'a float coordinate',
    '{"pos1": {"x": 0.5, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['notinteger', 'error', '0.5']],
  ],
  [
    'a string coordinate',
    '{"pos1": {"x": "0", "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['notinteger', 'error', '"0"']],
  ],
  [
    'a coordinate written as 1.0 (Go wants an integer literal)',
    '{"pos1": {"x": 1.0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['notinteger', 'error', '1.0']],
  ],
  [
    'a coordinate in exponent form',
    '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1e1, "y": 1, "z": 1}, "type": "bones"}',
    [['notinteger', 'error', '1e1']],
  ],
  // encoding/json: null into an int has no effect, so the coordinate stays 0 (no error from the server).
  [
    'a null coordinate (read as 0)',
    '{"pos1": {"x": 0, "y": null, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['nullvalue', 'warning', 'null']],
  ],
  ['limit null (a nil *int: the default 1000)', query(', "limit": null'), [['nullvalue', 'warning', 'null']]],
  [
    'type not a string',
    '{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": 3}',
    [['typenotstring', 'error', '3']],
  ],
  ['attributelike not an object', query(', "attributelike": "owner"'), [['badattributelike', 'error', '"owner"']]],
  ['attributelike without value', query(', "attributelike": {"key": "owner"}'), [['badattributelike', 'error', '"attributelike"']]],
  ['attributelike.value not a string', query(', "attributelike": {"key": "owner", "value": 5}'), [['badattributelike', 'error', '5']]],
  [
    'node coordinates',
    '{"pos1": {"x": -3200, "y": 0, "z": 100}, "pos2": {"x": 4000, "y": 16, "z": 200}, "type": "bones"}',
    [
      ['nodecoordinates', 'warning', '{"x": -3200, "y": 0, "z": 100}'],
      ['nodecoordinates', 'warning', '{"x": 4000, "y": 16, "z": 200}'],
    ],
  ],
  [
    'node coordinates in one corner while the other is incomplete',
    '{"pos1": {"x": 3200, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1}, "type": "bones"}',
    [
      ['missingcoordinate', 'warning', '"pos2"'],
      ['nodecoordinates', 'warning', '{"x": 3200, "y": 0, "z": 0}'],
    ],
  ],
  [
    'an inverted box',
    '{"pos1": {"x": 10, "y": 0, "z": 0}, "pos2": {"x": 0, "y": 1, "z": 1}, "type": "bones"}',
    [['invertedbox', 'warning', '"pos1"']],
  ],
  // Layers (app/config.go defaults Ground -1…10 and Sky 11…24; mapblockaccessor/mtime.go skips blocks outside them).
  [
    'a box below every layer (deep bones are never indexed)',
    '{"pos1": {"x": 0, "y": -20, "z": 0}, "pos2": {"x": 10, "y": -2, "z": 10}, "type": "bones"}',
    [['outsidelayers', 'warning', '"pos1"']],
  ],
  [
    'a box above every layer',
    '{"pos1": {"x": 0, "y": 25, "z": 0}, "pos2": {"x": 10, "y": 40, "z": 10}, "type": "bones"}',
    [['outsidelayers', 'warning', '"pos1"']],
  ],
  ['a box in the Sky layer', '{"pos1": {"x": 0, "y": 11, "z": 0}, "pos2": {"x": 10, "y": 24, "z": 10}, "type": "bones"}', []],
  ['a box reaching into a layer', '{"pos1": {"x": 0, "y": -30, "z": 0}, "pos2": {"x": 10, "y": -1, "z": 10}, "type": "bones"}', []],
  [
    'pos1 omitted, pos2 below the layers: the default box stays below them',
    '{"pos2": {"x": 10, "y": -2, "z": 10}, "type": "bones", "limit": 10}',
    [
      ['defaultcorner', 'information', '{'],
      ['outsidelayers', 'warning', '"pos2"'],
    ],
  ],
  [
    'missing y is 0: inside the Ground layer',
    '{"pos1": {"x": 0, "z": 0}, "pos2": {"x": 10, "y": 1, "z": 10}, "type": "bones"}',
    [['missingcoordinate', 'warning', '"pos1"']],
  ],
  // mapobject/setup.go registers the locator listener only with "locator": true (false in app/config.go).
  ['a type the default config does not index', query('', 'locator'), [['typenotenabled', 'warning', '"locator"']]],
  ['an unknown type', query('', 'bone'), [['unknowntype', 'warning', '"bone"']]],
  ['a type in the wrong case', query('', 'Bones'), [['unknowntype', 'warning', '"Bones"']]],
  [
    'an attribute the type does not have',
    query(', "attributelike": {"key": "station_name", "value": "%"}'),
    [['unknownattribute', 'warning', '"station_name"']],
  ],
  [
    'a region large enough to be cut',
    '{"pos1": {"x": -1000, "y": -10, "z": -1000}, "pos2": {"x": 1000, "y": 10, "z": 1000}, "type": "poi"}',
    [['regiontoolarge', 'warning', '"pos2"']],
  ],
  [
    'a large region with a limit',
    '{"pos1": {"x": -1000, "y": -10, "z": -1000}, "pos2": {"x": 1000, "y": 10, "z": 1000}, "type": "poi", "limit": 50000}',
    [],
  ],
  ['an unknown field', query(', "radius": 5'), [['unknownfield', 'warning', '"radius"']]],
  ['a field set twice', query(', "type": "poi"'), [['duplicatefield', 'warning', '"type"']]],
  ['limit not an integer', query(', "limit": "100"'), [['notinteger', 'error', '"100"']]],
  ['limit zero', query(', "limit": 0'), [['badlimit', 'warning', '0']]],
  [
    'a field in other case (Go accepts it)',
    '{"Pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['fieldcase', 'information', '"Pos1"']],
  ],
  [
    'a coordinate in other case',
    '{"pos1": {"X": 0, "y": 0, "z": 0}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['fieldcase', 'information', '"X"']],
  ],
  [
    'an attributelike field in other case',
    query(', "attributelike": {"Key": "owner", "value": "a%"}'),
    [['fieldcase', 'information', '"Key"']],
  ],
  [
    'an unknown key inside a corner',
    '{"pos1": {"x": 0, "y": 0, "z": 0, "w": 1}, "pos2": {"x": 1, "y": 1, "z": 1}, "type": "bones"}',
    [['unknownfield', 'warning', '"w"']],
  ],
];

describe('map query diagnostics', () => {
  for (const [what, text, expected] of CASES) {
    it(what, () => {
      const got = diagnose(text).map((d) => [d.code, SEV[d.severity!], d.covered]);
      assert.deepEqual(got, expected);
    });
  }

  it('every diagnostic carries the source, a known code and a message saying what to do', () => {
    for (const [, text] of CASES) {
      for (const d of diagnose(text)) {
        assert.equal(d.source, 'wikimap-query');
        assert.ok(String(d.code) in MAP_DIAGNOSTIC_CODES, `unknown code ${d.code}`);
        assert.ok(d.message.length > 20, d.message);
      }
    }
  });

  it('every code in the table is exercised', () => {
    // toomanyqueries needs MAX_MAP_QUERIES queries: its own tests are below.
    const seen = new Set([...CASES.flatMap(([, , e]) => e.map(([code]) => code)), 'toomanyqueries']);
    assert.deepEqual(
      [...Object.keys(MAP_DIAGNOSTIC_CODES)].filter((c) => !seen.has(c)),
      [],
    );
  });

  it('did-you-mean names the closest type and field', () => {
    assert.match(diagnose(query('', 'travelnett'))[0].message, /Did you mean "travelnet"\?/);
    assert.match(diagnose(query('', 'Bones'))[0].message, /Did you mean "bones"\?/);
    assert.match(diagnose(query(', "limt": 5'))[0].message, /Did you mean "limit"\?/);
    assert.match(diagnose(query(', "attributelike": {"key": "ownr", "value": "%"}'))[0].message, /Did you mean "owner"\?/);
  });

  it('node-coordinate warnings give the block coordinates to use', () => {
    const [d] = diagnose('{"pos1": {"x": -3200, "y": 0, "z": 100}, "pos2": {"x": 4000, "y": 16, "z": 200}, "type": "bones"}');
    assert.match(d.message, /pos1 \(-200, 0, 6\), pos2 \(250, 1, 12\)/);
  });

  it('severities follow the settings, and "off" hides a code', () => {
    const text = query(', "radius": 5', 'bone');
    const d = diagnose(text, { severity: { unknownfield: 'error', unknowntype: 'off' } });
    assert.deepEqual(
      d.map((x) => [x.code, x.severity]),
      [['unknownfield', DiagnosticSeverity.Error]],
    );
  });

  it('each query of an array is checked on its own', () => {
    const text = `[${query('', 'bone')}, {"pos1": {"x": 1, "y": 1, "z": 1}, "pos2": {"x": 0, "y": 1, "z": 1}, "type": "poi"}]`;
    assert.deepEqual(
      diagnose(text).map((d) => d.code),
      ['unknowntype', 'invertedbox'],
    );
  });
});

describe('map diagnostics past MAX_MAP_DIAGNOSTICS', () => {
  const empties = (n: number, tail = '') => `[${Array(n).fill('[]').join(',')}${tail}]`;
  const notListed = (d: { data?: unknown }) => (d.data as { notListed?: number } | undefined)?.notListed;

  /** [what, document, settings, diagnostics kept, problems counted past the cap (undefined: no note)] */
  const CASES: Array<[string, string, Parameters<typeof diagnose>[1], number, number | undefined]> = [
    ['exactly the cap: no note', empties(MAX_MAP_DIAGNOSTICS), undefined, MAX_MAP_DIAGNOSTICS, undefined],
    ['one past the cap', empties(MAX_MAP_DIAGNOSTICS + 1), undefined, MAX_MAP_DIAGNOSTICS, 1],
    ['elements past the cap counted, not listed', empties(MAX_MAP_DIAGNOSTICS + 1234), undefined, MAX_MAP_DIAGNOSTICS, 1234],
    // 2 problems of the query past the cap: its unknown type, its inverted box
    [
      "a query's problems past the cap counted too",
      empties(MAX_MAP_DIAGNOSTICS + 10, `, {"pos1": {"x": 1, "y": 1, "z": 1}, "pos2": {"x": 0, "y": 1, "z": 1}, "type": "bone"}`),
      undefined,
      MAX_MAP_DIAGNOSTICS,
      12,
    ],
    [
      'a code set to "off" is neither listed nor counted',
      empties(MAX_MAP_DIAGNOSTICS + 50),
      { severity: { notanobject: 'off' } },
      0,
      undefined,
    ],
  ];
  for (const [what, text, settings, kept, more] of CASES) {
    it(what, () => {
      const d = diagnose(text, settings);
      assert.equal(d.length, kept);
      assert.equal(d.length === 0 ? undefined : notListed(d[d.length - 1]), more);
      if (more !== undefined) {
        const note = `(${more} more problem${more === 1 ? '' : 's'} in this document not listed (at most ${MAX_MAP_DIAGNOSTICS} are).)`;
        assert.ok(d[d.length - 1].message.endsWith(note), d[d.length - 1].message);
      }
    });
  }
});

describe('map queries past MAX_MAP_QUERIES', function () {
  // 200,000 queries: 3-14 s alone, past 20 s among the other suites on a loaded machine.
  this.timeout(60000);
  const inverted = '{"pos1": {"x": 1, "y": 1, "z": 1}, "pos2": {"x": 0, "y": 1, "z": 1}, "type": "bones"}';

  it('the first MAX_MAP_QUERIES are checked, one warning marks the first that is not', () => {
    const text = `[${Array(MAX_MAP_QUERIES - 1)
      .fill(query())
      .join(',')},${inverted},${inverted},${inverted},42]`;
    const d = diagnose(text);
    assert.deepEqual(
      d.map((x) => [x.code, x.covered]),
      [
        ['notanobject', '42'],
        ['toomanyqueries', '{'],
        ['invertedbox', '"pos1"'],
      ],
    );
    assert.equal(
      d[1].message,
      `This query and the 1 after it are not checked: a document gets at most ${MAX_MAP_QUERIES} queries checked. Split the file.`,
    );
    assert.equal(d[1].range.start.character, text.length - 2 * inverted.length - 5);
    assert.deepEqual(d[1].data, { unchecked: 2 });
  });

  it('exactly MAX_MAP_QUERIES: no warning', () => {
    assert.deepEqual(
      diagnose(`[${Array(MAX_MAP_QUERIES).fill('{"type": "bones"}').join(',')}]`, {
        severity: { defaultcorner: 'off', regiontoolarge: 'off' },
      }),
      [],
    );
  });
});

describe('names from the document in messages, data and hovers', () => {
  // A 9.8 MB "type" was repeated whole in its message and data; each now shows at most MAX_SHOWN_NAME characters.
  const long = 'q'.repeat(50_000);
  const shown = `${'q'.repeat(MAX_SHOWN_NAME)}…`;
  const CASES: Array<{ what: string; text: string; code: string; message: string; data: Record<string, unknown> }> = [
    { what: 'an unknown type', text: query('', long), code: 'unknowntype', message: `Unknown type "${shown}": `, data: { type: shown } },
    {
      what: 'an unknown field',
      text: query(`, "${long}": 1`),
      code: 'unknownfield',
      message: `Unknown field "${shown}": `,
      data: { field: shown },
    },
    {
      what: 'an unknown coordinate',
      text: query().replace('"z": 0}', `"z": 0, "${long}": 1}`),
      code: 'unknownfield',
      message: `Unknown coordinate "${shown}" in "pos1"`,
      data: { field: shown },
    },
    {
      what: 'an unknown attribute',
      text: query(`, "attributelike": {"key": "${long}", "value": "x"}`),
      code: 'unknownattribute',
      message: `"bones" objects have no attribute "${shown}"`,
      data: { key: shown },
    },
    {
      what: 'an unknown field of attributelike',
      text: query(`, "attributelike": {"key": "owner", "value": "x", "${long}": 1}`),
      code: 'unknownfield',
      message: `Unknown field "${shown}" in "attributelike"`,
      data: { field: shown },
    },
    {
      what: 'a string where a number belongs',
      text: query(`, "limit": "${long}"`),
      code: 'notinteger',
      message: `the string "${shown}"`,
      data: {},
    },
  ];
  for (const c of CASES) {
    it(`${c.what}: the message and data show its first ${MAX_SHOWN_NAME} characters and "…"`, () => {
      const d = diagnose(c.text).find((x) => x.code === c.code);
      assert.ok(d, JSON.stringify(diagnose(c.text).map((x) => x.code)));
      assert.ok(d.message.includes(c.message), d.message.slice(0, 300));
      assert.ok(d.message.length < 600, `${d.message.length} characters`);
      assert.ok(JSON.stringify(d.data ?? {}).length < 600);
      for (const [k, v] of Object.entries(c.data)) assert.equal((d.data as Record<string, unknown>)[k], v);
    });
  }

  it('hover over an unknown field, type or attribute shows the name cut the same way', () => {
    for (const text of [`{"${long}|": 1}`, `{"type": "${long}|"}`, `{"type": "bones", "attributelike": {"key": "${long}|"}}`]) {
      const h = hover(text);
      assert.ok(h && h.text.includes(`${'q'.repeat(MAX_SHOWN_NAME)}…`) && h.text.length < 1000, h?.text.slice(0, 300));
    }
  });
});
