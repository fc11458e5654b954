/**
 * Verdicts of a real wiki on requests sent as they are written — their own `format`, `formatversion`
 * and `callback` included — for the corpora whose requests come from real programs
 * (corpus-realworld.txt) or whose subject is the output format itself (corpus-classes.txt).
 *
 * Only `errorformat=plaintext` is added (unless the request sets errorformat), so that every
 * message carries its code, and `errorlang=en` (unless it sets errorlang), so that a request with its
 * own `uselang` (which errorlang follows by default) still gets the English text the parameter names are
 * read from. The answer is read in whatever form the request asked for:
 * JSON (formatversion 1 keeps the text under `*`), JSONP (`/**\/cb(…)`), the HTML-wrapped
 * `jsonfm`/`xmlfm` (and the default `jsonfm` of a request without format), XML, PHP's serialized
 * form (`format=php`, which the Peachy framework asks for), and the answers without a place for messages (opensearch's JSON array, feeds, rsd, an export dump).
 */
import * as path from 'node:path';
import { actionAnswerVerdict } from './actionVerdicts';
import type { CorpusEntry, VerdictItem } from './wikiVerdict';

export const REALWORLD_CORPUS_FILE = path.join(__dirname, 'corpus-realworld.txt');
export const REALWORLD_SOURCES_FILE = path.join(__dirname, 'corpus-realworld-sources.tsv');
export const CLASSES_CORPUS_FILE = path.join(__dirname, 'corpus-classes.txt');

/** The query as the wiki is sent it: as written, plus errorformat=plaintext and errorlang=en unless it sets them. */
export function asWrittenRequest(query: string): string {
  const format = /(^|&)errorformat=/.test(query) ? '' : '&errorformat=plaintext';
  const lang = /(^|&)errorlang=/.test(query) ? '' : '&errorlang=en';
  return `${query}${format}${lang}`;
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The answer without its wrapping: the content of an HTML pretty-print page, or of a JSONP call. */
export function unwrapAnswer(body: string): string {
  const pre = /<pre class="api-pretty-content">([\s\S]*?)<\/pre>/.exec(body);
  if (pre) return unescapeHtml(pre[1].replace(/<[^>]+>/g, ''));
  const jsonp = /^\s*\/\*\*\/\s*[\w.$]+\(([\s\S]*)\)\s*;?\s*$/.exec(body);
  if (jsonp) return jsonp[1];
  return body;
}

/**
 * A PHP-serialized answer (`format=php`: `a:N:{…}` of `s:LEN:"…";`, `i:N;`, `d:N;`, `b:N;`, `N;`, with
 * string lengths in bytes) as JSON text; an array keyed 0…n-1 becomes a list. Undefined when it is not one.
 */
export function phpAnswerAsJson(body: string): string | undefined {
  if (!/^a:\d+:\{/.test(body)) return undefined;
  const buf = Buffer.from(body, 'utf8');
  let at = 0;
  const upTo = (end: string): string => {
    const i = buf.indexOf(end, at);
    if (i < 0) throw new Error('truncated');
    const text = buf.toString('latin1', at, i);
    at = i + 1;
    return text;
  };
  const value = (): unknown => {
    const type = String.fromCharCode(buf[at]);
    at += 2;
    if (type === 'N') return null;
    if (type === 'b') return upTo(';') === '1';
    if (type === 'i' || type === 'd') return Number(upTo(';'));
    if (type === 's') {
      const len = Number(upTo(':'));
      const text = buf.toString('utf8', at + 1, at + 1 + len);
      at += len + 3;
      return text;
    }
    if (type !== 'a') throw new Error(`PHP value of type ${type}`);
    const n = Number(upTo(':'));
    at++;
    const entries: Array<[unknown, unknown]> = [];
    for (let k = 0; k < n; k++) entries.push([value(), value()]);
    at++;
    return entries.every(([key], i) => key === i) ? entries.map(([, v]) => v) : Object.fromEntries(entries.map(([k, v]) => [String(k), v]));
  };
  try {
    return JSON.stringify(value());
  } catch {
    return undefined;
  }
}

/**
 * Each message's text under `text`: formatversion 1 with an errorformat keeps it under `*`, and
 * `errorformat=html` (the Wikipedia apps send it) under `html`, as HTML.
 */
function normaliseMessages(body: string): string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return body;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return body;
  const a = json as Record<string, unknown>;
  for (const key of ['errors', 'warnings']) {
    const list = a[key];
    if (!Array.isArray(list)) continue;
    a[key] = list.map((m: Record<string, unknown>) => (m.text === undefined ? { ...m, text: messageText(m) } : m));
  }
  return JSON.stringify(a);
}

function messageText(m: Record<string, unknown>): unknown {
  if (typeof m['*'] === 'string') return m['*'];
  // As MediaWiki makes plaintext of it (ApiErrorFormatter::stripMarkup): quoting tags become quotes.
  if (typeof m.html === 'string') return unescapeHtml(m.html.replace(/<\/?(var|kbd|samp|code)>/g, '"').replace(/<[^>]+>/g, ''));
  return undefined;
}

/** ApiMain::handleCORS's whole answer (HTTP 403) to an origin= the request's Origin header does not hold. */
const ORIGIN_REFUSAL = "'origin' parameter does not match Origin header";

/** The wiki's verdict on one answer to a request sent as written. */
export function asWrittenVerdict(body: string, query: string, prefixOf: (modulePath: string) => string): VerdictItem[] {
  // ApiMain::handleCORS refuses an origin= that the (absent) Origin header does not hold: a bare HTTP 403 with no
  // API message, before any parameter is read. The checker names it originmismatch.
  if (body.trim() === ORIGIN_REFUSAL) return [{ code: 'originmismatch', params: ['origin'], error: true }];
  const unwrapped = unwrapAnswer(body);
  const php = /(^|&)format=php(&|$)/.test(query) ? phpAnswerAsJson(unwrapped) : undefined;
  return actionAnswerVerdict(normaliseMessages(php ?? unwrapped), query, prefixOf, { keepFormatParams: true });
}

/** The wiki's verdict on each request (anonymous GETs, four at a time). */
export async function judgeAsWritten(
  queries: string[],
  apiUrl: string,
  prefixOf: (modulePath: string) => string,
): Promise<VerdictItem[][]> {
  const out: VerdictItem[][] = new Array(queries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < queries.length) {
        const i = next++;
        const res = await fetch(`${apiUrl}?${asWrittenRequest(queries[i])}`, {
          headers: { 'user-agent': 'wikimap-query-tests/0 (as-written agreement suite)' },
          // The whole help (recursivesubmodules) takes tens of seconds on a busy machine.
          signal: AbortSignal.timeout(120000),
          redirect: 'manual',
        });
        out[i] = asWrittenVerdict(await res.text(), queries[i], prefixOf);
      }
    }),
  );
  return out;
}

/** One source of the real-world corpus (corpus-realworld-sources.tsv). */
export interface CorpusSource {
  id: string;
  /** `owner/name` of a public repository, or a documentation site. */
  where: string;
  /** Path in the repository, or the page's address. */
  path: string;
  licence: string;
  language: string;
}

export function readSources(text: string): Map<string, CorpusSource> {
  const out = new Map<string, CorpusSource>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [id, where, p, licence, language] = line.split('\t');
    out.set(id, { id, where, path: p, licence, language });
  }
  return out;
}

/**
 * The notes after a request in corpus-realworld.txt: `src=ID` (its source) and
 * `depends=WHAT` (its answer depends on content, users, configuration or extensions the test wiki
 * lacks: not counted as agreement or disagreement).
 */
export interface RealWorldNotes {
  source: string | undefined;
  depends: string | undefined;
}

export function notesOf(entry: CorpusEntry): RealWorldNotes {
  const notes = entry.notes ?? '';
  return { source: /(?:^|\s)src=(\S+)/.exec(notes)?.[1], depends: /(?:^|\s)depends=(\S+)/.exec(notes)?.[1] };
}
