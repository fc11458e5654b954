/**
 * Installs and starts a REAL MediaWiki (Debian's `mediawiki` package, SQLite, PHP's built-in web server)
 * on a free loopback port, in a fresh temporary directory per call. Used by the agreement suite and by
 * any other suite that needs a wiki to talk to:
 *
 *   const wiki = await startMediaWiki({ extensions: ['TextExtracts'] });
 *   ... wiki.apiUrl ...
 *   await wiki.stop();
 *
 * Needs the Debian packages installed by `scripts/setup.sh` (mediawiki, php8.2-cli, php-sqlite3).
 * Readiness is awaited by polling api.php with a deadline, never by sleeping a fixed time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { unusedLoopbackPort } from '../support/loopbackServer';

/** Where Debian's package puts MediaWiki (override with WIKIMAP_MEDIAWIKI_DIR for another install). */
export const MEDIAWIKI_DIR = process.env.WIKIMAP_MEDIAWIKI_DIR || '/usr/share/mediawiki';
const PHP = process.env.WIKIMAP_PHP || 'php';

export const ADMIN_USER = 'Admin';
export const ADMIN_PASSWORD = 'Wikimap-admin-pass-1';
/** A plain registered user (no special groups, so no `apihighlimits`) used for logged-in requests. */
export const TEST_USER = 'Tester';
export const TEST_PASSWORD = 'Wikimap-tester-pass-1';
/** The watchlist token set for TEST_USER, so `wlowner`/`wltoken` queries work anonymously too. */
export const TEST_WATCHLIST_TOKEN = 'wikimapwatchlisttoken0123456789';

/** The wiki's extra namespace `Recipe` (and 3001 `Recipe talk`, alias `Rcp`), absent from MediaWiki's defaults. */
export const RECIPE_NS = 3000;

export interface StartMediaWikiOptions {
  /** Extensions shipped with the package to enable with `wfLoadExtension` (e.g. `TextExtracts`). */
  extensions?: string[];
  /** Seed pages, a category, a template, a redirect, a file and a deleted page (default true). */
  seed?: boolean;
  /** Extra PHP lines appended to LocalSettings.php. */
  extraSettings?: string;
  /** Deadline for the web server to answer, in ms (default 30 s). */
  readyTimeoutMs?: number;
}

export interface MediaWikiInstance {
  /** `http://127.0.0.1:PORT/api.php` */
  apiUrl: string;
  /** `http://127.0.0.1:PORT` */
  server: string;
  port: number;
  /** The temporary directory holding LocalSettings.php and the SQLite database. */
  dir: string;
  /** MediaWiki's version string as siteinfo reports it (`MediaWiki 1.39.x`). */
  generator: string;
  extensions: string[];
  /** Stops the PHP server and removes the temporary directory. Safe to call twice. */
  stop(): Promise<void>;
}

/** Is MediaWiki with PHP installed here? Gives the reason when not. */
export function mediaWikiAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!fs.existsSync(path.join(MEDIAWIKI_DIR, 'maintenance', 'install.php'))) {
    return {
      ok: false,
      reason: `MediaWiki is not installed at ${MEDIAWIKI_DIR}; run \`bash scripts/setup.sh\` (installs Debian's mediawiki package)`,
    };
  }
  const php = spawnSync(PHP, ['-r', 'echo extension_loaded("pdo_sqlite") ? "yes" : "no";'], { encoding: 'utf8' });
  if (php.error) return { ok: false, reason: `PHP is not installed (${php.error.message}); run \`bash scripts/setup.sh\`` };
  if (php.stdout.trim() !== 'yes') return { ok: false, reason: 'PHP lacks pdo_sqlite; install php-sqlite3 (`bash scripts/setup.sh`)' };
  return { ok: true };
}

/** A free TCP port on 127.0.0.1 (asks the OS for one). */
export function getFreePort(): Promise<number> {
  return unusedLoopbackPort();
}

function runPhp(args: string[], env: NodeJS.ProcessEnv, input?: string): string {
  // Each maintenance script takes well under a second here; the bound only keeps a hung script from hanging the suite.
  const res = spawnSync(PHP, args, {
    cwd: MEDIAWIKI_DIR,
    env,
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120000,
    killSignal: 'SIGKILL',
  });
  if (res.error) throw new Error(`could not run php ${args[0]}: ${res.error.message}`);
  if (res.status !== 0) {
    throw new Error(`php ${args.join(' ')} failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  return res.stdout;
}

/** Pages seeded so that lists, props and generators return data. */
const SEED_PAGES: Array<[string, string]> = [
  [
    'Alpha',
    "'''Alpha''' is the first page. It links to [[Beta]], [[Gamma]] and [[Missing page]], uses {{Infobox|name=Alpha}}, shows [[File:Example.png]], and points to [http://example.org/alpha an external site].\n\n== History ==\nSome history.\n\n[[Category:Letters]]\n[[Category:Greek]]",
  ],
  ['Beta', "'''Beta''' comes after [[Alpha]]. {{Infobox|name=Beta}}\n\n[[Category:Letters]]"],
  ['Gamma', '#REDIRECT [[Alpha]]'],
  ['Delta', 'A short page about [[Alpha|the first letter]] with an [https://example.com/delta external link].\n\n[[Category:Letters]]'],
  ['Template:Infobox', '<div class="infobox">{{{name|}}}</div><noinclude>An infobox. [[Category:Templates]]</noinclude>'],
  ['Category:Letters', 'Pages about letters. [[Category:Greek]]'],
  ['Category:Greek', 'Greek things.'],
  ['Help:Contents', 'Help for [[Alpha]].'],
  ['Talk:Alpha', 'Discussion about [[Alpha]].'],
  ['User:Tester', 'The test user.'],
  ['Recipe:Pancakes', 'Flour, milk, eggs. See [[Alpha]].'],
  ['Removed page', 'This page is deleted after seeding, so deleted revisions exist.'],
];

/** A 1×1 transparent PNG, imported as File:Example.png. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Installs a fresh wiki into a temporary directory and serves it on a free loopback port. */
export async function startMediaWiki(options: StartMediaWikiOptions = {}): Promise<MediaWikiInstance> {
  const available = mediaWikiAvailable();
  if (!available.ok) throw new Error(available.reason);
  const extensions = options.extensions ?? [];
  for (const ext of extensions) {
    if (!fs.existsSync(path.join(MEDIAWIKI_DIR, 'extensions', ext, 'extension.json'))) {
      const shipped = fs.readdirSync(path.join(MEDIAWIKI_DIR, 'extensions')).join(', ');
      throw new Error(`extension ${ext} is not shipped in ${MEDIAWIKI_DIR}/extensions (there: ${shipped})`);
    }
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-mediawiki-'));
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(dbDir);
  let port = await getFreePort();
  const server = `http://127.0.0.1:${port}`;
  // A database name of its own: readiness checks it, so a stray server on a reused port is never mistaken for this wiki.
  const dbName = `wikimap_${path
    .basename(dir)
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()}`;
  const settingsFile = path.join(dir, 'LocalSettings.php');
  const env: NodeJS.ProcessEnv = { ...process.env, MW_CONFIG_FILE: settingsFile, MW_INSTALL_PATH: MEDIAWIKI_DIR };
  let child: ChildProcess | undefined;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    if (child) await killGroup(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    runPhp(
      [
        'maintenance/install.php',
        '--dbtype=sqlite',
        `--dbname=${dbName}`,
        `--dbpath=${dbDir}`,
        `--server=${server}`,
        '--scriptpath=',
        `--confpath=${dir}`,
        `--pass=${ADMIN_PASSWORD}`,
        '--lang=en',
        'WikimapTestWiki',
        ADMIN_USER,
      ],
      env,
    );
    const extra = [
      '',
      '# Added by the wikimap-query test harness.',
      '$wgShowExceptionDetails = true;',
      // Sessions must persist between requests for logged-in runs (the installer leaves the main cache off).
      '$wgSessionCacheType = CACHE_DB;',
      '$wgEnableUploads = true;',
      // Each wiki its own upload directory: the package's default ($IP/images) is shared by every wiki
      // started at the same time, and two seeds uploading Example.png in the same second collide.
      `$wgUploadDirectory = ${JSON.stringify(path.join(dir, 'images'))};`,
      '$wgUseImageMagick = false;',
      // Let plain users read deleted revisions, so those modules judge parameters instead of refusing.
      "$wgGroupPermissions['user']['deletedhistory'] = true;",
      "$wgGroupPermissions['user']['deletedtext'] = true;",
      "$wgGroupPermissions['user']['browsearchive'] = true;",
      '$wgRateLimits = [];',
      // A namespace of this wiki's own, so namespace completion/validation can be seen using the wiki's real namespaces.
      `$wgExtraNamespaces[${RECIPE_NS}] = 'Recipe';`,
      `$wgExtraNamespaces[${RECIPE_NS + 1}] = 'Recipe_talk';`,
      `$wgNamespaceAliases['Rcp'] = ${RECIPE_NS};`,
      ...extensions.map((ext) => `wfLoadExtension( ${JSON.stringify(ext)} );`),
      options.extraSettings ?? '',
      '',
    ].join('\n');
    fs.appendFileSync(settingsFile, extra);

    if (options.seed !== false) seed(dir, env);

    // The port was free a moment ago; if another process took it meanwhile, take another one (the
    // wiki's $wgServer names the port, so it is rewritten too).
    const apiUrlFor = (p: number) => `http://127.0.0.1:${p}/api.php`;
    for (let attempt = 1; ; attempt++) {
      const started = spawnPhpServer(port, env);
      child = started.child;
      try {
        const generator = await waitUntilReady(apiUrlFor(port), child, started.stderr, dbName, options.readyTimeoutMs ?? 30000);
        return { apiUrl: apiUrlFor(port), server: `http://127.0.0.1:${port}`, port, dir, generator, extensions, stop };
      } catch (err) {
        const inUse = /Address already in use|Failed to listen/i.test(started.stderr() + String(err));
        if (!inUse || attempt >= 3) throw err;
        await killGroup(child);
        port = await getFreePort();
        const text = fs.readFileSync(settingsFile, 'utf8').replace(/^\$wgServer = .*$/m, `$wgServer = "http://127.0.0.1:${port}";`);
        fs.writeFileSync(settingsFile, text);
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** PHP servers still running, stopped when this process exits (a crashed test run leaves none behind). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of running) {
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function spawnPhpServer(port: number, env: NodeJS.ProcessEnv): { child: ChildProcess; stderr: () => string } {
  // Several workers answer requests in parallel; they are forked by the server, which runs in a
  // process group of its own so that stopping it stops them all.
  const child = spawn(PHP, ['-S', `127.0.0.1:${port}`, '-t', MEDIAWIKI_DIR], {
    cwd: MEDIAWIKI_DIR,
    env: { ...env, PHP_CLI_SERVER_WORKERS: '4' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    if (stderr.length < 20000) stderr += d.toString();
  });
  return { child, stderr: () => stderr };
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    // The server is gone; its workers may not be.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // none left
    }
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  await exited;
}

/** A PHP expression for any text (JSON-decoded, so every character survives). */
function phpString(text: string): string {
  return `json_decode('${JSON.stringify(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}')`;
}

/**
 * Runs PHP statements in the wiki's context with maintenance/eval.php (one statement per line; it
 * reports exceptions on stderr but exits 0, so the output is checked here).
 */
function runPhpStatements(statements: string[], env: NodeJS.ProcessEnv): void {
  const res = spawnSync(PHP, ['maintenance/eval.php'], {
    cwd: MEDIAWIKI_DIR,
    env,
    input: statements.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120000,
    killSignal: 'SIGKILL',
  });
  if (res.error) throw new Error(`could not run php maintenance/eval.php: ${res.error.message}`);
  if (res.status !== 0 || /Caught |Exception was thrown|PHP (Fatal|Parse) error|PHP Warning/.test(res.stderr + res.stdout)) {
    throw new Error(`seeding the wiki failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
}

function seed(dir: string, env: NodeJS.ProcessEnv): void {
  runPhp(['maintenance/createAndPromote.php', TEST_USER, TEST_PASSWORD], env);
  // One PHP process for every edit (each maintenance script start costs about a second under load).
  const edit = (user: string, title: string, text: string, summary: string, minor = false) =>
    `$services->getWikiPageFactory()->newFromTitle(Title::newFromText(${phpString(title)}))->doUserEditContent(` +
    `ContentHandler::makeContent(${phpString(text)}, Title::newFromText(${phpString(title)})), ` +
    `$services->getUserFactory()->newFromName(${phpString(user)}), ${phpString(summary)}, ${minor ? 'EDIT_MINOR' : '0'})`;
  runPhpStatements(
    [
      '$services = MediaWiki\\MediaWikiServices::getInstance()',
      ...SEED_PAGES.map(([title, text]) => edit(ADMIN_USER, title, text, 'seed')),
      // A second revision, so revision ranges and diffs have something to show.
      edit(
        TEST_USER,
        'Beta',
        "'''Beta''' comes after [[Alpha]] and before [[Delta]]. {{Infobox|name=Beta}}\n\n[[Category:Letters]]",
        'second edit',
        true,
      ),
      // TEST_USER watches two pages and gets a watchlist token (for wlowner/wltoken queries).
      `$tester = $services->getUserFactory()->newFromName(${phpString(TEST_USER)})`,
      `$services->getUserOptionsManager()->setOption($tester, 'watchlisttoken', ${phpString(TEST_WATCHLIST_TOKEN)})`,
      '$services->getUserOptionsManager()->saveOptions($tester)',
      "$services->getWatchedItemStore()->addWatch($tester, Title::newFromText('Alpha'))",
      "$services->getWatchedItemStore()->addWatch($tester, Title::newFromText('Beta'))",
      'DeferredUpdates::doUpdates()',
    ],
    env,
  );
  const imgDir = path.join(dir, 'import');
  fs.mkdirSync(imgDir);
  fs.writeFileSync(path.join(imgDir, 'Example.png'), PNG_1X1);
  runPhp(['maintenance/importImages.php', '--user', ADMIN_USER, '--comment', 'A one-pixel image.', imgDir], env);
  fs.writeFileSync(path.join(dir, 'delete.txt'), 'Removed page\n');
  runPhp(['maintenance/deleteBatch.php', '-u', ADMIN_USER, '-r', 'seeded deletion', path.join(dir, 'delete.txt')], env);
  runPhp(['maintenance/runJobs.php', '--quiet'], env);
}

async function waitUntilReady(
  apiUrl: string,
  child: ChildProcess,
  stderr: () => string,
  dbName: string,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const url = `${apiUrl}?action=query&meta=siteinfo&siprop=general&format=json&formatversion=2`;
  let lastError = '';
  let foreign: string | undefined;
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `exit ${code ?? signal}`;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the PHP web server stopped (${exited}) before answering:\n${stderr()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const body = (await res.json()) as { query?: { general?: { generator?: string; wikiid?: string } } };
      const generator = body.query?.general?.generator;
      if (res.ok && generator && body.query?.general?.wikiid === dbName) return generator;
      if (res.ok && generator) foreign = `another wiki (${body.query?.general?.wikiid}) answers at ${apiUrl}`;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    if (foreign) throw new Error(`${foreign}; Failed to listen: the port was taken`);
    // Poll again shortly (bounded by the deadline above).
    await new Promise<void>((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`MediaWiki did not answer at ${apiUrl} within ${timeoutMs} ms (last: ${lastError}):\n${stderr()}`);
}

/** A tiny client with a cookie jar, to make requests as a logged-in user. */
export class MediaWikiClient {
  private cookies = new Map<string, string>();
  constructor(readonly apiUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** GET api.php with the given query string (already encoded) and return the parsed JSON. */
  async get(query: string): Promise<any> {
    const res = await fetch(`${this.apiUrl}?${query}`, {
      headers: { cookie: this.cookieHeader(), 'user-agent': 'wikimap-query-tests/0 (agreement suite)' },
      // PHP's built-in server answers one request at a time: on a loaded 2-core machine a queue of
      // slow requests (action=help, big paraminfo) can wait well over 30 s
      signal: AbortSignal.timeout(120000),
    });
    this.keepCookies(res);
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`api.php answered HTTP ${res.status} with non-JSON for ${query}:\n${text.slice(0, 2000)}`);
    }
  }

  async post(form: Record<string, string>): Promise<any> {
    const res = await fetch(this.apiUrl, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(30000),
    });
    this.keepCookies(res);
    return res.json();
  }

  /** Logs in with a bot password (`User@appId`), as bots do: action=login; throws with the wiki's answer when it fails. */
  async botLogin(botUser: string, password: string): Promise<void> {
    const tok = await this.get('action=query&meta=tokens&type=login&format=json&formatversion=2');
    const lgtoken = tok?.query?.tokens?.logintoken;
    if (!lgtoken) throw new Error(`no login token: ${JSON.stringify(tok)}`);
    const res = await this.post({ action: 'login', lgname: botUser, lgpassword: password, lgtoken, format: 'json', formatversion: '2' });
    if (res?.login?.result !== 'Success') throw new Error(`login as ${botUser} failed: ${JSON.stringify(res)}`);
  }

  /** Logs in with action=clientlogin; throws with the wiki's answer when it fails. */
  async login(username: string, password: string): Promise<void> {
    const tok = await this.get('action=query&meta=tokens&type=login&format=json&formatversion=2');
    const logintoken = tok?.query?.tokens?.logintoken;
    if (!logintoken) throw new Error(`no login token: ${JSON.stringify(tok)}`);
    const res = await this.post({
      action: 'clientlogin',
      username,
      password,
      logintoken,
      loginreturnurl: this.apiUrl,
      format: 'json',
      formatversion: '2',
    });
    if (res?.clientlogin?.status !== 'PASS') throw new Error(`login as ${username} failed: ${JSON.stringify(res)}`);
  }
}

/**
 * Makes the wiki private: anonymous users may no longer read (its API answers `readapidenied`), as
 * on company and intranet wikis. LocalSettings.php is read at every request, so this takes effect at once.
 */
export function makeWikiPrivate(wiki: MediaWikiInstance): void {
  fs.appendFileSync(path.join(wiki.dir, 'LocalSettings.php'), "\n$wgGroupPermissions['*']['read'] = false;\n");
}

/**
 * Creates a bot password with MediaWiki's own maintenance script (maintenance/createBotPassword.php),
 * as an administrator would on Special:BotPasswords. Returns the login name (`User@appId`); the
 * password is the one given (at least 32 characters).
 */
/**
 * Creates an account with MediaWiki's own maintenance script (maintenance/createAndPromote.php), in the
 * given groups of those it can grant (`bot`, `sysop`, …), as an administrator would.
 */
export function createUser(wiki: MediaWikiInstance, user: string, password: string, groups: string[] = []): void {
  const env = { ...process.env, MW_CONFIG_FILE: path.join(wiki.dir, 'LocalSettings.php'), MW_INSTALL_PATH: MEDIAWIKI_DIR };
  runPhp(['maintenance/createAndPromote.php', ...groups.map((g) => `--${g}`), user, password], env);
}

export function createBotPassword(wiki: MediaWikiInstance, user: string, appId: string, password: string, grants = ['basic']): string {
  const env = { ...process.env, MW_CONFIG_FILE: path.join(wiki.dir, 'LocalSettings.php'), MW_INSTALL_PATH: MEDIAWIKI_DIR };
  const out = runPhp(['maintenance/createBotPassword.php', `--appid=${appId}`, `--grants=${grants.join(',')}`, user, password], env);
  if (!/Success/.test(out)) throw new Error(`createBotPassword.php did not succeed: ${out}`);
  return `${user}@${appId}`;
}
