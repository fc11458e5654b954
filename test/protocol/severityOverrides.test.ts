/**
 * `wikimapQuery.diagnostics.severity` decided in one place (service/severity.ts) for the editor and
 * the CLI alike: the same overrides give the same codes and levels over LSP (stdio) and from
 * `wikimap-query check --severity`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';
import { CLI, ensureBuilt, LspClient } from './lspClient';

const LEVEL_NAME = ['', 'error', 'warning', 'information', 'hint'];

interface Case {
  name: string;
  file: string;
  languageId: string;
  text: string;
  severity: Record<string, string>;
  /** `code:level`, sorted. */
  expected: string[];
}

const WIKI = 'action=query&list=allpages&aplimit=9000&apfoo=1&titles=A|A\n';
const MAP = '{ "pos1": {"x": 20, "y": 0, "z": 0}, "pos2": {"x": 10, "y": 1, "z": 1}, "type": "bones" }\n';

const CASES: Case[] = [
  {
    name: 'wiki, defaults',
    file: 'q.wikiquery',
    languageId: 'wikiquery',
    text: WIKI,
    severity: {},
    expected: ['duplicatevalues:hint', 'outofrange:warning', 'unrecognizedparams:warning'],
  },
  {
    name: 'wiki, a warning made an error',
    file: 'q.wikiquery',
    languageId: 'wikiquery',
    text: WIKI,
    severity: { outofrange: 'error' },
    expected: ['duplicatevalues:hint', 'outofrange:error', 'unrecognizedparams:warning'],
  },
  {
    name: 'wiki, a code turned off',
    file: 'q.wikiquery',
    languageId: 'wikiquery',
    text: WIKI,
    severity: { unrecognizedparams: 'off', duplicatevalues: 'off' },
    expected: ['outofrange:warning'],
  },
  {
    name: 'wiki, an error made a hint',
    file: 's.wikiquery',
    languageId: 'wikiquery',
    text: 'action=query&list=search\n',
    severity: { missingparam: 'hint' },
    expected: ['missingparam:hint'],
  },
  { name: 'map, defaults', file: 'b.mapquery.json', languageId: 'json', text: MAP, severity: {}, expected: ['invertedbox:warning'] },
  {
    name: 'map, a warning made information',
    file: 'b.mapquery.json',
    languageId: 'json',
    text: MAP,
    severity: { invertedbox: 'information' },
    expected: ['invertedbox:information'],
  },
  {
    name: 'map, a code turned off',
    file: 'b.mapquery.json',
    languageId: 'json',
    text: MAP,
    severity: { invertedbox: 'off' },
    expected: [],
  },
];

function levels(pairs: Array<[string, string]>): string[] {
  return pairs.map(([code, level]) => `${code}:${level}`).sort();
}

describe('severity overrides: one decision for the server and the CLI', function () {
  this.timeout(30000);
  let dir: string;
  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-severity-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const c of CASES) {
    it(`${c.name}: the server and the CLI agree`, async () => {
      const { severity, expected } = c;
      const client = await LspClient.start({
        initializationOptions: { diagnostics: { delay: 0, severity }, wiki: { liveCatalogues: 'off' } },
      });
      let fromServer: string[];
      try {
        const uri = `file:///home/user/queries/${c.file}`;
        await client.open(uri, c.languageId, c.text, 1);
        fromServer = levels((await client.diagnosticsFor(uri, 1)).map((d) => [String(d.code), LEVEL_NAME[d.severity ?? 1]]));
      } finally {
        await client.stop();
      }
      const file = path.join(dir, c.file);
      fs.writeFileSync(file, c.text);
      const args = [
        'check',
        '--format',
        'json',
        ...Object.entries(severity).flatMap(([code, level]) => ['--severity', `${code}=${level}`]),
        file,
      ];
      const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
      assert.ok(run.status === 0 || run.status === 1, run.stderr);
      const fromCli = levels((JSON.parse(run.stdout) as CheckResult[]).map((r) => [r.code, r.severity]));
      assert.deepEqual(fromServer, expected);
      assert.deepEqual(fromCli, fromServer);
    });
  }

  it('the catalogue note of a wiki that is not loaded follows the overrides too', async () => {
    const text = 'http://127.0.0.1:9/w/api.php?action=query&meta=siteinfo\n';
    for (const [severity, expected] of [
      [{}, 'information'],
      [{ 'catalogue-not-loaded': 'hint' }, 'hint'],
      [{ 'catalogue-not-loaded': 'off' }, undefined],
    ] as const) {
      const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0, severity } } });
      try {
        const uri = 'file:///home/user/queries/unknown-wiki.wikiquery';
        await client.open(uri, 'wikiquery', text, 1);
        const note = (await client.diagnosticsFor(uri, 1)).find((d) => d.code === 'catalogue-not-loaded');
        assert.equal(note === undefined ? undefined : LEVEL_NAME[note.severity ?? 1], expected, JSON.stringify(severity));
      } finally {
        await client.stop();
      }
    }
  });
});
