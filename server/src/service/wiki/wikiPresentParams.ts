/**
 * The parameters a query's check recognised (`QueryCheck.present`: wire name → pair). Nearly every pair
 * recognised is the query's own pair under its own name, at one of its first 32 positions: that is one
 * bit of a number, and a lookup is the query's own (`ParamLookup.get`: mostly one bit test) — where a
 * Map per query was about a tenth of what a whole-document check allocates. Anything else (a later
 * position, a pair under another name) goes to a Map made on first need. Same answers as a Map.
 */
import type { ParamLookup, WikiParam } from './wikiTypes';

/** Positions below this are kept as bits. */
const BITS = 32;

export class PresentParams {
  /** Bit i: the query's pair at position i is recognised under its own name. */
  private marks = 0;
  private more: Map<string, WikiParam> | undefined = undefined;

  constructor(private readonly byName: ParamLookup) {}

  set(name: string, p: WikiParam): void {
    const own = this.byName.get(name);
    if (own === p && p.index < BITS) {
      this.marks |= 1 << p.index;
      this.more?.delete(name);
      return;
    }
    // (The last set wins, as in a Map: a bit of the same name is cleared.)
    if (own !== undefined && own.index < BITS) this.marks &= ~(1 << own.index);
    (this.more ??= new Map()).set(name, p);
  }

  get(name: string): WikiParam | undefined {
    if (this.marks !== 0) {
      const p = this.byName.get(name);
      if (p !== undefined && p.index < BITS && (this.marks & (1 << p.index)) !== 0) return p;
    }
    return this.more === undefined ? undefined : this.more.get(name);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}
