/**
 * Verdicts — what is wrong with a query, as (code, parameter) items — read from the three places
 * the agreement suite compares: the corpus file, a real wiki's answer, and `wikimap-query check`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CheckResult } from '../../server/src/cli/checkCommand';

/** The MediaWiki codes the checker uses for what the wiki itself reports. */
export const WIKI_CODES = new Set([
  'unrecognizedparams',
  'unrecognizedvalues',
  'badvalue',
  'toomanyvalues',
  'outofrange',
  'badinteger',
  'badtimestamp',
  'unclearnowtimestamp',
  'missingparam',
  'deprecation',
  'badgenerator',
  'multisource',
  'invalidparammix',
]);

/**
 * Codes the wiki always dies with (ApiMain::checkAsserts), whatever severity the checker gives them: an information
 * where who sends the request is not known (the parameter says it signs in), which the wiki gives the anonymous
 * requests these suites send. Counted in the checker's verdict at any severity.
 */
const ALWAYS_WIKI_ERRORS = new Set(['assertuserfailed', 'assertbotfailed', 'assertnameduserfailed']);

/**
 * Whether the checker's diagnostic stands for an error of the wiki (the wiki stopped there, so later warnings were
 * never given): one it reports as an error, or one of the codes the wiki always dies with.
 */
export const wikiErrorOf = (d: CheckerDiagnostic, code: string): boolean =>
  d.code === code && (d.severity === 'error' || ALWAYS_WIKI_ERRORS.has(d.code));

/** Wiki warnings that are never about the query's parameters. */
const WIKI_NOISE = new Set([
  // Always follows a deprecation warning: "Subscribe to the mediawiki-api-announce mailing list…".
  'deprecation-help',
]);

/** One thing wrong: a code and the wire parameter(s) it is about (any of them may be pointed at). */
export interface VerdictItem {
  code: string;
  params: string[];
  /** From the wiki's `errors` (it stops at its first error). */
  error?: boolean;
}

export interface CorpusEntry {
  /** 1-based line in corpus.txt. */
  line: number;
  /** Parameters after `action=query&`. */
  query: string;
  expected: VerdictItem[];
  /** The `# …` heading the entry is under. */
  section: string;
  /** The optional third column (`VERDICT | QUERY | NOTES`). */
  notes?: string;
}

export const CORPUS_FILE = path.join(__dirname, 'corpus.txt');

export function readCorpus(file = CORPUS_FILE): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  let section = '';
  fs.readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const line = raw.trim();
      if (!line) return;
      if (line.startsWith('#')) {
        section = line.slice(1).trim();
        return;
      }
      const bar = line.indexOf(' | ');
      if (bar < 0) throw new Error(`${file}:${i + 1}: expected "VERDICT | QUERY", got: ${line}`);
      const verdict = line.slice(0, bar).trim();
      // An optional third column holds notes (corpus-realworld.txt: `src=ID depends=WHAT`).
      const rest = line.slice(bar + 3);
      const bar2 = rest.indexOf(' | ');
      const query = (bar2 < 0 ? rest : rest.slice(0, bar2)).trim();
      const notes = bar2 < 0 ? undefined : rest.slice(bar2 + 3).trim();
      if (!query || /\s/.test(query))
        throw new Error(`${file}:${i + 1}: the query must be one word without spaces (percent-encode them): ${query}`);
      entries.push({ line: i + 1, query, expected: parseVerdict(verdict, `${file}:${i + 1}`), section, ...(notes ? { notes } : {}) });
    });
  return entries;
}

export function parseVerdict(text: string, where: string): VerdictItem[] {
  if (text === 'ok') return [];
  return text.split(/\s+/).map((item) => {
    // `code:` (nothing after the colon): the message names no parameter. Codes may hold digits (badutf8).
    const m = /^([A-Za-z0-9_-]+):([A-Za-z0-9_,-]*)$/.exec(item);
    if (!m)
      throw new Error(
        `${where}: bad verdict item ${JSON.stringify(item)}; write code:param, code:param1,param2, or code: when the message names no parameter`,
      );
    // permissiondenied's message quotes rights, not parameters (wikiMessageParams): recordings made before kept them.
    return { code: m[1], params: m[1] === 'permissiondenied' ? [] : m[2].split(',').filter(Boolean).sort() };
  });
}

export function formatVerdict(items: VerdictItem[]): string {
  if (items.length === 0) return 'ok';
  return items
    .map((i) => `${i.code}:${[...i.params].sort().join(',')}`)
    .sort()
    .join(' ');
}

/** Decoded name/value pairs of a query string. */
function queryPairs(query: string): [string, string][] {
  return query.split('&').map((kv) => {
    const eq = kv.indexOf('=');
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    return [dec(eq < 0 ? kv : kv.slice(0, eq)), eq < 0 ? '' : dec(kv.slice(eq + 1))];
  });
}

/** Decoded parameter names and values (each whole value and each of its items) of a query string (`+` is a space, as PHP reads it). */
function queryParts(query: string): { names: Set<string>; values: Set<string> } {
  const names = new Set<string>();
  const values = new Set<string>();
  for (const kv of query.split('&')) {
    const eq = kv.indexOf('=');
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    names.add(dec(eq < 0 ? kv : kv.slice(0, eq)));
    const value = eq < 0 ? '' : dec(kv.slice(eq + 1));
    values.add(value);
    // Each item of a multi-value too: "The title for "imageusage" must be a file" quotes the module
    // named in list=backlinks|imageusage, not a parameter.
    for (const item of value.split(/[|\x1f]/)) values.add(item);
  }
  return { names, values };
}

/**
 * The parameters a wiki message (errorformat=plaintext) is about. MediaWiki quotes parameter names
 * ("aplimit"), sometimes unprefixed ("prlevel" from list=allpages), sometimes as `name=value`.
 * Names the query uses win; otherwise (a missing parameter) the quoted names that are not values.
 */
export function wikiMessageParams(code: string, text: string, query: string, modulePrefix: string): string[] {
  if (code === 'badgenerator') return ['generator'];
  // "You need the "patrol" or "patrolmarks" right to …" quotes rights, not parameters (checkerVerdict drops the checker's too).
  if (code === 'permissiondenied') return [];
  // "Incorrect parameter - mutually exclusive values may not be supplied." names no parameter: it is the module's show.
  if (code === 'show')
    return [...queryParts(query).names].filter((n) => n === `${modulePrefix}show` || n === `g${modulePrefix}show`).sort();
  const unrec = /^Unrecognized parameters?: (.+)\.$/.exec(text);
  if (code === 'unrecognizedparams' && unrec) return unrec[1].split(', ').sort();
  const { names, values } = queryParts(query);
  // "Bad title "Foo/."." and "User ID "0" is not valid." quote the value, not the parameter: the
  // parameters whose value (or one of its |-separated items) the message quotes.
  if (code === 'invalidtitle' || code === 'invaliduserid') {
    const quoted = [...text.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    const byValue = queryPairs(query)
      .filter(([, v]) => quoted.some((q) => v === q || v.split('|').includes(q)))
      .map(([n]) => n);
    if (byValue.length) return [...new Set(byValue)].sort();
  }
  const tokens: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"/g)) {
    let t = m[1];
    if (t.includes('=')) t = t.slice(0, t.indexOf('='));
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(t)) continue;
    if (!names.has(t)) {
      const wire = [modulePrefix + t, 'g' + modulePrefix + t].find((c) => names.has(c));
      if (wire) t = wire;
    }
    tokens.push(t);
  }
  const used = [...new Set(tokens.filter((t) => names.has(t)))];
  if (used.length) return used.sort();
  return [...new Set(tokens.filter((t) => !values.has(t)))].sort();
}

interface WikiMessage {
  code: string;
  text?: string;
  module?: string;
}

/** The wiki's verdict from an api.php answer requested with errorformat=plaintext&formatversion=2. */
export function wikiVerdict(answer: unknown, query: string, prefixOf: (modulePath: string) => string): VerdictItem[] {
  const a = answer as { errors?: WikiMessage[]; warnings?: WikiMessage[]; error?: { code: string; info?: string } };
  if (a.error) return [{ code: a.error.code, params: [], error: true }];
  const items: VerdictItem[] = [];
  for (const [list, error] of [
    [a.errors ?? [], true],
    [a.warnings ?? [], false],
  ] as const) {
    for (const m of list) {
      if (WIKI_NOISE.has(m.code)) continue;
      items.push({ code: m.code, params: wikiMessageParams(m.code, m.text ?? '', query, prefixOf(m.module ?? '')), error });
    }
  }
  return items;
}

/** One diagnostic of `wikimap-query check --format json` (the CLI's own result type). */
export type CheckerDiagnostic = CheckResult;

/**
 * The checker's verdict: its diagnostics with a MediaWiki code, and any other error or warning
 * (an alarm the wiki does not raise must count as a disagreement too). Hints and notes of our own
 * codes are advice, not verdicts.
 */
export function checkerVerdict(diagnostics: CheckerDiagnostic[]): VerdictItem[] {
  return diagnostics
    .filter((d) => WIKI_CODES.has(d.code) || ALWAYS_WIKI_ERRORS.has(d.code) || d.severity === 'error' || d.severity === 'warning')
    .map((d) => ({ code: d.code, params: d.param && d.code !== 'permissiondenied' ? [d.param] : [] }));
}

const matches = (w: VerdictItem, c: VerdictItem) =>
  w.code === c.code && (c.params.length === 0 ? w.params.length === 0 : c.params.some((p) => w.params.includes(p)));

/**
 * Same verdict: every wiki item is matched by a checker item with its code pointing at one of its
 * parameters, and every checker item matches a wiki item — except after an error: MediaWiki stops at
 * its first error (later mistakes, and warnings it would give at the end, are never reported), so
 * there the checker may say more than the wiki, as long as it says what the wiki said.
 */
export function sameVerdict(wiki: VerdictItem[], checker: VerdictItem[]): boolean {
  if (!wiki.every((w) => checker.some((c) => matches(w, c)))) return false;
  if (wiki.some((w) => w.error)) return true;
  return checker.every((c) => wiki.some((w) => matches(w, c)));
}

/** Checker items the wiki never got to because it stopped at an error (for the report). */
export function beyondFirstError(wiki: VerdictItem[], checker: VerdictItem[]): VerdictItem[] {
  if (!wiki.some((w) => w.error)) return [];
  return checker.filter((c) => !wiki.some((w) => matches(w, c)));
}
