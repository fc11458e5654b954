/**
 * The rules of a data file (constraints.json, action-constraints.json) as a catalogue holds them: at
 * load only grouped by module (one pass reading each rule's `module`), each module's rules read,
 * checked and kept or dropped for the catalogue on the first check that uses that module. A document
 * that selects three modules pays for their rules, not for all of them.
 *
 * Every rule keeps its position in the data: checks that merge several modules' rules keep data order.
 */

/** How a book reads its rules: the cheap check made at load, the full reading, and the catalogue's filter. */
export interface RuleReader<R> {
  /** At load: the module a raw rule belongs to (throws when the rule cannot even say that). */
  moduleOf(raw: unknown, position: number): string;
  /** On first use: the rule read and checked (throws, naming the rule, when it is malformed). */
  read(raw: unknown, position: number): R;
  /** Whether the rule applies in this catalogue (its module and parameters exist, its versions hold). */
  keep(rule: R): boolean;
}

/** One module's rules, in data order, with their positions in the data. */
export interface ModuleRules<R> {
  readonly rules: readonly R[];
  readonly positions: readonly number[];
}

const EMPTY: ModuleRules<never> = { rules: [], positions: [] };

export class RuleBook<R> {
  /** How many rules the data has (kept or not). */
  readonly size: number;
  private readonly raw = new Map<string, number[]>();
  private readonly read = new Map<string, ModuleRules<R>>();

  constructor(
    private readonly data: readonly unknown[],
    private readonly reader: RuleReader<R>,
  ) {
    this.size = data.length;
    for (let i = 0; i < data.length; i++) {
      const module = reader.moduleOf(data[i], i);
      const list = this.raw.get(module);
      if (list) list.push(i);
      else this.raw.set(module, [i]);
    }
  }

  /** Whether the data has rules for `module` (before they are read: some may not apply here). */
  has(module: string): boolean {
    return this.raw.has(module);
  }

  /** The rules of `module` that apply here, read on the first call. */
  of(module: string): ModuleRules<R> {
    // (Asked for every query; the reading is a function of its own, so that the optimizing compiler does not
    // compile it again into each hot caller this lookup is inlined into.)
    const got = this.read.get(module);
    return got !== undefined ? got : this.readModule(module);
  }

  /** The first call of `of` for `module`: its rules read, checked and kept (a module without rules is kept as none). */
  private readModule(module: string): ModuleRules<R> {
    const at = this.raw.get(module);
    if (at === undefined) {
      // (Names of the catalogue's modules: as many as it has.)
      this.read.set(module, EMPTY);
      return EMPTY;
    }
    const rules: R[] = [];
    const positions: number[] = [];
    for (const i of at) {
      const rule = this.reader.read(this.data[i], i);
      if (!this.reader.keep(rule)) continue;
      rules.push(rule);
      positions.push(i);
    }
    const got = rules.length === 0 ? EMPTY : { rules, positions };
    this.read.set(module, got);
    return got;
  }

  /** Every rule that applies here, in data order (reads every module's rules). */
  all(): R[] {
    const byPosition: { rule: R; at: number }[] = [];
    for (const module of this.raw.keys()) {
      const { rules, positions } = this.of(module);
      for (let k = 0; k < rules.length; k++) byPosition.push({ rule: rules[k], at: positions[k] });
    }
    return byPosition.sort((a, b) => a.at - b.at).map((x) => x.rule);
  }
}
