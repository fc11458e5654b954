/**
 * "Did you mean …?" candidates for misspelt map names (types, fields, attribute keys): up to three, the
 * same letters in other case first (Go's JSON decoder matches field names ignoring case), then prefixes,
 * then Levenshtein distance. Not the wiki's `wikiDidYouMean.ts`, which picks the one closest name by
 * optimal-string-alignment distance: the two languages keep their own rules, and their messages differ.
 */

function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/** Candidates close to `word`: same letters ignoring case first, then by edit distance (at most 3, and under half the word). */
export function suggestMapNames(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const lower = word.toLowerCase();
  const max = Math.min(3, Math.max(1, Math.floor(word.length / 2)));
  const scored: Array<[string, number]> = [];
  for (const c of candidates) {
    const cl = c.toLowerCase();
    if (cl === lower) scored.push([c, -1]);
    else if (cl.startsWith(lower) && lower.length >= 3) scored.push([c, 0.5]);
    else {
      const d = editDistance(lower, cl, max);
      if (d <= max) scored.push([c, d]);
    }
  }
  scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  return scored.slice(0, limit).map(([c]) => c);
}
