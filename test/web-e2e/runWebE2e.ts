// See run.js. Everything here runs in plain node outside the editor.
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startFakeOAuthWiki, type FakeOAuthWiki } from '../fakes/oauthWiki';
import { RECIPE_NS, startMediaWiki } from '../mediawiki/mediawikiServer';

const root = path.resolve(__dirname, '..', '..');
const launcher = path.join(root, 'test', 'e2e', 'codeServerLauncher.js');

/** The private wiki's OAuth 2 owner-only token: typed into the workbench by the browser driver from its environment. */
const OAUTH_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.wmq-web-e2e-owner-only.c2lnbmF0dXJl';

/** A workspace folder named `examples` (the window title is the same in every run) with what the tests read. */
function makeWorkspace(parent: string, wikiApi: string, privateApi: string): string {
  const ws = path.join(parent, 'examples');
  fs.mkdirSync(path.join(ws, '.signals'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'web-e2e.json'), JSON.stringify({ wikiApi, privateApi, recipeNamespace: RECIPE_NS }));
  return ws;
}

/**
 * The private wiki (the fake with the OAuth extension) reads with the 1.39 snapshot, allpages' `minsize`
 * renamed `fromprivate`: only its own catalogue accepts `apfromprivate`, so a verdict shows it loaded.
 */
function markedSnapshot(parent: string): string {
  const data = JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'catalogues', 'mediawiki-1.39.json'), 'utf8'));
  let renamed = 0;
  for (const answer of data.paraminfo) {
    for (const m of answer.paraminfo.modules) {
      if (m.name !== 'allpages') continue;
      for (const p of m.parameters) if (p.name === 'minsize' && (p.name = 'fromprivate')) renamed++;
    }
  }
  if (!renamed) throw new Error('allpages has no minsize in the 1.39 snapshot');
  const file = path.join(parent, 'private-wiki.json');
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}

/** What the private wiki was sent, checked after the browser run: each check a test of the summary. */
function checkPrivateWikiRequests(wiki: FakeOAuthWiki, output: string): { passed: number; failed: number } {
  const checks: Array<[string, boolean]> = [
    ['the browser sent a preflight with crossorigin=1', wiki.seen.some((r) => r.method === 'OPTIONS' && /[?&]crossorigin=1/.test(r.query))],
    [
      'every request with the token asked crossorigin=1, never origin=*',
      wiki.seen.some((r) => r.authorization) &&
        wiki.seen.filter((r) => r.authorization).every((r) => /[?&]crossorigin=1/.test(r.query) && !/[?&]origin=/.test(r.query)),
    ],
    ['no cookie was sent to the private wiki', wiki.seen.every((r) => r.cookie === undefined)],
    ['the token is in nothing the workbench printed', !output.includes(OAUTH_TOKEN)],
  ];
  for (const [name, ok] of checks) console.log(`  ${ok ? '✓' : '✗'} ${name}`);
  const passed = checks.filter(([, ok]) => ok).length;
  return { passed, failed: checks.length - passed };
}

/**
 * The test extension with the virtual file system, packaged and installed as users install one
 * (code-server loads a single extension under development: that place is the extension's).
 */
function packageVfsExtension(parent: string): string {
  const dir = path.join(parent, 'vfs-extension');
  fs.cpSync(path.join(__dirname, 'vfs'), dir, { recursive: true });
  const out = path.join(parent, 'wikimap-query-test-vfs.vsix');
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const args = [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out];
  execFileSync(process.execPath, args, { cwd: dir, stdio: 'ignore' });
  return out;
}

/** Runs code-server's web workbench in Chromium with the extension in the web-worker extension host. */
function launch(ws: string, profile: string, vsix: string): Promise<{ code: number; output: string }> {
  const args = [
    launcher,
    `--extensionDevelopmentPath=${root}`,
    `--extensionTestsPath=${path.join(__dirname, 'suite.js')}`,
    `--extensions-dir=${path.join(profile, 'extensions')}`,
    `--user-data-dir=${path.join(profile, 'user-data')}`,
    ws,
  ];
  const env = {
    ...process.env,
    WIKIMAP_E2E_EXTENSION_KIND: 'web',
    WIKIMAP_E2E_VSIX: vsix,
    WIKIMAP_E2E_SCREENSHOTS: path.join(root, 'test-results', 'web-screenshots'),
    WIKIMAP_E2E_SIGNALS: path.join(ws, '.signals'),
    WIKIMAP_E2E_REPO: root,
    WIKIMAP_E2E_OAUTH_TOKEN: OAUTH_TOKEN,
  };
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => {
      output += String(d);
      process.stdout.write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main(): Promise<number> {
  const wiki = await startMediaWiki();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-web-e2e-'));
  const privateWiki = await startFakeOAuthWiki(markedSnapshot(parent), OAUTH_TOKEN);
  try {
    console.log(`[web-e2e] the real MediaWiki at ${wiki.apiUrl}; screenshots go to test-results/web-screenshots/`);
    const ws = makeWorkspace(parent, wiki.apiUrl, privateWiki.apiUrl);
    const { code, output } = await launch(ws, path.join(parent, 'profile'), packageVfsExtension(parent));
    const summary = /web-e2e: (\d+) passed, (\d+) failed/.exec(output);
    const after = checkPrivateWikiRequests(privateWiki, output);
    const passed = (summary ? Number(summary[1]) : 0) + after.passed;
    const failed = (summary ? Number(summary[2]) : 0) + after.failed + (code !== 0 && (!summary || summary[2] === '0') ? 1 : 0);
    console.log(`${passed} passed, ${failed} failed`);
    return failed > 0 || passed === 0 ? 1 : 0;
  } finally {
    await Promise.all([wiki.stop(), privateWiki.stop()]);
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err);
    console.log('0 passed, 1 failed');
    process.exitCode = 1;
  },
);
