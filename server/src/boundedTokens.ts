/**
 * The budget of one semantic-tokens answer (full, delta or range): at most MAX_TOKENS tokens, read from
 * at most MAX_TOKENS_CHARS characters from the start of the document (or of the range asked for). The
 * tokens are computed a piece of the text at a time, each piece sized from the density of the pieces
 * before it, so a document dense with tokens costs what is sent, not what it holds: a 9 MB document of
 * 100,000 requests took 3 s and a 7 MB answer when every token of its first 2 MB was sent.
 */
import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** Most tokens in one answer (5 numbers each: about 1 MB of JSON). */
export const MAX_TOKENS = 100_000;
/** Most characters one answer reads tokens from. */
export const MAX_TOKENS_CHARS = 2 * 1024 * 1024;
const MIN_PIECE = 16 * 1024;
const FIRST_PIECE = 64 * 1024;

export interface BoundedTokens {
  data: number[];
  /** The answer stops before the end of what was asked (the token or character budget). */
  cut: boolean;
}

/** Where appended tokens stand: the last one's absolute position, and how many there are. */
interface Joined {
  data: number[];
  line: number;
  char: number;
  count: number;
}

/**
 * Appends the LSP token data of one piece (encoded from line 0) to `out`, re-encoded relative to the
 * tokens already there. A piece encodes every token that touches it, so a token across two pieces comes
 * in both: the ones that do not start after the last appended are dropped. False when the budget is full
 * and tokens were left out.
 */
function append(out: Joined, data: readonly number[]): boolean {
  let line = 0;
  let char = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    line += data[i];
    char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
    if (line < out.line || (line === out.line && char <= out.char)) continue;
    if (out.count >= MAX_TOKENS) return false;
    const deltaLine = out.count === 0 ? line : line - out.line;
    out.data.push(deltaLine, deltaLine === 0 && out.count > 0 ? char - out.char : char, data[i + 2], data[i + 3], data[i + 4]);
    out.line = line;
    out.char = char;
    out.count++;
  }
  return true;
}

/**
 * The tokens of `range` (or the whole document) within the budget, from `compute` (the service's tokens
 * of a range). Pieces start small and grow to what the tokens seen so far say fits, at most fourfold
 * each time: few calls (a service may pay for the whole document in each, as the embedded one does),
 * and no piece holds many times the tokens that are sent.
 */
export function boundedTokens(document: TextDocument, compute: (range: Range) => number[], range?: Range): BoundedTokens {
  const lo = range ? document.offsetAt(range.start) : 0;
  const hi = range ? document.offsetAt(range.end) : document.getText().length;
  const stop = Math.min(hi, lo + MAX_TOKENS_CHARS);
  const out: Joined = { data: [], line: -1, char: -1, count: 0 };
  let from = lo;
  let piece = FIRST_PIECE;
  while (from < stop) {
    const to = Math.min(stop, from + piece);
    const before = out.count;
    if (!append(out, compute({ start: document.positionAt(from), end: document.positionAt(to) }))) return { data: out.data, cut: true };
    const density = (out.count - before) / (to - from);
    const wanted = density > 0 ? ((MAX_TOKENS - out.count) / density) * 1.2 : Infinity;
    piece = Math.max(MIN_PIECE, Math.min(piece * 4, Math.ceil(wanted)));
    from = to;
  }
  return { data: out.data, cut: stop < hi };
}
