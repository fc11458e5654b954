/**
 * Every way a host can stand for a loopback or private address (issue 25, the network side): names a
 * private /etc/hosts resolves to `::ffff:127.0.0.1`, `0.0.0.0`, `::`, `::1`, a 6to4 address carrying
 * 127.0.0.1, or to a public and a loopback address at once; the same name with a trailing dot, in capitals,
 * in circled or full-width letters (IDN look-alikes that URL parsing maps to it); and addresses written as
 * one decimal number, in hex, in octal, shortened or in IPv6 brackets. `wikimap-query run` of a file naming
 * each, the wiki not configured (the trailing-dot name is listed in the hosts file as DNS would resolve it): refused before anything is sent (exit 3), the address named; nothing reaches
 * the loopback server. The hosts file is bound in a mount namespace of the CLI's own (`unshare -m`, as root).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ensureBuilt } from '../protocol/lspClient';
import { inPrivateHosts, runMeasured, startHostileServer, type HostileServer } from './hostileServer';

const MAX_PEAK_MB = 300;
const MAX_SECONDS = 30;

const HOSTS = `127.0.0.1 localhost
::ffff:127.0.0.1 mapped.rebind.test
0.0.0.0 zero.rebind.test
:: any6.rebind.test
::1 loop6.rebind.test
2002:7f00:1:: sixtofour.rebind.test
93.184.216.34 mixed.rebind.test
127.0.0.1 mixed.rebind.test
127.0.0.1 wiki.rebind.test wiki.rebind.test.
`;

/** The host written in the file's URL, and the address the refusal names. */
const CASES: Array<[string, string]> = [
  ['mapped.rebind.test', '::ffff:127\\.0\\.0\\.1'],
  ['zero.rebind.test', '0\\.0\\.0\\.0'],
  ['any6.rebind.test', '::'],
  ['loop6.rebind.test', '::1'],
  ['sixtofour.rebind.test', '2002:7f00:1::'],
  ['mixed.rebind.test', '127\\.0\\.0\\.1'],
  ['wiki.rebind.test.', '127\\.0\\.0\\.1'],
  ['WIKI.Rebind.TEST', '127\\.0\\.0\\.1'],
  ['ⓦⓘⓚⓘ.rebind.test', '127\\.0\\.0\\.1'],
  ['ｗｉｋｉ．rebind．test', '127\\.0\\.0\\.1'],
  ['2130706433', '127\\.0\\.0\\.1'],
  ['0x7f.1', '127\\.0\\.0\\.1'],
  ['017700000001', '127\\.0\\.0\\.1'],
  ['127.1', '127\\.0\\.0\\.1'],
  ['0', '0\\.0\\.0\\.0'],
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
  ['[0:0:0:0:0:0:0:1]', '::1'],
  ['[::]', '::'],
];

describe('hostile addresses: every way of writing a loopback or private host', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  let hostile: HostileServer;
  let dir: string;
  let hosts: string;

  before(async () => {
    ensureBuilt();
    hostile = await startHostileServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-addresses-'));
    hosts = path.join(dir, 'hosts');
    fs.writeFileSync(hosts, HOSTS);
  });
  after(async () => {
    await hostile.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const [host, address] of CASES) {
    it(`wikimap-query run of http://${host}:PORT/…: refused (exit 3), ${address.replace(/\\/g, '')} named, nothing sent`, async () => {
      const before = hostile.total();
      const file = path.join(dir, 'q.wikiquery');
      fs.writeFileSync(file, `http://${host}:${hostile.port}/cont/api.php?action=query&list=allpages\n`);
      const [command, args] = inPrivateHosts(hosts)(process.execPath, [CLI, 'run', file]);
      const run = await runMeasured(command, args, MAX_SECONDS * 2, { XDG_CACHE_HOME: '/nonexistent-wikimap-cache' });
      assert.equal(run.status, 3, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^wikimap-query run: Not run: \\S+:${hostile.port} resolves to ${address}, a loopback or private address, and is not a configured wiki or map server\\.`,
        ),
      );
      assert.equal(run.stdout, '');
      assert.equal(hostile.total(), before, 'nothing reached the loopback server');
      assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });
  }
});
