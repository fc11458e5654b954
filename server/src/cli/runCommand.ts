/**
 * `wikimap-query run`: runs the query at a line of a file, as the editor's "Run Query at Cursor" does,
 * and prints the result as JSON. The run itself is the editor's own code (the shared run code in run/: read-only
 * check, request, continuation, "Fetch all" merging, time and size limits), which is VS Code-free.
 *
 *   wikimap-query run [--all] [--api-url URL] [--map-server URL] [--max-pages N] [--timeout S]
 *                     [--max-response-mb N] [--max-total-mb N] [--max-parsed-mb N] FILE[:LINE]
 *
 * All I/O goes through `RunIo`, so this runs in-process in tests as well as from cli.js.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { PackageFiles } from '../runtime';
import type { RunnableQuery } from '../service/languageTypes';
import { createLanguageServices, normaliseSettings, pickMode } from '../languageModes';
import { runMapQuery } from '../../../run/map/mapRun';
import { RunError, type RunErrorKind } from '../../../run/runErrors';
import { escapeUnseen } from '../../../common/unseenText';
import { checkReadOnly } from '../../../run/wiki/wikiRequest';
import { addressPolicyFor } from '../../../run/address';
import { fetchAll, runWikiQuery, type RunOptions, type WikiRunResult } from '../../../run/wiki/wikiRun';
import type { HttpTransport } from '../../../run/transport';
import { writeJson } from '../../../run/jsonText';
import { READ_DENIED_HELP, signedInTransport } from '../../../run/wiki/wikiAuth';
import { resolveSecret, SecretUsageError, SIGN_IN_USAGE, takeSignInOption, type SignInOptions } from './cliSecrets';

export interface RunIo {
  /** Writes to standard output; a promise when the output is behind (the next write waits for it). */
  stdout(text: string): void | Promise<void>;
  stderr(text: string): void;
  /** File text; throws an Error whose message names the problem. */
  readFile(path: string): string;
  /** A secret file's text, at most `maxBytes` read (CliIo's readSmallFile); readFile where absent. */
  readSmallFile?(path: string, maxBytes: number): string;
  kind(path: string): 'file' | 'directory' | undefined;
  /** A `file://` URI for a path (used as the document URI). */
  toUri(path: string): string;
  files: PackageFiles;
  version?: string;
  /** How runs reach the network (Node's: run/node/nodeTransport.ts). */
  transport: HttpTransport;
  /** The environment (a sign-in's secret may come from it); none when absent. */
  env?: Record<string, string | undefined>;
}

/** Exit statuses of `run` (also in RUN_USAGE). */
const RUN_EXIT = { ok: 0, failed: 1, usage: 2, refused: 3 } as const;

const RUN_USAGE = `Usage: wikimap-query run [options] FILE[:LINE]

Runs the query at LINE of FILE (1-based; without it, the file's first query)
the way the editor's "Run Query at Cursor" does, and prints the result as JSON
on standard output: the wiki's answer for a wiki query (*.wikiquery, api.php
URLs in markdown), the list of map objects for a map query (*.mapquery.json).
Only read-only wiki requests are sent: write actions (edit, delete, login, …)
and requests carrying a token or password are refused before anything is sent.

Options:
  --all                  Follow "continue" and merge every batch into one
                         result, as the editor's "Fetch all": at most
                         --max-pages requests; if more remain, the merged
                         result keeps "continue" and a note goes to stderr.
  --api-url URL          The wiki (api.php URL) for queries that name none,
                         like wikimapQuery.wiki.apiUrl in the editor. A query
                         with a full URL always uses its own wiki.
  --map-server URL       The map server's base URL for map queries, like
                         wikimapQuery.mapserver.url (POST URL/api/mapobjects/).
  --allow-private        Run a query naming a wiki whose address is loopback or
                         private (127.0.0.1, 10.x, 192.168.x, a name resolving
                         to one). Without it only the wiki of --api-url and the
                         map server may be on such an address, as configured
                         wikis in the editor; the address is checked when
                         connecting, so a name cannot pass as public.
  --max-pages N          Most requests --all makes (1-1000, default 20, as
                         wikimapQuery.run.fetchAllMaxPages).
  --timeout SECONDS      Time limit of one request (1-600, default 30, as
                         wikimapQuery.run.timeoutSeconds).
  --max-response-mb N    Largest response read, in MB (1-2000, default 50, as
                         wikimapQuery.run.maxResponseMB).
  --max-total-mb N       Most bytes --all reads over all its requests, in MB
                         (1-10000, default 200, as wikimapQuery.run.fetchAllMaxMB);
                         past it the pages fetched are printed, with a note.
  --max-parsed-mb N      Memory budget of the parsed answer(s), in MB, estimated
                         before reading (16-8000, default 512, as
                         wikimapQuery.run.maxParsedMB); --all keeps what fits.
  -h, --help             Show this help.

${SIGN_IN_USAGE}
  Only the wiki of --api-url gets the secret; a query naming another wiki runs
  without it.

Exit status:
  0  the result is printed
  1  the run failed (no answer, timeout, HTTP error, response too large, not
     JSON), or the wiki answered with an API error (the answer is printed)
  2  bad usage: bad option, unreadable file, no query at LINE, no wiki or map
     server to send the query to
  3  refused: the query could change the wiki or carries a secret, or its wiki
     is on a loopback or private address (see --allow-private)`;

class UsageError extends Error {}

interface RunCommandOptions {
  all: boolean;
  apiUrl?: string;
  mapServer?: string;
  allowPrivate: boolean;
  maxPages: number;
  timeoutSeconds: number;
  maxResponseMb: number;
  maxTotalMb: number;
  maxParsedMb: number;
  target?: string;
  signIn: SignInOptions;
}

function parseRunArgs(args: string[]): RunCommandOptions {
  const opts: RunCommandOptions = {
    signIn: {},
    all: false,
    allowPrivate: false,
    maxPages: 20,
    timeoutSeconds: 30,
    maxResponseMb: 50,
    maxTotalMb: 200,
    maxParsedMb: 512,
  };
  const number = (name: string, text: string, min: number, max: number, integer: boolean): number => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
      throw new UsageError(`${name} takes ${integer ? 'a whole number' : 'a number'} from ${min} to ${max} (got "${text}").`);
    }
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    let arg = args[i];
    let inline: string | undefined;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    if (eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const take = (name: string): string => {
      if (inline !== undefined) return inline;
      const v = args[++i];
      if (v === undefined || (v.startsWith('--') && v.length > 2)) throw new UsageError(`${name} needs a value.`);
      return v;
    };
    switch (arg) {
      case '--all':
        opts.all = true;
        break;
      case '--api-url':
        opts.apiUrl = take(arg);
        break;
      case '--map-server':
        opts.mapServer = take(arg);
        break;
      case '--allow-private':
        opts.allowPrivate = true;
        break;
      case '--max-pages':
        opts.maxPages = number(arg, take(arg), 1, 1000, true);
        break;
      case '--timeout':
        opts.timeoutSeconds = number(arg, take(arg), 1, 600, false);
        break;
      case '--max-response-mb':
        opts.maxResponseMb = number(arg, take(arg), 1, 2000, false);
        break;
      case '--max-total-mb':
        opts.maxTotalMb = number(arg, take(arg), 1, 10000, false);
        break;
      case '--max-parsed-mb':
        opts.maxParsedMb = number(arg, take(arg), 16, 8000, false);
        break;
      case '--':
        if (args.length > i + 2 || (opts.target !== undefined && args.length > i + 1)) throw new UsageError('Name one FILE[:LINE].');
        if (args[i + 1] !== undefined) opts.target = args[i + 1];
        i = args.length;
        break;
      default:
        if (takeSignInOption(arg, () => take(arg), opts.signIn)) break;
        if (arg.startsWith('-')) throw new UsageError(`Unknown option ${args[i]}.`);
        if (opts.target !== undefined) throw new UsageError('Name one FILE[:LINE].');
        opts.target = args[i];
    }
  }
  if (opts.target === undefined) throw new UsageError('Name the file to run a query of: FILE or FILE:LINE.');
  return opts;
}

/** `file` as given, or `file:LINE` split when the whole name is not a file itself. */
function splitTarget(target: string, io: RunIo): { file: string; line?: number } {
  if (io.kind(target) === 'file') return { file: target };
  const m = /^(.*):(\d+)$/.exec(target);
  if (m && io.kind(m[1]) === 'file') {
    const line = Number(m[2]);
    if (line < 1) throw new UsageError(`Lines count from 1 (got ${target}).`);
    // Past 2^53 a number no longer holds the digits written (…999 became …000 in the message).
    if (!Number.isSafeInteger(line)) throw new UsageError(`${m[1]} has no line ${m[2].length > 24 ? `${m[2].slice(0, 24)}…` : m[2]}.`);
    return { file: m[1], line };
  }
  const file = m && io.kind(target) === undefined ? m[1] : target;
  throw new UsageError(io.kind(file) === 'directory' ? `${file} is a directory; name a file.` : `${file}: no such file.`);
}

function languageIdOf(file: string): string {
  const lower = file.toLowerCase();
  return lower.endsWith('.json') ? 'mapquery' : /\.(md|markdown)$/.test(lower) ? 'markdown' : 'wikiquery';
}

/** The runnable queries of a file, from the same language service the editor uses. */
function runnableQueries(file: string, text: string, io: RunIo): RunnableQuery[] {
  const uri = io.toUri(file);
  const languageId = languageIdOf(file);
  const settings = normaliseSettings({ embeddedLanguages: ['markdown'] });
  const services = createLanguageServices({ files: io.files }, { log: () => undefined });
  try {
    const mode = pickMode(uri, languageId, settings, services) ?? pickMode('file.wikiquery', 'wikiquery', settings, services)!;
    const view = mode.view(TextDocument.create(uri, languageId, 1, text));
    return mode.service.getRunnableQueries(view, mode.service.parse(view));
  } finally {
    services.dispose();
  }
}

function pickQuery(queries: RunnableQuery[], file: string, line: number | undefined, io: RunIo): RunnableQuery {
  if (!queries.length) throw new UsageError(`${file} has no query to run.`);
  if (line === undefined) {
    if (queries.length > 1) {
      io.stderr(
        `wikimap-query run: running the first of ${queries.length} queries (line ${queries[0].range.start.line + 1}); name another with ${file}:LINE.\n`,
      );
    }
    return queries[0];
  }
  const at = queries.find((q) => q.range.start.line <= line - 1 && line - 1 <= q.range.end.line);
  if (!at) {
    const lines = queries.map((q) =>
      q.range.start.line === q.range.end.line ? `${q.range.start.line + 1}` : `${q.range.start.line + 1}-${q.range.end.line + 1}`,
    );
    throw new UsageError(
      `There is no query at line ${line} of ${file}; its queries are on line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}.`,
    );
  }
  return at;
}

const EXIT_BY_KIND: Record<RunErrorKind, number> = {
  badUrl: RUN_EXIT.usage,
  refused: RUN_EXIT.refused,
  timeout: RUN_EXIT.failed,
  cancelled: RUN_EXIT.failed,
  tooLarge: RUN_EXIT.failed,
  network: RUN_EXIT.failed,
  http: RUN_EXIT.failed,
  notJson: RUN_EXIT.failed,
};

function hasApiError(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const o = json as Record<string, unknown>;
  return o.error !== undefined || (Array.isArray(o.errors) && o.errors.length > 0);
}

async function runQuery(opts: RunCommandOptions, io: RunIo): Promise<number> {
  const { file, line } = splitTarget(opts.target!, io);
  let text: string;
  try {
    text = io.readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const query = pickQuery(runnableQueries(file, text, io), file, line, io);
  const runOptions: RunOptions = {
    transport: io.transport,
    timeoutMs: opts.timeoutSeconds * 1000,
    maxBytes: Math.round(opts.maxResponseMb * 1024 * 1024),
    maxParsedBytes: Math.round(opts.maxParsedMb * 1024 * 1024),
    userAgent: `wikimap-query/${io.version ?? 'unknown'} (command line "wikimap-query run") node/${process.versions.node}`,
  };

  if (query.kind === 'map') {
    if (opts.all) throw new UsageError('--all follows the continuation of wiki queries; a map query answers in one request.');
    if (!opts.mapServer)
      throw new UsageError(
        'A map query needs the map server to send it to: --map-server URL (the base address, as wikimapQuery.mapserver.url).',
      );
    const result = await runMapQuery(opts.mapServer, query.body, runOptions);
    await writeJson(result.objects, io.stdout, '\n');
    return RUN_EXIT.ok;
  }

  const params = query.params ?? [];
  checkReadOnly(params); // refuse a write before anything else, whatever the endpoint (as the editor does)
  const apiUrl = query.apiUrl || opts.apiUrl;
  if (!apiUrl) {
    throw new RunError(
      'badUrl',
      'This query names no wiki: give one with --api-url URL (as wikimapQuery.wiki.apiUrl in the editor), or write the full api.php URL in the query.',
    );
  }
  // A wiki the file names is the file's choice: on a loopback or private address only with --allow-private
  // or when it is the wiki of --api-url (the user's), checked on the address connected to.
  runOptions.addressPolicy = {
    allowPrivate: opts.allowPrivate || addressPolicyFor(apiUrl, opts.apiUrl ? [opts.apiUrl] : []).allowPrivate,
    howToAllow: 'Give it as --api-url, or pass --allow-private, to run it.',
  };
  const secret = resolveSecret(opts.signIn, io.env ?? {}, io.readSmallFile ?? io.readFile);
  // Signed in: the requests to the wiki of --api-url (and only those) carry the session or the token.
  if (secret && !opts.apiUrl) throw new UsageError('signing in needs --api-url URL: the secret is sent to that wiki only.');
  if (secret) runOptions.transport = signedInTransport(io.transport, { apiUrl: opts.apiUrl!, secret, userAgent: runOptions.userAgent });
  const result: WikiRunResult = opts.all
    ? await fetchAll(apiUrl, params, { ...runOptions, maxPages: opts.maxPages, maxTotalBytes: Math.round(opts.maxTotalMb * 1024 * 1024) })
    : await runWikiQuery(apiUrl, params, runOptions);
  if (result.json === undefined) io.stdout(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
  else await writeJson(result.json, io.stdout, '\n');
  if (result.stoppedEarly)
    io.stderr(
      `wikimap-query run: ${result.stoppedEarly.replace('wikimapQuery.run.fetchAllMaxPages', '--max-pages').replace(/\.$/, '')}.\n`,
    );
  if (hasApiError(result.json)) {
    const answer = result.json as { error?: { code?: unknown }; errors?: Array<{ code?: unknown }> };
    const denied = [answer.error, ...(answer.errors ?? [])].some((e) => e?.code === 'readapidenied');
    io.stderr(
      `wikimap-query run: the wiki answered with an error (see "error" in the result)${denied && !secret ? `: ${READ_DENIED_HELP}` : ''}.\n`,
    );
    return RUN_EXIT.failed;
  }
  if (result.status >= 400) {
    // An answer in JSON but no API error: the status is all that says it failed (a proxy's 429, a 500 page in JSON).
    io.stderr(
      `wikimap-query run: the wiki answered HTTP ${result.status}${result.statusText ? ` ${escapeUnseen(result.statusText.slice(0, 200), 'escaped')}` : ''} (its answer is printed above).\n`,
    );
    return RUN_EXIT.failed;
  }
  return RUN_EXIT.ok;
}

/** Runs `wikimap-query run ARGS`; resolves with the exit status. */
export async function runRunCommand(args: string[], io: RunIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(RUN_USAGE + '\n');
    return RUN_EXIT.ok;
  }
  try {
    return await runQuery(parseRunArgs(args), io);
  } catch (err) {
    if (err instanceof UsageError || err instanceof SecretUsageError) {
      io.stderr(`wikimap-query run: ${err.message} See wikimap-query run --help.\n`);
      return RUN_EXIT.usage;
    }
    if (err instanceof RunError) {
      // A server's words are in it (bounded and escaped where they are put in); escaped once more for the terminal.
      io.stderr(`wikimap-query run: ${escapeUnseen(err.message, 'kept')}\n`);
      return EXIT_BY_KIND[err.kind];
    }
    io.stderr(`wikimap-query run: ${err instanceof Error ? err.message : String(err)}\n`);
    return RUN_EXIT.failed;
  }
}
