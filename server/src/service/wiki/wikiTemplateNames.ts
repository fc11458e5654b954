/**
 * Templated parameter names (`fromtext-{slot}`, paraminfo's `templatedparameters`): split into literal
 * pieces and variables, and matched against a wire name in linear time. A variable takes at least one
 * character and no line break, as the regular expression `^fromtext-(.+?)$` would, but without its
 * backtracking: a catalogue naming a template of many variables could make that take hours on one name.
 */

/** `fromtext-{slot}` → literals ['fromtext-', ''], vars ['slot']: literals.length === vars.length + 1. */
export function splitTemplate(name: string): { literals: string[]; vars: string[] } {
  const literals: string[] = [];
  const vars: string[] = [];
  let pos = 0;
  for (;;) {
    const open = name.indexOf('{', pos);
    const close = open < 0 ? -1 : name.indexOf('}', open);
    if (open < 0 || close < 0) {
      literals.push(name.slice(pos));
      return { literals, vars };
    }
    literals.push(name.slice(pos, open));
    vars.push(name.slice(open + 1, close));
    pos = close + 1;
  }
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * The variables' values when `wire` is the template with each variable replaced by a non-empty value
 * (`fromtext-main` → { slot: 'main' }); undefined otherwise. Each variable but the last ends at the
 * first place its following literal occurs (what the shortest-first match finds: when the rest does not
 * match from there, it matches from no later place either), the last one before the closing literal.
 */
export function matchTemplate(wire: string, literals: readonly string[], vars: readonly string[]): Record<string, string> | undefined {
  if (vars.length === 0) return wire === literals[0] ? {} : undefined;
  const last = literals[literals.length - 1];
  if (!wire.startsWith(literals[0]) || !wire.endsWith(last)) return undefined;
  const end = wire.length - last.length;
  const values: Record<string, string> = {};
  let pos = literals[0].length;
  for (let i = 0; i < vars.length; i++) {
    const next = i + 1 < vars.length ? literals[i + 1] : undefined;
    const stop = next === undefined ? end : wire.indexOf(next, pos + 1);
    if (stop < pos + 1 || stop + (next?.length ?? 0) > end) return undefined;
    const value = wire.slice(pos, stop);
    if (LINE_BREAK.test(value)) return undefined;
    values[vars[i]] = value;
    pos = stop + (next?.length ?? 0);
  }
  return pos === end ? values : undefined;
}
