/**
 * Every way a host can stand for a loopback or private address (issue 25, the network side): names a
 * private /etc/hosts resolves to `::ffff:127.0.0.1`, `0.0.0.0`, `::`, `::1`, a 6to4 address carrying
 * 127.0.0.1, or to a public and a loopback address at once; the same name with a trailing dot, in capitals,
 * in circled or full-width letters (IDN look-alikes that URL parsing maps to it); and addresses written as
 * one decimal number, in hex, in octal, shortened or in IPv6 brackets. `wikimap-query run` of a file naming
 * each, the wiki not configured (the trailing-dot name is listed in the hosts file as DNS would resolve it): refused before anything is sent (exit 3), the address named; nothing reaches
 * the loopback server. The same hosts, named by documents, through the language server's catalogue load
 * over stdio with `wiki.liveCatalogues: any`: a name is refused at connect time, the address named, once;
 * an address written out is not contacted at all (the document's note says why); hover still answers. The
 * hosts file is bound in a mount namespace of the process under test (`unshare -m`, as root).
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isIP } from 'node:net';
import type { Hover } from 'vscode-languageserver-types';
import { CLI, LspClient } from '../protocol/lspClient';
import { inPrivateHosts, peakRssMb, runMeasured, startHostileServer, useHostileServer } from './hostileServer';

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
  const suite = useHostileServer('wikimap-addresses-', startHostileServer);
  let hosts: string;
  before(() => {
    hosts = path.join(suite.dir, 'hosts');
    fs.writeFileSync(hosts, HOSTS);
  });

  for (const [host, address] of CASES) {
    it(`wikimap-query run of http://${host}:PORT/…: refused (exit 3), ${address.replace(/\\/g, '')} named, nothing sent`, async () => {
      const before = suite.server.total();
      const file = path.join(suite.dir, 'q.wikiquery');
      fs.writeFileSync(file, `http://${host}:${suite.server.port}/cont/api.php?action=query&list=allpages\n`);
      const [command, args] = inPrivateHosts(hosts)(process.execPath, [CLI, 'run', file]);
      const run = await runMeasured(command, args, MAX_SECONDS * 2, { XDG_CACHE_HOME: '/nonexistent-wikimap-cache' });
      assert.equal(run.status, 3, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^wikimap-query run: Not run: \\S+:${suite.server.port} resolves to ${address}, a loopback or private address, and is not a configured wiki or map server\\.`,
        ),
      );
      assert.equal(run.stdout, '');
      assert.equal(suite.server.total(), before, 'nothing reached the loopback server');
      assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
    });
  }

  describe('the language server over stdio, wiki.liveCatalogues: any, a document naming each host', () => {
    let client: LspClient;
    let started: number;
    let sentBefore: number;
    const uri = (i: number) => `file:///home/user/address-${i}.wikiquery`;
    const urlOf = (host: string, port = suite.server.port) => `http://${host}:${port}/cont/api.php`;
    /** The host as the server names it: URL parsing lower-cases, maps look-alike letters, reads numbers as IPv4. */
    const shownHost = (host: string) => new URL(urlOf(host)).host;
    const written = (host: string) => isIP(new URL(urlOf(host, 1)).hostname.replace(/^\[|\]$/g, '')) !== 0;

    const boot = async () => {
      started = Date.now();
      sentBefore = suite.server.total();
      client = await LspClient.start({
        launch: inPrivateHosts(hosts),
        initializationOptions: { wiki: { liveCatalogues: 'any' }, diagnostics: { delay: 0 } },
      });
      for (const [i, [host]] of CASES.entries()) await client.open(uri(i), 'wikiquery', `${urlOf(host)}?action=query&list=allpages\n`);
    };
    before(boot);
    after(async () => client.stop());

    for (const [i, [host, address]] of CASES.entries()) {
      const how = written(host)
        ? 'an address written out: not contacted, the note says why'
        : `refused at connect time, ${address.replace(/\\/g, '')} named once`;
      it(`http://${host}:PORT/…: ${how}; hover still answers`, async () => {
        const name = shownHost(host).replace(/[.[\]]/g, '\\$&');
        if (written(host)) {
          const notes = (await client.diagnosticsFor(uri(i), 1, MAX_SECONDS * 1000)).filter((d) => d.code === 'catalogue-not-loaded');
          assert.equal(notes.length, 1, JSON.stringify(notes));
          assert.match(
            String(notes[0].message),
            new RegExp(
              `^The built-in catalogue judges this query: ${name} is a local or private-network address, which is contacted only when you configure it`,
            ),
          );
        } else {
          const refusal = new RegExp(
            `^Wiki Query: cannot load the catalogue of http://${name}/cont/api\\.php: ${name} resolves to ${address}, a loopback or private address; only a configured wiki or map server may be on one`,
          );
          await client.waitFor(`the refusal of ${host}`, () => client.shown.find((m) => refusal.test(m.message)), MAX_SECONDS * 1000);
          assert.equal(client.shown.filter((m) => refusal.test(m.message)).length, 1, 'said once');
        }
        const hover = await client.request<Hover | null>('textDocument/hover', {
          textDocument: { uri: uri(i) },
          position: { line: 0, character: urlOf(host).length + 10 },
        });
        assert.match(JSON.stringify(hover?.contents), /query/, 'hover answers, by the built-in catalogue');
      });
    }

    it('all of them: nothing reached the loopback server, the server lives, bounded', () => {
      assert.equal(suite.server.total(), sentBefore, 'nothing reached the loopback server');
      assert.ok(client.alive, 'the server lives');
      assert.doesNotMatch(client.logs.join('\n'), /\n\s+at |Unexpected (error|rejection)/);
      const peak = peakRssMb(client.pid) ?? Infinity;
      assert.ok(peak < MAX_PEAK_MB, `peak ${peak.toFixed(0)} MB`);
      assert.ok((Date.now() - started) / 1000 < MAX_SECONDS, `${(Date.now() - started) / 1000} s`);
    });
  });
});
