/**
 * Two installs of the same bundle (two extension versions side by side, a clone and an installed copy) share one
 * cache folder: each must get its own cache entry, because V8 keeps the file name of the compile that made a cache
 * and the other install's paths then showed in stack traces.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runWithCompileCache, type CacheOutcome } from '../../../server/src/node/compileCache';

/** The same bundle text in every install: it writes where its own stack trace says it is. */
const BUNDLE = `require('node:fs').writeFileSync(require('node:path').join(__dirname, 'stack.txt'), new Error('where').stack);`;

describe('compile cache: installs of the same bundle at two paths', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-installs-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Installs the bundle in `name`, runs it with the shared cache and answers the outcome and the stack's first frame. */
  function runInstall(name: string): { outcome: CacheOutcome; frame: string } {
    const dir = path.join(root, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'server.js'), BUNDLE);
    const outcome = runWithCompileCache(path.join(dir, 'server.js'), path.join(root, 'cache'), { writeWhen: 'soon' });
    return { outcome, frame: fs.readFileSync(path.join(dir, 'stack.txt'), 'utf8').split('\n')[1] ?? '' };
  }

  it("each install's stack traces name its own files, and each has a cache of its own", async () => {
    const first = runInstall('one');
    assert.equal(first.outcome, 'missing');
    assert.match(first.frame, /[\\/]one[\\/]server\.js:/);
    // The cache is written a second after start (writeWhen: 'soon').
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(fs.readdirSync(path.join(root, 'cache')).length, 1);
    assert.equal(runInstall('one').outcome, 'used');

    const second = runInstall('two');
    assert.equal(second.outcome, 'missing');
    assert.match(second.frame, /[\\/]two[\\/]server\.js:/);
    assert.doesNotMatch(second.frame, /[\\/]one[\\/]/);
  });
});
