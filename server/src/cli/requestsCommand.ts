/**
 * `wikimap-query requests PATH...`: the inventory of the MediaWiki API requests inside source code —
 * where each starts, its language and form, and its parameters as written (a value known only at
 * run time is null) — as JSON, or as a table by module.
 */
import type { WikiLanguageService } from '../service/wiki/wikiLanguageService';
import type { MapLanguageService } from '../service/map/mapLanguageService';
import { HOST_LANGUAGES, type HostLanguage } from '../service/embedded/hostLanguages';
import { inventoryParams, type CheckedRequest } from '../service/embedded/embeddedCheck';
import { HostParsers } from '../embedded/hostParsers';
import { createLanguageServices } from '../languageModes';
import { errorMessage } from '../../../common/errorMessage';
import { checkHostFile, parseEmbeddedOption } from './embeddedSources';
import { collectInputs, DEFAULT_MAX_FILE_SIZE, printable, type CliIo } from './checkCommand';
import { TooLargeInput } from './boundedText';

const USAGE = `Usage: wikimap-query requests [--format text|json] [--embedded LANGS] [--all] PATH...

Lists the MediaWiki API requests found in source files (a directory is walked
as check walks it, .gitignore respected), and the map-object queries posted
to a map server's .../api/mapobjects/.

Options:
  --format json       An array of {service, file, line, column, language, form,
                      client, confidence, params}: service is wiki or map; line
                      and column (1-based) where the request starts; form is
                      url, concat, dict, kwargs, object, array, table, values,
                      hash, map, builder, annotation or json (a JSON string);
                      params maps each name (a map query: each field) to its
                      value as written (null: known only at run time).
  --format text       (default) A table by module: requests and parameter names.
  --embedded LANGS    Only these languages (comma-separated), as check takes it.
  --all               Also list candidates of low confidence (not checked by check).
  -h, --help          Show this help.`;

export interface InventoryEntry {
  /** `wiki`: a MediaWiki API request; `map`: a map-object query posted to `…/api/mapobjects/`. */
  service: 'wiki' | 'map';
  file: string;
  line: number;
  column: number;
  language: string;
  form: string;
  client: string;
  confidence: 'high' | 'low';
  params: Record<string, string | null>;
}

interface RequestsOptions {
  format: 'text' | 'json';
  langs: HostLanguage[];
  all: boolean;
  paths: string[];
}

function parseArgs(args: string[]): RequestsOptions {
  const opts: RequestsOptions = { format: 'text', langs: [...HOST_LANGUAGES], all: false, paths: [] };
  for (let i = 0; i < args.length; i++) {
    const [arg, inline] = args[i].startsWith('--') && args[i].includes('=') ? args[i].split(/=(.*)/s) : [args[i], undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Error(`${arg} needs a value.`);
      return v;
    };
    if (arg === '--format') {
      const f = value();
      if (f !== 'text' && f !== 'json') throw new Error(`--format must be text or json, not "${f}".`);
      opts.format = f;
    } else if (arg === '--embedded') opts.langs = parseEmbeddedOption(value());
    else if (arg === '--all') opts.all = true;
    else if (arg === '--') {
      opts.paths.push(...args.slice(i + 1));
      i = args.length;
    } else if (arg.startsWith('-')) throw new Error(`Unknown option ${args[i]}.`);
    else opts.paths.push(arg);
  }
  if (!opts.paths.length) throw new Error('Name at least one file or directory.');
  return opts;
}

function toEntry(file: string, text: string, c: CheckedRequest): InventoryEntry {
  const before = text.slice(0, c.request.range.start);
  const line = before.split('\n').length;
  const column = c.request.range.start - (before.lastIndexOf('\n') + 1) + 1;
  const { language, form, client } = c.request;
  return { service: c.service, file, line, column, language, form, client, confidence: c.confidence, params: inventoryParams(c) };
}

/** The module a request uses: action, plus its query submodules. */
function moduleOf(e: InventoryEntry): string {
  const p = e.params;
  if (e.service === 'map') return `map objects type=${p.type === undefined ? '(none)' : (p.type ?? '?')}`;
  const parts = [`action=${p.action === undefined ? '(none)' : (p.action ?? '?')}`];
  for (const k of ['list', 'prop', 'meta', 'generator']) if (k in p) parts.push(`${k}=${p[k] ?? '?'}`);
  return parts.join(' ');
}

function table(entries: InventoryEntry[]): string {
  const groups = new Map<string, { count: number; files: Set<string>; names: Set<string> }>();
  for (const e of entries) {
    const key = moduleOf(e);
    const g = groups.get(key) ?? { count: 0, files: new Set(), names: new Set() };
    g.count++;
    g.files.add(e.file);
    const selectors = e.service === 'map' ? ['type'] : ['action', 'list', 'prop', 'meta', 'generator'];
    for (const n of Object.keys(e.params)) if (!selectors.includes(n)) g.names.add(n);
    groups.set(key, g);
  }
  // Module values and parameter names are the source files' own: printed as every CLI line (`printable`), so an
  // escape sequence or a bidi override in a string of a file does not reach the terminal.
  const rows = [...groups].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0])).map(([k, g]) => [printable(k), g] as const);
  const width = Math.max(6, ...rows.map(([k]) => k.length));
  const lines = [`${'module'.padEnd(width)}  requests  files  parameters`];
  for (const [k, g] of rows)
    lines.push(
      `${k.padEnd(width)}  ${String(g.count).padStart(8)}  ${String(g.files.size).padStart(5)}  ${printable([...g.names].sort().join(', '))}`,
    );
  return lines.join('\n') + '\n';
}

/** Runs `wikimap-query requests`; resolves with the exit status (0, or 2 on bad usage). */
export async function runRequestsCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(USAGE + '\n');
    return 0;
  }
  let opts: RequestsOptions;
  try {
    opts = parseArgs(args);
  } catch (err) {
    io.stderr(`wikimap-query requests: ${errorMessage(err)} See wikimap-query requests --help.\n`);
    return 2;
  }
  try {
    const inputs = collectInputs(opts.paths, io, opts.langs).filter((i) => i.host || i.unlisted);
    const services = createLanguageServices({ files: io.files }, { log: (m) => io.stderr(`${m}\n`) });
    const wiki = services.wiki as unknown as WikiLanguageService;
    const map = services.map as unknown as MapLanguageService;
    const parsers = new HostParsers(io.files);
    const entries: InventoryEntry[] = [];
    let unread = 0;
    for (const input of inputs) {
      const text = await input.read(DEFAULT_MAX_FILE_SIZE).catch((err: unknown) => {
        if (err instanceof TooLargeInput) {
          io.stderr(
            `wikimap-query requests: ${input.file} has ${err.chars} characters, more than the ${DEFAULT_MAX_FILE_SIZE} read: not listed\n`,
          );
          return undefined;
        }
        // a file or folder met in a walk that cannot be read is said, and the others are listed
        if (!input.walked) throw err;
        unread++;
        io.stderr(
          `wikimap-query requests: cannot read ${input.file} (${(err as NodeJS.ErrnoException).code ?? errorMessage(err)}): not listed\n`,
        );
        return undefined;
      });
      if (text === undefined) continue;
      const { checked, diagnostics } = await checkHostFile(parsers, wiki, input.uri, input.host!, text, {}, undefined, map);
      // what the limits of one file left unread (sourceLimits.ts), said as check says it
      for (const d of diagnostics)
        if (d.code === 'largesource' || d.code === 'toomanyrequests')
          io.stderr(`wikimap-query requests: ${input.file}:${d.range.start.line + 1}: ${d.message}\n`);
      for (const c of checked) if (opts.all || c.confidence === 'high') entries.push(toEntry(input.file, text, c));
    }
    io.stdout(opts.format === 'json' ? JSON.stringify(entries, null, 2) + '\n' : table(entries));
    if (opts.format === 'text')
      io.stderr(
        `${entries.length} request${entries.length === 1 ? '' : 's'} in ${new Set(entries.map((e) => e.file)).size} of ${inputs.length - unread} source files${unread ? ` (${unread} could not be read)` : ''}\n`,
      );
    return 0;
  } catch (err) {
    io.stderr(`wikimap-query requests: ${errorMessage(err)}\n`);
    return 2;
  }
}
