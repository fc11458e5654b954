/**
 * Hostile wikis for catalogue loads and addresses, against the real CLI, the real language server over
 * stdio and the run code (each in a process of its own, its peak memory read from /proc):
 * - a catalogue whose first answer lists 5,000 modules it does not describe: no follow-up is made;
 * - answers with six Content-Encoding values: one clear message, no stack trace, the server lives on;
 * - a gzip answer of 2 MB that decodes to 2 GB: refused at the cap (decoded bytes count), memory bounded,
 *   in the CLI's catalogue load and in a run; a real catalogue sent gzip-encoded is loaded; the same for
 *   a brotli answer of a few KB that decodes to 1 GB;
 * - names that resolve to 127.0.0.1, as `localtest.me` or a DNS-rebinding domain would: a private
 *   /etc/hosts is bound over the real one in a mount namespace of the process under test (`unshare -m`,
 *   as root; CI runs as root, so this runs there and is not skipped), and the address rule refuses the
 *   connection after the lookup, naming the address; a configured wiki on such a name is fetched.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ensureBuilt, LspClient } from '../protocol/lspClient';
import { inPrivateHosts, peakRssMb, runMeasured, startHostileServer, type HostileServer, type MeasuredRun } from './hostileServer';

const MAX_PEAK_MB = 600;
const MAX_SECONDS = 60;
const REBIND = 'wiki.rebind.test';

/** Runs a command, reading its peak resident memory from /proc while it runs. */
function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<MeasuredRun> {
  return runMeasured(command, args, MAX_SECONDS * 2, { XDG_CACHE_HOME: '/nonexistent-wikimap-cache', ...env });
}

function assertBounded(run: { peakMb: number; seconds: number }): void {
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

describe('hostile catalogues and addresses', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  let hostile: HostileServer;
  let hostsDir: string;
  let hosts: string;

  before(async () => {
    ensureBuilt();
    hostile = await startHostileServer();
    hostsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-hosts-'));
    hosts = path.join(hostsDir, 'hosts');
    fs.writeFileSync(hosts, `127.0.0.1 localhost\n127.0.0.1 ${REBIND} public-looking.example\n`);
  });
  after(async () => {
    await hostile.close();
    fs.rmSync(hostsDir, { recursive: true, force: true });
  });

  describe('the CLI with --catalogue URL', () => {
    it('a first answer listing 5,000 modules: no follow-up request, exit 2, the limit named', async () => {
      const before = hostile.hits.get('/many/api.php') ?? 0;
      const run = await runProcess(process.execPath, [CLI, 'check', '--catalogue', `${hostile.origin}/many/api.php`, 'examples']);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /lists 50\d\d modules its first paraminfo answer does not describe; .* over the limit of 20/);
      assert.equal((hostile.hits.get('/many/api.php') ?? 0) - before, 2, 'siteinfo and the first paraminfo only');
      assertBounded(run);
    });

    it('--max-catalogue-follow-ups: a limit the user raises is applied (and named when still too low)', async () => {
      const before = hostile.hits.get('/many/api.php') ?? 0;
      const args = ['check', '--max-catalogue-follow-ups', '100', '--catalogue', `${hostile.origin}/many/api.php`, 'examples'];
      const run = await runProcess(process.execPath, [CLI, ...args]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(
        run.stderr,
        /over the limit of 100 \(5000 modules\).*raise --max-catalogue-follow-ups N if this wiki really has that many modules/,
      );
      assert.equal((hostile.hits.get('/many/api.php') ?? 0) - before, 2, 'siteinfo and the first paraminfo only');
      assertBounded(run);
    });

    it('six Content-Encoding values: one clear message, no stack trace, exit 2', async () => {
      const run = await runProcess(process.execPath, [CLI, 'check', '--catalogue', `${hostile.origin}/encodings/api.php`, 'examples']);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /did not answer with JSON/);
      assert.doesNotMatch(run.stderr, /AbortError|\n\s+at /);
      assertBounded(run);
    });
  });

  describe('gzip and brotli: decoded bytes count against the cap', () => {
    let dir: string;
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-gzip-'))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('the CLI with --catalogue URL: 2 MB of gzip decoding to 2 GB stops at the 32 MB cap, exit 2', async () => {
      const run = await runProcess(process.execPath, [CLI, 'check', '--catalogue', `${hostile.origin}/gzipbomb/api.php`, 'examples']);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /is larger than the cap of 32 MB; reading stopped/);
      assert.doesNotMatch(run.stderr, /\n\s+at /);
      assertBounded(run);
    });

    it('wikimap-query run: the same answer stops at --max-response-mb, exit 1', async () => {
      const file = path.join(dir, 'bomb.wikiquery');
      fs.writeFileSync(file, `${hostile.origin}/gzipbomb/api.php?action=query&list=allpages\n`);
      const run = await runProcess(process.execPath, [CLI, 'run', '--allow-private', '--max-response-mb', '100', file]);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /The response from 127\.0\.0\.1:\d+ is larger than the cap of 100(\.0)? MB; reading stopped/);
      assert.equal(run.stdout, '');
      assertBounded(run);
    });

    it('the CLI with --catalogue URL: a few KB of brotli decoding to 1 GB stops at the 32 MB cap, exit 2', async () => {
      const run = await runProcess(process.execPath, [CLI, 'check', '--catalogue', `${hostile.origin}/brbomb/api.php`, 'examples']);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, /is larger than the cap of 32 MB; reading stopped/);
      assert.doesNotMatch(run.stderr, /\n\s+at /);
      assertBounded(run);
    });

    it('wikimap-query run: the brotli answer stops at --max-response-mb, exit 1', async () => {
      const file = path.join(dir, 'brbomb.wikiquery');
      fs.writeFileSync(file, `${hostile.origin}/brbomb/api.php?action=query&list=allpages\n`);
      const run = await runProcess(process.execPath, [CLI, 'run', '--allow-private', '--max-response-mb', '100', file]);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /The response from 127\.0\.0\.1:\d+ is larger than the cap of 100(\.0)? MB; reading stopped/);
      assert.equal(run.stdout, '');
      assertBounded(run);
    });

    it('a real catalogue sent gzip-encoded (a wiki that sends nothing else) is loaded and judges by it', async () => {
      const file = path.join(dir, 'icons.wikiquery');
      // MediaWiki 1.39 (the catalogue served) has no list=codexicons; the built-in catalogue has.
      fs.writeFileSync(file, 'action=query&list=codexicons&names=cdxIconAdd\n');
      const run = await runProcess(process.execPath, [CLI, 'check', '--catalogue', `${hostile.origin}/gzipped/api.php`, file]);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /:1:19 warning unrecognizedvalues Unrecognized value for parameter "list": codexicons\./);
      assertBounded(run);
      const builtin = await runProcess(process.execPath, [CLI, 'check', file]);
      assert.equal(builtin.status, 0, builtin.stderr);
      assert.match(
        builtin.stdout + builtin.stderr,
        /No problems in 1 file/,
        'the built-in catalogue has the module: the live one was used',
      );
    });
  });

  it('the CLI: a map-config redirect to user:password@ is said without the credentials', async () => {
    const run = await runProcess(process.execPath, [CLI, 'check', '--map-config', `${hostile.origin}/mapcreds`, 'examples']);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /HTTP 302 redirect to http:\/\/127\.0\.0\.1:1\/api\/config, not followed/);
    assert.ok(!(run.stdout + run.stderr).includes('s3cret-pw'), run.stderr);
    assertBounded(run);
  });

  describe('the language server over stdio', () => {
    it('Reload Catalogue of a configured http://user:secret@ wiki: the error and every log line without the secret', async () => {
      const before = hostile.total();
      const apiUrl = `http://me:hunter2@127.0.0.1:${hostile.port}/endless/api.php`;
      const client = await LspClient.start({
        initializationOptions: { wikis: { mine: apiUrl }, wiki: { apiUrl }, diagnostics: { delay: 0 } },
      });
      try {
        const uri = 'file:///home/user/creds.wikiquery';
        await client.open(uri, 'wikiquery', 'action=query&list=allpages\n', 1);
        await client.diagnosticsFor(uri, 1);
        const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', {});
        assert.ok(reload.errors.length > 0, JSON.stringify(reload));
        assert.match(reload.errors.join('\n'), /http:\/\/127\.0\.0\.1:\d+\/endless\/api\.php/);
        assert.ok(!JSON.stringify([reload, client.logs, client.shown]).includes('hunter2'), JSON.stringify(reload));
        assert.equal(hostile.total(), before, 'credentials are never sent');
      } finally {
        await client.stop();
      }
    });

    const configured: Array<[string, string, RegExp]> = [
      ['a first answer listing 5,000 modules', '/many/api.php', /over the limit of 20/],
      ['six Content-Encoding values', '/encodings/api.php', /did not answer with JSON/],
    ];
    for (const [name, where, message] of configured) {
      it(`a configured wiki with ${name}: said once, bounded, the server lives on`, async () => {
        const started = Date.now();
        const apiUrl = `${hostile.origin}${where}`;
        const client = await LspClient.start({ initializationOptions: { wikis: { hostile: apiUrl }, diagnostics: { delay: 0 } } });
        try {
          const uri = `file:///home/user/${where.split('/')[1]}.wikiquery`;
          await client.open(uri, 'wikiquery', `${apiUrl}?action=query&list=allpages&aplimit=9000\n`, 1);
          assert.deepEqual(
            (await client.diagnosticsFor(uri, 1)).map((d) => d.code),
            ['outofrange'],
            'the built-in catalogue meanwhile',
          );
          const shown = await client.waitFor('the warning', () => client.shown.find((m) => message.test(m.message)), MAX_SECONDS * 1000);
          assert.match(shown.message, /cannot load the catalogue of/);
          const hover = await client.request('textDocument/hover', {
            textDocument: { uri },
            position: { line: 0, character: apiUrl.length + 10 },
          });
          assert.ok(hover, 'hover still answers');
          assert.equal(client.shown.filter((m) => message.test(m.message)).length, 1, 'said once');
          assert.ok(!client.logs.some((l) => /AbortError|Unexpected (error|rejection)/.test(l)), client.logs.join('\n'));
          assertBounded({ peakMb: peakRssMb(client.pid)!, seconds: (Date.now() - started) / 1000 });
        } finally {
          await client.stop();
        }
      });
    }

    const approvedOrAny: Array<[string, (port: number) => Record<string, unknown>]> = [
      ['liveCatalogues: any', () => ({ liveCatalogues: 'any' })],
      ['approved by the quick fix', (port) => ({ approvedCatalogues: [`http://${REBIND}:${port}`] })],
    ];
    for (const [how, wiki] of approvedOrAny) {
      it(`a name resolving to 127.0.0.1 (${how}): refused at connect time, the address named, nothing reaches it`, async () => {
        const started = Date.now();
        const before = hostile.total();
        const client = await LspClient.start({
          launch: inPrivateHosts(hosts),
          initializationOptions: { wiki: wiki(hostile.port), diagnostics: { delay: 0 } },
        });
        try {
          const apiUrl = `http://${REBIND}:${hostile.port}/endless/api.php`;
          const uri = 'file:///home/user/rebind.wikiquery';
          await client.open(uri, 'wikiquery', `${apiUrl}?action=query&list=allpages\n`, 1);
          await client.diagnosticsFor(uri, 1);
          const shown = await client.waitFor(
            'the refusal',
            () => client.shown.find((m) => /resolves to/.test(m.message)),
            MAX_SECONDS * 1000,
          );
          assert.match(
            shown.message,
            new RegExp(`${REBIND.replace(/\./g, '\\.')}:\\d+ resolves to 127\\.0\\.0\\.1, a loopback or private address`),
          );
          assert.equal(hostile.total(), before, 'no request reached the loopback server');
          assertBounded({ peakMb: peakRssMb(client.pid)!, seconds: (Date.now() - started) / 1000 });
        } finally {
          await client.stop();
        }
      });
    }

    it('the same name, configured as the wiki: fetched (the user chose it)', async () => {
      const before = hostile.hits.get('/many/api.php') ?? 0;
      const apiUrl = `http://${REBIND}:${hostile.port}/many/api.php`;
      const client = await LspClient.start({
        launch: inPrivateHosts(hosts),
        initializationOptions: { wiki: { apiUrl }, diagnostics: { delay: 0 } },
      });
      try {
        const uri = 'file:///home/user/configured.wikiquery';
        await client.open(uri, 'wikiquery', `${apiUrl}?action=query&list=allpages\n`, 1);
        await client.waitFor('the load', () => client.shown.find((m) => /over the limit of 20/.test(m.message)), MAX_SECONDS * 1000);
        assert.equal((hostile.hits.get('/many/api.php') ?? 0) - before, 2, 'reached through the private hosts file');
      } finally {
        await client.stop();
      }
    });

    it('the quick fix "Load the catalogue of HOST" is offered without a lookup, and contacts nothing', async () => {
      const before = hostile.total();
      const client = await LspClient.start({ launch: inPrivateHosts(hosts), initializationOptions: { diagnostics: { delay: 0 } } });
      try {
        const uri = 'file:///home/user/offer.wikiquery';
        await client.open(uri, 'wikiquery', `http://${REBIND}:${hostile.port}/endless/api.php?action=query&list=allpages\n`, 1);
        const [note] = (await client.diagnosticsFor(uri, 1)).filter((d) => d.code === 'catalogue-not-loaded');
        assert.ok(note, 'a note');
        const actions = await client.request<Array<{ title: string }>>('textDocument/codeAction', {
          textDocument: { uri },
          range: note.range,
          context: { diagnostics: [note] },
        });
        assert.ok(
          actions.some((a) => a.title === `Load the catalogue of ${REBIND}:${hostile.port}`),
          JSON.stringify(actions),
        );
        assert.equal(hostile.total(), before);
      } finally {
        await client.stop();
      }
    });
  });

  describe('wikimap-query run, with the private hosts file', () => {
    let dir: string;
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-run-rebind-'))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    const cases: Array<[string, (url: string) => string[], boolean]> = [
      ['a file naming it: refused, exit 3, the address named', () => [], false],
      ['the same with --allow-private: runs', () => ['--allow-private'], true],
      ['the wiki of --api-url: runs (the user chose it)', (url) => ['--api-url', url], true],
    ];
    for (const [name, flags, runs] of cases) {
      it(`a wiki whose name resolves to 127.0.0.1: ${name}`, async () => {
        const before = hostile.hits.get('/cont/api.php') ?? 0;
        const url = `http://${REBIND}:${hostile.port}/cont/api.php`;
        const file = path.join(dir, 'rebind.wikiquery');
        fs.writeFileSync(file, `${url}?action=query&list=allpages\n`);
        const run = await runProcess(...inPrivateHosts(hosts)(process.execPath, [CLI, 'run', ...flags(url), file]));
        if (runs) {
          assert.equal(run.status, 0, run.stderr);
          assert.equal(JSON.parse(run.stdout).query.allpages[0].title.slice(0, 6), 'Page 0');
          assert.equal((hostile.hits.get('/cont/api.php') ?? 0) - before, 1);
        } else {
          assert.equal(run.status, 3, run.stderr);
          assert.match(
            run.stderr,
            new RegExp(
              `^wikimap-query run: Not run: ${REBIND.replace(/\./g, '\\.')}:\\d+ resolves to 127\\.0\\.0\\.1, a loopback or private address, and is not a configured wiki or map server\\. Give it as --api-url, or pass --allow-private, to run it\\.\n$`,
            ),
          );
          assert.equal(run.stdout, '');
          assert.equal(hostile.hits.get('/cont/api.php') ?? 0, before, 'nothing reached the loopback server');
        }
        assertBounded(run);
      });
    }
  });

  describe('the run code, in a process of its own with the private hosts file', () => {
    const script = (url: string, configured: string[]) => `
      const { runWikiQuery } = require('./run/wiki/wikiRun');
      const { nodeTransport } = require('./run/node/nodeTransport');
      const { addressPolicyFor } = require('./run/address');
      const url = ${JSON.stringify(url)};
      runWikiQuery(url, [['action', 'query'], ['list', 'allpages']], {
        transport: nodeTransport, timeoutMs: 20000, maxBytes: 1 << 20,
        addressPolicy: addressPolicyFor(url, ${JSON.stringify(configured)}),
      }).then((r) => console.log('ran: ' + r.status), (e) => console.log('refused: ' + e.message));`;

    for (const configured of [false, true]) {
      it(`a run to a name resolving to 127.0.0.1 ${configured ? 'of the configured wiki: runs' : 'not configured: refused, the address named'}`, async () => {
        const before = hostile.hits.get('/cont/api.php') ?? 0;
        const url = `http://${REBIND}:${hostile.port}/cont/api.php`;
        const [command, args] = inPrivateHosts(hosts)(process.execPath, ['--import', 'tsx', '-e', script(url, configured ? [url] : [])]);
        const run = await runProcess(command, args);
        assert.equal(run.status, 0, run.stderr);
        if (configured) {
          assert.match(run.stdout, /^ran: /);
          assert.equal((hostile.hits.get('/cont/api.php') ?? 0) - before, 1);
        } else {
          assert.match(
            run.stdout,
            new RegExp(`refused: Not run: ${REBIND.replace(/\./g, '\\.')}:\\d+ resolves to 127\\.0\\.0\\.1, a loopback or private address`),
          );
          assert.equal(hostile.hits.get('/cont/api.php') ?? 0, before, 'nothing reached the loopback server');
        }
        assertBounded(run);
      });
    }
  });
});
