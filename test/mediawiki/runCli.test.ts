/**
 * `wikimap-query run FILE[:LINE]` against a real MediaWiki: the real `dist/cli.js` process runs the
 * query at a line and prints what the wiki answers; `--all` follows continuation within --max-pages
 * as the editor's "Fetch all"; write actions and secrets are refused before anything is sent.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI, ensureBuilt } from './checkerCli';
import { MediaWikiClient, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, XDG_CACHE_HOME: cwd },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('wikimap-query run (CLI) against a real MediaWiki', function () {
  this.timeout(300000);
  let wiki: MediaWikiInstance | undefined;
  let client: MediaWikiClient;
  let dir: string;
  const file = () => path.join(dir, 'queries.wikiquery');
  /** The wiki's own answer to a query, in the format a run asks for (as the editor's run adds it). */
  const wikiSays = (query: string) => client.get(`${query}&format=json&formatversion=2&errorformat=plaintext`);

  before(async () => {
    await ensureBuilt();
    wiki = await startMediaWiki();
    client = new MediaWikiClient(wiki.apiUrl);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-run-wiki-'));
    fs.writeFileSync(
      file(),
      [
        '# pages of the main namespace, two at a time', // 1
        'action=query&list=allpages&aplimit=2', // 2
        '', // 3
        `${wiki.apiUrl}?action=query&prop=info&titles=Alpha|Beta`, // 4
        'action=edit&title=Alpha&appendtext=changed', // 5
        'action=query&list=allpages&lgpassword=secret', // 6
        'action=parse&page=No such page here', // 7
        '# the multi-line form', // 8
        'action=query', // 9
        '  &list=categorymembers', // 10
        '  &cmtitle=Category:Letters', // 11
      ].join('\n') + '\n',
    );
    fs.writeFileSync(
      path.join(dir, 'notes.md'),
      `# Notes\n\nThe letters: ${wiki.apiUrl}?action=query&list=categorymembers&cmtitle=Category:Letters\n`,
    );
  });
  after(async () => {
    await wiki?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const answers: Array<{ name: string; target: string; flags: string[]; query: string }> = [
    {
      name: 'a bare query, with --api-url',
      target: 'queries.wikiquery:2',
      flags: ['--api-url'],
      query: 'action=query&list=allpages&aplimit=2',
    },
    {
      name: 'a query naming its own wiki (on 127.0.0.1), with --allow-private',
      target: 'queries.wikiquery:4',
      flags: ['--allow-private'],
      query: 'action=query&prop=info&titles=Alpha|Beta',
    },
    {
      name: 'a multi-line query, LINE on a continuation line',
      target: 'queries.wikiquery:10',
      flags: ['--api-url'],
      query: 'action=query&list=categorymembers&cmtitle=Category:Letters',
    },
    {
      name: 'without LINE: the first query',
      target: 'queries.wikiquery',
      flags: ['--api-url'],
      query: 'action=query&list=allpages&aplimit=2',
    },
    {
      name: 'an api.php URL in markdown, its wiki given as --api-url',
      target: 'notes.md',
      flags: ['--api-url'],
      query: 'action=query&list=categorymembers&cmtitle=Category:Letters',
    },
  ];
  for (const c of answers) {
    it(`prints what the wiki answers: ${c.name}`, async () => {
      const flags = c.flags.flatMap((f) => (f === '--api-url' ? [f, wiki!.apiUrl] : [f]));
      const r = await cli(['run', ...flags, c.target], dir);
      assert.equal(r.status, 0, r.stderr);
      const printed = JSON.parse(r.stdout);
      const expected = await wikiSays(c.query);
      // curtimestamp-like fields do not occur in these answers: the whole answer must be the same
      assert.deepEqual(printed, expected);
      assert.ok(JSON.stringify(printed.query).length > 20, 'the answer has results');
    });
  }

  it('--all follows continuation and merges every batch, as "Fetch all"', async () => {
    const r = await cli(['run', '--all', '--api-url', wiki!.apiUrl, 'queries.wikiquery:2'], dir);
    assert.equal(r.status, 0, r.stderr);
    const printed = JSON.parse(r.stdout);
    const everything = await wikiSays('action=query&list=allpages&aplimit=max');
    assert.ok(everything.query.allpages.length > 2, 'the seeded wiki has more than one batch of pages');
    assert.deepEqual(printed.query.allpages, everything.query.allpages);
    assert.equal(printed.continue, undefined);
  });

  it('--all stops at --max-pages, keeps "continue" and says more remain', async () => {
    const r = await cli(['run', '--all', '--max-pages', '1', '--api-url', wiki!.apiUrl, 'queries.wikiquery:2'], dir);
    assert.equal(r.status, 0, r.stderr);
    const printed = JSON.parse(r.stdout);
    assert.equal(printed.query.allpages.length, 2);
    assert.ok(printed.continue?.apcontinue, JSON.stringify(printed.continue));
    assert.match(r.stderr, /stopped after 1 pages \(--max-pages\); more results remain/);
  });

  it('an API error is printed and exits 1', async () => {
    const r = await cli(['run', '--api-url', wiki!.apiUrl, 'queries.wikiquery:7'], dir);
    assert.equal(r.status, 1, r.stderr);
    const printed = JSON.parse(r.stdout);
    assert.deepEqual(printed, await wikiSays('action=parse&page=No such page here'));
    assert.equal(printed.errors[0].code, 'missingtitle');
  });

  const refused: Array<{ name: string; line: number; message: RegExp }> = [
    { name: 'a write action', line: 5, message: /action=edit changes the wiki/ },
    { name: 'a password', line: 6, message: /lgpassword/ },
  ];
  for (const c of refused) {
    it(`refuses ${c.name} with exit 3 and leaves the wiki as it was`, async () => {
      const before = await wikiSays('action=query&prop=revisions&titles=Alpha&rvprop=ids');
      const r = await cli(['run', '--api-url', wiki!.apiUrl, `queries.wikiquery:${c.line}`], dir);
      assert.equal(r.status, 3, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, c.message);
      assert.deepEqual(await wikiSays('action=query&prop=revisions&titles=Alpha&rvprop=ids'), before);
    });
  }

  it('a bare query without --api-url exits 2 and says how to name the wiki', async () => {
    const r = await cli(['run', 'queries.wikiquery:2'], dir);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--api-url URL/);
  });

  it('a query naming a wiki on 127.0.0.1, neither --api-url nor --allow-private: exit 3, the address named', async () => {
    const r = await cli(['run', 'queries.wikiquery:4'], dir);
    assert.equal(r.status, 3, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(
      r.stderr,
      /Not run: 127\.0\.0\.1:\d+ resolves to 127\.0\.0\.1, a loopback or private address, and is not a configured wiki or map server\. Give it as --api-url, or pass --allow-private, to run it\./,
    );
  });

  it('a wiki that does not answer exits 1', async () => {
    const r = await cli(['run', '--api-url', 'http://127.0.0.1:9/api.php', 'queries.wikiquery:2'], dir);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /refused the connection/);
  });
});
