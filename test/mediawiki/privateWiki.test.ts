/**
 * A private wiki: the real MediaWiki 1.39 with anonymous reading switched off and a bot password made
 * by its own maintenance script (createBotPassword.php). Through the built CLI, as users run it:
 * without the secret, the catalogue load and a run fail with `readapidenied` explained; with it
 * (from the environment or from a file), both succeed; a wrong password is said; a secret given as an
 * argument is refused; the secret goes to that wiki only; and it appears in no output, log or file
 * the commands wrote (searched for). The language server's signed-in load with a wrong bot password says
 * the wiki's refusal, over stdio.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { LspClient } from '../protocol/lspClient';
import { CLI, ensureBuilt } from './checkerCli';
import { ADMIN_USER, createBotPassword, makeWikiPrivate, startMediaWiki, type MediaWikiInstance } from './mediawikiServer';
import { listenLoopback } from '../support/loopbackServer';

const ROOT = path.join(__dirname, '..', '..');
/** A bot password: 32 or more of 0-9 and a-w, as MediaWiki makes them (BotPassword::canonicalizeLoginData); easy to search for. */
const SECRET = 'wmqsecret0123456789abcdefghijklmn';

describe('a private wiki (real MediaWiki 1.39, anonymous read off, a bot password)', function () {
  this.timeout(300000);
  let wiki: MediaWikiInstance | undefined;
  let dir: string;
  let botUser: string;
  /** Everything the commands printed, searched for the secret at the end. */
  const printed: string[] = [];

  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const res = spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache'), WIKIMAP_QUERY_COMPILE_CACHE: path.join(dir, 'v8'), ...env },
      timeout: 120000,
    });
    printed.push(res.stdout, res.stderr);
    return { code: res.status, stdout: res.stdout, stderr: res.stderr };
  };

  /** The same, without blocking this process (a server of the test's own must answer meanwhile). */
  const cliAsync = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        cwd: ROOT,
        env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache'), WIKIMAP_QUERY_COMPILE_CACHE: path.join(dir, 'v8'), ...env },
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
    await ensureBuilt();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-private-'));
    wiki = await startMediaWiki({ seed: false });
    botUser = createBotPassword(wiki, ADMIN_USER, 'wmqreader', SECRET);
    makeWikiPrivate(wiki);
    fs.writeFileSync(path.join(dir, 'pages.wikiquery'), 'action=query&list=allpages&aplimit=5\n');
    fs.writeFileSync(path.join(dir, 'password.txt'), `${SECRET}\n`);
  });
  after(async () => {
    await wiki?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('without the secret: the catalogue load fails, explained with how to sign in', () => {
    const res = cli(['catalogue', 'save', wiki!.apiUrl, '-o', path.join(dir, 'anon.json')]);
    assert.equal(res.code, 2);
    assert.match(res.stderr, /readapidenied/);
    assert.match(res.stderr, /the wiki is private: reading its API needs a sign-in.*--bot-user User@BotName/);
  });

  it('without the secret: a run gets readapidenied, explained', () => {
    const res = cli(['run', path.join(dir, 'pages.wikiquery'), '--api-url', wiki!.apiUrl]);
    assert.equal(res.code, 1);
    const answer = JSON.parse(res.stdout);
    assert.equal((answer.errors?.[0] ?? answer.error).code, 'readapidenied');
    assert.match(res.stderr, /the wiki is private: reading its API needs a sign-in/);
  });

  it('with the bot password from the environment: the whole catalogue is saved, and judges offline', () => {
    const file = path.join(dir, 'private.catalogue.json');
    const res = cli(['catalogue', 'save', wiki!.apiUrl, '-o', file, '--bot-user', botUser], { WIKIMAP_QUERY_BOT_PASSWORD: SECRET });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /Saved the catalogue of WikimapTestWiki .*MediaWiki 1\.39/);
    const check = spawnSync(process.execPath, [CLI, 'check', '--catalogue', file, '--format', 'json', '-'], {
      cwd: ROOT,
      input: 'action=query&list=allpages&aplimit=5&apbogus=1\n',
      encoding: 'utf8',
    });
    assert.deepEqual(
      JSON.parse(check.stdout).map((d: { code: string }) => d.code),
      ['unrecognizedparams'],
    );
  });

  it('with the bot password from a file: a run succeeds', () => {
    const res = cli([
      'run',
      path.join(dir, 'pages.wikiquery'),
      '--api-url',
      wiki!.apiUrl,
      '--bot-user',
      botUser,
      '--bot-password-file',
      path.join(dir, 'password.txt'),
    ]);
    assert.equal(res.code, 0, res.stderr);
    const pages = JSON.parse(res.stdout).query.allpages.map((p: { title: string }) => p.title);
    assert.ok(pages.includes('Main Page'), res.stdout);
  });

  it('a wrong bot password is said, and nothing is run', () => {
    const res = cli(['run', path.join(dir, 'pages.wikiquery'), '--api-url', wiki!.apiUrl, '--bot-user', botUser], {
      WIKIMAP_QUERY_BOT_PASSWORD: 'x'.repeat(32),
    });
    assert.equal(res.code, 3);
    assert.match(res.stderr, new RegExp(`Signing in to 127\\.0\\.0\\.1:\\d+ as ${botUser} failed \\(Failed`));
    assert.equal(res.stdout, '');
  });

  it('a wrong bot password for a catalogue: said as the wiki says it, not as a wiki that cannot be reached', () => {
    const res = cli(['catalogue', 'save', wiki!.apiUrl, '-o', path.join(dir, 'wrong.json'), '--bot-user', botUser], {
      WIKIMAP_QUERY_BOT_PASSWORD: 'x'.repeat(32),
    });
    assert.equal(res.code, 2);
    assert.match(
      res.stderr,
      /^wikimap-query catalogue save: Signing in to 127\.0\.0\.1:\d+ as Admin@wmqreader failed \(Failed: Incorrect username or password/,
    );
    assert.doesNotMatch(res.stderr, /cannot reach/);
  });

  it("the language server's signed-in load with a wrong bot password: the wiki's refusal said, no password in any message or log line", async () => {
    const wrong = 'wrongpassword0123456789abcdefghij';
    const client = await LspClient.start({
      launch: (command, args) => ['env', [`XDG_CACHE_HOME=${path.join(dir, 'server-cache')}`, command, ...args]],
      initializationOptions: {
        diagnostics: { delay: 0 },
        wikis: { intranet: wiki!.apiUrl },
        wiki: { apiUrl: 'intranet' },
        wikiSignIn: true,
      },
      handlers: {
        'wikimapQuery/wikiSecret': (p: { apiUrl: string }) =>
          p.apiUrl === wiki!.apiUrl ? { kind: 'botPassword', username: botUser, password: wrong } : null,
      },
    });
    try {
      const uri = 'file:///home/user/private.wikiquery';
      await client.open(uri, 'wikiquery', 'action=query&meta=siteinfo&assert=bot\n');
      const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
      assert.deepEqual(reload.loaded, []);
      const said = reload.errors.join('\n');
      // MediaWiki 1.39's own words (ApiLogin, BotPassword::login), then what is used meanwhile.
      assert.match(
        said,
        new RegExp(
          `Signing in to 127\\.0\\.0\\.1:\\d+ as ${botUser} failed \\(Failed: Incorrect username or password entered\\. Please try again\\.\\)\\. Check the bot password`,
        ),
      );
      assert.match(said, /You are signed in to .*, by the built-in catalogue, without the account's name and rights/);
      // Judged as sent signed in, the account unknown: the anonymous assert=bot verdict published before the load goes.
      await client.waitFor(
        'diagnostics judged as signed in',
        () => {
          const last = [...client.published].reverse().find((p) => p.uri === uri);
          return last && !last.diagnostics.some((d) => d.code === 'assertbotfailed') ? last : undefined;
        },
        60000,
      );
      const everything = [said, ...client.logs, ...client.stderr, ...client.shown.map((m) => m.message)];
      printed.push(...everything);
      for (const text of everything) assert.ok(!text.includes(wrong) && !text.includes(SECRET), `said: ${text.slice(0, 500)}`);
      assert.ok(client.alive);
    } finally {
      await client.stop();
    }
  });

  it('a secret given as an argument is refused before anything is sent', () => {
    for (const args of [
      ['run', path.join(dir, 'pages.wikiquery'), '--api-url', wiki!.apiUrl, '--bot-user', botUser, '--bot-password', 'not-the-secret'],
      ['catalogue', 'save', wiki!.apiUrl, '-o', path.join(dir, 'x.json'), '--oauth-token', 'not-the-secret'],
    ]) {
      const res = cli(args);
      assert.equal(res.code, 2);
      assert.match(res.stderr, /is not taken: a secret on the command line stays in the shell's history/);
    }
  });

  it('the secret goes to the wiki of --api-url only: a query naming another server is sent without it', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const other = await listenLoopback(
      http.createServer((req, res) => {
        seen.push(req.headers);
        res.setHeader('content-type', 'application/json');
        res.end('{"batchcomplete":true}');
      }),
    );
    try {
      const { port } = other;
      const q = path.join(dir, 'other.wikiquery');
      fs.writeFileSync(q, `http://127.0.0.1:${port}/api.php?action=query&meta=siteinfo\n`);
      // the other server is on loopback too: --allow-private lets the run reach it (the address rule is tested in runCli)
      const args = ['run', q, '--api-url', wiki!.apiUrl, '--bot-user', botUser, '--allow-private'];
      const res = await cliAsync(args, { WIKIMAP_QUERY_BOT_PASSWORD: SECRET });
      assert.equal(res.code, 0, res.stderr);
      assert.equal(seen.length, 1);
      assert.equal(seen[0].cookie, undefined);
      assert.equal(seen[0].authorization, undefined);
    } finally {
      await other.close();
    }
  });

  it('the secret is in no output, log or file the commands wrote', () => {
    assert.ok(printed.length > 0);
    for (const text of printed) assert.ok(!text.includes(SECRET), `printed:\n${text}`);
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (p !== path.join(dir, 'password.txt')) files.push(p);
      }
    };
    walk(dir);
    assert.ok(files.some((f) => f.endsWith('private.catalogue.json')));
    for (const f of files) assert.ok(!fs.readFileSync(f).includes(SECRET), `${f} holds the secret`);
  });
});
