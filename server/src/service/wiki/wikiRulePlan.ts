/**
 * The one plan both rule engines run (module rules: wikiConstraints.ts; top-level modules' rules:
 * wikiActionValidation.ts): a rule with its gate, made once per module (and wire prefix) of a
 * catalogue. The gate says what must be given for the rule to have anything to say — at least `min`
 * of the wire names `needs` (`min` 0: it always runs) — so a query pays only for the rules its
 * parameters can trigger. Each engine works out the gate of its own kinds; `gateOpen` is the one test.
 */

/** What must be given for a rule to say anything. */
export interface RuleGate {
  /** Wire names (the module's prefix applied). */
  readonly needs: readonly string[];
  /** How many of `needs` must be given (0: the rule always runs). */
  readonly min: number;
}

/** A rule as a check runs it: the rule and its gate. */
export interface PlannedRule<R> extends RuleGate {
  readonly rule: R;
}

/** The gate of a rule that always runs. */
export const ALWAYS: RuleGate = { needs: [], min: 0 };

/** The gate of a rule that needs one of `needs` (none listed: it always runs). */
export function anyOf(needs: readonly string[]): RuleGate {
  return needs.length === 0 ? ALWAYS : { needs, min: 1 };
}

/** Whether a planned rule's gate is open for the parameters `given` (a query's names, or the check's present ones). */
export function gateOpen(gate: RuleGate, given: { has(name: string): boolean }): boolean {
  const min = gate.min;
  if (min === 0) return true;
  const needs = gate.needs;
  let n = 0;
  for (let i = 0; i < needs.length; i++) if (given.has(needs[i]) && ++n >= min) return true;
  return false;
}
