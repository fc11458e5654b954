/**
 * What several target wikis answer for one document, merged (the CLI's `check --target` and the editor's targets,
 * targets.ts): diagnostics one per range and code with the worst severity and the targets that produce them,
 * hovers grouped by the targets that say the same, completion items offered by every target first. Pure: the
 * editor's target code (a chunk of its own, editorTargets.ts) and the CLI each carry it.
 */
import type { CompletionItem, CompletionList, Diagnostic, Hover, MarkupContent } from 'vscode-languageserver-types';

/** A diagnostic of the merged judging, and the targets that produce it. */
export interface TargetedDiagnostic {
  diagnostic: Diagnostic;
  targets: string[];
}

/** The parameter a diagnostic names (its `data.param`), or '' when it names none. */
function paramOfDiagnostic(d: Diagnostic): string {
  const data = d.data as { param?: unknown } | undefined;
  return typeof data === 'object' && data !== null && typeof data.param === 'string' ? data.param : '';
}

/**
 * Merges each target's diagnostics: one per range, code and parameter (the first target's message),
 * the worst severity over the targets that produce it, and their names in the order the targets were
 * given. The parameter keeps apart two verdicts of one code at one place: `rvdifftotext` deprecated
 * and the deprecation for the `rvslots` left out both stand on `rvdifftotext`.
 */
export function mergeByTarget(perTarget: { name: string; diagnostics: Diagnostic[] }[]): TargetedDiagnostic[] {
  const byKey = new Map<string, TargetedDiagnostic>();
  for (const { name, diagnostics } of perTarget) {
    for (const d of diagnostics) {
      const r = d.range;
      const key = `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}\u0000${String(d.code ?? '')}\u0000${paramOfDiagnostic(d)}`;
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { diagnostic: { ...d }, targets: [name] });
      else {
        if (!seen.targets.includes(name)) seen.targets.push(name);
        if ((d.severity ?? 1) < (seen.diagnostic.severity ?? 1)) seen.diagnostic.severity = d.severity;
      }
    }
  }
  return [...byKey.values()];
}

/** What a message says of the targets: `[on A, B; accepted by C]`, or `[on every target: A, B]`. */
export function targetsNote(targets: readonly string[], all: readonly string[]): string {
  const accepted = all.filter((t) => !targets.includes(t));
  return accepted.length ? `[on ${targets.join(', ')}; accepted by ${accepted.join(', ')}]` : `[on every target: ${targets.join(', ')}]`;
}

/** The merged diagnostics with the targets named in each message (what an editor shows). */
export function diagnosticsNamingTargets(perTarget: { name: string; diagnostics: Diagnostic[] }[]): Diagnostic[] {
  const all = perTarget.map((t) => t.name);
  return mergeByTarget(perTarget).map((m) => ({ ...m.diagnostic, message: `${m.diagnostic.message} ${targetsNote(m.targets, all)}` }));
}

function hoverText(hover: Hover | null): string | undefined {
  if (!hover) return undefined;
  const c = hover.contents;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n\n');
  return (c as MarkupContent).value ?? (c as { value: string }).value;
}

/**
 * One hover for several targets: as it is when every target says the same; else one section per
 * group of targets that say the same, headed by their names (a target that knows nothing there says so).
 */
export function mergeHoversByTarget(perTarget: { name: string; hover: Hover | null }[]): Hover | null {
  const groups: { text: string | undefined; names: string[] }[] = [];
  for (const { name, hover } of perTarget) {
    const text = hoverText(hover);
    const group = groups.find((g) => g.text === text);
    if (group) group.names.push(name);
    else groups.push({ text, names: [name] });
  }
  const first = perTarget.find((t) => t.hover)?.hover;
  if (!first) return null;
  if (groups.length === 1) return first;
  const sections = groups.map((g) => `**${g.names.join(', ')}:**\n\n${g.text ?? '_Not known on this target._'}`);
  return { contents: { kind: 'markdown', value: sections.join('\n\n---\n\n') }, range: first.range };
}

/** The key completion items of different targets are the same item by. */
function itemKey(item: CompletionItem): string {
  return `${item.label}\u0000${item.kind ?? ''}`;
}

/**
 * One completion list for several targets: what every target offers first (its own order kept),
 * then what only some offer, each marked "only on A, B".
 */
export function mergeCompletionsByTarget(perTarget: { name: string; list: CompletionList }[]): CompletionList {
  const byKey = new Map<string, { item: CompletionItem; names: string[] }>();
  for (const { name, list } of perTarget) {
    for (const item of list.items) {
      const key = itemKey(item);
      const seen = byKey.get(key);
      if (seen) seen.names.push(name);
      else byKey.set(key, { item, names: [name] });
    }
  }
  const all = perTarget.length;
  const items = [...byKey.values()].map(({ item, names }) => {
    const sort = item.sortText ?? item.label;
    if (names.length === all) return { ...item, sortText: `0${sort}` };
    const only = `only on ${names.join(', ')}`;
    return {
      ...item,
      sortText: `1${sort}`,
      detail: item.detail ? `${item.detail} (${only})` : only,
      labelDetails: { ...item.labelDetails, description: only },
    };
  });
  const first = perTarget[0]?.list;
  return {
    isIncomplete: perTarget.some((t) => t.list.isIncomplete),
    items,
    ...(first?.itemDefaults ? { itemDefaults: first.itemDefaults } : {}),
  };
}
