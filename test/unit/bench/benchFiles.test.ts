/**
 * `npm run bench` leaves `git status` clean: its results go to a git-ignored file, and every other
 * file the benchmark writes is in a temporary folder. `npm run bench:record` is the one way a run
 * reaches the tracked bench/results.json. Checked without running the benchmark (minutes): the
 * ignore rules are asked of git, every write call in bench/ is one of the reviewed writes below (a
 * new one fails until it is looked at and listed), and the record command is run on a copy.
 */
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { LAST_RUN, RECORDED, record } = require('../../../bench/record.js') as {
  LAST_RUN: string;
  RECORDED: string;
  record: (root: string, from?: string) => number;
};

/** Each write call in bench/ (file: the call's text up to its first argument) and where it writes. */
const REVIEWED_WRITES: Record<string, string> = {
  'bench/checkoutRuns.ts: fs.mkdtempSync(path.join(os.tmpdir(': 'a temporary folder (removed after)',
  'bench/checkoutRuns.ts: fs.writeFileSync(entry': 'the entry of a bundle, in the mkdtemp folder above it',
  'bench/runBench.ts: fs.mkdtempSync(path.join(os.tmpdir(': 'a temporary folder',
  'bench/runBench.ts: fs.writeFileSync(preload': 'a preload script in the mkdtemp folder above it',
  'bench/runBench.ts: fs.mkdirSync(path.dirname(out': 'the folder of LAST_RUN (git-ignored)',
  'bench/runBench.ts: fs.writeFileSync(out': 'LAST_RUN (git-ignored)',
  'bench/run.js: fs.mkdtempSync(path.join(os.tmpdir(': 'a temporary folder',
  'bench/firstRequests.ts: fs.mkdtempSync(path.join(os.tmpdir(': "a temporary folder for each checkout's code cache (removed after)",
  'bench/targetsBench.ts: fs.mkdtempSync(path.join(os.tmpdir(': 'a temporary folder (removed after the rows)',
  'bench/targetsBench.ts: fs.writeFileSync(one': 'the one-request document, in the mkdtemp folder above it',
  'bench/targetsBench.ts: fs.writeFileSync(many': 'the 1,000-request document, in the mkdtemp folder above it',
  'bench/run.js: fs.mkdirSync(path.join(release': 'the release build, inside the mkdtemp folder',
  'bench/run.js: fs.symlinkSync(path.join(root': "links from the release folder (in the mkdtemp folder) to the project's files",
  'bench/compare.js: fs.mkdtempSync(path.join(os.tmpdir(': 'a temporary folder for the other commit’s worktree (removed after)',
  'bench/compare.js: fs.symlinkSync(path.join(root': "the other commit's node_modules, a link in its temporary worktree",
  'bench/compare.js: fs.mkdirSync(path.dirname(OUT': 'bench/out (git-ignored)',
  'bench/compare.js: fs.writeFileSync(OUT': 'bench/out/compare.json (git-ignored)',
  'bench/wikiCpu.js: fs.mkdtempSync(path.join(os.tmpdir(':
    "a temporary folder for the other commit's worktree and both bundles (removed after)",
  'bench/wikiCpu.js: fs.symlinkSync(path.join(root': "the other commit's node_modules, a link in its temporary worktree",
  'bench/wikiCpu.js: fs.writeFileSync(entry': 'the entry of one side, in the mkdtemp folder above it',
  'bench/sourceTree.ts: fs.mkdtempSync(path.join(parent': 'the generated source tree, a new folder under the temporary folder it is given',
  'bench/sourceTree.ts: fs.mkdirSync(path.join(dir': 'folders of the generated tree, inside its mkdtemp folder',
  'bench/sourceTree.ts: fs.writeFileSync(path.join(dir': 'files of the generated tree, inside its mkdtemp folder',
  'bench/sourceTree.ts: fs.mkdirSync(folder': 'folders of the generated tree, inside its mkdtemp folder',
  'bench/sourceTree.ts: fs.writeFileSync(path.join(folder': 'files of the generated tree, inside its mkdtemp folder',
};

function writeCalls(): string[] {
  const calls: string[] = [];
  for (const name of fs.readdirSync(path.join(ROOT, 'bench'))) {
    if (!/\.(ts|js)$/.test(name) || name === 'record.js') continue;
    const text = fs.readFileSync(path.join(ROOT, 'bench', name), 'utf8');
    for (const m of text.matchAll(
      /fs\.(?:writeFileSync|appendFileSync|mkdirSync|mkdtempSync|createWriteStream|copyFileSync|renameSync|symlinkSync)\([\w.(]*/g,
    ))
      calls.push(`bench/${name}: ${m[0]}`);
  }
  return calls;
}

describe('bench files', () => {
  it("the benchmark's results file is git-ignored, the recorded one tracked", () => {
    assert.equal(spawnSync('git', ['check-ignore', '-q', LAST_RUN], { cwd: ROOT }).status, 0, `${LAST_RUN} is not git-ignored`);
    assert.equal(spawnSync('git', ['check-ignore', '-q', RECORDED], { cwd: ROOT }).status, 1, `${RECORDED} is ignored`);
    execFileSync('git', ['ls-files', '--error-unmatch', RECORDED], { cwd: ROOT, stdio: 'ignore' });
  });

  it('every file the benchmark writes is a reviewed write (a temporary folder or the ignored results)', () => {
    const unreviewed = writeCalls().filter((call) => !(call in REVIEWED_WRITES));
    assert.deepEqual(unreviewed, [], 'a new write in bench/: make sure it leaves git status clean, then list it in REVIEWED_WRITES');
    assert.ok(
      writeCalls().some((c) => c.endsWith('fs.writeFileSync(out')),
      'the results are no longer written where this test expects',
    );
  });

  it('bench:record copies a chosen run into the recorded file, and refuses what is not a run', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-record-'));
    try {
      fs.mkdirSync(path.join(root, path.dirname(LAST_RUN)), { recursive: true });
      const run = { date: '2026-01-01T00:00:00.000Z', node: 'v20', rows: [{ name: 'a', value: 1, unit: 'ms' }] };
      fs.writeFileSync(path.join(root, LAST_RUN), JSON.stringify(run));
      assert.equal(record(root), 1);
      assert.deepEqual(JSON.parse(fs.readFileSync(path.join(root, RECORDED), 'utf8')), run);
      fs.writeFileSync(path.join(root, LAST_RUN), '{"rows": 3}');
      assert.throws(() => record(root), /is not a benchmark run/);
      fs.rmSync(path.join(root, LAST_RUN));
      assert.throws(() => record(root), /run `npm run bench` first/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
