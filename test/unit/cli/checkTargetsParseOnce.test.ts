/**
 * `check --target`: a document is parsed once whatever the number of targets (each target validates
 * the one parse). The CLI runs in a process of its own whose wiki parser counts its calls: the parser
 * module is replaced in the module cache by one that counts, before the CLI is loaded.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');

/** Loads the parser, puts a counting one in its place, then runs the CLI's own entry point with `ARGS`. */
const SPY = `
const path = require('path');
const parser = path.join(process.env.WMQ_ROOT, 'server/src/service/wiki/wikiQueryParser.ts');
const real = require(parser);
let parses = 0;
require.cache[parser].exports = { ...real, parseWikiDocument: (...a) => (parses++, real.parseWikiDocument(...a)) };
process.on('exit', () => process.stderr.write('parses=' + parses + '\\n'));
process.argv = [process.argv[0], 'wikimap-query', ...JSON.parse(process.env.WMQ_ARGS)];
require(path.join(process.env.WMQ_ROOT, 'server/src/node/cliMain.ts'));
`;

function parsesOf(args: string[]): { parses: number; results: Array<{ code: string; targets?: string[] }> } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', SPY], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, WMQ_ROOT: ROOT, WMQ_ARGS: JSON.stringify(args) },
  });
  const m = /parses=(\d+)/.exec(run.stderr);
  assert.ok(m, `exit ${run.status}: ${run.stderr}`);
  return { parses: Number(m[1]), results: JSON.parse(run.stdout) };
}

describe('check --target parses each document once', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-parse-once-'));
    fs.writeFileSync(path.join(dir, 'a.wikiquery'), 'action=query&list=random&rnminsize=1\n\naction=query&list=search\n');
    fs.writeFileSync(path.join(dir, 'b.wikiquery'), 'action=query&list=allusers&auexcludetemp=1\n');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const targets of [[], ['1.39', '1.43', '1.45']]) {
    it(`${targets.length} target(s): one parse per document`, () => {
      const args = ['check', '--format', 'json', ...targets.flatMap((t) => ['--target', t]), dir];
      const { parses, results } = parsesOf(args);
      assert.equal(parses, 2, 'two documents, two parses');
      // The targets did judge: every problem names the targets that produce it.
      if (targets.length) assert.ok(results.length > 0 && results.every((r) => r.targets && r.targets.length > 0));
    });
  }
});
