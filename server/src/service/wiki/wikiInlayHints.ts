/**
 * Inlay hints in wiki queries: after a percent-escaped (or `+`-encoded) name or value, its decoded
 * text; after `max` given to a limit, the number it stands for with the account's rights
 * (`wikimapQuery.wiki.highLimits`).
 */
import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageSettings } from '../languageTypes';
import type { WikiCatalogue } from './wikiCatalogue';
import type { WikiDocument } from './wikiTypes';
import { resolveWire } from './wikiWire';

/** Decoded texts longer than this are cut in the hint. */
const MAX_HINT_LENGTH = 60;

export function getWikiInlayHints(
  document: TextDocument,
  parsed: WikiDocument,
  range: Range,
  resolveCatalogue: (apiUrl?: string) => WikiCatalogue,
  settings?: LanguageSettings,
): InlayHint[] {
  const text = parsed.text;
  const lo = document.offsetAt(range.start);
  const hi = document.offsetAt(range.end);
  const out: InlayHint[] = [];
  const hint = (offset: number, label: string, tooltip: string) =>
    out.push({ position: document.positionAt(offset), label, kind: InlayHintKind.Type, paddingLeft: true, tooltip });
  for (const query of parsed.queries) {
    if (query.range.end < lo || query.range.start > hi) continue;
    let catalogue: WikiCatalogue | undefined;
    for (const param of query.params) {
      if (param.range.end < lo || param.range.start > hi) continue;
      const rawName = text.slice(param.nameRange.start, param.nameRange.end);
      if (isEncoded(rawName) && param.name !== rawName)
        hint(param.nameRange.end, `“${cut(param.name)}”`, `The wiki reads this name as ${JSON.stringify(param.name)}.`);
      if (!param.hasEquals) continue;
      const rawValue = text.slice(param.valueRange.start, param.valueRange.end);
      if (isEncoded(rawValue) && param.value !== rawValue)
        hint(param.valueRange.end, `= “${cut(visible(param.value))}”`, `Decoded value: ${JSON.stringify(param.value)}`);
      if (param.value === 'max') {
        catalogue ??= resolveCatalogue(query.apiUrl);
        const d = resolveWire(catalogue, param.name)?.descriptor;
        if (d?.type === 'limit' && d.max !== undefined) {
          const high = settings?.highLimits === true && d.highmax !== undefined;
          const n = high ? d.highmax! : d.max;
          const why = high ? 'with apihighlimits' : d.highmax !== undefined && d.highmax !== d.max ? `${d.highmax} with apihighlimits` : '';
          hint(
            param.valueRange.end,
            `= ${n}${why ? ` (${why})` : ''}`,
            `\`max\` asks for the most results ${param.name} allows: ${d.max}${d.highmax !== undefined ? `, or ${d.highmax} for accounts with apihighlimits (bots, admins)` : ''}.`,
          );
        }
      }
    }
  }
  return out;
}

function isEncoded(raw: string): boolean {
  return /%[0-9A-Fa-f]{2}|\+/.test(raw);
}

/** Control characters (the U+001F list separator, newlines) shown visibly. */
function visible(s: string): string {
  return s.replace(/[\x00-\x1f]/g, (c) => (c === '\x1f' ? '␟' : c === '\n' ? '⏎' : '·'));
}

function cut(s: string): string {
  return s.length > MAX_HINT_LENGTH ? s.slice(0, MAX_HINT_LENGTH - 1) + '…' : s;
}
