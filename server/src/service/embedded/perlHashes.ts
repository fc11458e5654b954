/**
 * Perl parameter hashes, read from the Perl lexer's tokens (perlLexer.ts): an anonymous hash
 * `{ action => 'query', list => 'users', ususers => $name }` (MediaWiki::API's `->api({…})`,
 * MediaWiki::Bot), a hash or list `(action => 'query', …)` (`my %params = (…)`, LWP's
 * `post($url, [ … ])` / `{ … }` forms), with barewords and strings as keys. Like the parameter
 * objects of the other languages, only one that names `action` is a candidate. A key that is not
 * written (`%$defaults`, an expression) leaves the hash open; so does a hash held in a variable
 * that the file later sets a key of (`$hash->{rcuser} = $user`). Values: a string (its `$var` holes
 * unknown), a number, else unknown. Perl has no booleans: MediaWiki::API and LWP send `0` as written
 * (MediaWiki reads a present boolean as true, which the checker says) for a hash handed straight to
 * them; a hash held elsewhere has an unknown client.
 */
import { SOURCE_FILE_LIMITS } from '../../../../common/sourceFileLimits';
import type { FoundRequest } from './requestFinder';
import type { Entry, EntryValue, ValueSpan } from './objectEntries';
import { MappedText } from './virtualText';
import { entriesToQuery } from './clientLibraries';
import { entryTemplate } from './paramAdder';
import { lexPerl, stringValue, type PerlToken } from './perlLexer';
import { namesMediaWiki } from './mediawikiNames';

/** Most requests found in one file (one more than are read: sourceLimits.ts), and most entries read from one hash. */
const MAX_REQUESTS = SOURCE_FILE_LIMITS.requests + 1;
const MAX_ENTRIES = 500;

/**
 * For each opening bracket token, the index of its closing one (or the token count when unclosed),
 * and the opening bracket around it (-1 at the top).
 */
function matchBrackets(tokens: readonly PerlToken[]): { match: Int32Array; parent: Int32Array } {
  const match = new Int32Array(tokens.length).fill(-1);
  const parent = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === 'open') {
      parent[i] = stack.length ? stack[stack.length - 1] : -1;
      stack.push(i);
    } else if (t.kind === 'close' && stack.length) match[stack.pop()!] = i;
  });
  for (const i of stack) match[i] = tokens.length;
  return { match, parent };
}

/** Methods that send a hash as the request's parameters: MediaWiki::API's and LWP::UserAgent's. */
const SENDING_METHODS = new Set(['api', 'list', 'edit', 'upload', 'post', 'get', 'request']);

/**
 * The client of a hash handed straight to a sending method (`$mw->api({ … })`, `$ua->post($url, [ … ])`):
 * both send every value as written (`0` too). Any other hash: unknown (a value of 0 may be left out).
 */
function clientOf(text: string, tokens: readonly PerlToken[], parent: Int32Array, open: number): 'http' | 'unknown' {
  const call = tokens[open - 1]?.kind === 'open' ? open - 1 : parent[open];
  if (call < 2 || text[tokens[call].start] !== '(' || (call !== open - 1 && tokens[open - 1]?.kind !== 'comma')) return 'unknown';
  const method = tokens[call - 1];
  const arrow = tokens[call - 2];
  const sends = method.kind === 'word' && SENDING_METHODS.has(text.slice(method.start, method.end));
  return sends && arrow.kind === 'op' && text.startsWith('->', arrow.start) ? 'http' : 'unknown';
}

function span(text: string, start: number, end: number, type: string): ValueSpan {
  return { startIndex: start, endIndex: end, text: text.slice(start, end), type };
}

function valueOf(text: string, tokens: readonly PerlToken[], from: number, to: number): EntryValue {
  const first = tokens[from];
  const last = tokens[to - 1];
  const node = span(text, first.start, last.end, from + 1 === to ? first.kind : 'expression');
  const value = from + 1 === to && first.kind === 'str' ? stringValue(text, first) : undefined;
  if (value) return { kind: 'text', text: value, node };
  if (from + 1 === to && first.kind === 'num') return { kind: 'number', node };
  if (from + 1 === to && first.kind === 'word' && node.text === 'undef') return { kind: 'none', node };
  return { kind: 'unknown', node };
}

function keyOf(text: string, t: PerlToken): MappedText | undefined {
  if (t.kind === 'str') {
    const value = stringValue(text, t);
    return value && !value.hasHole() ? value : undefined;
  }
  if (t.kind !== 'word') return undefined;
  const m = new MappedText();
  m.pushRaw(text, t.start, t.end);
  return m;
}

/** The end (exclusive) of the expression starting at `i`: the next `,`/`=>` at this level, or `end`. */
function expressionEnd(tokens: readonly PerlToken[], match: Int32Array, i: number, end: number): number {
  while (i < end && tokens[i].kind !== 'comma' && tokens[i].kind !== 'arrow') {
    if (tokens[i].kind === 'semi') return -1;
    i = tokens[i].kind === 'open' ? Math.min(match[i], end) + 1 : i + 1;
  }
  return Math.min(i, end);
}

/** The entries of the hash or list between `open` and its closing bracket, or undefined when it is none. */
function readHash(
  text: string,
  tokens: readonly PerlToken[],
  match: Int32Array,
  open: number,
): { entries: Entry[]; closed: boolean } | undefined {
  const end = match[open];
  const entries: Entry[] = [];
  let closed = true;
  let i = open + 1;
  while (i < end && entries.length < MAX_ENTRIES) {
    const t = tokens[i];
    const keyed = tokens[i + 1]?.kind === 'arrow' && i + 1 < end;
    if (!keyed) {
      // `%$defaults`, `%opts`, `@pairs`, `( $x ? (k => $v) : () )`: entries from elsewhere; anything else: no hash.
      const spread =
        (t.kind === 'var' && /^[%@]/.test(text[t.start])) || (t.kind === 'open' && text[t.start] === '(' && entries.length > 0);
      if (!spread) return undefined;
      closed = false;
      const e = expressionEnd(tokens, match, i, end);
      if (e < 0) return undefined;
      i = e + 1;
      continue;
    }
    const name = keyOf(text, t);
    const e = expressionEnd(tokens, match, i + 2, end);
    if (e < 0 || e === i + 2) return undefined;
    if (name) entries.push({ name, value: valueOf(text, tokens, i + 2, e) });
    else closed = false;
    i = e + 1;
  }
  return entries.length ? { entries, closed: closed && i >= end } : undefined;
}

/** The variable a hash is assigned to (`my $hash = {`, `%params = (`), without its sigil. */
function assignedTo(text: string, tokens: readonly PerlToken[], open: number): string | undefined {
  const eq = tokens[open - 1];
  const v = tokens[open - 2];
  if (!eq || !v || eq.kind !== 'op' || text.slice(eq.start, eq.end) !== '=' || v.kind !== 'var') return undefined;
  return text.slice(v.start + 1, v.end);
}

/** Variables whose keys the file sets or reads one by one (`$name->{…}`, `$name{…}`), by name. */
function keyedVariables(text: string, tokens: readonly PerlToken[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    if (t.kind !== 'var' || text[t.start] !== '$') return;
    const next = tokens[i + 1];
    const subscript =
      next?.kind === 'open' && text[next.start] === '{'
        ? true
        : next?.kind === 'op' && text.startsWith('->', next.start) && tokens[i + 2]?.kind === 'open' && text[tokens[i + 2].start] === '{';
    if (!subscript) return;
    const name = text.slice(t.start + 1, t.end);
    const at = out.get(name);
    if (at) at.push(t.start);
    else out.set(name, [t.start]);
  });
  return out;
}

/**
 * Hashes built key by key from nothing (MediaWiki::API's `upload`: `my $query; $query->{action} = 'upload';
 * $query->{filename} = …; return $self->edit($query);`): the settings `$name->{key} = value;` / `$name{key} = value;`
 * of one `sub` (or the file outside subs), by variable, read as one request when a key is `action` set to a string.
 * Open: the hash is filled elsewhere too (a token, the caller's keys).
 */
function keyByKeyHashes(text: string, tokens: readonly PerlToken[], match: Int32Array, namesApi: boolean): FoundRequest[] {
  const out: FoundRequest[] = [];
  let groups = new Map<string, Array<{ entry: Entry; start: number; end: number }>>();
  const flush = () => {
    for (const sets of groups.values()) {
      const action = sets.find((s) => s.entry.name.text === 'action');
      if (!action || action.entry.value.kind !== 'text' || action.entry.value.text.hasHole()) continue;
      const entries = sets.map((s) => s.entry);
      out.push({
        language: 'perl',
        form: 'hash',
        client: 'unknown',
        range: { start: sets[0].start, end: sets[sets.length - 1].end },
        query: entriesToQuery(entries, 'unknown'),
        closed: false,
        namesApi,
        entryTemplate: entryTemplate(entries, text, true),
      });
    }
    groups = new Map();
  };
  for (let i = 0; i < tokens.length && out.length < MAX_REQUESTS; i++) {
    const t = tokens[i];
    if (t.kind === 'word' && text.slice(t.start, t.end) === 'sub') {
      flush();
      continue;
    }
    if (t.kind !== 'var' || text[t.start] !== '$') continue;
    let k = i + 1;
    if (tokens[k]?.kind === 'op' && text.slice(tokens[k].start, tokens[k].end) === '->') k++;
    const open = tokens[k];
    if (open?.kind !== 'open' || text[open.start] !== '{' || match[k] !== k + 2) continue;
    const name = keyOf(text, tokens[k + 1]);
    const eq = tokens[k + 3];
    if (!name || eq?.kind !== 'op' || text.slice(eq.start, eq.end) !== '=') continue;
    // the value: up to the `;` ending the statement (brackets skipped)
    let e = k + 4;
    while (e < tokens.length && tokens[e].kind !== 'semi')
      e = tokens[e].kind === 'open' ? Math.min(match[e], tokens.length - 1) + 1 : e + 1;
    if (e === k + 4 || e >= tokens.length) continue;
    const variable = text.slice(t.start + 1, t.end);
    // an object's own fields (`$self->{action} = …`) are no request
    if (variable === 'self' || variable === 'this' || variable === 'class') continue;
    let sets = groups.get(variable);
    if (!sets) groups.set(variable, (sets = []));
    if (sets.length < MAX_ENTRIES)
      sets.push({ entry: { name, value: valueOf(text, tokens, k + 4, e) }, start: t.start, end: tokens[e].end });
    i = e;
  }
  flush();
  return out;
}

/** Perl hashes that name `action`, as requests. */
export function findPerlHashes(text: string): FoundRequest[] {
  const tokens = lexPerl(text);
  const { match, parent } = matchBrackets(tokens);
  const keyed = keyedVariables(text, tokens);
  const out: FoundRequest[] = [];
  const namesApi = namesMediaWiki(text);
  for (let open = 0; open < tokens.length && out.length < MAX_REQUESTS; open++) {
    if (tokens[open].kind !== 'open') continue;
    const second = tokens[open + 2];
    if (second?.kind !== 'arrow' && tokens[open + 1]?.kind !== 'var') continue;
    const hash = readHash(text, tokens, match, open);
    if (!hash || !hash.entries.some((e) => e.name.text === 'action')) continue;
    const start = tokens[open].start;
    const end = match[open] < tokens.length ? tokens[match[open]].end : text.length;
    const variable = assignedTo(text, tokens, open);
    const setLater = variable !== undefined && (keyed.get(variable) ?? []).some((at) => at > end);
    const client = clientOf(text, tokens, parent, open);
    const query = entriesToQuery(hash.entries, client);
    out.push({
      language: 'perl',
      form: 'hash',
      client,
      range: { start, end },
      query,
      closed: hash.closed && !setLater,
      namesApi,
      entryTemplate: entryTemplate(hash.entries, text, true),
    });
  }
  // a variable given a hash literal is that hash's (read above); the others are built key by key
  const literals = new Set(out.map((r) => r.range.start));
  for (const r of keyByKeyHashes(text, tokens, match, namesApi)) if (out.length < MAX_REQUESTS && !literals.has(r.range.start)) out.push(r);
  return out.sort((a, b) => a.range.start - b.range.start);
}
