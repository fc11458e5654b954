/**
 * The `wikimap-query` CLI given hostile input of its own (issue 25), each case with peak RSS (VmHWM from
 * /proc), time and the message:
 * - 1 GB of `\0` on standard input, and a 1 GB file: decoded a chunk at a time and counted past
 *   `--max-file-size` (server/src/cli/boundedText.ts), reported `toolarge` (exit 1). Both were read whole:
 *   2.1 GB and "Cannot create a string longer than 0x1fffffe8 characters" (exit 2).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { CLI } from '../protocol/lspClient';
import { runMeasured } from './hostileServer';
import { assertRunBounded, MAX_SECONDS, suiteFolder } from './hugeDocumentsShared';

const GB = 1024 * 1024 * 1024;
const TOO_LARGE = /error toolarge This file has 1073741824 characters, more than the 10000000 checked \(--max-file-size\)/;

/** 1 GB of zero bytes, a megabyte at a time. */
function* zeros(): Generator<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  for (let sent = 0; sent < GB; sent += chunk.length) yield chunk;
}

describe('hostile CLI input', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const dir = suiteFolder('wmq-cli-');

  it('check - with 1 GB of \\0 on standard input: toolarge (exit 1), counted not kept, peak RSS < 300 MB', async () => {
    const run = await runMeasured(process.execPath, [CLI, 'check', '-'], MAX_SECONDS * 2, {}, undefined, (stdin) =>
      Readable.from(zeros()).pipe(stdin),
    );
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, TOO_LARGE);
    assert.match(run.stderr, /^1 problem \(1 error\) in 1 of 1 file\n$/);
    assertRunBounded(run, 300);
  });

  it('check FILE on a 1 GB file of \\0: toolarge (exit 1), never held whole, peak RSS < 300 MB', async () => {
    const file = path.join(dir(), 'huge.wikiquery');
    fs.closeSync(fs.openSync(file, 'w'));
    fs.truncateSync(file, GB); // sparse: no gigabyte written to disk
    try {
      const run = await runMeasured(process.execPath, [CLI, 'check', file], MAX_SECONDS * 2);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stdout, TOO_LARGE);
      assertRunBounded(run, 300);
    } finally {
      fs.rmSync(file);
    }
  });
});
