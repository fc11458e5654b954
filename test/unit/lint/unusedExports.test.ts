/** The lint suite's check that product code exports no value only its own file uses (scripts/lint/unusedExports.js). */
import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the lint suite
const { unusedValueExports } = require('../../../scripts/lint/unusedExports.js') as {
  unusedValueExports(texts: Map<string, string>, isProduct: (file: string) => boolean): { file: string; name: string }[];
};

const isProduct = (f: string) => f.startsWith('server/src/');

describe('lint: values exported but used only in their own file', () => {
  const TABLE: Array<[string, Record<string, string>, string[]]> = [
    [
      'a function another file imports is fine',
      { 'server/src/a.ts': 'export function used() {}', 'server/src/b.ts': "import { used } from './a';" },
      [],
    ],
    [
      'a function no other file names is reported',
      { 'server/src/a.ts': 'export function lonely() {}\nlonely();' },
      ['server/src/a.ts: lonely'],
    ],
    ['used by a test only: fine (tests are users)', { 'server/src/a.ts': 'export const LIMIT = 5;', 'test/unit/a.test.ts': 'LIMIT' }, []],
    [
      'const, let, class, enum and async function are values',
      {
        'server/src/a.ts': 'export const A = 1;\nexport let B = 2;\nexport class C {}\nexport enum D { x }\nexport async function E() {}',
      },
      ['server/src/a.ts: A', 'server/src/a.ts: B', 'server/src/a.ts: C', 'server/src/a.ts: D', 'server/src/a.ts: E'],
    ],
    ['types and interfaces are not checked', { 'server/src/a.ts': 'export type T = 1;\nexport interface I {}' }, []],
    [
      'a longer name containing it does not count as a use',
      { 'server/src/a.ts': 'export const max = 1;', 'server/src/b.ts': 'const maxBytes = 2; const $max = 3;' },
      ['server/src/a.ts: max'],
    ],
    ['names with $ are matched as words', { 'server/src/a.ts': 'export const $el = 1;', 'server/src/b.ts': 'use($el)' }, []],
    ['only product files are checked', { 'scripts/x.js': 'export function tool() {}' }, []],
    ['an export inside a comment line is not at the line start: ignored', { 'server/src/a.ts': '// export function old() {}' }, []],
  ];
  for (const [name, files, expected] of TABLE) {
    it(name, () => {
      const found = unusedValueExports(new Map(Object.entries(files)), isProduct).map((u) => `${u.file}: ${u.name}`);
      assert.deepEqual(found, expected);
    });
  }
});
