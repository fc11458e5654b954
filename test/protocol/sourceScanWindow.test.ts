/**
 * The worker threads of `check DIR` scan ahead of the main thread within a window counted in files and
 * in characters (server/src/node/sourceScanPool.ts): the texts scanned ahead and not yet taken stay under
 * the character window however far ahead the file window reaches, plus what two batches in each worker's
 * hand can bring, and every file still gets its answer, in order. The workers are real threads running
 * the built CLI bundle; the main thread here takes the first answer and then lets them run on their own.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSourceScan } from '../../server/src/node/sourceScanPool';
import { CLI, ensureBuilt } from './lspClient';

const FILES = 240;
/** Characters of each file: a request, then comment lines. */
const FILE_CHARS = 100_000;
const WINDOW_CHARS = 1_000_000;
const WORKERS = 2;
/** Files a worker holds at most: two batches of 16. */
const IN_HAND = 32;

function pythonFile(i: number): string {
  const head = `import requests\nrequests.get("https://en.wikipedia.org/w/api.php", params={"action": "query", "list": "allpages", "apfrom": "F${i}"})\n`;
  const line = `# ${'a'.repeat(97)}\n`;
  return head + line.repeat(Math.ceil((FILE_CHARS - head.length) / line.length));
}

describe('check DIR: the window of files scanned ahead is bounded in characters', function () {
  this.timeout(300000);
  let dir = '';

  before(() => {
    ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-scanwindow-'));
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(3, '0')}.py`), pythonFile(i));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a slow main thread: the texts waiting stay under the window, every file answered in order', async () => {
    const sources = Array.from({ length: FILES }, (_, i) => ({
      file: path.join(dir, `f${String(i).padStart(3, '0')}.py`),
      language: 'python',
    }));
    const scan = startSourceScan(CLI, sources, 10_000_000, WORKERS, { files: 256, chars: WINDOW_CHARS });
    try {
      const first = await scan.scanned(0);
      assert.ok(first && first !== 'skip', 'the first file is scanned by a worker');
      // The main thread is busy elsewhere (a big map file in a real run): the workers go on alone until
      // the window is full. Whatever the timing, the bound below holds; the pause lets them fill it.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      const bound = WINDOW_CHARS + WORKERS * IN_HAND * FILE_CHARS;
      assert.ok(scan.peakAheadChars() <= bound, `${scan.peakAheadChars()} characters waited, more than ${bound}`);
      // (The file window alone would have let 256 files, all of them, wait: 24,000,000 characters.)
      assert.ok(bound < FILES * FILE_CHARS);
      for (let i = 1; i < FILES; i++) {
        const answer = await scan.scanned(i);
        // A file a worker left is read on the main thread (undefined); a scanned one names its own request.
        if (answer && answer !== 'skip') assert.match(answer.text, new RegExp(`"apfrom": "F${i}"`), `file ${i}`);
      }
      assert.ok(scan.peakAheadChars() <= bound, `${scan.peakAheadChars()} characters waited, more than ${bound}`);
    } finally {
      scan.stop();
    }
  });
});
