/**
 * What the language server keeps per open document beyond its text, bounded over all documents: at most
 * a number of entries and a total weight (characters, numbers), the least recently used dropped first.
 * The entry used last is always kept, whatever its weight.
 *
 * Used for the documents' parses (server.ts: a parse, its syntax tree and diagnostics, takes several times
 * its text; 10,000 open documents of 2 KB held 115 MB of them, now `FIXED_LIMITS.parsedDocuments` and
 * `parsedDocumentChars`; a dropped parse is made again when asked) and for the last semantic tokens kept
 * for delta answers (editorFeatures.ts, `FIXED_LIMITS.tokenResultsKept` and `tokenResultsNumbers`).
 */

export class RecentlyUsed<K> {
  /** Each entry and its weight; least recently used first. */
  private readonly kept = new Map<K, number>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    /** Drops what is kept for an entry past the budgets. */
    private readonly drop: (entry: K) => void,
  ) {}

  /** How many entries are kept. */
  get size(): number {
    return this.kept.size;
  }

  /** `entry`'s entry (of `weight`) was just made or used: it is the most recent now; entries past the budgets are dropped. */
  use(entry: K, weight: number): void {
    const had = this.kept.get(entry);
    if (had !== undefined) {
      this.kept.delete(entry);
      this.weight -= had;
    }
    this.kept.set(entry, weight);
    this.weight += weight;
    if (this.kept.size <= this.maxEntries && this.weight <= this.maxWeight) return;
    for (const [old, n] of this.kept) {
      if (old === entry || (this.kept.size <= this.maxEntries && this.weight <= this.maxWeight)) break;
      this.kept.delete(old);
      this.weight -= n;
      this.drop(old);
    }
  }

  /** `entry` closed, or its entry was dropped elsewhere: not counted any more. */
  forget(entry: K): void {
    const had = this.kept.get(entry);
    if (had === undefined) return;
    this.kept.delete(entry);
    this.weight -= had;
  }

  /** Every entry dropped elsewhere (settings or catalogues changed). */
  clear(): void {
    this.kept.clear();
    this.weight = 0;
  }
}
