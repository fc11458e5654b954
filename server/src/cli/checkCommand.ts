/**
 * `wikimap-query check`: the editor's diagnostics for CI pipelines, from the same services.
 *
 *   wikimap-query check [--catalogue FILE_OR_API_URL]... [--target [NAME=]FILE_OR_URL]... [--high-limits] [--logged-in]
 *                       [--format text|json|sarif|github|matrix] [--severity CODE=LEVEL]... PATH...|-
 *
 * Exit status: 0 no error-level diagnostic, 1 at least one, 2 usage error (bad arguments, unreadable
 * path, catalogue that cannot be loaded). All I/O goes through `CliIo`, so this runs in-process in tests.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { Node } from 'jsonc-parser';
import { withoutUserInfo } from '../catalogue/boundedFetch';
import type { WikiSecret } from '../../../run/wiki/wikiAuth';
import { resolveSecret, SecretUsageError, takeSignInOption, type SignInOptions } from './cliSecrets';
import type { CatalogueLimits, MapConfigLimits, PackageFiles } from '../runtime';
import { CATALOGUE_LIMITS_USAGE, mapConfigLimit, mapConfigTimeout, takeCatalogueLimit } from './limitOptions';
import { PARSE_BUDGET_FACTOR, SEVERITY_LEVELS, settingSpec, type SeveritySetting } from '../../../common/settings';
import type { WikiCatalogue } from '../service/wiki/wikiCatalogue';
import type { WikiLanguageService } from '../service/wiki/wikiLanguageService';
import type { WikiDocument } from '../service/wiki/wikiTypes';
import type { MapDocument, MapLanguageService } from '../service/map/mapLanguageService';
import { parseMapServerConfig } from '../service/map/mapServerConfig';
import { propertyPathAt } from '../service/map/mapQueryParser';
import { createLanguageServices, effectiveSettings, pickMode, type EffectiveSettings, type LanguageServices } from '../languageModes';
import { loadRepoConfig, type RepoConfig, type RepoConfigFiles } from '../repoConfig';
import { ruleFor, type DiagnosticRule } from './diagnosticRules';
import { GitignoreMatcher, MAX_GITIGNORE_BYTES, MAX_GITIGNORE_PATTERNS, parseGitignore } from './gitignore';
import { errorMessage } from '../../../common/errorMessage';
import { escapeUnseen } from '../../../common/unseenText';
import { HOST_LANGUAGES, type HostLanguage } from '../service/embedded/hostLanguages';
import { HostParsers } from '../embedded/hostParsers';
import type { ByteSearch, FoundRequest } from '../service/embedded/requestFinder';
import {
  applySafeFixes,
  checkHostFile,
  hostOfFile,
  judgeHostRequests,
  parseEmbeddedOption,
  readServedSource,
  withoutBaseline,
} from './embeddedSources';
import { loadJudges, parseTargetSpec, type Judge, type SignedInWiki, type TargetSpec } from './checkTargets';
import { mergeByTarget, targetsNote } from '../targetsMerge';
import { printMatrix, type MatrixFile } from './checkMatrix';
import { TooLargeInput } from './boundedText';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard input's text; TooLargeInput (boundedText.ts) past `maxChars`, which are never held. */
  readStdin(maxChars: number): Promise<string>;
  /** File text; throws an Error whose message names the problem. */
  readFile(path: string): string;
  /** File text within `maxChars` (TooLargeInput past them, the file never held whole); readFile where absent. */
  readTextWithin?(path: string, maxChars: number): string;
  kind(path: string): 'file' | 'directory' | undefined;
  /** Whether something is at the path (a FIFO, a device or a socket too), to tell "not there" from "not a file or folder". */
  exists?(path: string): boolean;
  /** A folder's real path (links resolved): a walk enters each real folder once, so a link loop ends. */
  realPath?(path: string): string | undefined;
  readDir(path: string): string[];
  /** A folder's entries with their kinds (a symbolic link as what it points to, and `link` set), when the
   *  file system says them with the names: the walk then asks no `kind` per entry. */
  readDirKinds?(path: string): { name: string; kind: 'file' | 'directory' | undefined; link?: boolean }[];
  /**
   * A file's text as `readFile` decodes it, when `wanted` says yes to its bytes; undefined when it
   * says no (the file is then never decoded). `wanted` sees the bytes only during the call.
   */
  readTextIf?(path: string, wanted: (bytes: Uint8Array) => boolean): string | undefined;
  /** A native search for an ASCII word in bytes (the source files' prefilter), where the host has one. */
  byteSearch?: ByteSearch;
  join(...parts: string[]): string;
  /** A `file://` URI for a path (used as the document URI). */
  toUri(path: string): string;
  files: PackageFiles;
  version?: string;
  /** The absolute form of a path (to find the `.gitignore` files above a checked folder and to write
   *  SARIF locations relative to the working folder); without it, paths are taken as given. */
  resolve?(path: string): string;
  /**
   * Writes a file (`--fix`, `catalogue save`); without it, --fix is refused. `asBefore`: in the encoding the file
   * has now (UTF-16 stays UTF-16, a byte-order mark is kept), as an editor saves a file it opened.
   */
  writeFile?(path: string, text: string, options?: { asBefore?: boolean }): void;
  /** Loads a catalogue from a saved paraminfo file or an api.php URL; rejects with a clear message. */
  loadCatalogue(fileOrApiUrl: string, builtin: WikiCatalogue, limits?: CatalogueLimits, secret?: WikiSecret): Promise<WikiCatalogue>;
  /** Fetches a wiki's whole catalogue now (`catalogue save`): the file text and what it holds. */
  snapshotCatalogue?(apiUrl: string, builtin: WikiCatalogue, limits?: CatalogueLimits, secret?: WikiSecret): Promise<CatalogueSnapshot>;
  /**
   * Scans source files ahead (read, prefilter, find the requests) on up to `workers` other threads;
   * `scanned(i)` is the answer for `sources[i]` (undefined: read it here). Without it, all is done here.
   */
  scanSources?(
    sources: { file: string; language: string }[],
    skipUpTo: number,
    workers: number,
  ): { scanned(index: number): Promise<ScannedSource | undefined>; stop(): void };
  /** How many processors the machine has (the default of --jobs, at most 4). */
  processors?: number;
  /** The environment (a sign-in's secret may come from it); none when absent. */
  env?: Record<string, string | undefined>;
  /** The size of a file in bytes (a huge repository config file is then never read). */
  fileSize?(path: string): number;
  /**
   * A small file's text (a secret file), read a piece at a time up to `maxBytes` whatever the file is (a pipe of
   * `<(…)`, a device): an Error past them, so `/dev/zero` is not read without end. readFile where absent.
   */
  readSmallFile?(path: string, maxBytes: number): string;
  /** Loads a map server's config from its base URL or a saved file (`--map-config`); rejects with a clear message. */
  loadMapConfig?(fileOrUrl: string, limits?: MapConfigLimits): Promise<{ json: unknown; server: string }>;
}

/** A source file scanned ahead of the check (`scanSources`): nothing to judge in it, or its text and requests. */
export type ScannedSource = 'skip' | { text: string; found: FoundRequest[] };

/** What `catalogue save` wrote. */
export interface CatalogueSnapshot {
  text: string;
  apiUrl: string;
  generator: string;
  sitename?: string;
  modules: number;
  namespaces: number;
  extensions: number;
  /**
   * Help URLs of the wiki's answers left out of the file: those the catalogue does not read (`readableHelpUrls`:
   * at most MAX_HELP_URLS per module, each at most MAX_HELP_URL_LENGTH characters).
   */
  helpUrlsLeftOut?: number;
  /** Written on one line: indented, it was over the catalogue budget. */
  compact?: boolean;
}

/** The editor's parse budget with the default settings: diagnostics.maxFullCheckSize × PARSE_BUDGET_FACTOR characters. */
export const DEFAULT_MAX_FILE_SIZE = PARSE_BUDGET_FACTOR * (settingSpec('diagnostics.maxFullCheckSize').default as number);

const USAGE = `Usage: wikimap-query check [options] PATH... | -
       wikimap-query run [options] FILE[:LINE]   runs one read-only query
                                                 (wikimap-query run --help)
       wikimap-query requests [options] PATH...  lists the API requests in
                                                 source code (requests --help)
       wikimap-query catalogue save|diff ...     snapshots a wiki's catalogue,
                                                 compares two (catalogue --help)

Checks wiki API query files (*.wikiquery), map-object queries (*.mapquery.json),
the api.php URLs in markdown files (*.md) and the MediaWiki API requests inside
source code (Python, JavaScript, TypeScript, PHP, Kotlin, Java, Lua, Go, Ruby,
C#, Perl, shell) with the same diagnostics as the editor. A directory is walked
for all of them, skipping what its .gitignore
files ignore (and those of the folders above it up to the repository's top),
node_modules and hidden folders such as .git; the total is printed at the end.
"-" reads a wiki query document from standard input. A file named explicitly is
always checked.

Options:
  --catalogue FILE_OR_API_URL  Judge wiki queries by this catalogue: a saved
                               action=paraminfo JSON file or a wiki's api.php
                               URL. Repeatable; a query naming a wiki's URL uses
                               that wiki's catalogue, the first one is the default.
                               Without it: the built-in catalogue (no network).
  --target [NAME=]FILE_OR_URL  Also judge every wiki request against this
                               target: a saved paraminfo file, a wiki's api.php
                               URL or a built-in MediaWiki version (1.39, 1.43,
                               1.45: their core modules). Repeatable; each
                               problem names the targets it is found on. With
                               targets, a request is judged by them (and by
                               --catalogue when it is given too). A target that
                               cannot be loaded is said once and left out; exit
                               2 only when none could be loaded.
  --bot-user, --bot-password-file, --oauth-token-file
                               Sign in to the wiki of the one --catalogue or
                               --target API_URL (a private wiki), as in run and
                               catalogue save; secrets come from
                               WIKIMAP_QUERY_BOT_PASSWORD /
                               WIKIMAP_QUERY_OAUTH_TOKEN or a file, never an
                               argument, and go to that wiki only.
${CATALOGUE_LIMITS_USAGE}
  --map-config FILE_OR_URL     Check map queries against this map server's
                               layers and enabled types: its base URL (asks
                               GET URL/api/config, no redirects)
                               or a file (a saved /api/config answer, or the
                               server's mapserver.json). Without it: the
                               defaults of a map server without its own config
                               (no network).
  --max-map-config-kb N        Largest map config read, in KB (default ${settingSpec('mapserver.maxConfigKB').default}).
  --map-config-timeout S       Time limit of the map config request, in seconds
                               (default ${settingSpec('mapserver.configTimeoutSeconds').default}).
  --high-limits                The account has apihighlimits (500 values per
                               multi-valued parameter instead of 50).
  --logged-in                  The program sending the requests logs in: the
                               verdicts MediaWiki gives only to requests sent
                               without logging in (notloggedin, permissiondenied
                               for rights no anonymous reader has) are not
                               given. Implied by signing in to --catalogue URL.
  --no-config                  Do not read the repository's .wikimapquery.json.
                               Without it, each file is checked with the
                               settings of the .wikimapquery.json in its folder
                               or the nearest folder above it (up to the folder
                               holding .git): diagnostics.severity and
                               wiki.highLimits, wiki.loggedIn; the flags above
                               override it
                               (--severity code by code). The file never makes
                               the checker contact a wiki or a map server.
  --format FORMAT              text (default): file:line:col severity code message
                               json: an array of {file, line, column, endLine,
                                 endColumn, severity, code, message, param}
                               sarif: SARIF 2.1.0 for code-scanning tools (rules
                                 with help and links, exact 1-based regions)
                               github: GitHub Actions workflow annotations
                                 (::error file=…,line=…::message)
                               matrix: one line per request, one column per
                                 target: ok, warn or error
                               With --target, json results carry "targets"
                               (the targets that produce each problem); the
                               other formats name them in the message.
                               Lines and columns are 1-based; columns count UTF-16
                               code units, as editors do.
  --severity CODE=LEVEL        Change a code's severity (error, warning,
                               information, hint, off). Repeatable.
  --embedded on|off|LANGS      Requests inside source files: on (default), off,
                               or a comma-separated list of languages (python,
                               javascript, typescript, typescriptreact, php,
                               kotlin, java, lua, go, ruby, csharp, shellscript,
                               perl, swift, r). A source file named explicitly
                               is read as its language. A host comment line
                               "wikimap-query-disable-next-line [CODE...]"
                               silences the line after it.
  --baseline FILE              A JSON result list (from --format json) of known
                               problems: only problems not in it are reported
                               and can fail the run.
  --max-file-size N            Largest file checked, in characters (default
                               ${DEFAULT_MAX_FILE_SIZE}, the editor's parse budget: ${PARSE_BUDGET_FACTOR} ×
                               diagnostics.maxFullCheckSize). A larger file is
                               not read further than its size: it gets one
                               error "toolarge" (exit status 1).
  --jobs N                     Threads that read and parse source files on a
                               big tree (default: the processors, at most 4;
                               1: no other thread). The output is the same.
  --fix                        Apply the safe fixes to source files (a
                               misspelled parameter name with one correction),
                               then report what is left.
  -h, --help                   Show this help.
  -v, --version                Show the version.

Examples:
  wikimap-query check queries/                 every query file under queries/
  wikimap-query check .                        the whole repository (.gitignore respected)
  wikimap-query check --format sarif . > wikimap-query.sarif
  wikimap-query check --format github docs/    annotations on a pull request
  wikimap-query check --catalogue https://wiki.example.org/w/api.php q.wikiquery
  wikimap-query check --map-config https://map.example.org queries/
  wikimap-query check --target 1.39 --target 1.45 --target enwiki=https://en.wikipedia.org/w/api.php --format matrix q.wikiquery
  echo 'action=query&list=allpages&aplimit=9000' | wikimap-query check -
  wikimap-query check --severity deprecation=off --severity outofrange=error .

Exit status:
  0  no error-level diagnostic (warnings and notes do not fail a build)
  1  at least one error-level diagnostic (a file over --max-file-size is one)
  2  bad usage: unknown option, unreadable path, a folder without query files,
     a catalogue or map config that cannot be loaded`;

const SEVERITY_NAME: Record<number, string> = { 1: 'error', 2: 'warning', 3: 'information', 4: 'hint' };

export interface CheckResult {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
  param: string | null;
  /** With --target: the targets that produce this problem (in the order given). */
  targets?: string[];
}

class UsageError extends Error {}

const FORMATS = ['text', 'json', 'sarif', 'github', 'matrix'] as const;
type Format = (typeof FORMATS)[number];

interface CheckOptions {
  /** --no-config: the repository's .wikimapquery.json is not read. */
  noConfig?: boolean;
  catalogues: string[];
  /** --target: more wikis (or built-in versions) each request is judged against. */
  targets: TargetSpec[];
  /** --max-catalogue-mb, --max-catalogue-follow-ups, --catalogue-timeout. */
  catalogueLimits: CatalogueLimits;
  /** --max-map-config-kb (`maxBytes`, in bytes) and --map-config-timeout (`timeoutMs`). */
  mapConfigLimits: MapConfigLimits;
  /** --max-file-size: larger files are reported as too large, not parsed. */
  maxFileSize: number;
  mapConfig?: string;
  highLimits: boolean;
  /** --logged-in: the program sending the requests logs in (also when --catalogue URL is signed in to). */
  loggedIn: boolean;
  format: Format;
  severity: Record<string, SeveritySetting>;
  paths: string[];
  embedded: HostLanguage[];
  /** --jobs: threads that read and parse source files (1: this one only); by default the processors, at most 4. */
  jobs?: number;
  baseline?: string;
  fix: boolean;
  /** Sign-in to the one wiki given with --catalogue URL (private wikis; the secret from the environment or a file). */
  signIn: SignInOptions;
}

function positiveNumber(flag: string, raw: string, unit: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} takes a positive number of ${unit} (got "${raw}").`);
  return n;
}

function defaultCheckOptions(): CheckOptions {
  return {
    catalogues: [],
    targets: [],
    catalogueLimits: {},
    mapConfigLimits: {},
    maxFileSize: DEFAULT_MAX_FILE_SIZE,
    highLimits: false,
    loggedIn: false,
    format: 'text',
    severity: {},
    paths: [],
    embedded: [...HOST_LANGUAGES],
    fix: false,
    signIn: {},
  };
}

function parseCheckArgs(args: string[]): CheckOptions {
  const opts = defaultCheckOptions();

  const value = (i: number, name: string): string => {
    const v = args[i + 1];
    if (v === undefined || (v.startsWith('--') && v.length > 2)) throw new UsageError(`${name} needs a value.`);
    return v;
  };
  for (let i = 0; i < args.length; i++) {
    let arg = args[i];
    let inline: string | undefined;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const take = (name: string) => (inline !== undefined ? inline : value(i++, name));
    switch (arg) {
      case '--catalogue':
      case '--catalog':
        opts.catalogues.push(take('--catalogue'));
        break;
      case '--target':
        opts.targets.push(targetOption(take('--target')));
        break;
      case '--high-limits':
        opts.highLimits = true;
        break;
      case '--logged-in':
        opts.loggedIn = true;
        break;
      case '--no-config':
        opts.noConfig = true;
        break;
      case '--map-config':
        if (opts.mapConfig !== undefined) throw new UsageError('--map-config can be given only once.');
        opts.mapConfig = take('--map-config');
        break;
      case '--jobs': {
        const raw = take('--jobs');
        opts.jobs = Number(raw);
        if (!Number.isInteger(opts.jobs) || opts.jobs < 1 || opts.jobs > 64)
          throw new UsageError(`--jobs takes a whole number of threads from 1 to 64 (got "${raw}").`);
        break;
      }
      case '--format': {
        const f = take('--format');
        if (!(FORMATS as readonly string[]).includes(f)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${f}".`);
        opts.format = f as Format;
        break;
      }
      case '--severity': {
        const s = take('--severity');
        const eq = s.indexOf('=');
        const level = s.slice(eq + 1).toLowerCase() as SeveritySetting;
        if (eq <= 0 || !SEVERITY_LEVELS.includes(level))
          throw new UsageError(`--severity takes CODE=LEVEL with LEVEL one of ${SEVERITY_LEVELS.join(', ')} (got "${s}").`);
        opts.severity[s.slice(0, eq)] = level;
        break;
      }
      case '--embedded':
      case '--baseline':
      case '--fix':
        parseSourceOption(opts, arg, () => take(arg));
        break;
      case '--':
        opts.paths.push(...args.slice(i + 1));
        i = args.length;
        break;
      default:
        if (takeSignInOption(arg, () => take(arg), opts.signIn)) break;
        if (parseLimitOption(opts, arg, () => take(arg))) break;
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`Unknown option ${args[i]}.`);
        opts.paths.push(args[i]);
    }
  }
  if (!opts.paths.length) throw new UsageError('Name at least one file or directory to check, or - for standard input.');
  return opts;
}

/** --target [NAME=]FILE_OR_URL. */
function targetOption(raw: string): TargetSpec {
  const spec = parseTargetSpec(raw);
  if (!spec.name || !spec.source) throw new UsageError(`--target takes [NAME=]FILE_OR_URL (got "${raw}").`);
  return spec;
}

/** The options that raise or lower a budget: false when `arg` is none of them. */
function parseLimitOption(opts: CheckOptions, arg: string, take: () => string): boolean {
  const usage = (message: string) => new UsageError(message);
  if (arg === '--max-file-size') opts.maxFileSize = Math.ceil(positiveNumber(arg, take(), 'characters'));
  else if (arg === '--max-map-config-kb') opts.mapConfigLimits.maxBytes = mapConfigLimit(take(), usage);
  else if (arg === '--map-config-timeout') opts.mapConfigLimits.timeoutMs = mapConfigTimeout(take(), usage);
  else return takeCatalogueLimit(arg, take, opts.catalogueLimits, usage);
  return true;
}

/** The options about requests in source files. */
function parseSourceOption(opts: CheckOptions, arg: string, take: () => string): void {
  if (arg === '--fix') opts.fix = true;
  else if (arg === '--baseline') opts.baseline = take();
  else {
    try {
      opts.embedded = parseEmbeddedOption(take());
    } catch (err) {
      throw new UsageError(errorMessage(err));
    }
  }
}

/** Runs the CLI; resolves with the exit status. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
    (command === undefined ? io.stderr : io.stdout)(USAGE + '\n');
    return command === undefined ? 2 : 0;
  }
  if (command === '-v' || command === '--version') {
    io.stdout(`${io.version ?? 'unknown'}\n`);
    return 0;
  }
  if (command !== 'check') {
    io.stderr(`wikimap-query: unknown command "${command}". Use: wikimap-query check PATH... (see --help)\n`);
    return 2;
  }
  if (rest.includes('-h') || rest.includes('--help')) {
    io.stdout(USAGE + '\n');
    return 0;
  }
  if (rest.includes('-v') || rest.includes('--version')) {
    io.stdout(`${io.version ?? 'unknown'}\n`);
    return 0;
  }
  let opts: CheckOptions;
  try {
    opts = parseCheckArgs(rest);
  } catch (err) {
    if (err instanceof UsageError || err instanceof SecretUsageError) {
      io.stderr(`wikimap-query check: ${err.message} See wikimap-query check --help.\n`);
      return 2;
    }
    throw err;
  }
  try {
    return await check(opts, io);
  } catch (err) {
    io.stderr(`wikimap-query check: ${errorMessage(err)}\n`);
    return 2;
  }
}

interface Input {
  file: string;
  uri: string;
  languageId: string;
  /** The host language of a source file (its requests are checked). */
  host?: HostLanguage;
  /** Found by walking a folder (not named): when it cannot be read, that is reported and the run goes on. */
  walked?: boolean;
  /** A folder of a walk that could not be listed (its read rejects with why). */
  unlisted?: boolean;
  /** The text; TooLargeInput (boundedText.ts) when it has more than `maxChars`. */
  read(maxChars: number): Promise<string>;
}

/**
 * The inputs of the paths named, each file once: a file named twice, under two spellings (`a.py`, `./a.py`),
 * through a link, or named and also met in a walk (or in two walks) is checked the first time it comes.
 */
export function collectInputs(paths: string[], io: CliIo, langs: readonly HostLanguage[]): Input[] {
  const inputs: Input[] = [];
  const seen = new Set<string>();
  const firstTime = (key: string) => !seen.has(key) && !!seen.add(key);
  let stdinUsed = false;
  for (const p of paths) {
    if (p === '-') {
      if (stdinUsed) throw new UsageError('- (standard input) can be given only once.');
      stdinUsed = true;
      inputs.push({ file: '<stdin>', uri: 'untitled:stdin.wikiquery', languageId: 'wikiquery', read: (max) => io.readStdin(max) });
      continue;
    }
    const kind = io.kind(p);
    if (kind === undefined && io.exists?.(p))
      throw new UsageError(`${p}: not a regular file or a folder (a FIFO, a device or a socket is not read).`);
    if (kind === undefined) throw new UsageError(`${p}: no such file or directory.`);
    if (kind === 'file') {
      if (firstTime(fileKey(p, io))) inputs.push(fileInput(p, io, langs));
      continue;
    }
    const { files, unreadable } = walkTree(p, io, langs);
    if (!files.length && !unreadable.length)
      throw new UsageError(`${p}: no *.wikiquery, *.mapquery.json, *.md or source files in this directory (after .gitignore).`);
    // not push(...): a spread of 100,000s overflows the stack
    for (const f of files) if (firstTime(f.key)) inputs.push({ ...fileInput(f.path, io, langs), walked: true });
    for (const u of unreadable) inputs.push(unreadableFolder(u.dir, u.error, io));
  }
  return inputs;
}

/** What tells a file from others however it is written: its real path (links resolved), else its absolute path. */
function fileKey(file: string, io: CliIo): string {
  return io.realPath?.(file) ?? (io.resolve ? io.resolve(file) : file);
}

/** A folder of a walk that could not be listed: an input whose read fails with why (reported, the walk goes on). */
function unreadableFolder(dir: string, error: unknown, io: CliIo): Input {
  return { file: dir, uri: io.toUri(dir), languageId: 'wikiquery', walked: true, unlisted: true, read: () => Promise.reject(error) };
}

function fileInput(file: string, io: CliIo, langs: readonly HostLanguage[]): Input {
  const lower = file.toLowerCase();
  const host = CHECKED_NAME.test(lower) ? undefined : hostOfFile(lower, langs);
  const read = async (max: number) => (io.readTextWithin ? io.readTextWithin(file, max) : io.readFile(file));
  if (host) return { file, uri: io.toUri(file), languageId: host.id, host, read };
  // An explicitly named file is checked even without our extensions: JSON as a map query, markdown for the
  // api.php URLs in it (as the editor does with wikimapQuery.embeddedLanguages), anything else as wiki queries.
  const languageId = lower.endsWith('.json') ? 'mapquery' : /\.(md|markdown)$/.test(lower) ? 'markdown' : 'wikiquery';
  return { file, uri: io.toUri(file), languageId, read };
}

const CHECKED_NAME = /\.(wikiquery|mapquery\.json|md)$/i;

const slash = (p: string) => p.replace(/\\/g, '/');

function parentOf(dir: string): string | undefined {
  const i = dir.replace(/\/+$/, '').lastIndexOf('/');
  return i > 0 ? dir.slice(0, i) : undefined;
}

function readGitignore(matcher: GitignoreMatcher, dir: string, key: string, io: CliIo): void {
  const file = io.join(dir, '.gitignore');
  if (io.kind(file) !== 'file') return;
  const cut = (what: string) => io.stderr(`wikimap-query: ${file}: ${what}; the files it would ignore are checked.\n`);
  try {
    const size = io.fileSize?.(file);
    if (size !== undefined && size > MAX_GITIGNORE_BYTES) return cut(`${size} bytes, more than the ${MAX_GITIGNORE_BYTES} read: not read`);
    const room = matcher.room();
    const rules = parseGitignore(io.readFile(file), key, room + 1);
    if (rules.length > room) cut(`more than the ${MAX_GITIGNORE_PATTERNS} patterns applied in all: the rest not applied`);
    matcher.add(rules.slice(0, room));
  } catch {
    // an unreadable .gitignore ignores nothing
  }
}

/** A folder's entries and their kinds, sorted by name: from one listing where the io gives kinds, else asked entry by entry. */
function dirEntries(io: CliIo, dir: string): Array<{ name: string; kind: 'file' | 'directory' | undefined; link?: boolean }> {
  if (io.readDirKinds) return io.readDirKinds(dir).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return io
    .readDir(dir)
    .sort()
    .map((name) => ({ name, kind: io.kind(io.join(dir, name)) }));
}

/**
 * The files to check under `root`, sorted, honouring .gitignore (see USAGE), each with its `fileKey`, and the
 * folders that could not be listed. A folder reached again through a link (a link loop, or two links to one
 * folder) is entered once: where the io resolves real paths, each real folder is walked the first time it is
 * met. A file's key is its real folder's path and its name (no call per file), resolved only for a link.
 */
function walkTree(
  root: string,
  io: CliIo,
  langs: readonly HostLanguage[],
): { files: Array<{ path: string; key: string }>; unreadable: Array<{ dir: string; error: unknown }> } {
  const matcher = new GitignoreMatcher();
  const rootKey = slash(io.resolve ? io.resolve(root) : root).replace(/\/+$/, '') || '/';
  if (io.resolve && io.kind(io.join(root, '.git')) === undefined) {
    // The .gitignore files above the folder count when it lies inside a repository.
    const above: string[] = [];
    for (let d = parentOf(rootKey); d !== undefined; d = parentOf(d)) {
      above.unshift(d);
      if (io.kind(io.join(d, '.git')) !== undefined) {
        for (const a of above) readGitignore(matcher, a, a, io);
        break;
      }
    }
  }
  const out: Array<{ path: string; key: string }> = [];
  const unreadable: Array<{ dir: string; error: unknown }> = [];
  const entered = new Set<string>();
  const visit = (dir: string, key: string) => {
    const real = io.realPath?.(dir);
    if (real !== undefined) {
      if (entered.has(real)) return;
      entered.add(real);
    }
    let entries: ReturnType<typeof dirEntries>;
    try {
      entries = dirEntries(io, dir);
    } catch (error) {
      unreadable.push({ dir, error });
      return;
    }
    readGitignore(matcher, dir, key, io);
    for (const { name, kind, link } of entries) {
      if (name === 'node_modules' || name === '.git') continue;
      const full = io.join(dir, name);
      const childKey = `${key}/${name}`;
      if (kind === 'directory') {
        if (name.startsWith('.') || matcher.ignores(childKey, true)) continue;
        visit(full, childKey);
      } else if (kind === 'file' && (CHECKED_NAME.test(name) || hostOfFile(name, langs)) && !matcher.ignores(childKey, false)) {
        // (without readDirKinds, a link is not told from a file: each file's real path is asked)
        const key = real !== undefined && link === false ? io.join(real, name) : fileKey(full, io);
        out.push({ path: full, key });
      }
    }
  };
  visit(root, rootKey);
  return { files: out, unreadable };
}

/** Hands the map service the config `--map-config` names (layers, enabled types). */
async function applyMapConfig(services: LanguageServices, spec: string, io: CliIo, limits: MapConfigLimits): Promise<void> {
  const shown = withoutUserInfo(spec);
  if (!io.loadMapConfig) throw new Error(`cannot use the map config ${shown}: map configs cannot be loaded here`);
  const map = services.map as unknown as MapLanguageService;
  try {
    const { json, server } = await io.loadMapConfig(spec, limits);
    map.setServerConfig(parseMapServerConfig(json, map.descriptor, server));
  } catch (err) {
    throw new Error(`cannot use the map config ${shown}: ${errorMessage(err)}`, { cause: err });
  }
}

/**
 * The sign-in of `check`: the secret goes to the one wiki named by URL in --catalogue and --target
 * (exactly one such URL, the same wiki given to both counting once).
 */
function checkSignIn(opts: CheckOptions, io: CliIo): SignedInWiki | undefined {
  const secret = resolveSecret(opts.signIn, io.env ?? {}, io.readSmallFile ?? io.readFile);
  if (!secret) return undefined;
  const isUrl = (c: string) => /^https?:\/\//i.test(c);
  const urls = [...new Set([...opts.catalogues.filter(isUrl), ...opts.targets.map((t) => t.source).filter(isUrl)])];
  if (urls.length !== 1) {
    throw new SecretUsageError(
      `signing in needs exactly one wiki API_URL in --catalogue or --target (got ${urls.length}): the secret is sent to that wiki only.`,
    );
  }
  return { apiUrl: urls[0], secret };
}

/**
 * The services a check uses: the built-in catalogue, unless --catalogue ones replace it (a saved
 * file lacking main/query gets the built-in ones), and the map config --map-config names.
 */
async function checkServices(opts: CheckOptions, io: CliIo, signIn: SignedInWiki | undefined): Promise<LanguageServices> {
  const base = createLanguageServices({ files: io.files }, { log: (m) => io.stderr(`${m}\n`) });
  let services: LanguageServices = base;
  // Requests judged by a wiki signed in to are sent logged in: its anonymous-only verdicts do not apply.
  if (signIn) opts.loggedIn = true;
  if (opts.catalogues.length) {
    const loaded: WikiCatalogue[] = [];
    for (const spec of opts.catalogues) {
      try {
        const secret = signIn && spec === signIn.apiUrl ? signIn.secret : undefined;
        loaded.push(await io.loadCatalogue(spec, base.builtinCatalogue, opts.catalogueLimits, secret));
      } catch (err) {
        const message = errorMessage(err);
        const shown = withoutUserInfo(spec);
        throw new Error(`cannot use the catalogue ${message.startsWith(shown) ? message : `${shown}: ${message}`}`, { cause: err });
      }
    }
    services = createLanguageServices(
      { files: io.files },
      { log: (m) => io.stderr(`${m}\n`), catalogues: loaded, builtin: base.builtinCatalogue },
    );
  }
  if (opts.mapConfig !== undefined) await applyMapConfig(services, opts.mapConfig, io, opts.mapConfigLimits);
  return services;
}

/** The folder whose repository config applies to an input: the file's folder, or the working folder for stdin. */
function inputDir(input: Input, io: CliIo): string {
  if (input.file === '<stdin>') return io.resolve ? io.resolve('.') : '.';
  const file = io.resolve ? io.resolve(input.file) : input.file;
  const i = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return i < 0 ? '.' : file.slice(0, i) || file.slice(0, 1);
}

/**
 * The settings a file is checked with: the repository's `.wikimapquery.json` (unless --no-config),
 * overridden by the flags. Only what judges queries offline is taken from the file (severities, high
 * limits); the languages are the file names' (a markdown file is read for its api.php URLs).
 */
function checkSettings(opts: CheckOptions, config: RepoConfig | undefined): EffectiveSettings {
  const values = new Map<string, unknown>();
  const fileSeverity = config?.values.get('diagnostics.severity') as Record<string, string> | undefined;
  values.set('diagnostics.severity', { ...fileSeverity, ...opts.severity });
  values.set('wiki.highLimits', opts.highLimits || config?.values.get('wiki.highLimits') === true);
  values.set('wiki.loggedIn', opts.loggedIn || config?.values.get('wiki.loggedIn') === true);
  values.set('embeddedLanguages', ['markdown']);
  return effectiveSettings(values);
}

/** Reads each folder's repository config once, and says its problems once on stderr. */
function createSettingsReader(opts: CheckOptions, io: CliIo): (input: Input) => EffectiveSettings {
  const byDir = new Map<string, RepoConfig | undefined>();
  const told = new Set<string>();
  const files: RepoConfigFiles = {
    kind: (p) => io.kind(p),
    readFile: (p) => io.readFile(p),
    join: (...parts) => io.join(...parts),
    size: io.fileSize ? (p) => io.fileSize!(p) : undefined,
  };
  return (input) => {
    if (opts.noConfig) return checkSettings(opts, undefined);
    const dir = inputDir(input, io);
    if (!byDir.has(dir)) byDir.set(dir, loadRepoConfig(dir, files));
    const config = byDir.get(dir);
    if (config && !told.has(config.file)) {
      told.add(config.file);
      for (const problem of config.problems) io.stderr(`wikimap-query check: ${problem}\n`);
    }
    return checkSettings(opts, config);
  };
}

/**
 * A line for a terminal: control characters (C0 but tab, line feed included, DEL, C1) written as `\u001b`, so a
 * file name or a value quoted in a message cannot move the cursor, clear the screen or hide text (an escape
 * sequence), and invisible or reordering characters too (a bidi override, a zero-width space): the set the
 * wiki's messages escape (`common/unseenText.ts`).
 */
export function printable(line: string): string {
  return escapeUnseen(line, 'escaped');
}

/** Writes the results in the chosen format (and, for text and github, the total on stderr). */
function printResults(results: CheckResult[], rules: DiagnosticRule[], inputs: Input[], format: Format, io: CliIo): void {
  if (format === 'json') {
    io.stdout(JSON.stringify(results, null, 2) + '\n');
  } else if (format === 'sarif') {
    io.stdout(JSON.stringify(toSarif(results, rules, inputs, io), null, 2) + '\n');
  } else {
    if (format === 'github') for (const r of results) io.stdout(`${printable(toGithubAnnotation(r))}\n`);
    else
      for (const r of results)
        io.stdout(`${printable(`${r.file}:${r.line}:${r.column} ${r.severity} ${r.code} ${r.message.replace(/\s*\n\s*/g, ' ')}`)}\n`);
    const errors = results.filter((r) => r.severity === 'error').length;
    const files = new Set(results.map((r) => r.file)).size;
    io.stderr(
      results.length
        ? `${results.length} problem${results.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}) in ${files} of ${inputs.length} file${inputs.length === 1 ? '' : 's'}\n`
        : `No problems in ${inputs.length} file${inputs.length === 1 ? '' : 's'}.\n`,
    );
  }
}

type CheckContext = {
  opts: CheckOptions;
  io: CliIo;
  services: LanguageServices;
  parsers: HostParsers;
  settings: EffectiveSettings;
  /** A source file's requests, when found ahead (on a worker thread). */
  found?: FoundRequest[];
};

/** One input's diagnostics: with targets, each one's `targets` (parallel to `diagnostics`); the requests' offset ranges. */
interface Diagnosed {
  document: TextDocument;
  kind: 'wiki' | 'map';
  diagnostics: Diagnostic[];
  targets?: string[][];
  requests: { start: number; end: number }[];
  /** A map document's JSON tree, for the property paths of its diagnostics. */
  mapRoot?: Node;
}

/** Merges what each judge found into one list, with the targets of each diagnostic. */
function judged(
  document: TextDocument,
  kind: 'wiki' | 'map',
  perTarget: { name: string; diagnostics: Diagnostic[] }[],
  requests: Diagnosed['requests'],
): Diagnosed {
  const merged = mergeByTarget(perTarget);
  return { document, kind, diagnostics: merged.map((m) => m.diagnostic), targets: merged.map((m) => m.targets), requests };
}

/** A source file's requests: found once, checked by the services (or by each target). */
async function diagnoseHost(input: Input, text: string, ctx: CheckContext, judges: Judge[] | undefined): Promise<Diagnosed> {
  const host = input.host!;
  const lsSettings = { highLimits: ctx.settings.highLimits, loggedIn: ctx.settings.loggedIn, severity: ctx.settings.severity };
  const wiki = ctx.services.wiki as unknown as WikiLanguageService;
  const map = ctx.services.map as unknown as MapLanguageService;
  let checked = await checkHostFile(ctx.parsers, wiki, input.uri, host, text, lsSettings, ctx.found, map);
  const fixed = ctx.opts.fix ? applySafeFixes(checked.document, checked.diagnostics) : undefined;
  if (fixed) {
    if (!ctx.io.writeFile) throw new Error('--fix cannot write files here');
    ctx.io.writeFile(input.file, fixed.text, { asBefore: true });
    ctx.io.stderr(`${input.file}: ${fixed.fixed} fix${fixed.fixed === 1 ? '' : 'es'} applied\n`);
    checked = await checkHostFile(ctx.parsers, wiki, input.uri, host, fixed.text, lsSettings, undefined, map);
  }
  const requests = checked.checked.map((c) => c.request.range);
  if (!judges) return { document: checked.document, kind: 'wiki', diagnostics: checked.diagnostics, requests };
  const perTarget = judges.map((j) => ({
    name: j.name,
    diagnostics: judgeHostRequests(
      j.services.wiki as unknown as WikiLanguageService,
      checked.document,
      host,
      checked.found,
      lsSettings,
      map,
    ).diagnostics,
  }));
  return judged(checked.document, 'wiki', perTarget, requests);
}

/** Diagnostics of one input file: parsed once, validated by the services, or by each target for wiki documents. */
async function diagnoseInput(input: Input, text: string, ctx: CheckContext, judges: Judge[] | undefined): Promise<Diagnosed> {
  if (input.host) return diagnoseHost(input, text, ctx, judges);
  const { services, settings } = ctx;
  const lsSettings = { highLimits: settings.highLimits, loggedIn: settings.loggedIn, severity: settings.severity };
  const document = TextDocument.create(input.uri, input.languageId, 1, text);
  const mode = pickMode(input.uri, input.languageId, settings, services) ?? pickMode('stdin.wikiquery', 'wikiquery', settings, services)!;
  const view = mode.view(document);
  const parsed = mode.service.parse(view);
  const requests =
    mode.kind === 'wiki' ? (parsed as WikiDocument).queries.map((q) => q.range) : [{ start: 0, end: document.getText().length }];
  // No size limit here: a CI run has the time for every check, however large the file.
  const kind = mode.kind === 'map' ? 'map' : 'wiki';
  if (mode.kind === 'map')
    return {
      document,
      kind,
      diagnostics: mode.service.doValidation(view, parsed, lsSettings),
      requests,
      mapRoot: (parsed as MapDocument).root,
    };
  if (!judges) return { document, kind, diagnostics: mode.service.doValidation(view, parsed, lsSettings), requests };
  // The parse does not depend on the catalogue: each target validates the same parse.
  const perTarget = judges.map((j) => ({ name: j.name, diagnostics: j.services.wiki.doValidation(view, parsed, lsSettings) }));
  return judged(document, 'wiki', perTarget, requests);
}

/** The judges of a run with --target: each target that could be loaded (and the --catalogue ones, when given). */
async function checkJudges(
  opts: CheckOptions,
  io: CliIo,
  services: LanguageServices,
  signIn: SignedInWiki | undefined,
): Promise<Judge[] | undefined> {
  if (!opts.targets.length) return undefined;
  const judges = await loadJudges(opts.targets, io, services, opts.catalogueLimits, signIn);
  if (!judges.length) throw new Error('no target could be loaded (each is said above)');
  if (opts.catalogues.length) judges.unshift({ name: 'catalogue', services });
  return judges;
}

/**
 * Input `k`'s text from `reader`; TooLargeInput past `maxChars`; the Error of a walked input that cannot be
 * read (said, the others checked). A named input that cannot be read ends the run.
 */
function readChecked(
  reader: ReturnType<typeof inputReader>,
  k: number,
  input: Input,
  maxChars: number,
): Promise<{ text: string; found?: FoundRequest[] } | TooLargeInput | Error | undefined> {
  return reader.read(k).then(
    (read) => (read && read.text.length > maxChars ? new TooLargeInput(read.text.length) : read),
    (err: unknown) => {
      if (input.walked || err instanceof TooLargeInput) return err instanceof Error ? err : new Error(String(err));
      reader.stop();
      throw new Error(`cannot read ${input.file}: ${errorMessage(err)}`, { cause: err });
    },
  );
}

async function check(opts: CheckOptions, io: CliIo): Promise<number> {
  const inputs = collectInputs(opts.paths, io, opts.embedded);
  const settingsOf = createSettingsReader(opts, io);
  const baseline = opts.baseline !== undefined ? readBaseline(opts.baseline, io) : undefined;
  const signIn = checkSignIn(opts, io);
  const services = await checkServices(opts, io, signIn);
  const judges = await checkJudges(opts, io, services, signIn);
  const ctx = { opts, io, services, parsers: new HostParsers(io.files) };

  let results: CheckResult[] = [];
  const rules: DiagnosticRule[] = [];
  // the rules of the codes reported, each once, in the order first reported
  const ruleIds = new Set<string>();
  const noteRule = (code: string, kind: 'wiki' | 'map') => {
    if (ruleIds.has(code)) return;
    ruleIds.add(code);
    rules.push(ruleFor(code, kind));
  };
  const matrix: MatrixFile<CheckResult>[] = [];
  const reader = inputReader(inputs, opts, io);
  for (let k = 0; k < inputs.length; k++) {
    const input = inputs[k];
    const got = await readChecked(reader, k, input, opts.maxFileSize);
    if (got === undefined) continue;
    if (got instanceof TooLargeInput) {
      results.push(tooLargeResult(input.file, got.chars, opts.maxFileSize));
      noteRule('toolarge', input.languageId === 'mapquery' ? 'map' : 'wiki');
      continue;
    }
    if (got instanceof Error) {
      // a file or folder met in a walk that cannot be read (permissions, gone meanwhile): said, the others checked
      results.push(unreadableResult(input.file, got));
      noteRule('unreadable', 'wiki');
      continue;
    }
    const { text, found } = got;
    const settings = settingsOf(input);
    // No input file may end the run: a file that cannot be checked is reported as an error result.
    try {
      const diagnosed = await diagnoseInput(input, text, { ...ctx, settings, found }, judges);
      const { document, kind, diagnostics } = diagnosed;
      const order = diagnostics.map((_d, i) => i);
      const pos = (i: number) => diagnostics[i];
      order.sort(
        (a, b) =>
          pos(a).range.start.line - pos(b).range.start.line ||
          pos(a).range.start.character - pos(b).range.start.character ||
          (pos(a).severity ?? 1) - (pos(b).severity ?? 1),
      );
      const fileResults: CheckResult[] = [];
      const mapPaths = kind === 'map' && !input.host ? mapPropertyPaths(document, diagnostics, diagnosed.mapRoot) : undefined;
      for (const i of order) {
        const result = toResult(input.file, document, kind, diagnostics[i], !!input.host, mapPaths);
        if (diagnosed.targets) result.targets = diagnosed.targets[i];
        fileResults.push(result);
        noteRule(result.code, kind);
      }
      for (const r of fileResults) results.push(r); // not push(...): a spread of 100,000s overflows the stack
      matrix.push({ file: input.file, document, requests: diagnosed.requests, results: fileResults });
    } catch (err) {
      results.push(failedResult(input.file, err));
      noteRule('checkfailed', input.languageId === 'mapquery' ? 'map' : 'wiki');
    }
  }
  reader.stop();
  if (baseline !== undefined) results = withoutBaseline(results, baseline);
  const names = judges?.map((j) => j.name);
  if (opts.format === 'matrix') printMatrix(matrix, new Set(results), names, io);
  // JSON keeps the message as it is: the targets are in their own field.
  else if (names && opts.format !== 'json')
    printResults(
      results.map((r) => withTargetsNote(r, names)),
      rules,
      inputs,
      opts.format,
      io,
    );
  else printResults(results, rules, inputs, opts.format, io);
  return results.some((r) => r.severity === 'error') ? 1 : 0;
}

/** Fewest source files for which worker threads are started (each costs a start and its grammars). */
const MIN_SCANNED_SOURCES = 200;

/**
 * Reads the inputs in order: each one's text (and, for a source file scanned on a worker thread, its
 * requests); undefined for a source file with no judged request. Source files that cannot hold one are
 * passed over unparsed, except for the matrix (it lists every request, even unjudged ones).
 */
function inputReader(
  inputs: Input[],
  opts: CheckOptions,
  io: CliIo,
): { read(k: number): Promise<{ text: string; found?: FoundRequest[] } | undefined>; stop(): void } {
  const skipUpTo = opts.format !== 'matrix' ? opts.maxFileSize : -1;
  const jobs = opts.jobs ?? Math.min(4, io.processors ?? 1);
  const sources = inputs.flatMap((input, k) => (input.host ? [{ k, file: input.file, language: input.host.id }] : []));
  const scan =
    skipUpTo >= 0 && jobs > 1 && io.scanSources && sources.length >= MIN_SCANNED_SOURCES && !opts.fix
      ? io.scanSources(sources, skipUpTo, jobs)
      : undefined;
  const position = new Map(sources.map((s, i) => [s.k, i]));
  return {
    read: async (k) => {
      const at = position.get(k);
      const ahead = scan && at !== undefined ? await scan.scanned(at) : undefined;
      if (ahead === 'skip') return undefined;
      if (ahead) return ahead;
      const text = await readInput(inputs[k], io, skipUpTo, opts.maxFileSize);
      return text === undefined ? undefined : { text };
    },
    stop: () => scan?.stop(),
  };
}

/** An input's text; undefined for a source file that can hold no judged request (`readServedSource`) when `skipUpTo` ≥ 0. */
async function readInput(input: Input, io: CliIo, skipUpTo: number, maxChars: number): Promise<string | undefined> {
  if (!input.host || skipUpTo < 0) return input.read(maxChars);
  const csharp = input.host.id === 'csharp';
  if (io.readTextIf) return readServedSource((wanted) => io.readTextIf!(input.file, wanted), skipUpTo, io.byteSearch, csharp);
  const text = await input.read(maxChars);
  // (the text's own prefilter follows, which the bytes' only anticipates)
  return readServedSource(() => text, skipUpTo, undefined, csharp);
}

/** For text, SARIF and GitHub: the message names the targets that produce the problem (JSON has the field). */
function withTargetsNote(r: CheckResult, all: string[]): CheckResult {
  return r.targets ? { ...r, message: `${r.message} ${targetsNote(r.targets, all)}` } : r;
}

/** Largest baseline read: a result list of hundreds of thousands of problems; past it, not a baseline. */
const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

/** The baseline's text: a regular file (not a FIFO or a device, which could block or never end) of bounded size. */
function readBaseline(file: string, io: CliIo): string {
  const problem = (why: string) => new Error(`cannot read the baseline ${file}: ${why}`);
  if (io.kind(file) !== 'file') throw problem(io.kind(file) === 'directory' ? 'it is a folder' : 'it is not a regular file');
  const size = io.fileSize?.(file);
  if (size !== undefined && size > MAX_BASELINE_BYTES)
    throw problem(`it has ${size} bytes, more than the ${MAX_BASELINE_BYTES} read (a baseline is a result list from --format json)`);
  try {
    return io.readFile(file);
  } catch (err) {
    throw new Error(`cannot read the baseline ${file}: ${errorMessage(err)}`, { cause: err });
  }
}

function tooLargeResult(file: string, size: number, max: number): CheckResult {
  return {
    ...failedResult(file, undefined),
    code: 'toolarge',
    message: `This file has ${size} characters, more than the ${max} checked (--max-file-size): it is not checked. Split it, or raise --max-file-size.`,
  };
}

function unreadableResult(file: string, err: Error): CheckResult {
  const why = (err as NodeJS.ErrnoException).code ?? errorMessage(err);
  return {
    ...failedResult(file, undefined),
    code: 'unreadable',
    message: `This could not be read (${why}): it is not checked. The other files are.`,
  };
}

function failedResult(file: string, err: unknown): CheckResult {
  return {
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    severity: 'error',
    code: 'checkfailed',
    message: `This file could not be checked (${errorMessage(err)}); please report it with the file.`,
    param: null,
  };
}

function toResult(
  file: string,
  document: TextDocument,
  kind: 'wiki' | 'map',
  d: Diagnostic,
  host = false,
  mapPaths?: Map<number, string | null>,
): CheckResult {
  return {
    file,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    severity: SEVERITY_NAME[d.severity ?? 1] ?? 'error',
    code: d.code !== undefined ? String(d.code) : 'unknown',
    message: typeof d.message === 'string' ? d.message : (d.message as { value: string }).value,
    param: host ? ((d.data as { param?: string } | undefined)?.param ?? null) : paramOf(document, kind, d, mapPaths),
  };
}

/**
 * The property path (`pos1.x`) where each map diagnostic starts, read from the document's tree: the path of
 * the last property, value or container that starts at or before it. (Asking jsonc-parser's getLocation
 * once per diagnostic walked the text from its start each time: a 900 KB file of 300,000 `[]` took
 * minutes; one more walk of the whole text with jsonc-parser's visit took 4 of the 10 s of a 9.9 MB file.)
 * None for a document nested too deep to be parsed.
 */
function mapPropertyPaths(document: TextDocument, diagnostics: Diagnostic[], root: Node | undefined): Map<number, string | null> {
  const paths = new Map<number, string | null>();
  if (!root) return paths;
  for (const d of diagnostics) {
    const offset = document.offsetAt(d.range.start);
    if (!paths.has(offset)) paths.set(offset, propertyPathAt(root, offset));
  }
  return paths;
}

/** The wire name (wiki) or JSON property path (map) the diagnostic is about. */
function paramOf(document: TextDocument, kind: 'wiki' | 'map', d: Diagnostic, mapPaths?: Map<number, string | null>): string | null {
  const data = d.data as { param?: unknown } | undefined;
  if (data && typeof data.param === 'string') return data.param;
  const text = document.getText();
  const offset = document.offsetAt(d.range.start);
  if (kind === 'map') return mapPaths?.get(offset) ?? null;
  // Wiki: the pair the range starts in: back to the separator before it, forward to `=`.
  let start = offset;
  while (start > 0 && !'&?\n\r'.includes(text[start - 1])) start--;
  let end = start;
  while (end < text.length && !'=&\n\r'.includes(text[end])) end++;
  const raw = text.slice(start, end).trim();
  if (!raw || /[\s/:]/.test(raw) || raw.startsWith('#')) return null;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

// ---------------------------------------------------------------------------------------------
// SARIF 2.1.0 and GitHub workflow annotations
// ---------------------------------------------------------------------------------------------

const SARIF_LEVEL: Record<string, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** Where a result's file is: relative to the working folder (uriBaseId SRCROOT) when inside it. */
function artifactLocation(file: string, io: CliIo, srcroot: string | undefined): { uri: string; uriBaseId?: string } {
  if (file === '<stdin>') return { uri: 'stdin' };
  const abs = io.resolve ? slash(io.resolve(file)) : slash(file);
  if (srcroot && abs.startsWith(srcroot))
    return { uri: abs.slice(srcroot.length).split('/').map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' };
  if (!io.resolve && !file.startsWith('/') && !/^[A-Za-z]:/.test(file))
    return { uri: slash(file).split('/').map(encodeURIComponent).join('/') };
  return { uri: io.toUri(file) };
}

function toSarif(results: CheckResult[], rules: DiagnosticRule[], inputs: Input[], io: CliIo): object {
  const srcroot = io.resolve ? `${slash(io.resolve('.')).replace(/\/+$/, '')}/` : undefined;
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const run: Record<string, unknown> = {
    tool: {
      driver: {
        name: 'wikimap-query',
        ...(io.version ? { version: io.version, semanticVersion: io.version } : {}),
        informationUri: 'https://www.npmjs.com/package/wikimap-query',
        rules: rules.map((r) => ({
          id: r.id,
          name: r.summary.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : '')),
          shortDescription: { text: r.summary },
          fullDescription: { text: r.help },
          help: { text: `${r.help} See ${r.helpUri}`, markdown: `${r.help}\n\nSee [${r.helpUri}](${r.helpUri}).` },
          helpUri: r.helpUri,
          defaultConfiguration: { level: SARIF_LEVEL[r.defaultSeverity] },
          properties: { tags: [r.kind === 'wiki' ? 'mediawiki-api' : 'map-query'] },
        })),
      },
    },
    columnKind: 'utf16CodeUnits',
    artifacts: inputs.map((input) => ({
      location: artifactLocation(input.file, io, srcroot),
      ...(input.file === '<stdin>' ? {} : { sourceLanguage: input.languageId }),
    })),
    results: results.map((r) => ({
      ruleId: r.code,
      ruleIndex: ruleIndex.get(r.code),
      level: SARIF_LEVEL[r.severity] ?? 'warning',
      message: { text: r.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { ...artifactLocation(r.file, io, srcroot), index: inputs.findIndex((i) => i.file === r.file) },
            region: { startLine: r.line, startColumn: r.column, endLine: r.endLine, endColumn: r.endColumn },
          },
        },
      ],
      ...(r.param ? { properties: { param: r.param } } : {}),
    })),
  };
  if (srcroot)
    run.originalUriBaseIds = {
      SRCROOT: { uri: `file://${srcroot.startsWith('/') ? '' : '/'}${srcroot.split('/').map(encodeURIComponent).join('/')}` },
    };
  return { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [run] };
}

const GITHUB_COMMAND: Record<string, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** Escaping of workflow commands: data escapes %, CR, LF; property values also `:` and `,`. */
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function toGithubAnnotation(r: CheckResult): string {
  const props = [
    `file=${escapeProperty(r.file)}`,
    `line=${r.line}`,
    `col=${r.column}`,
    `endLine=${r.endLine}`,
    `endColumn=${r.endColumn}`,
    `title=${escapeProperty(`wikimap-query ${r.code}`)}`,
  ];
  return `::${GITHUB_COMMAND[r.severity] ?? 'warning'} ${props.join(',')}::${escapeData(r.message)}`;
}
