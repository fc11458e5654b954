/**
 * "Did you mean …?" for typos of parameter names, values and module names: the closest
 * candidate by optimal-string-alignment distance (Levenshtein plus adjacent transpositions).
 */

/** Edit distance with adjacent transpositions; stops early (returns limit + 1) once above `limit`. */
function editDistance(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > limit) return limit + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb];
}

/**
 * The candidate closest to `word`, if close enough to be a plausible typo: a case-only difference,
 * or a distance of at most 1 for words of 3+ characters, 2 for words of 6+ characters, 3 for 12+.
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > 100) return undefined;
  const lower = word.toLowerCase();
  const limit = word.length >= 12 ? 3 : word.length >= 6 ? 2 : word.length >= 3 ? 1 : 0;
  let best: string | undefined;
  let bestDist = limit + 1;
  for (const c of candidates) {
    if (c === word || c === '') continue;
    const cl = c.toLowerCase();
    if (cl === lower) return c;
    const d = editDistance(lower, cl, bestDist - 1 < limit ? bestDist - 1 : limit);
    if (d < bestDist) {
      best = c;
      bestDist = d;
    }
  }
  return bestDist <= limit ? best : undefined;
}
