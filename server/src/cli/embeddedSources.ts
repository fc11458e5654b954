/**
 * The CLI's part of the requests inside source code: which source files a run reads (`--embedded`),
 * their checks through the wiki service (service/embedded/embeddedCheck.ts), inline suppressions,
 * the baseline and the safe fixes.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { LanguageSettings } from '../service/languageTypes';
import type { WikiLanguageService } from '../service/wiki/wikiLanguageService';
import type { MapLanguageService } from '../service/map/mapLanguageService';
import { namesMapServer } from '../service/embedded/mapPosts';
import { HOST_LANGUAGES, hostLanguage, type HostLanguage } from '../service/embedded/hostLanguages';
import { checkRequests, type CheckedRequest } from '../service/embedded/embeddedCheck';
import type { HostParsers } from '../embedded/hostParsers';
import { isSuppressed } from '../service/embedded/suppressions';
import { sourceLimitNotes, withinRequestLimit } from '../service/embedded/sourceLimits';
import { textEncodingOf } from './boundedText';
import { mayHoldRequest, mayHoldRequestBytes, namesMediaWiki, type ByteSearch } from '../service/embedded/requestFinder';

/** The host languages a run reads (`--embedded on|off|LANG,LANG`; on by default). */
export function parseEmbeddedOption(value: string): HostLanguage[] {
  if (value === 'on') return [...HOST_LANGUAGES];
  if (value === 'off') return [];
  const langs: HostLanguage[] = [];
  for (const name of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const lang = hostLanguage(name.toLowerCase());
    if (!lang) throw new Error(`--embedded takes on, off or a list of ${HOST_LANGUAGES.map((l) => l.id).join(', ')} (not "${name}").`);
    langs.push(lang);
  }
  return langs;
}

/** The host language of a file name among the languages a run reads. */
export function hostOfFile(name: string, langs: readonly HostLanguage[]): HostLanguage | undefined {
  const lower = name.toLowerCase();
  return langs.find((l) => l.extensions.some((e) => lower.endsWith(e)));
}

/**
 * A source file's text when it may hold a judged request; undefined when not: the prefilter says no
 * to its bytes (then they are not even decoded) or it names no MediaWiki API nor client
 * (`namesMediaWiki`: such a file gets no diagnostic, in the editor as in the CLI). A file larger than
 * `skipUpTo` characters is always read (it is reported as too large). `read` decodes the file when
 * its `wanted` says yes to the bytes; `search`, a native byte search where the host has one.
 */
export function readServedSource(
  read: (wanted: (bytes: Uint8Array) => boolean) => string | undefined,
  skipUpTo: number,
  search?: ByteSearch,
  csharp = true,
): string | undefined {
  // UTF-16 bytes are not searched as they are (their ASCII is interleaved with zeros): the text's prefilter decides
  const text = read(
    (bytes) => bytes.length > skipUpTo || textEncodingOf(bytes).encoding !== 'utf-8' || mayHoldRequestBytes(bytes, search, csharp),
  );
  if (text === undefined || text.length > skipUpTo) return text;
  return mayHoldRequest(text, csharp) && (namesMediaWiki(text) || namesMapServer(text)) ? text : undefined;
}

/**
 * Diagnostics of a host file: every high-confidence request, checked, and what the limits of one file left
 * unread (sourceLimits.ts), less the suppressed ones.
 */
function hostDiagnostics(
  document: TextDocument,
  lang: HostLanguage,
  checked: readonly CheckedRequest[],
  notes: readonly Diagnostic[],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const c of checked)
    for (const d of c.diagnostics) if (!isSuppressed(document, lang, d.range.start.line, String(d.code ?? ''))) out.push(d);
  for (const d of notes) if (!isSuppressed(document, lang, d.range.start.line, String(d.code ?? ''))) out.push(d);
  return out;
}

/** Finds and checks the requests of one host file. */
export async function checkHostFile(
  parsers: HostParsers,
  wiki: WikiLanguageService,
  uri: string,
  lang: HostLanguage,
  text: string,
  settings: LanguageSettings,
  foundBefore?: FoundRequests,
  map?: MapLanguageService,
): Promise<{ document: TextDocument; found: FoundRequests; checked: CheckedRequest[]; diagnostics: Diagnostic[] }> {
  const document = TextDocument.create(uri, lang.id, 1, text);
  const found = foundBefore ?? (await parsers.find(text, lang));
  return { document, found, ...judgeHostRequests(wiki, document, lang, found, settings, map) };
}

type FoundRequests = Awaited<ReturnType<HostParsers['find']>>;

/** Checks requests already found in a host file (by another wiki service: one parse, several targets). */
export function judgeHostRequests(
  wiki: WikiLanguageService,
  document: TextDocument,
  lang: HostLanguage,
  found: FoundRequests,
  settings: LanguageSettings,
  map?: MapLanguageService,
): { checked: CheckedRequest[]; diagnostics: Diagnostic[] } {
  const { requests, firstLeft } = withinRequestLimit(found);
  const checked = checkRequests(wiki, document, requests, settings, map);
  return { checked, diagnostics: hostDiagnostics(document, lang, checked, sourceLimitNotes(document, firstLeft, settings.severity)) };
}

/**
 * The safe fixes of a host file: a misspelled parameter name the service names the correction of,
 * where the name is written as is (no escape) and the correction is valid where it stands (inside
 * a string, or an identifier for an identifier). Returns the new text, or undefined when nothing changes.
 */
export function applySafeFixes(document: TextDocument, diagnostics: readonly Diagnostic[]): { text: string; fixed: number } | undefined {
  const text = document.getText();
  const edits: Array<{ start: number; end: number; to: string }> = [];
  for (const d of diagnostics) {
    if (d.code !== 'unrecognizedparams') continue;
    const data = (d.data ?? {}) as { param?: string; suggestion?: string; replacement?: string };
    const to = data.replacement ?? data.suggestion;
    if (!to || !data.param || !/^[a-z][a-z0-9]*$/.test(to)) continue;
    const start = document.offsetAt(d.range.start);
    const end = document.offsetAt(d.range.end);
    if (text.slice(start, end) !== data.param) continue;
    if (edits.some((e) => e.start < end && e.end > start)) continue;
    edits.push({ start, end, to });
  }
  if (!edits.length) return undefined;
  edits.sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.to + out.slice(e.end);
  return { text: out, fixed: edits.length };
}

/** A baseline entry: what identifies a known problem across line moves. */
interface BaselineKey {
  file: string;
  code: string;
  message: string;
}

/** Deepest nesting of arrays and objects a baseline may have. */
const MAX_BASELINE_DEPTH = 16;

/** Whether JSON `text` nests arrays/objects deeper than `limit` (a linear scan that skips strings). */
function nestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
    else if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* \ */) i++;
    }
  }
  return false;
}

/** Results not in the baseline (a JSON array from `check --format json`); each entry excuses one result. */
export function withoutBaseline<T extends BaselineKey>(results: T[], baselineJson: string): T[] {
  let base: unknown;
  // A result list nests three levels (list, result, targets); V8's JSON.parse of 300 MB of `[` took 21 GB.
  if (nestsDeeper(baselineJson, MAX_BASELINE_DEPTH))
    throw new Error(
      `the baseline nests deeper than ${MAX_BASELINE_DEPTH} levels: it is not a result list (write it with check --format json)`,
    );
  try {
    base = JSON.parse(baselineJson);
  } catch (err) {
    throw new Error(`the baseline is not JSON (write it with check --format json): ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(base)) throw new Error('the baseline is not a JSON array (write it with check --format json)');
  const left = new Map<string, number>();
  const key = (r: BaselineKey) => `${r.file}\u0000${r.code}\u0000${r.message}`;
  for (const b of base as BaselineKey[]) if (b && typeof b === 'object') left.set(key(b), (left.get(key(b)) ?? 0) + 1);
  return results.filter((r) => {
    const n = left.get(key(r)) ?? 0;
    if (n > 0) {
      left.set(key(r), n - 1);
      return false;
    }
    return true;
  });
}
