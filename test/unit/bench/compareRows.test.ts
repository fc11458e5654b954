/**
 * `npm run bench:compare` meets the two sides' rows by name: a row renamed since the other commit's benchmark is
 * read under its name now, and a row new since then that the other commit measured under another row (VS Code's
 * completion: a server that does not resolve items answers VS Code as any client) takes that row's figures for the
 * other side, and says so. Checked on rows as the benchmark writes them, without running it.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

type Printed = { name: string; value: number | string; unit: string; target: string };
type Collected = { name: string; base: Array<number | string>; this: Array<number | string>; baseFrom?: string };
type Summary = Collected & { ratio: number | null; verdict: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { collect, summarise, baseEnv } = require('../../../bench/compare.js') as {
  collect(runs: { base: Printed[][]; this: Printed[][] }): Collected[];
  summarise(row: Collected): Summary;
  baseEnv(base: string): NodeJS.ProcessEnv;
};

const ms = (name: string, value: number): Printed => ({ name, value, unit: 'ms', target: '<= 15' });
const PLAIN = 'completion over stdio JSON-RPC p99';
const VSCODE = 'completion over stdio JSON-RPC p99, VS Code (resolving)';

const CASES: Array<{
  what: string;
  base: Printed[][];
  here: Printed[][];
  row: string;
  want: { base: number[]; this: number[]; baseFrom?: string; ratio: number | null };
}> = [
  {
    what: 'a base without the VS Code row: its plain completion row stands for it',
    base: [[ms(PLAIN, 16)], [ms(PLAIN, 18)]],
    here: [
      [ms(PLAIN, 17), ms(VSCODE, 5)],
      [ms(PLAIN, 17), ms(VSCODE, 6)],
    ],
    row: VSCODE,
    want: { base: [16, 18], this: [5, 6], baseFrom: PLAIN, ratio: 5.5 / 17 },
  },
  {
    what: 'a base with the VS Code row: its own figures',
    base: [[ms(PLAIN, 16), ms(VSCODE, 4)]],
    here: [[ms(PLAIN, 17), ms(VSCODE, 5)]],
    row: VSCODE,
    want: { base: [4], this: [5], ratio: 5 / 4 },
  },
  {
    what: 'the plain row is compared with the plain row',
    base: [[ms(PLAIN, 16)]],
    here: [[ms(PLAIN, 17), ms(VSCODE, 5)]],
    row: PLAIN,
    want: { base: [16], this: [17], ratio: 17 / 16 },
  },
  {
    what: 'an indented row read back from a results file meets the printed one',
    base: [[ms('  completionItem/resolve of the first item, p99', 3)]],
    here: [[ms('completionItem/resolve of the first item, p99', 4)]],
    row: 'completionItem/resolve of the first item, p99',
    want: { base: [3], this: [4], ratio: 4 / 3 },
  },
  {
    what: 'a row renamed since: read under its name now',
    base: [[{ name: 'server bundle (minified)', value: 439, unit: 'KB', target: '-' }]],
    here: [[{ name: 'server bundle read at start (minified, dist/server.core.js)', value: 466.9, unit: 'KB', target: '-' }]],
    row: 'server bundle read at start (minified, dist/server.core.js)',
    want: { base: [439], this: [466.9], ratio: 466.9 / 439 },
  },
];

describe('bench:compare: the rows of the two sides', () => {
  for (const c of CASES) {
    it(c.what, () => {
      const rows = collect({ base: c.base, this: c.here });
      const row = rows.find((r) => r.name.trim() === c.row);
      assert.ok(row, `no row ${c.row}`);
      assert.deepEqual(
        { base: row.base, this: row.this, baseFrom: row.baseFrom },
        { base: c.want.base, this: c.want.this, baseFrom: c.want.baseFrom },
      );
      const ratio = summarise(row).ratio;
      if (c.want.ratio === null) assert.equal(ratio, null);
      else assert.ok(ratio !== null && Math.abs(ratio - c.want.ratio) < 1e-9, `ratio ${ratio}, want ${c.want.ratio}`);
    });
  }
});

describe('bench:compare: where the base runs', () => {
  // Commits up to dcf2f4f bundle their benchmark into a folder made in the temporary folder and read their
  // package files from its parent: the base's runs make that folder inside the base's own tree.
  it('a folder the base makes in its temporary folder has the base tree as its parent', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-compare-test-'));
    try {
      const made = execFileSync(
        process.execPath,
        [
          '-e',
          "const fs = require('fs'), os = require('os'), path = require('path'); process.stdout.write(fs.mkdtempSync(path.join(os.tmpdir(), 'b-')))",
        ],
        { env: baseEnv(base), encoding: 'utf8' },
      );
      assert.equal(path.dirname(made), base);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
