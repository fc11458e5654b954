/**
 * The hostile-server suite: loopback "wikis" that stream without end, drip a byte a second, send a
 * huge body, redirect, or come in large numbers — against the real CLI (`--catalogue URL`), the real
 * language server over stdio, and the run code. Bounds are generous (they catch gigabytes and
 * minutes, not milliseconds): time and peak memory stay bounded, nothing is fetched that the policy
 * forbids, and the messages say what happened.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ensureBuilt, LspClient } from '../protocol/lspClient';
import { httpRequest } from '../../run/httpClient';
import { RunError } from '../../run/runErrors';
import { fetchAll, runWikiQuery } from '../../run/wiki/wikiRun';
import { typedQuery } from '../support/typedQuery';
import { peakRssMb, runMeasured, startHostileServer, type HostileServer, type MeasuredRun } from './hostileServer';
import { nodeTransport } from '../../run/node/nodeTransport';

/** Generous bounds: the failures they catch were 6–13 GB and many minutes. */
const MAX_PEAK_MB = 600;
const MAX_SECONDS = 90;

/** Runs the CLI, reading its peak resident memory while it runs. */
function runCli(args: string[]): Promise<MeasuredRun> {
  return runMeasured(process.execPath, [CLI, ...args], MAX_SECONDS * 2, { XDG_CACHE_HOME: '/nonexistent-wikimap-cache' });
}

describe('hostile servers', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  let hostile: HostileServer;

  before(async () => {
    ensureBuilt();
    hostile = await startHostileServer();
  });
  after(async () => hostile.close());

  describe('the CLI with --catalogue URL', () => {
    const table: Array<[string, string, RegExp]> = [
      ['an endless stream', '/endless/api.php', /larger than the cap of 32 MB; reading stopped/],
      ['a 100 MB body (declared)', '/huge/api.php', /larger than the cap of 32 MB; reading stopped/],
      [
        'a byte a second',
        '/drip/api.php',
        /127\.0\.0\.1:\d+ answered HTTP 200, but its body was not complete within 15 s \(\d+ bytes came\)/,
      ],
      [
        'a redirect',
        '/redirect/api.php',
        /HTTP 302, a redirect to http:\/\/127\.0\.0\.1:\d+\/target\/api\.php.*redirects are not followed/,
      ],
    ];
    for (const [name, path, message] of table) {
      it(`${name}: bounded in time and memory, exits 2 with a clear message`, async () => {
        const before = hostile.hits.get('/target/api.php') ?? 0;
        const run = await runCli(['check', '--catalogue', `${hostile.origin}${path}`, 'examples']);
        // A catalogue that cannot be used is a usage problem (exit 2), said on stderr; no input file caused it.
        assert.equal(run.status, 2, run.stderr);
        assert.match(run.stderr, message);
        assert.ok(run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
        assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
        assert.equal(hostile.hits.get('/target/api.php') ?? 0, before, 'the redirect target was never asked');
      });
    }
    it('--max-catalogue-mb lowers the cap', async () => {
      const run = await runCli(['check', '--max-catalogue-mb', '1', '--catalogue', `${hostile.origin}/endless/api.php`, 'examples']);
      assert.equal(run.status, 2);
      assert.match(run.stderr, /larger than the cap of 1 MB; reading stopped.*Raise --max-catalogue-mb N if/);
    });
    it('a URL with user name and password: never sent, never printed', async () => {
      const before = hostile.total();
      const run = await runCli(['check', '--catalogue', `http://me:hunter2@127.0.0.1:${hostile.port}/endless/api.php`, 'examples']);
      assert.equal(run.status, 2);
      assert.match(run.stderr, /carries a user name or password/);
      assert.ok(!(run.stderr + run.stdout).includes('hunter2'));
      assert.equal(hostile.total(), before);
    });
  });

  describe('the language server over stdio', () => {
    let others: HostileServer[] = [];
    before(async () => {
      others = await Promise.all(Array.from({ length: 40 }, () => startHostileServer()));
    });
    after(async () => {
      await Promise.all(others.map((s) => s.close()));
    });

    for (const live of [undefined, 'any'] as const) {
      it(`a document naming 40 loopback wikis fetches nothing (liveCatalogues ${live ?? 'default'}), and says why`, async () => {
        const hitsBefore = hostile.total() + others.reduce((n, s) => n + s.total(), 0);
        const client = await LspClient.start({
          initializationOptions: { diagnostics: { delay: 0 }, ...(live ? { wiki: { liveCatalogues: live } } : {}) },
        });
        try {
          const urls = [
            ...others.map((s, i) => `${s.origin}/w${i}/api.php?action=query&list=allpages`),
            `${hostile.origin}/endless/api.php?action=query&meta=siteinfo`,
            `${hostile.origin}/drip/api.php?action=query&meta=siteinfo`,
            `http://me:hunter2@127.0.0.1:${hostile.port}/redirect/api.php?action=query&meta=siteinfo`,
            `http://localhost:${hostile.port}/huge/api.php?action=query&meta=siteinfo`,
          ];
          const text = urls.map((u) => `- ${u}`).join('\n') + '\n';
          const uri = 'file:///home/user/notes/wikis.md';
          await client.open(uri, 'markdown', text, 1);
          // A hover right after opening: the policy is already there (initialization options).
          await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 30 } });
          const diagnostics = await client.diagnosticsFor(uri, 1);
          const notes = diagnostics.filter((d) => d.code === 'catalogue-not-loaded');
          assert.equal(notes.length, urls.length - 1, 'one note per query naming a wiki (the one with credentials is not a usable wiki)');
          assert.ok(notes.every((n) => /local or private-network address/.test(String(n.message))));
          // No quick fix approves a loopback wiki.
          const actions = await client.request<unknown[]>('textDocument/codeAction', {
            textDocument: { uri },
            range: notes[0].range,
            context: { diagnostics: notes },
          });
          assert.deepEqual(
            actions.filter((a) => /Load the catalogue/.test(JSON.stringify(a))),
            [],
          );
          // The catalogue in use is the built-in one, and the answer comes at once.
          const described = await client.request<{ source: string }>('wikimapQuery/catalogue', {
            apiUrl: `${others[0].origin}/w0/api.php`,
          });
          assert.match(described.source, /built-?in/i);
          assert.equal(hostile.total() + others.reduce((n, s) => n + s.total(), 0), hitsBefore, 'no request reached any of the servers');
          assert.ok(!JSON.stringify([client.logs, client.shown, diagnostics]).includes('hunter2'), 'the password is never printed');
        } finally {
          await client.stop();
        }
      });
    }

    it('a public wiki a document names: an information note and the quick fix "Load the catalogue of HOST"', async () => {
      const client = await LspClient.start({ initializationOptions: { diagnostics: { delay: 0 } } });
      try {
        const uri = 'file:///home/user/q.wikiquery';
        await client.open(uri, 'wikiquery', 'https://en.wikipedia.org/w/api.php?action=query&list=allpages\n', 1);
        const [note] = (await client.diagnosticsFor(uri, 1)).filter((d) => d.code === 'catalogue-not-loaded');
        assert.ok(note, 'a note');
        assert.equal(note.severity, 3);
        assert.match(String(note.message), /built-in catalogue.*en\.wikipedia\.org/);
        const actions = await client.request<Array<{ title: string; command?: { command: string; arguments: unknown[] } }>>(
          'textDocument/codeAction',
          {
            textDocument: { uri },
            range: note.range,
            context: { diagnostics: [note] },
          },
        );
        const approve = actions.find((a) => a.title === 'Load the catalogue of en.wikipedia.org');
        assert.ok(approve, JSON.stringify(actions));
        assert.deepEqual(approve.command, {
          title: approve.title,
          command: 'wikimapQuery.wiki.approveCatalogue',
          arguments: ['https://en.wikipedia.org'],
        });
      } finally {
        await client.stop();
      }
    });

    it('an untrusted workspace fetches nothing, not even the configured wiki', async () => {
      const before = hostile.total();
      const client = await LspClient.start({
        initializationOptions: { workspaceTrusted: false, wikis: { mine: `${hostile.origin}/endless/api.php` }, diagnostics: { delay: 0 } },
      });
      try {
        const uri = 'file:///home/user/mine.wikiquery';
        await client.open(uri, 'wikiquery', `${hostile.origin}/endless/api.php?action=query&list=allpages\n`, 1);
        await client.diagnosticsFor(uri, 1);
        const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', {});
        assert.match(reload.errors.join(' '), /not trusted/);
        assert.equal(hostile.total(), before);
      } finally {
        await client.stop();
      }
    });

    const configured: Array<[string, string, RegExp]> = [
      ['an endless stream', '/endless/api.php', /larger than the cap of 32 MB; reading stopped/],
      [
        'a byte a second',
        '/drip/api.php',
        /127\.0\.0\.1:\d+ answered HTTP 200, but its body was not complete within 15 s \(\d+ bytes came\)/,
      ],
      ['a redirect', '/redirect/api.php', /redirect to .*\/target\/api\.php.*not followed/],
    ];
    for (const [name, path, message] of configured) {
      it(`a configured wiki that is ${name}: bounded, said once, the server lives on`, async () => {
        const targetBefore = hostile.hits.get('/target/api.php') ?? 0;
        const apiUrl = `${hostile.origin}${path}`;
        const client = await LspClient.start({ initializationOptions: { wikis: { hostile: apiUrl }, diagnostics: { delay: 0 } } });
        try {
          const uri = `file:///home/user/${path.split('/')[1]}.wikiquery`;
          await client.open(uri, 'wikiquery', `${apiUrl}?action=query&list=allpages&aplimit=9000\n`, 1);
          const diagnostics = await client.diagnosticsFor(uri, 1);
          assert.deepEqual(
            diagnostics.map((d) => d.code),
            ['outofrange'],
            'checked with the built-in catalogue meanwhile',
          );
          const shown = await client.waitFor('the warning', () => client.shown.find((m) => message.test(m.message)), MAX_SECONDS * 1000);
          assert.match(shown.message, /cannot load the catalogue of/);
          const peak = peakRssMb(client.pid)!;
          assert.ok(peak < MAX_PEAK_MB, `peak ${peak.toFixed(0)} MB`);
          const hover = await client.request('textDocument/hover', {
            textDocument: { uri },
            position: { line: 0, character: apiUrl.length + 10 },
          });
          assert.ok(hover, 'hover still answers');
          assert.equal(hostile.hits.get('/target/api.php') ?? 0, targetBefore);
        } finally {
          await client.stop();
        }
      });
    }
  });

  describe('the run code', () => {
    const opts = { transport: nodeTransport, timeoutMs: 3000, maxBytes: 5 * 1024 * 1024 };
    const rssBefore = process.memoryUsage().rss;
    after(() => {
      const grownMb = (process.memoryUsage().rss - rssBefore) / (1024 * 1024);
      assert.ok(grownMb < MAX_PEAK_MB, `grew ${grownMb.toFixed(0)} MB`);
    });

    it('an endless stream stops at the response cap', async () => {
      await assert.rejects(
        runWikiQuery(`${hostile.origin}/endless/api.php`, typedQuery('action=query&meta=siteinfo').params, opts),
        (e: unknown) => e instanceof RunError && e.kind === 'tooLarge' && /wikimapQuery\.run\.maxResponseMB/.test(e.message),
      );
    });
    it('a declared 100 MB body is refused before reading', async () => {
      await assert.rejects(
        httpRequest({ url: `${hostile.origin}/huge/api.php`, method: 'GET', ...opts }),
        (e: unknown) => e instanceof RunError && e.kind === 'tooLarge',
      );
    });
    it('a byte a second is stopped by the timeout', async () => {
      await assert.rejects(
        runWikiQuery(`${hostile.origin}/drip/api.php`, typedQuery('action=query&meta=siteinfo').params, opts),
        (e: unknown) => e instanceof RunError && e.kind === 'timeout' && /within 3 s/.test(e.message),
      );
    });
    it('a redirect is not followed', async () => {
      const before = hostile.hits.get('/target/api.php') ?? 0;
      await assert.rejects(
        runWikiQuery(`${hostile.origin}/redirect/api.php`, typedQuery('action=query&meta=siteinfo').params, opts),
        /do not follow redirects/,
      );
      assert.equal(hostile.hits.get('/target/api.php') ?? 0, before);
    });
    it('a URL with credentials is refused before anything is sent', async () => {
      const before = hostile.total();
      await assert.rejects(
        runWikiQuery(`http://me:hunter2@127.0.0.1:${hostile.port}/cont/api.php`, typedQuery('action=query&list=allpages').params, opts),
        (e: unknown) => e instanceof RunError && e.kind === 'refused' && !e.message.includes('hunter2'),
      );
      assert.equal(hostile.total(), before);
    });
    it('"Fetch all" keeps the pages fetched when a later one streams without end', async () => {
      const r = await fetchAll(`${hostile.origin}/cont/api.php`, typedQuery('action=query&list=allpages&endless-after=2').params, {
        ...opts,
        maxPages: 50,
      });
      assert.equal(r.pages, 3);
      assert.equal((r.json as { query: { allpages: unknown[] } }).query.allpages.length, 3);
      assert.match(r.stoppedEarly ?? '', /stopped after 3 pages: .*larger than the cap/);
    });
    it('"Fetch all" stops at its total byte budget and keeps what it fetched', async () => {
      const r = await fetchAll(`${hostile.origin}/cont/api.php`, typedQuery('action=query&list=allpages').params, {
        ...opts,
        maxPages: 1000,
        maxTotalBytes: 1024 * 1024,
      });
      assert.ok(r.pages >= 5 && r.pages <= 11, `pages ${r.pages}`);
      assert.ok(r.bytes <= 1024 * 1024);
      assert.match(r.stoppedEarly ?? '', /fetchAllMaxMB/);
      assert.equal((r.json as { query: { allpages: unknown[] } }).query.allpages.length, r.pages);
    });
  });

  describe('memory budgets of runs (wikimap-query run, a process of its own)', () => {
    /** The peak resident memory allowed whatever a server sends (issue: gigabytes before). */
    const MAX_RUN_PEAK_MB = 1024;
    let dir: string;
    before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-hostile-run-'))));
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    /** Runs `wikimap-query run [flags] FILE` on a file holding the query of `route`. */
    async function runQuery(route: string, flags: string[]): Promise<MeasuredRun> {
      const file = path.join(dir, `${route.replace(/\W/g, '')}.wikiquery`);
      fs.writeFileSync(file, `${hostile.origin}${route}?action=query&list=allpages&aplimit=max\n`);
      // The hostile "wiki" is on 127.0.0.1, which a file may name only with --allow-private.
      return runCli(['run', '--allow-private', ...flags, file]);
    }

    it('Fetch all of 49 MB pages of numbers keeps the pages that fit the memory budget and says why it stopped', async () => {
      const run = await runQuery('/numbers/api.php', ['--all', '--max-pages', '50', '--max-response-mb', '60']);
      assert.equal(run.status, 0, run.stderr);
      assert.ok(run.peakMb < MAX_RUN_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.ok(run.seconds < MAX_SECONDS * 2, `${run.seconds} s`);
      assert.match(
        run.stderr,
        /stopped after 1 pages: the next page would pass the memory budget of 512\.0 MB \(wikimapQuery\.run\.maxParsedMB\)/,
      );
      const json = JSON.parse(run.stdout);
      assert.equal(json.query.allpages.length, Math.floor((49 * 1024 * 1024) / 2));
      assert.equal(json.continue.apcontinue, '1', 'what was cut is said: the continuation is kept');
    });

    it('an answer of 49 MB of {} (16 million objects) is refused before it is parsed', async () => {
      const run = await runQuery('/objects/api.php', ['--max-response-mb', '60']);
      assert.equal(run.status, 1, run.stderr);
      assert.ok(run.peakMb < MAX_RUN_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.match(
        run.stderr,
        /about 17,\d{3},\d{3} items\) would take about [\d.]+ MB of memory once read, over the budget of 512\.0 MB \(wikimapQuery\.run\.maxParsedMB\)/,
      );
      assert.equal(run.stdout, '');
    });

    it('an answer nested 1,000,000 deep is refused before it is parsed (it overflowed the stack when printed)', async () => {
      const run = await runQuery('/deep/api.php', []);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /nests objects and arrays more than 1000 levels deep, which no wiki or map server answers; it was not read/);
      assert.doesNotMatch(run.stderr, /call stack/);
      assert.ok(run.peakMb < 300, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.equal(run.stdout, '');
    });

    it('an object of 4,000,000 distinct keys (48 MB) is refused before it is parsed (it took a run to 1.26 GB)', async () => {
      const run = await runQuery('/keys/api.php', []);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /about 4,000,00\d items\) would take about [\d.]+ MB of memory once read, over the budget of 512\.0 MB/);
      assert.ok(run.peakMb < 400, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.equal(run.stdout, '');
    });

    it('a 20 MB answer in 1-byte chunks costs its size, not an object per chunk', async () => {
      const run = await runQuery('/bytewise/api.php', ['--timeout', '600']);
      assert.equal(run.status, 0, run.stderr);
      assert.ok(run.peakMb < 400, `peak ${run.peakMb.toFixed(0)} MB`);
      assert.equal(JSON.parse(run.stdout).x.length, 20 * 1024 * 1024);
    });
  });
});
