/**
 * A private wiki with the OAuth extension (the fake in test/fakes/oauthWiki.ts, reading with the
 * MediaWiki 1.39 snapshot): the built CLI signs in with an OAuth 2 owner-only token from a file or the
 * environment — `Authorization: Bearer` on that wiki's requests — and the token is in no output or file.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startFakeOAuthWiki, type FakeOAuthWiki } from '../fakes/oauthWiki';

const ROOT = path.join(__dirname, '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.wmq-owner-only-token.c2lnbmF0dXJl';

describe('wikimap-query with an OAuth 2 owner-only token (fake wiki with the OAuth extension)', function () {
  this.timeout(60000);
  let wiki: FakeOAuthWiki;
  let dir: string;
  const printed: string[] = [];
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        cwd: ROOT,
        env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache'), WIKIMAP_QUERY_OAUTH_TOKEN: '', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => {
        printed.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
    });

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-oauth-'));
    wiki = await startFakeOAuthWiki(path.join(ROOT, 'test', 'fixtures', 'catalogues', 'mediawiki-1.39.json'), TOKEN);
    fs.writeFileSync(path.join(dir, 'token.txt'), `${TOKEN}\n`);
    fs.writeFileSync(path.join(dir, 'q.wikiquery'), 'action=query&list=allpages\n');
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('catalogue save with the token from a file: the wiki’s catalogue, every request signed', async () => {
    const before = wiki.seen.length;
    const file = path.join(dir, 'saved.json');
    const res = await cli(['catalogue', 'save', wiki.apiUrl, '-o', file, '--oauth-token-file', path.join(dir, 'token.txt')]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /Saved the catalogue of WikimapTestWiki .*MediaWiki 1\.39/);
    const sent = wiki.seen.slice(before);
    assert.ok(sent.length >= 2);
    for (const r of sent) assert.equal(r.authorization, `Bearer ${TOKEN}`);
  });

  it('run with the token from the environment', async () => {
    const res = await cli(['run', path.join(dir, 'q.wikiquery'), '--api-url', wiki.apiUrl], { WIKIMAP_QUERY_OAUTH_TOKEN: TOKEN });
    assert.equal(res.code, 0, res.stderr);
    assert.equal(JSON.parse(res.stdout).query.allpages[0].title, 'Main Page');
  });

  it('a token the wiki does not know: its message', async () => {
    const res = await cli(['catalogue', 'save', wiki.apiUrl, '-o', path.join(dir, 'bad.json')], {
      WIKIMAP_QUERY_OAUTH_TOKEN: 'not-a-token',
    });
    assert.equal(res.code, 2);
    assert.match(
      res.stderr,
      /refused the request: mwoauth-invalid-authorization: The authorization headers in your request are not valid: Invalid access token/,
    );
  });

  it('no token: readapidenied, explained with how to sign in', async () => {
    const res = await cli(['catalogue', 'save', wiki.apiUrl, '-o', path.join(dir, 'anon.json')]);
    assert.equal(res.code, 2);
    assert.match(
      res.stderr,
      /readapidenied: You need read permission to use this module\. \(the wiki is private: reading its API needs a sign-in/,
    );
  });

  it('check --catalogue URL signs in with the same options: judged by the private wiki, every request signed', async () => {
    fs.writeFileSync(path.join(dir, 'typo.wikiquery'), 'action=query&list=allpages&aplimitt=5\n');
    const before = wiki.seen.length;
    const res = await cli([
      'check',
      '--catalogue',
      wiki.apiUrl,
      '--oauth-token-file',
      path.join(dir, 'token.txt'),
      path.join(dir, 'typo.wikiquery'),
    ]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /typo\.wikiquery:1:\d+ warning .*aplimitt/);
    const sent = wiki.seen.slice(before);
    assert.ok(sent.length >= 2, 'siteinfo and paraminfo');
    for (const r of sent) assert.equal(r.authorization, `Bearer ${TOKEN}`);
    // Without it: readapidenied, explained; with two --catalogue URLs the secret's wiki is ambiguous: refused.
    const anon = await cli(['check', '--catalogue', wiki.apiUrl, path.join(dir, 'typo.wikiquery')]);
    assert.equal(anon.code, 2);
    assert.match(anon.stderr, /readapidenied.*--bot-user User@BotName/);
    const two = await cli(
      ['check', '--catalogue', wiki.apiUrl, '--catalogue', 'http://127.0.0.1:9/w/api.php', path.join(dir, 'typo.wikiquery')],
      {
        WIKIMAP_QUERY_OAUTH_TOKEN: TOKEN,
      },
    );
    assert.equal(two.code, 2);
    assert.match(two.stderr, /signing in needs exactly one wiki API_URL in --catalogue or --target \(got 2\)/);
  });

  it('check --target URL signs in too: that target judged by the private wiki as a logged-in request, every request to it signed', async () => {
    fs.writeFileSync(path.join(dir, 'targets.wikiquery'), 'action=query&list=allpages&aplimitt=5&assert=user\n\naction=query&assert=bot\n');
    const file = path.join(dir, 'targets.wikiquery');
    const before = wiki.seen.length;
    const args = ['check', '--format', 'json', '--target', `intranet=${wiki.apiUrl}`, '--target', '1.39', file];
    const res = await cli([...args, '--oauth-token-file', path.join(dir, 'token.txt')]);
    assert.equal(res.code, 1, res.stderr); // assertbotfailed is an error
    const problems = JSON.parse(res.stdout) as Array<{ code: string; targets?: string[] }>;
    assert.deepEqual(
      problems.map((p) => [p.code, p.targets]),
      [
        ['unrecognizedparams', ['intranet', 'MediaWiki 1.39']],
        ['assertbotfailed', ['intranet']],
      ],
      'aplimitt on both targets; assert=user holds: the requests are sent logged in; the account signed in to lacks the bot right',
    );
    const sent = wiki.seen.slice(before);
    assert.ok(sent.length >= 2, 'siteinfo and paraminfo');
    for (const r of sent) assert.equal(r.authorization, `Bearer ${TOKEN}`);

    // Without the token: that target is left out (readapidenied, explained), the other judges anonymously.
    // assert=bot and assert=user say the program signs in, which is not known: informations, so no error.
    const anon = await cli(args);
    assert.equal(anon.code, 0, anon.stderr);
    assert.match(anon.stderr, /target intranet left out: .*readapidenied/);
    const anonProblems = (JSON.parse(anon.stdout) as Array<{ code: string; severity: string }>)
      .map((p) => `${p.code} ${p.severity}`)
      .sort();
    assert.deepEqual(anonProblems, ['assertbotfailed information', 'assertuserfailed information', 'unrecognizedparams warning']);

    // A token with two wiki URLs among --catalogue and --target: whose it is cannot be told; refused.
    const two = await cli(['check', '--catalogue', 'http://127.0.0.1:9/w/api.php', ...args.slice(1)], { WIKIMAP_QUERY_OAUTH_TOKEN: TOKEN });
    assert.equal(two.code, 2);
    assert.match(two.stderr, /signing in needs exactly one wiki API_URL in --catalogue or --target \(got 2\)/);
  });

  it('the token is in no output and no file written', () => {
    for (const text of printed) assert.ok(!text.includes(TOKEN), text);
    const walk = (d: string): string[] =>
      fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    const files = walk(dir).filter((f) => !f.endsWith('token.txt'));
    assert.ok(files.some((f) => f.endsWith('saved.json')));
    for (const f of files) assert.ok(!fs.readFileSync(f).includes(TOKEN), `${f} holds the token`);
  });
});
