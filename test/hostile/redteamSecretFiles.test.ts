/**
 * Secret files that are not a line (issue 25, "hostile inputs you have not seen"): `--oauth-token-file` and
 * `--bot-password-file` naming `/dev/zero`, `/dev/urandom` or a 50 MB file, through `run`, `check --catalogue`
 * and `catalogue save`. Each is refused at once (exit 2) with what is wrong, before anything is sent, in bounded
 * memory.
 *
 * Found: the file was read whole, so `/dev/zero` grew the CLI past 1 GB and never ended, and a 50 MB token went
 * into an Authorization header (the wiki broke the connection: "could not be reached (EPIPE)").
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from '../protocol/lspClient';
import { runMeasured, type MeasuredRun } from './hostileServer';
import { suiteFolder } from './hugeDocumentsShared';

const MAX_PEAK_MB = 200;
const MAX_SECONDS = 30;
/** Nothing listens there: a secret that passed would end in "could not be reached", not in the refusal. */
const WIKI = 'http://127.0.0.1:1/api.php';

function assertRefused(run: MeasuredRun, file: string, what: string): void {
  assert.equal(run.status, 2, run.stderr.slice(0, 2000));
  assert.match(
    run.stderr,
    new RegExp(`cannot read the ${what} file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(it holds more than 65536 bytes\\)`),
  );
  assert.doesNotMatch(run.stderr, /could not be reached|cannot reach|ECONNREFUSED/);
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

describe('redteam: secret files that are not a line', function () {
  this.timeout(MAX_SECONDS * 4 * 1000);
  const dir = suiteFolder('wmq-redteam-secrets-');
  const query = () => {
    const file = path.join(dir(), 'q.wikiquery');
    fs.writeFileSync(file, 'action=query&list=allpages\n');
    return file;
  };
  const big = () => {
    const file = path.join(dir(), 'big-token');
    fs.writeFileSync(file, Buffer.alloc(50 * 1024 * 1024, 'a'));
    return file;
  };
  const cli = (args: string[]) =>
    runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: path.join(dir(), 'cache') });

  for (const [name, file] of [
    ['/dev/zero', () => '/dev/zero'],
    ['/dev/urandom', () => '/dev/urandom'],
    ['a 50 MB file', big],
  ] as const) {
    it(`run --oauth-token-file ${name}: refused at once (exit 2), bounded`, async () => {
      const f = file();
      assertRefused(await cli(['run', '--api-url', WIKI, '--oauth-token-file', f, query()]), f, 'OAuth token');
    });
  }

  it('check --catalogue URL --bot-password-file /dev/zero: refused at once (exit 2), bounded', async () => {
    assertRefused(
      await cli(['check', '--catalogue', WIKI, '--bot-user', 'Admin@bot', '--bot-password-file', '/dev/zero', query()]),
      '/dev/zero',
      'bot password',
    );
  });

  it('catalogue save URL --oauth-token-file /dev/urandom: refused at once (exit 2), nothing written, bounded', async () => {
    const out = path.join(dir(), 'saved.json');
    assertRefused(await cli(['catalogue', 'save', WIKI, '-o', out, '--oauth-token-file', '/dev/urandom']), '/dev/urandom', 'OAuth token');
    assert.equal(fs.existsSync(out), false);
  });
});
