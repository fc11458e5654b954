// The fuzzer behind `npm run fuzz` and the short fixed-seed run in the unit suite.
// It feeds the pure language services random bytes, random printable text and structure-aware
// mutations of valid wiki queries and map JSON, calls every feature (diagnostics, completion and
// hover at every offset or a sample of them, code actions (with and without diagnostic data), symbols,
// links, runnable queries, semantic tokens, inlay hints, folding, selection ranges, formatting) and
// checks that each call returns a well-formed result, never throws, and how long it took.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../server/src/service/wiki/wikiLanguageService';
import { loadBuiltinCatalogue } from '../../server/src/service/wiki/wikiCatalogue';
import { getMapLanguageService } from '../../server/src/service/map/mapLanguageService';
import type { LanguageService } from '../../server/src/service/languageTypes';
import { seededRandom } from '../support/seededRandom';

const root = path.resolve(__dirname, '..', '..');
const readJson = (rel: string) => {
  const full = path.join(root, rel);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : undefined;
};

export { seededRandom as rng };

const WIKI_SEEDS = [
  'action=query&list=allpages&apnamespace=0&aplimit=max',
  'https://wiki.example.org/w/api.php?action=query&prop=revisions&titles=Main_Page|Luanti&rvprop=content%7Ctimestamp&rvslots=main',
  'api.php?action=query&generator=categorymembers&gcmtitle=Category:Maps&gcmlimit=max&prop=info&inprop=url',
  '# multi-line form\naction=query\n  &list=recentchanges\n  &rcprop=title|timestamp|ids\n  &rclimit=100\n',
  '?action=query&meta=siteinfo&siprop=general|namespaces&list=search&srsearch=bones+mod',
  'action=query&list=logevents&letype=block&lestart=2024-01-01T00:00:00Z&ledir=newer&titles=%1Fa%1Fb',
  'action=query&list=usercontribs&ucuser=Alice&uclimit=5000&ucshow=!minor|top&ucprop=ids|title',
];

const MAP_SEEDS = [
  '{"pos1": {"x": -10, "y": -1, "z": -10}, "pos2": {"x": 10, "y": 2, "z": 10}, "type": "bones"}',
  '[{"pos1": {"x": 0, "y": 0, "z": 0}, "pos2": {"x": 5, "y": 5, "z": 5}, "type": "poi", "attributelike": {"key": "name", "value": "%spawn%"}, "limit": 100},\n {"pos1": {"x": 1600, "y": 0, "z": 0}, "pos2": {"x": 0, "y": 0, "z": 0}, "type": "shop"}]',
  '// comment\n{"pos1": {"x": 1.5, "y": null, "z": "3"}, "pos2": {}, "type": 12, "extra": true}',
];

const INJECT = [
  '%',
  '%7C',
  '%7',
  '|',
  '\u001f',
  '%1F',
  '\ud800',
  '\udc00',
  '\u0000',
  '&',
  '=',
  '?',
  '#',
  '\n',
  '\r\n',
  '\n  &',
  'api.php?',
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '/*',
  '*/',
  '//',
  '\\',
  '\u2028',
  '😀',
];

export type InputKind = 'bytes' | 'printable' | 'wiki-mutation' | 'map-mutation' | 'huge-list' | 'long-token' | 'deep-json';

/** One generated input and the language it is fed to. */
export interface FuzzInput {
  kind: InputKind;
  language: 'wikiquery' | 'mapquery' | 'markdown';
  text: string;
}

function randomString(r: () => number, len: number, printable: boolean): string {
  let s = '';
  for (let i = 0; i < len; i++) {
    s += printable ? String.fromCharCode(32 + Math.floor(r() * 95)) : String.fromCharCode(Math.floor(r() * (r() < 0.9 ? 256 : 0x10000)));
  }
  return s;
}

function mutate(r: () => number, text: string, rounds: number): string {
  let s = text;
  for (let i = 0; i < rounds; i++) {
    const at = Math.floor(r() * (s.length + 1));
    const op = Math.floor(r() * 6);
    if (op === 0)
      s = s.slice(0, at) + INJECT[Math.floor(r() * INJECT.length)] + s.slice(at); // inject
    else if (op === 1)
      s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 8)); // cut
    else if (op === 2) {
      const len = Math.floor(r() * 20);
      s = s.slice(0, at) + s.slice(at, at + len) + s.slice(at);
    } // duplicate
    else if (op === 3) {
      const b = Math.floor(r() * s.length);
      s = s.slice(0, Math.min(at, b)) + s.slice(Math.max(at, b)) + s.slice(Math.min(at, b), Math.max(at, b));
    } // swap
    else if (op === 4)
      s = s.slice(0, at) + String.fromCharCode(Math.floor(r() * 0x10000)) + s.slice(at); // any UTF-16 unit
    else s = s.slice(0, at) + s.slice(at).replace(/\d/, String(Math.floor(r() * 1e6) - 5e5)); // numbers
  }
  return s;
}

export function generateInput(r: () => number, maxLen: number): FuzzInput {
  const roll = r();
  if (roll < 0.1)
    return { kind: 'bytes', language: r() < 0.5 ? 'wikiquery' : 'mapquery', text: randomString(r, Math.floor(r() * maxLen), false) };
  if (roll < 0.2)
    return { kind: 'printable', language: r() < 0.5 ? 'wikiquery' : 'mapquery', text: randomString(r, Math.floor(r() * maxLen), true) };
  if (roll < 0.55) {
    let base = '';
    while (base.length < Math.min(maxLen, 2000)) base += WIKI_SEEDS[Math.floor(r() * WIKI_SEEDS.length)] + (r() < 0.5 ? '\n' : '\n\n');
    const text = mutate(r, base, 1 + Math.floor(r() * 12));
    return { kind: 'wiki-mutation', language: r() < 0.85 ? 'wikiquery' : 'markdown', text };
  }
  if (roll < 0.8)
    return {
      kind: 'map-mutation',
      language: 'mapquery',
      text: mutate(r, MAP_SEEDS[Math.floor(r() * MAP_SEEDS.length)], 1 + Math.floor(r() * 10)),
    };
  if (roll < 0.88) {
    const n = 1000 + Math.floor(r() * 4000);
    const values = Array.from({ length: n }, (_, i) => (i % 7 === 0 ? 'ids' : `v${i}`)).join(r() < 0.5 ? '|' : '%7C');
    return { kind: 'huge-list', language: 'wikiquery', text: `action=query&list=allpages|recentchanges&approp=${values}&titles=${values}` };
  }
  if (roll < 0.95) {
    const long = 'a'.repeat(Math.min(maxLen, 5000 + Math.floor(r() * 20000)));
    return r() < 0.5
      ? { kind: 'long-token', language: 'wikiquery', text: `action=query&${long}=${long}&list=${long}` }
      : { kind: 'long-token', language: 'mapquery', text: `{"${long}": "${long}", "type": "${long}"}` };
  }
  // Around the 512-level limit, or 1,000–100,000 levels (log-uniform).
  const depth = r() < 0.3 ? 200 + Math.floor(r() * 700) : Math.floor(1000 * Math.pow(100, r()));
  return {
    kind: 'deep-json',
    language: 'mapquery',
    text: '['.repeat(depth) + '{"pos1":' + '{"x":'.repeat(depth / 2) + '1' + '}'.repeat(depth / 4) + ']'.repeat(depth / 3),
  };
}

export interface FuzzReport {
  inputs: number;
  calls: number;
  crashes: Array<{ input: FuzzInput; call: string; error: string }>;
  malformed: Array<{ input: FuzzInput; call: string; problem: string }>;
  hangs: Array<{ input: FuzzInput; call: string; ms: number }>;
  worstMs: number;
  worstCall: string;
  byKind: Record<string, number>;
}

function rangeOk(r: Range | undefined, doc: TextDocument): boolean {
  if (!r || !r.start || !r.end) return false;
  const ok = (p: { line: number; character: number }) =>
    Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0 && p.line < doc.lineCount + 1;
  if (!ok(r.start) || !ok(r.end)) return false;
  return doc.offsetAt(r.start) <= doc.offsetAt(r.end);
}

export interface FuzzOptions {
  seed: number;
  count: number;
  /** Stop early after this many milliseconds (the count still bounds the run). */
  timeBudgetMs: number;
  /** Largest generated input, in characters. */
  maxLen: number;
  /** A call slower than this counts as a hang. */
  hangMs: number;
  /** Offsets at which completion/hover are asked: 'all' or a number of random ones. */
  offsets: 'all' | number;
}

export function makeServices() {
  const catalogue = loadBuiltinCatalogue(readJson);
  const wiki = getWikiLanguageService({ resolveCatalogue: () => catalogue });
  const map = getMapLanguageService({ descriptor: readJson('descriptors/mapserver/mapobjects.json') });
  return { wiki, map };
}

/** Runs every feature of the right service on one input and records what went wrong. */
export function exerciseInput(
  services: ReturnType<typeof makeServices>,
  input: FuzzInput,
  opts: Pick<FuzzOptions, 'hangMs' | 'offsets'>,
  r: () => number,
  report: FuzzReport,
): void {
  const service: LanguageService<any> = input.language === 'mapquery' ? services.map : services.wiki;
  const doc = TextDocument.create(
    `file:///fuzz/input.${input.language === 'mapquery' ? 'mapquery.json' : input.language === 'markdown' ? 'md' : 'wikiquery'}`,
    input.language,
    1,
    input.text,
  );
  const call = <T>(name: string, fn: () => T, check: (v: T) => string | undefined): T | undefined => {
    report.calls++;
    const a = performance.now();
    let value: T;
    try {
      value = fn();
    } catch (err: any) {
      report.crashes.push({ input, call: name, error: String(err?.stack ?? err) });
      return undefined;
    }
    const ms = performance.now() - a;
    if (ms > report.worstMs) {
      report.worstMs = ms;
      report.worstCall = `${name} on ${input.kind} (${input.text.length} chars)`;
    }
    if (ms > opts.hangMs) report.hangs.push({ input, call: name, ms });
    const problem = check(value);
    if (problem) report.malformed.push({ input, call: name, problem });
    return value;
  };
  const parsed = call(
    'parse',
    () => service.parse(doc),
    (v) => (v ? undefined : 'no parse result'),
  );
  if (parsed === undefined) return;
  const diagnostics =
    call(
      'doValidation',
      () => service.doValidation(doc, parsed),
      (v) => {
        if (!Array.isArray(v)) return 'not an array';
        const bad = v.find((d: Diagnostic) => !rangeOk(d.range, doc) || typeof d.message !== 'string' || !d.message);
        return bad ? `bad diagnostic ${JSON.stringify(bad)}` : undefined;
      },
    ) ?? [];
  const offsets: number[] = [];
  if (opts.offsets === 'all') for (let i = 0; i <= input.text.length; i++) offsets.push(i);
  else for (let i = 0; i < opts.offsets; i++) offsets.push(Math.floor(r() * (input.text.length + 1)));
  for (const off of offsets) {
    call(
      'doComplete',
      () => service.doComplete(doc, parsed, off),
      (v) => {
        if (!v || !Array.isArray(v.items)) return 'no items array';
        const bad = v.items.find(
          (it: any) => typeof it.label !== 'string' || (it.textEdit && 'range' in it.textEdit && !rangeOk(it.textEdit.range, doc)),
        );
        return bad ? `bad completion item ${JSON.stringify(bad).slice(0, 300)}` : undefined;
      },
    );
    call(
      'doHover',
      () => service.doHover(doc, parsed, off),
      (v) =>
        v === null || (v && v.contents && (!v.range || rangeOk(v.range, doc))) ? undefined : `bad hover ${JSON.stringify(v).slice(0, 300)}`,
    );
  }
  const full: Range = { start: { line: 0, character: 0 }, end: doc.positionAt(input.text.length) };
  call(
    'doCodeActions',
    () => service.doCodeActions(doc, parsed, full, diagnostics),
    (v) => (Array.isArray(v) && v.every((a: any) => typeof a.title === 'string') ? undefined : 'bad code actions'),
  );
  call(
    'findDocumentSymbols',
    () => service.findDocumentSymbols(doc, parsed),
    (v) =>
      Array.isArray(v) && v.every((s: any) => rangeOk(s.range, doc) && typeof s.name === 'string' && s.name.length > 0)
        ? undefined
        : `bad symbols ${JSON.stringify(v).slice(0, 300)}`,
  );
  call(
    'findDocumentLinks',
    () => service.findDocumentLinks(doc, parsed),
    (v) => (Array.isArray(v) && v.every((l: any) => rangeOk(l.range, doc)) ? undefined : 'bad links'),
  );
  call(
    'getRunnableQueries',
    () => service.getRunnableQueries(doc, parsed),
    (v) => (Array.isArray(v) ? undefined : 'not an array'),
  );
  // Quick fixes for diagnostics sent back without their data (recomputed from the document).
  const bare = diagnostics.map((d: Diagnostic) => ({
    range: d.range,
    code: d.code,
    source: d.source,
    message: d.message,
    severity: d.severity,
  }));
  call(
    'doCodeActions without data',
    () => service.doCodeActions(doc, parsed, full, bare),
    (v) => (Array.isArray(v) && v.every((a: any) => typeof a.title === 'string') ? undefined : 'bad code actions'),
  );
  const lines = doc.lineCount;
  call(
    'getSemanticTokens',
    () => service.getSemanticTokens(doc, parsed),
    (v) => {
      if (!Array.isArray(v) || v.length % 5) return 'not a multiple of 5 numbers';
      let line = 0;
      let ch = 0;
      for (let i = 0; i < v.length; i += 5) {
        line += v[i];
        ch = v[i] === 0 ? ch + v[i + 1] : v[i + 1];
        if (v[i + 2] <= 0 || line >= lines || v[i] < 0 || (v[i] === 0 && i > 0 && v[i + 1] < 0))
          return `bad token at ${i / 5}: ${v.slice(i, i + 5)}`;
        if (
          ch + v[i + 2] >
          doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/(\r\n|\r|\n)$/, '').length
        )
          return `token past its line at ${i / 5}`;
      }
      return undefined;
    },
  );
  call(
    'getInlayHints',
    () => service.getInlayHints(doc, parsed, full),
    (v) =>
      Array.isArray(v) && v.every((h: any) => rangeOk({ start: h.position, end: h.position }, doc) && typeof h.label === 'string')
        ? undefined
        : 'bad inlay hints',
  );
  call(
    'getFoldingRanges',
    () => service.getFoldingRanges(doc, parsed),
    (v) =>
      Array.isArray(v) && v.every((f: any) => f.startLine >= 0 && f.startLine < f.endLine && f.endLine < lines)
        ? undefined
        : `bad folding ${JSON.stringify(v).slice(0, 300)}`,
  );
  const positions = offsets.slice(0, 20).map((o) => doc.positionAt(o));
  call(
    'getSelectionRanges',
    () => service.getSelectionRanges(doc, parsed, positions),
    (v) => {
      if (!Array.isArray(v) || v.length !== positions.length) return 'not one selection range per position';
      for (const sel of v) {
        for (let s: any = sel; s; s = s.parent) {
          if (!rangeOk(s.range, doc)) return `bad range ${JSON.stringify(s.range)}`;
          if (
            s.parent &&
            (doc.offsetAt(s.parent.range.start) > doc.offsetAt(s.range.start) ||
              doc.offsetAt(s.parent.range.end) < doc.offsetAt(s.range.end))
          )
            return 'a parent does not contain its child';
        }
      }
      return undefined;
    },
  );
  call(
    'format',
    () => service.format(doc, parsed, { tabSize: 2, insertSpaces: true }, { queryLayout: r() < 0.5 ? 'oneLine' : 'multiLine' }),
    (v) =>
      Array.isArray(v) && v.every((e: any) => rangeOk(e.range, doc) && typeof e.newText === 'string') ? undefined : 'bad formatting edits',
  );
}

export function runFuzz(opts: FuzzOptions): FuzzReport {
  const services = makeServices();
  const r = seededRandom(opts.seed);
  const report: FuzzReport = { inputs: 0, calls: 0, crashes: [], malformed: [], hangs: [], worstMs: 0, worstCall: '', byKind: {} };
  const started = performance.now();
  for (let i = 0; i < opts.count; i++) {
    if (performance.now() - started > opts.timeBudgetMs) break;
    const input = generateInput(r, opts.maxLen);
    report.inputs++;
    report.byKind[input.kind] = (report.byKind[input.kind] ?? 0) + 1;
    exerciseInput(services, input, opts, r, report);
  }
  return report;
}
