/**
 * Hostile answers to a wiki OAuth 2 sign-in (issue 25): a private loopback wiki (`hostileSignInWiki.ts`)
 * that reads only with the token and answers the account it reads as (`meta=userinfo`, read at a signed-in
 * catalogue load for assert=bot and assertuser) with a name of 10 MB, escapes and links, millions of
 * rights, deep nesting, wrong types, a drip, 100 MB, a redirect, a refusal of 10 MB, an HTML page. Through
 * `check --catalogue URL` with the token and through the language server's signed-in load over stdio:
 * each account is refused with a message saying why, nothing about it is judged, the catalogue is still
 * used, the token goes to the signed-in wiki's own address only and is in no output; peak memory (VmHWM
 * from /proc), time and the output stay bounded, and the server lives on.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { CLI, LspClient } from '../protocol/lspClient';
import { peakRssMb, runMeasured } from './hostileServer';
import { SIGN_IN_CASES, startHostileSignInWiki, type HostileSignInWiki } from './hostileSignInWiki';
import { suiteFolder } from './hugeDocumentsShared';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.wmq-hostile-sign-in.c2lnbmF0dXJl';
const MAX_SECONDS = 60;
/** Peaks measured: 70–200 MB (the 10 MB name, 2,000,000 rights: about 200 MB); the catalogue budget is 8 × 32 MB parsed. */
const MAX_PEAK_MB = 500;
/** The catalogue requests' time limit in these tests: short where the case waits for it (the drip), else the default's double (a loaded machine). */
const timeoutOf = (name: string) => (name === 'drip' ? 3 : 30);
const QUERIES = ['action=query&meta=siteinfo&assert=bot', 'action=query&meta=siteinfo&assertuser=Someone_else', ''].join('\n\n');

/** Why each case's account is not read, as the warning says it. */
const WHY: Record<string, RegExp> = {
  hugename:
    /answered meta=userinfo with a user name no MediaWiki account has: it is 10000000 bytes long, and a user name is at most 255 bytes/,
  escname: /answered meta=userinfo with a user name no MediaWiki account has: it is 1000\d\d bytes long/,
  linkname: /answered meta=userinfo with a user name no MediaWiki account has: it holds characters no title may hold/,
  rights: /answered meta=userinfo with 2000000 rights \(at most 10000 are read\)/,
  deep: /answered meta=userinfo with a right that is not a right's name|did not answer with JSON/,
  wrongtypes: /answered meta=userinfo with an answer without a user name and a list of rights/,
  wrongrights: /answered meta=userinfo with a right that is not a right's name/,
  notobject: /answered meta=userinfo with an answer without a user name and a list of rights/,
  drip: /127\.0\.0\.1:\d+ answered HTTP 200, but its body was not complete within 3 s \(\d+ bytes came\); check that http:\/\/127\.0\.0\.1:\d+\/drip\/api\.php is the wiki's api\.php URL/,
  huge: /is larger than the cap of 32 MB/,
  redirect: /redirect/,
  refused:
    /refused the request: Evil\]0;pwned\[2J\[click\] \(command:workbench\.action\.quit\)code: Evil\]0;pwned\[2J\[click\] \(command:workbench\.action\.quit\) i{100,200}…/,
  html: /answered HTTP 500/,
};

/** What a user may be shown: bounded, one line per message, no escapes, no clickable command link, no token. */
function assertShowable(text: string, max: number): void {
  assert.ok(text.length < max, `${text.length} characters shown`);
  assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text), `control characters in ${JSON.stringify(text.slice(0, 300))}`);
  assert.ok(!text.includes('](command:'), 'a command link');
  assert.ok(!text.includes(TOKEN), 'the token');
  assert.doesNotMatch(text, /\n\s+at |Unexpected (error|rejection)/);
}

function assertBounded(run: { peakMb: number; seconds: number }): void {
  assert.ok(run.peakMb > 0 && run.peakMb < MAX_PEAK_MB, `peak RSS ${run.peakMb.toFixed(0)} MB`);
  assert.ok(run.seconds < MAX_SECONDS, `${run.seconds} s`);
}

describe('hostile answers to a wiki OAuth 2 sign-in (the account it reads as)', function () {
  this.timeout(MAX_SECONDS * 3 * 1000);
  const dir = suiteFolder('wmq-signin-');
  let wiki: HostileSignInWiki;
  before(async () => (wiki = await startHostileSignInWiki(TOKEN)));
  after(async () => wiki.close());

  /** The token went only to the case's own api.php (never to another path or host a redirect names). */
  function assertTokenStayed(name: string, from: number): void {
    for (const r of wiki.seen.slice(from)) {
      if (r.authorization !== undefined) assert.equal(r.path, `/${name}/api.php`, `the token went to ${r.path}`);
    }
    assert.ok(!wiki.seen.some((r) => r.path === '/steal/api.php'), 'a redirect was followed');
  }

  const check = (name: string) => {
    const query = path.join(dir(), 'q.wikiquery');
    fs.writeFileSync(query, QUERIES);
    return runMeasured(
      process.execPath,
      [CLI, 'check', '--catalogue-timeout', String(timeoutOf(name)), '--catalogue', wiki.apiUrl(name), query],
      MAX_SECONDS * 2,
      { XDG_CACHE_HOME: path.join(dir(), `cache-${name}`), WIKIMAP_QUERY_OAUTH_TOKEN: TOKEN },
    );
  };

  it('a well-formed account: assert=bot and assertuser judged for it (the comparison)', async () => {
    const run = await check('plain');
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /assertbotfailed .*Wiki owner, the account this wiki was signed in to, lacks it/);
    assert.match(run.stdout, /assertnameduserfailed/);
    assert.equal(run.stderr, '2 problems (2 errors) in 1 of 1 file\n');
  });

  for (const [name, what] of Object.entries(SIGN_IN_CASES)) {
    it(`${what}: check --catalogue URL with the token uses the catalogue, judges nothing of the account and says why, bounded`, async () => {
      const from = wiki.seen.length;
      const run = await check(name);
      assert.equal(run.status, 0, run.stderr.slice(0, 2000));
      assert.equal(run.stdout, '', 'nothing judged of an account not read');
      assert.match(
        run.stderr,
        new RegExp(`^Wiki Query: signed in to http://127\\.0\\.0\\.1:\\d+/${name}/api\\.php, but the account could not be read \\(`),
      );
      assert.match(run.stderr, WHY[name]);
      assert.match(run.stderr, /; assert=bot and assertuser are not judged for it\.\nNo problems in 1 file\.\n$/);
      assertShowable(run.stderr, 2000);
      assertTokenStayed(name, from);
      assertBounded(run);
    });
  }

  it('every signed request refused with 10 MB of escapes and links: check --catalogue URL says so in one bounded line (exit 2)', async () => {
    const from = wiki.seen.length;
    const run = await check('refusal');
    assert.equal(run.status, 2, run.stderr.slice(0, 2000));
    assert.match(
      run.stderr,
      /^wikimap-query check: cannot use the catalogue http:\/\/127\.0\.0\.1:\d+\/refusal\/api\.php refused the request: Evil\]0;pwned\[2J\[click\] \(command:workbench\.action\.quit\)code: Evil/,
    );
    assertShowable(run.stderr, 2000);
    assertTokenStayed('refusal', from);
    assertBounded(run);
  });

  for (const name of ['escname', 'rights', 'deep', 'drip', 'huge', 'redirect', 'refusal']) {
    const what = SIGN_IN_CASES[name] ?? 'every signed request refused with 10 MB of escapes and links';
    it(`${what}: the server's signed-in load says why over stdio, judges nothing of the account, lives on, bounded`, async () => {
      const started = Date.now();
      const from = wiki.seen.length;
      const apiUrl = wiki.apiUrl(name);
      const client = await LspClient.start({
        launch: (command, args) => ['env', [`XDG_CACHE_HOME=${path.join(dir(), `server-cache-${name}`)}`, command, ...args]],
        initializationOptions: {
          diagnostics: { delay: 0 },
          wikis: { intranet: apiUrl },
          wiki: { apiUrl: 'intranet', catalogueTimeoutSeconds: timeoutOf(name) },
          wikiSignIn: true,
        },
        handlers: {
          'wikimapQuery/wikiSecret': (p: { apiUrl: string }) => (p.apiUrl === apiUrl ? { kind: 'oauth2', accessToken: TOKEN } : null),
        },
      });
      try {
        const uri = `file:///home/user/${name}.wikiquery`;
        await client.open(uri, 'wikiquery', QUERIES);
        const reload = await client.request<{ loaded: string[]; errors: string[] }>('wikimapQuery/reloadCatalogue', { apiUrl: 'intranet' });
        if (name === 'refusal') {
          assert.deepEqual(reload.loaded, []);
          assert.match(reload.errors.join(' '), /refused the request: Evil\]0;pwned\[2J\[click\] \(command:workbench\.action\.quit\)code/);
          for (const e of reload.errors) assertShowable(e, 4100);
          // Signed in, the load failed: judged as signed in by the built-in catalogue, and said so (issue 28).
          assert.match(
            reload.errors.join(' '),
            /You are signed in to .*, by the built-in catalogue, without the account's name and rights/,
          );
        } else {
          assert.deepEqual(reload, { loaded: [apiUrl], errors: [] });
          const said = client.logs.find((l) => l.includes('but the account could not be read'));
          assert.ok(said, client.logs.join('\n').slice(0, 2000));
          assert.match(said, WHY[name]);
          assertShowable(said, 4100);
        }
        const hover = await client.request<Hover | null>('textDocument/hover', {
          textDocument: { uri },
          position: { line: 0, character: 8 },
        });
        assert.match((hover!.contents as MarkupContent).value, /query/);
        const diagnostics = await client.waitFor(
          'diagnostics',
          () => [...client.published].reverse().find((p) => p.uri === uri),
          MAX_SECONDS * 1000,
        );
        const codes = diagnostics.diagnostics.map((d) => String(d.code));
        assert.ok(!codes.includes('assertbotfailed') && !codes.includes('assertnameduserfailed'), codes.join(', '));
        for (const d of diagnostics.diagnostics) assertShowable(JSON.stringify(d.message), 4100);
        for (const m of client.shown) assertShowable(m.message, 4100);
        for (const l of client.logs) assertShowable(l, 4100);
        assert.ok(client.alive, 'the server lives');
        assertTokenStayed(name, from);
        assertBounded({ peakMb: peakRssMb(client.pid) ?? Infinity, seconds: (Date.now() - started) / 1000 });
      } finally {
        await client.stop();
      }
    });
  }
});
