/**
 * A wiki that lies while a secret is in play (issue 25): a raw-socket loopback wiki (`hostileSignInEchoWiki.ts`)
 * that takes an OAuth 2 token or a bot password and sends it back — in a status line of 16 KB with a
 * command link, an error's info, a redirect's address, the account's name, a module's help URL, the login's
 * refusal — or holds its answer after the headers. Through `check --catalogue URL` signed in each way and
 * through the language server's signed-in load over stdio: the secret is in no output, message, log line,
 * diagnostic, hover or cache file (each echo is shown as `***`), every message is bounded and says what the
 * wiki did, the secret went to that wiki's api.php only, and peak memory and time stay bounded.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { CLI, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured, type MeasuredRun } from './hostileServer';
import { ECHO_CASES, startEchoWiki, type EchoWiki } from './hostileSignInEchoWiki';
import { suiteFolder } from './hugeDocumentsShared';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.wmq-echo-token-0123456789.c2lnbmF0dXJlLWVjaG8';
/** As MediaWiki makes bot passwords: 32 of 0-9 and a-w. */
const PASSWORD = 'wmqechopassword0123456789abcdefg';
const BOT_USER = 'Owner@wmqecho';
const TIMEOUT = 3;
const MAX_SECONDS = 30;
const MAX_PEAK_MB = 400;
const QUERIES = ['action=query&meta=siteinfo&assert=bot', 'action=query&meta=siteinfo&assertuser=Someone_else', ''].join('\n\n');
const HOST = '127\\.0\\.0\\.1:\\d+';

type Kind = 'oauth2' | 'botPassword';
const SECRET: Record<Kind, string> = { oauth2: TOKEN, botPassword: PASSWORD };

/** What `check --catalogue URL` says for each case (stderr), exit status; the secret always as `***`. */
const CLI_CASES: Record<string, (kind: Kind) => [number, RegExp]> = {
  status: () => [
    2,
    new RegExp(
      `^wikimap-query check: cannot use the catalogue http://${HOST}/status/api\\.php answered HTTP 500 \\*\\*\\* \\[click\\] \\(command:[^\\n]{0,200}… \\(the wiki is down`,
    ),
  ],
  info: () => [
    2,
    /refused the request: mwoauth-invalid-authorization: The authorization headers in your request are not valid: \*\*\* is not a token/,
  ],
  redirect: () => [2, new RegExp(`answered HTTP 302, a redirect to http://127\\.0\\.0\\.1:1/\\*\\*\\*/api\\.php`)],
  name: () => [1, /^2 problems \(2 errors\) in 1 of 1 file\n$/],
  helpurl: () => [1, /^2 problems \(2 errors\) in 1 of 1 file\n$/],
  held: () => [
    2,
    new RegExp(
      `${HOST} answered HTTP 200, but its body was not complete within ${TIMEOUT} s \\(\\d+ of the 1,000,000 bytes announced came\\)`,
    ),
  ],
  login: (kind) =>
    kind === 'botPassword'
      ? [2, new RegExp(`Signing in to ${HOST} as ${BOT_USER} failed \\(Failed: Incorrect password "\\*\\*\\*" for ${BOT_USER}\\.\\)`)]
      : [2, /refused the request: mwoauth-invalid-authorization: .* \*\*\* is not a token/],
};

/** Every file under `dir`, read. */
function filesUnder(dir: string): Array<[string, Buffer]> {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => {
    const p = path.join(e.parentPath, e.name);
    return e.isFile() ? [[p, fs.readFileSync(p)] as [string, Buffer]] : [];
  });
}

function assertNoSecret(what: string, text: string | Buffer, secret: string): void {
  assert.ok(!text.includes(secret) && !text.includes(encodeURIComponent(secret)), `${what} holds the secret`);
}

describe('a wiki that sends the secret back (OAuth 2 token, bot password)', function () {
  this.timeout(MAX_SECONDS * 4 * 1000);
  const dir = suiteFolder('wmq-echo-');
  let wiki: EchoWiki;
  before(async () => (wiki = await startEchoWiki()));
  after(async () => wiki.close());

  /** The secret went to the case's own api.php only (the redirect's target is never asked). */
  function assertSecretStayed(from: number): void {
    for (const r of wiki.seen.slice(from)) if (r.secret !== undefined) assert.ok(wiki.apiUrl(r.name).endsWith(`/${r.name}/api.php`));
    assert.ok(
      wiki.seen.every((r) => r.name in ECHO_CASES),
      'a request went elsewhere',
    );
  }

  const check = (kind: Kind, name: string): Promise<MeasuredRun> => {
    const query = path.join(dir(), 'q.wikiquery');
    if (!fs.existsSync(query)) fs.writeFileSync(query, QUERIES);
    const signIn = kind === 'oauth2' ? [] : ['--bot-user', BOT_USER];
    const env = kind === 'oauth2' ? { WIKIMAP_QUERY_OAUTH_TOKEN: TOKEN } : { WIKIMAP_QUERY_BOT_PASSWORD: PASSWORD };
    return runMeasured(
      process.execPath,
      [CLI, 'check', '--catalogue-timeout', String(TIMEOUT), '--catalogue', wiki.apiUrl(name), ...signIn, query],
      MAX_SECONDS * 2,
      { XDG_CACHE_HOME: path.join(dir(), `cache-${kind}-${name}`), ...env },
    );
  };

  for (const kind of ['oauth2', 'botPassword'] as const) {
    for (const [name, what] of Object.entries(ECHO_CASES)) {
      it(`${kind}, ${what}: check --catalogue URL never shows or keeps the secret, says what the wiki did, bounded`, async () => {
        const from = wiki.seen.length;
        const run = await check(kind, name);
        const [status, said] = CLI_CASES[name](kind);
        assert.equal(run.status, status, run.stderr.slice(0, 2000));
        assert.match(run.stderr, said);
        assert.ok(run.stderr.length < 1000 && run.stdout.length < 2000, `${run.stderr.length} + ${run.stdout.length} characters said`);
        assert.doesNotMatch(run.stderr, /\n\s+at |could not be reached|cannot reach/);
        assert.ok(
          wiki.seen.slice(from).some((r) => r.secret === SECRET[kind]),
          'the secret was sent to the wiki',
        );
        assertNoSecret('the output', run.stdout + run.stderr, SECRET[kind]);
        const files = filesUnder(path.join(dir(), `cache-${kind}-${name}`));
        for (const [file, text] of files) assertNoSecret(file, text, SECRET[kind]);
        if (name === 'name') assert.match(run.stdout, /assertbotfailed .*\*\*\*/);
        assertSecretStayed(from);
        assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
        assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
      });
    }
  }

  for (const kind of ['oauth2', 'botPassword'] as const) {
    it(`${kind}, ${ECHO_CASES.helpurl}: catalogue save keeps the help URLs with the secret hidden`, async () => {
      const out = path.join(dir(), `saved-${kind}.json`);
      const signIn = kind === 'oauth2' ? [] : ['--bot-user', BOT_USER];
      const env = kind === 'oauth2' ? { WIKIMAP_QUERY_OAUTH_TOKEN: TOKEN } : { WIKIMAP_QUERY_BOT_PASSWORD: PASSWORD };
      const run = await runMeasured(
        process.execPath,
        [CLI, 'catalogue', 'save', wiki.apiUrl('helpurl'), '-o', out, ...signIn],
        MAX_SECONDS * 2,
        {
          XDG_CACHE_HOME: path.join(dir(), `cache-save-${kind}`),
          ...env,
        },
      );
      assert.equal(run.status, 0, run.stderr.slice(0, 2000));
      const saved = fs.readFileSync(out);
      assertNoSecret('the saved catalogue', saved, SECRET[kind]);
      assertNoSecret('the output', run.stdout + run.stderr, SECRET[kind]);
      assert.ok(saved.includes('https://www.mediawiki.org/wiki/API:***'), 'the help URLs are kept, the secret hidden');
      assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak ${run.peakMb.toFixed(0)} MB`);
    });
  }

  for (const kind of ['oauth2', 'botPassword'] as const) {
    it(`${kind}: the language server's signed-in loads of every case over stdio show, log and keep no secret; hovers answer; bounded`, async () => {
      const started = Date.now();
      const from = wiki.seen.length;
      const wikis = Object.fromEntries(Object.keys(ECHO_CASES).map((name) => [name, wiki.apiUrl(name)]));
      const secret = kind === 'oauth2' ? { kind, accessToken: TOKEN } : { kind, username: BOT_USER, password: PASSWORD };
      const cache = path.join(dir(), `server-cache-${kind}`);
      const client = await LspClient.start({
        launch: (command, args) => ['env', [`XDG_CACHE_HOME=${cache}`, command, ...args]],
        initializationOptions: {
          diagnostics: { delay: 0 },
          wikis,
          wiki: { catalogueTimeoutSeconds: TIMEOUT },
          wikiSignIn: true,
        },
        handlers: { 'wikimapQuery/wikiSecret': (p: { apiUrl: string }) => (Object.values(wikis).includes(p.apiUrl) ? secret : null) },
      });
      try {
        const said: string[] = [];
        for (const name of Object.keys(ECHO_CASES)) {
          const uri = `file:///home/user/echo-${name}.wikiquery`;
          await client.open(uri, 'wikiquery', `${wiki.apiUrl(name)}?action=query&meta=siteinfo&assert=bot\n`);
          const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', { apiUrl: name });
          said.push(...reload.errors);
          for (const e of reload.errors) assert.ok(e.length < 5000, `${e.length} characters`);
          const hover = await client.request<Hover | null>('textDocument/hover', {
            textDocument: { uri },
            position: { line: 0, character: wiki.apiUrl(name).length + 3 },
          });
          const text = (hover?.contents as MarkupContent | undefined)?.value ?? '';
          assert.match(text, /action|query/, `${name}: hover answers`);
          said.push(text);
        }
        const published = client.published.flatMap((p) => p.diagnostics.map((d) => String(d.message)));
        for (const text of [...said, ...published, ...client.logs, ...client.stderr, ...client.shown.map((m) => m.message)]) {
          assertNoSecret('a message, log line, diagnostic or hover', text, SECRET[kind]);
          assert.doesNotMatch(text, /\n\s+at |Unexpected (error|rejection)/);
        }
        assert.ok(
          said.some((t) => t.includes('***')),
          'the echoes are said, hidden',
        );
        for (const [file, text] of filesUnder(cache)) assertNoSecret(file, text, SECRET[kind]);
        assert.ok(client.alive, 'the server lives');
        assertSecretStayed(from);
        const peak = peakRssMb(client.pid) ?? Infinity;
        assert.ok(peak < MAX_PEAK_MB, `peak ${peak.toFixed(0)} MB`);
        assert.ok((Date.now() - started) / 1000 < MAX_SECONDS * 2, `${(Date.now() - started) / 1000} s`);
      } finally {
        await client.stop();
      }
    });
  }
});
