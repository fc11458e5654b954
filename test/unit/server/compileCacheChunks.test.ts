/**
 * The lazy chunks a bundle requires, loaded with the code cache (`runWithCompileCache`, compileCache.ts), as
 * Node's `require` loads modules: each runs once, and a cycle (a chunk that requires back the bundle or a
 * chunk still running) gets the exports so far instead of a second run (it recursed without end before).
 * Real files in a folder of their own, run in this process.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runWithCompileCache, type CacheOutcome } from '../../../server/src/node/compileCache';

/** A module that notes its run in `runs.txt`, requires `requires` (after exporting `name`), and records what they exported then. */
function moduleText(name: string, requires: string[]): string {
  return [
    `require('node:fs').appendFileSync(require('node:path').join(__dirname, 'runs.txt'), ${JSON.stringify(`${name}\n`)});`,
    `exports.name = ${JSON.stringify(name)};`,
    `exports.saw = {};`,
    ...requires.map((r) => `exports.saw[${JSON.stringify(r)}] = require('./${r}.js').name ?? 'nothing yet';`),
  ].join('\n');
}

describe('compile cache: lazy chunks are loaded once, cycles included', () => {
  let dir: string;
  let cache: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-chunks-'));
    cache = path.join(dir, 'cache');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Writes the modules, runs `main` with the cache (off or on) and answers each module's runs, in order. */
  function run(modules: Record<string, string[]>, withCache: boolean): { runs: string[]; outcome: CacheOutcome; trace: string[] } {
    for (const [name, requires] of Object.entries(modules)) fs.writeFileSync(path.join(dir, `${name}.js`), moduleText(name, requires));
    const trace: string[] = [];
    const outcome = runWithCompileCache(path.join(dir, 'main.js'), withCache ? cache : undefined, {
      writeWhen: 'soon',
      trace: (line) => trace.push(line),
    });
    return { runs: fs.readFileSync(path.join(dir, 'runs.txt'), 'utf8').trim().split('\n'), outcome, trace };
  }

  // [what, the modules (each with what it requires, in order), the order they run in]
  const TABLE: Array<[string, Record<string, string[]>, string[]]> = [
    ['a chunk required twice', { main: ['a', 'a'], a: [] }, ['main', 'a']],
    ['a chunk that requires the bundle back', { main: ['a'], a: ['main'] }, ['main', 'a']],
    ['a cycle of two chunks', { main: ['a', 'b'], a: ['b'], b: ['a'] }, ['main', 'a', 'b']],
    ['a chunk that requires itself', { main: ['a'], a: ['a'] }, ['main', 'a']],
  ];
  for (const [what, modules, order] of TABLE) {
    for (const withCache of [true, false]) {
      it(`${what}: each module runs once${withCache ? ', with the cache' : ', without a cache (Node loads them)'}`, () => {
        const { runs, outcome } = run(modules, withCache);
        assert.deepEqual(runs, order);
        assert.equal(outcome, withCache ? 'missing' : 'off');
      });
    }
  }

  it('in a cycle, the module required back gives its exports so far, as with Node', () => {
    fs.writeFileSync(
      path.join(dir, 'main.js'),
      `exports.name = 'main'; const a = require('./a.js'); require('node:fs').writeFileSync(__dirname + '/seen.json', JSON.stringify(a.saw));`,
    );
    fs.writeFileSync(path.join(dir, 'a.js'), moduleText('a', ['main', 'a']));
    runWithCompileCache(path.join(dir, 'main.js'), cache, { writeWhen: 'soon' });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'seen.json'), 'utf8')), { main: 'main', a: 'a' });
  });

  it('a chunk that throws is not kept: required again, it runs again (and throws again)', () => {
    fs.writeFileSync(
      path.join(dir, 'main.js'),
      [
        `const tries = [];`,
        `for (let i = 0; i < 2; i++) { try { require('./bad.js'); } catch (e) { tries.push(e.message); } }`,
        `require('node:fs').writeFileSync(__dirname + '/tries.json', JSON.stringify(tries));`,
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(dir, 'bad.js'),
      `require('node:fs').appendFileSync(__dirname + '/runs.txt', 'bad\\n'); throw new Error('no');`,
    );
    runWithCompileCache(path.join(dir, 'main.js'), cache, { writeWhen: 'soon' });
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'tries.json'), 'utf8')), ['no', 'no']);
    assert.equal(fs.readFileSync(path.join(dir, 'runs.txt'), 'utf8'), 'bad\nbad\n');
  });
});
