/**
 * Requests whose client may leave parameters out at run time (a Retrofit `@Query` whose argument may be
 * null: `FoundRequest.mayBeAbsent`). The source shows every parameter the request may send, not which of
 * them it does send: `getRevisionDetailsAscending(@Query("titles") titles: String?, @Query("pageids")
 * pageIds: String?)` sends one of the two. The request is judged again without each combination of them:
 * - a verdict that every combination still holding its place gives stands as it is (a verdict on a
 *   parameter's own name or value);
 * - one that every combination sending a given one of them gives stands (unless it sits on another of them),
 *   said as holding when that one is sent ("when titles is sent"), at the same severity: `prop=revisions&rvprop=content` warns about
 *   `rvslots` only when a page is asked for, so only when the nullable `titles` is sent;
 * - any other is dropped: one that needs two of them sent together (mutual exclusion, "requires",
 *   single-page conditions when two page sets are nullable) or fires only when one is left out.
 */
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { OffsetRange } from '../languageTypes';
import { HOLE } from './virtualText';

/** Most maybe-absent pairs judged by combinations (bits of a 32-bit mask). */
const MAX_MASKED = 30;

/** Most parameters whose every combination is judged (2^n − 1 more checks); past it, each one alone and all together. */
const MAX_COMBINED = 6;

/** The sets of the parameters left out, as bit masks (never the empty set: that is the request as written). */
function leftOutSets(count: number): number[] {
  if (count <= MAX_COMBINED) return Array.from({ length: (1 << count) - 1 }, (_, i) => i + 1);
  // Too many for every combination: each one left out alone, each one sent alone, and none sent.
  const sets: number[][] = [];
  for (let i = 0; i < count; i++) {
    sets.push([i]);
    sets.push([...Array(count).keys()].filter((j) => j !== i));
  }
  sets.push([...Array(count).keys()]);
  return sets.map((s) => s.reduce((mask, i) => mask | (2 ** i), 0));
}

/** A virtual range as offsets (the one-line virtual document: a position past line 0 is its end). */
function offsets(r: Range, length: number): [number, number] {
  const start = r.start.line > 0 ? length : r.start.character;
  const end = r.end.line > 0 ? length : r.end.character;
  return [start, Math.max(start, end)];
}

/** A pair's range with the `&` that joins it to the others, so that what is left is a well-formed query. */
function removalOf(text: string, r: OffsetRange): OffsetRange {
  if (text[r.start] === '&' || text[r.end] !== '&') return r;
  return { start: r.start, end: r.end + 1 };
}

/** Whether a verdict's place lies on a pair. */
function within(at: [number, number], r: OffsetRange): boolean {
  return at[0] >= r.start && at[1] <= r.end && at[0] < r.end;
}

/** A pair's name as the server reads it (the virtual query is percent-encoded; undefined when known only at run time). */
function pairName(text: string, r: OffsetRange): string | undefined {
  const pair = text.slice(r.start, r.end).replace(/^&/, '');
  const raw = pair.slice(0, pair.includes('=') ? pair.indexOf('=') : pair.length);
  if (raw.includes(HOLE)) return undefined;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** "titles", "titles or pageids", "titles, pageids or ids". */
function either(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * The verdicts of `raw` (on the request as written, `text`) that hold whichever of the `mayBeAbsent` pairs
 * are sent, and those that hold whenever one of them is sent (their message says so); `judge` gives the
 * verdicts on another text of the request.
 */
export function verdictsWhateverIsSent(
  text: string,
  mayBeAbsent: readonly OffsetRange[],
  raw: readonly Diagnostic[],
  judge: (text: string) => Diagnostic[],
): Diagnostic[] {
  const spans = mayBeAbsent.map((r) => removalOf(text, r)).sort((a, b) => a.start - b.start);
  // Past what a bit mask holds: only the verdicts on such a pair itself (which hold whenever it is sent).
  if (spans.length > MAX_MASKED) return raw.filter((d) => spans.some((r) => within(offsets(d.range, text.length), r)));
  // For each verdict, the bits of the pairs left out in every combination that does not give it (all set:
  // none fails; a bit still set at the end is a pair whose being sent is enough for the verdict).
  const all = 2 ** spans.length - 1;
  const standing = raw.map((d) => ({ d, at: offsets(d.range, text.length), leftOutWhenNot: all, fails: false }));
  for (const mask of leftOutSets(spans.length)) {
    const removed = spans.filter((_, i) => mask & (2 ** i));
    // The text without them, and where each removal falls in it.
    let variant = '';
    let from = 0;
    const cuts: Array<{ at: number; length: number }> = [];
    for (const r of removed) {
      variant += text.slice(from, r.start);
      cuts.push({ at: variant.length, length: r.end - r.start });
      from = r.end;
    }
    variant += text.slice(from);
    // Back to the text as written: a start at a cut is the pair after it, an end there the pair before it.
    const back = (o: number, isEnd: boolean) => cuts.reduce((n, c) => (o > c.at || (o === c.at && !isEnd) ? n + c.length : n), o);
    const given = new Set<string>();
    for (const d of judge(variant)) {
      const [s, e] = offsets(d.range, variant.length);
      given.add(`${String(d.code)} ${back(s, false)} ${s === e ? back(s, false) : back(e, true)}`);
    }
    for (const v of standing) {
      // A verdict on a pair left out says nothing about this combination.
      if (removed.some((r) => within(v.at, r))) continue;
      if (given.has(`${String(v.d.code)} ${v.at[0]} ${v.at[1]}`)) continue;
      v.fails = true;
      v.leftOutWhenNot &= mask;
    }
  }
  const out: Diagnostic[] = [];
  for (const v of standing) {
    if (!v.fails) {
      out.push(v.d);
      continue;
    }
    // On a pair that may be left out, and needing another one too: it needs two of them sent.
    if (spans.some((r) => within(v.at, r))) continue;
    const names = spans.flatMap((r, i) => (v.leftOutWhenNot & (2 ** i) ? [pairName(text, r)] : []));
    if (!names.length || names.includes(undefined)) continue;
    const list = either(names as string[]);
    const note = ` (This holds when ${list} is sent, which the client may leave out.)`;
    const m = v.d.message;
    out.push({ ...v.d, message: typeof m === 'string' ? m + note : { ...m, value: m.value + note } });
  }
  return out;
}
