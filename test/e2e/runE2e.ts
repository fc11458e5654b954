// See run.js. Everything here runs in plain node outside the editor.
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';

const root = path.resolve(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

interface Started {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts a helper server from a test module if it exists; its absence fails the tests that need it. */
async function startOptional(label: string, modulePath: string, start: (mod: any) => Promise<Started>): Promise<Started | undefined> {
  const full = path.join(root, modulePath);
  if (!fs.existsSync(full)) {
    console.log(`[e2e] ${label}: ${modulePath} not found; tests that need it will fail`);
    return undefined;
  }
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(full);
    const s = await start(mod);
    console.log(`[e2e] ${label} started`);
    return s;
  } catch (err: any) {
    console.log(`[e2e] ${label} could not start: ${err?.message ?? err}`);
    return undefined;
  }
}

function countFrom(output: string): { passed: number; failed: number } {
  const p = /^\s*(\d+) passing/m.exec(output);
  const f = /^\s*(\d+) failing/m.exec(output);
  const s = /^\s*(\d+) pending/m.exec(output);
  return { passed: p ? +p[1] : 0, failed: (f ? +f[1] : 0) + (s ? +s[1] : 0) };
}

async function main(): Promise<number> {
  // 1. The packaged product.
  // WIKIMAP_E2E_PACKAGE=path.vsix tests a package built elsewhere instead of building one here.
  const given = process.env.WIKIMAP_E2E_PACKAGE;
  const vsix = given ? path.resolve(given) : path.join(root, `${pkg.name}-${pkg.version}.vsix`);
  if (given) {
    if (!fs.existsSync(vsix)) throw new Error(`WIKIMAP_E2E_PACKAGE=${given}: no such file`);
    console.log(`[e2e] testing the given package ${vsix}`);
  } else {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'package.js')], { cwd: root, stdio: 'inherit' });
  }

  // 2. The services the tests talk to, all on 127.0.0.1.
  const started: Started[] = [];
  const add = (s: Started | undefined) => s && started.push(s);
  add(
    await startOptional('real MediaWiki', 'test/mediawiki/mediawikiServer.ts', async (m) => {
      const mw = await m.startMediaWiki();
      return { env: { WIKIMAP_E2E_WIKI_API: mw.apiUrl }, stop: () => mw.stop() };
    }),
  );
  add(
    await startOptional('fake map server', 'test/fakes/mapServer.ts', async (m) => {
      const ms = await m.startFakeMapServer();
      return { env: { WIKIMAP_E2E_MAPSERVER: ms.url }, stop: () => ms.close() };
    }),
  );
  add(
    await startOptional('fake content database', 'test/fakes/contentDb.ts', async (m) => {
      const start = m.startFakeContentDb ?? m.startFakeContentDB;
      const db = await start();
      const env: Record<string, string> = { WIKIMAP_E2E_CONTENTDB: db.url ?? db.baseUrl };
      if (db.clientId) env.WIKIMAP_E2E_CONTENTDB_CLIENT_ID = db.clientId;
      if (db.clientSecret) env.WIKIMAP_E2E_CONTENTDB_CLIENT_SECRET = db.clientSecret;
      if (db.redirectUri) env.WIKIMAP_E2E_CONTENTDB_REDIRECT_URI = db.redirectUri;
      if (db.username) env.WIKIMAP_E2E_CONTENTDB_USERNAME = db.username;
      if (db.password) env.WIKIMAP_E2E_CONTENTDB_PASSWORD = db.password;
      return { env, stop: () => (db.close ?? db.stop).call(db) };
    }),
  );

  // A private wiki: a second real MediaWiki with anonymous reading off and a bot password made by its
  // maintenance script; the password is new each run (32 of 0-9 and a-w, as MediaWiki makes them).
  let botUser = '';
  const botPassword = Array.from(crypto.randomBytes(32), (b) => '0123456789abcdefghijklmnopqrstuvw'[b % 33]).join('');
  add(
    await startOptional('private MediaWiki', 'test/mediawiki/mediawikiServer.ts', async (m) => {
      const mw = await m.startMediaWiki({ seed: false });
      botUser = m.createBotPassword(mw, m.ADMIN_USER, 'wmqeditor', botPassword);
      m.makeWikiPrivate(mw);
      return {
        env: { WIKIMAP_E2E_PRIVATE_API: mw.apiUrl, WIKIMAP_E2E_PRIVATE_BOT_USER: botUser, WIKIMAP_E2E_PRIVATE_BOT_PASSWORD: botPassword },
        stop: () => mw.stop(),
      };
    }),
  );

  // 3. A workspace with the sample files.
  // The folder is always called `examples`, so the window title (which names it) is the same in every
  // run and a screenshot only changes when what it shows changes.
  const wsParent = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-e2e-ws-'));
  const ws = path.join(wsParent, 'examples');
  fs.cpSync(path.join(root, 'examples'), ws, { recursive: true });
  // A test run writes its pictures into the ignored test-results/screenshots/; only
  // `npm run screenshots` (run.js --screenshots) refreshes the README's pictures in docs/screenshots/.
  const refresh = process.argv.includes('--screenshots');
  const shots = path.join(root, ...(refresh ? ['docs', 'screenshots'] : ['test-results', 'screenshots']));
  console.log(`[e2e] screenshots go to ${path.relative(root, shots)}/`);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-e2e-profile-'));
  // Where the launcher answers the tests' UI requests (see codeServerLauncher.js).
  const signals = fs.mkdtempSync(path.join(os.tmpdir(), 'wmq-e2e-signals-'));

  const env: Record<string, string> = {
    WIKIMAP_E2E_VSIX: vsix,
    WIKIMAP_E2E_SCREENSHOTS: shots,
    WIKIMAP_E2E_WORKSPACE: ws,
    WIKIMAP_E2E_REPO: root,
    WIKIMAP_E2E_SIGNALS: signals,
  };
  for (const s of started) Object.assign(env, s.env);

  // 4. Run, capturing what the editor printed to count the tests.
  let captured = '';
  const write = process.stdout.write.bind(process.stdout);
  (process.stdout as any).write = (chunk: any, ...rest: any[]) => {
    captured += String(chunk);
    return write(chunk, ...rest);
  };
  let code: number;
  let secretFoundIn: { searched: number; holding: string[] } | undefined;
  let userFoundIn: string[] | undefined;
  try {
    code = await runTests({
      vscodeExecutablePath: path.join(__dirname, 'codeServerLauncher.js'),
      extensionDevelopmentPath: path.join(__dirname, 'host'),
      extensionTestsPath: path.join(__dirname, 'suite', 'index.js'),
      launchArgs: [ws, `--extensions-dir=${path.join(profile, 'extensions')}`, `--user-data-dir=${path.join(profile, 'user-data')}`],
      extensionTestsEnv: env,
      reuseMachineInstall: false,
    });
  } catch (err: any) {
    code = 1;
    console.log(`[e2e] ${err?.message ?? err}`);
  } finally {
    (process.stdout as any).write = write;
    // The private wiki's bot password is in no file VS Code or the extension wrote: settings, state,
    // logs (the output channel included), the extension's storage and catalogue cache, the workspace.
    secretFoundIn = filesHolding([profile, ws], botPassword);
    // The search reaches the output channel's log: the sign-in's log line names the bot user (not its password).
    userFoundIn = botUser ? filesHolding([profile, ws], botUser).holding : [];
    for (const s of started.reverse()) await s.stop().catch(() => undefined);
    fs.rmSync(wsParent, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(signals, { recursive: true, force: true });
  }
  const { passed, failed } = countFrom(captured);
  const holding = secretFoundIn?.holding ?? [];
  if (holding.length) console.log(`[e2e] the private wiki's bot password was found in: ${holding.join(', ')}`);
  else
    console.log(`[e2e] searched ${secretFoundIn?.searched ?? 0} files written by VS Code and the extension: none holds the bot password`);
  const privateSuiteRan = /signed in with the bot password/.test(captured);
  const logReached = !privateSuiteRan || (userFoundIn ?? []).some((f) => f.endsWith('.log'));
  console.log(
    `[e2e] the bot user name (logged at sign-in) is in: ${(userFoundIn ?? []).map((f) => path.basename(f)).join(', ') || 'no file'}${logReached ? '' : ' (the search did not reach the output log)'}`,
  );
  const failedTotal = failed + (code !== 0 && failed === 0 ? 1 : 0) + (holding.length ? 1 : 0) + (logReached ? 0 : 1);
  console.log(`${passed} passed, ${failedTotal} failed`);
  return failedTotal > 0 || passed === 0 ? 1 : 0;
}

/** The files under `dirs` (followed recursively, symlinks not followed) whose bytes hold `secret`. */
function filesHolding(dirs: string[], secret: string): { searched: number; holding: string[] } {
  const needle = Buffer.from(secret);
  const holding: string[] = [];
  let searched = 0;
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) {
        searched++;
        try {
          if (fs.readFileSync(full).includes(needle)) holding.push(full);
        } catch {
          // unreadable (a socket, a lock): nothing written there by the editor
        }
      }
    }
  };
  for (const d of dirs) walk(d);
  return { searched, holding };
}

/** Ends with `code` once stdout has drained (a pipe to the test runner), even if a handle lingers. */
function finish(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => setTimeout(() => process.exit(code), 200));
}

main().then(finish, (err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  finish(1);
});
