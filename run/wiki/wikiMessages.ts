/**
 * The wiki's own warnings and errors, read from a result and tied to the query's parameters,
 * so they can be shown as diagnostics (source "wiki") where they belong. VS Code-free.
 *
 * Shapes understood (all observed from MediaWiki's api.php):
 * - errorformat=plaintext/wikitext/html/raw: `errors: [{code, text|html|key, module, data?}]`,
 *   `warnings: [{code, text, module}]`.
 * - errorformat=bc (the default): `error: {code, info}`, `warnings: {module: {warnings: "a\nb"}}`
 *   (formatversion 1 puts the text under "*").
 */
import { isObject } from '../../common/isObject';
import type { WikiParams } from './wikiRequest';

export interface WikiMessage {
  severity: 'error' | 'warning';
  /** MediaWiki's code (`badvalue`, `unrecognizedparams`, …); empty in the bc warning format. */
  code: string;
  text: string;
  /** The module that reported it: `main`, `query`, `query+allpages` or `allpages`. */
  module?: string;
}

function messageText(m: Record<string, unknown>): string {
  const t = m.text ?? m.info ?? m.html ?? m['*'] ?? m.key ?? '';
  return typeof t === 'string' ? t : JSON.stringify(t);
}

export function extractWikiMessages(json: unknown): WikiMessage[] {
  const out: WikiMessage[] = [];
  if (!isObject(json)) return out;
  if (Array.isArray(json.errors)) {
    for (const e of json.errors)
      if (isObject(e))
        out.push({ severity: 'error', code: String(e.code ?? ''), text: messageText(e), module: e.module as string | undefined });
  }
  if (isObject(json.error)) {
    out.push({
      severity: 'error',
      code: String(json.error.code ?? ''),
      text: messageText(json.error),
      module: json.error.module as string | undefined,
    });
  }
  if (Array.isArray(json.warnings)) {
    for (const w of json.warnings)
      if (isObject(w))
        out.push({ severity: 'warning', code: String(w.code ?? ''), text: messageText(w), module: w.module as string | undefined });
  } else if (isObject(json.warnings)) {
    for (const [module, w] of Object.entries(json.warnings)) {
      const text = isObject(w) ? messageText({ text: w.warnings ?? w['*'] }) : String(w);
      for (const line of text.split('\n')) if (line.trim()) out.push({ severity: 'warning', code: '', text: line.trim(), module });
    }
  }
  return out;
}

/** Where in the query a wiki message belongs. */
export interface PlacedWikiMessage extends WikiMessage {
  /** The wire parameter name it is about, when one could be told; else it belongs to the whole query. */
  param?: string;
  /** The value it is about within that parameter (one item of a `|` list), when the text names one. */
  value?: string;
}

/** Quoted names in a message: `"aplimit"` (plaintext turns <var> into quotes), also “…” and <var>…</var>. */
const QUOTED = /"([^"\s]{1,80})"|“([^”\s]{1,80})”|<var>([^<\s]{1,80})<\/var>/g;

/**
 * Decides which parameter each message is about: a quoted name in the text that the query uses,
 * or the names listed by `unrecognizedparams` ("Unrecognized parameters: a, b."); otherwise the
 * parameter that selected the reporting module (`list=allpages` for module `allpages`), and
 * finally none (the whole query).
 */
export function placeWikiMessages(messages: WikiMessage[], params: WikiParams): PlacedWikiMessage[] {
  const names = new Set(params.map(([k]) => k));
  const out: PlacedWikiMessage[] = [];
  for (const m of messages) {
    const placed: PlacedWikiMessage[] = [];
    const listed = /Unrecognized parameters?:\s*(.+?)\.?$/i.exec(m.text);
    if (listed) {
      for (const raw of listed[1].split(/,\s*/)) {
        const name = raw.replace(/^["“]|["”]$/g, '').trim();
        if (names.has(name)) placed.push({ ...m, param: name });
      }
    }
    if (!placed.length) {
      for (const q of m.text.matchAll(QUOTED)) {
        const name = q[1] ?? q[2] ?? q[3];
        if (names.has(name)) {
          placed.push({ ...m, param: name, value: valueNamed(m.text, name, params) });
          break;
        }
      }
    }
    if (!placed.length && m.module) {
      const mod = m.module.replace(/^query\+/, '');
      const selector = [...params]
        .reverse()
        .find(([k, v]) => ['list', 'prop', 'meta', 'generator'].includes(k) && v.split(/[|\u001f]/).includes(mod));
      if (selector) placed.push({ ...m, param: selector[0], value: mod });
    }
    out.push(...(placed.length ? placed : [{ ...m }]));
  }
  return out;
}

/** For "Unrecognized value for parameter "list": foo." the value `foo`, when the parameter holds it. */
function valueNamed(text: string, name: string, params: WikiParams): string | undefined {
  const after = text.split(`"${name}"`)[1];
  if (!after) return undefined;
  const m = /^:\s*(.+?)\.?$/.exec(after.trim());
  if (!m) return undefined;
  const value = [...params].reverse().find(([k]) => k === name)?.[1];
  const first = m[1].split(/,\s*/)[0];
  return value !== undefined && value.split(/[|\u001f]/).includes(first) ? first : undefined;
}
