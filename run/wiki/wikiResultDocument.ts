/**
 * The text of a wiki result document: a summary in leading `//` comments, then the body pretty
 * printed, so the whole document is valid JSONC. VS Code-free.
 */
import { extractWikiMessages, type WikiMessage } from './wikiMessages';
import { countItems, getContinuation, type WikiRunResult } from './wikiRun';
import { formatBytes } from '../httpClient';
import { FEED_ACTIONS, lastValue } from './wikiRequest';

export interface WikiResultSummary {
  status: number;
  statusText: string;
  elapsedMs: number;
  bytes: number;
  items: number;
  byList: Array<[string, number]>;
  warnings: number;
  errors: number;
  messages: WikiMessage[];
  hasContinue: boolean;
  pages: number;
  stoppedEarly?: string;
}

export function summariseWikiResult(r: WikiRunResult): WikiResultSummary {
  const messages = r.json === undefined ? [] : extractWikiMessages(r.json);
  const count = countItems(r.json);
  return {
    status: r.status,
    statusText: r.statusText,
    elapsedMs: r.elapsedMs,
    bytes: r.bytes,
    items: count.total,
    byList: count.byList,
    warnings: messages.filter((m) => m.severity === 'warning').length,
    errors: messages.filter((m) => m.severity === 'error').length,
    messages,
    hasContinue: getContinuation(r.json) !== undefined,
    pages: r.pages,
    stoppedEarly: r.stoppedEarly,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line: `HTTP 200 OK · 84 ms · 12.3 KB · 10 items (allpages: 10) · 1 warning · 0 errors`. */
export function summaryLine(s: WikiResultSummary): string {
  const lists = s.byList.length ? ` (${s.byList.map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
  const parts = [
    `HTTP ${s.status}${s.statusText ? ` ${s.statusText}` : ''}`,
    `${s.elapsedMs} ms`,
    formatBytes(s.bytes),
    `${plural(s.items, 'item')}${lists}`,
    plural(s.warnings, 'warning'),
    plural(s.errors, 'error'),
  ];
  if (s.pages > 1) parts.push(`${s.pages} pages merged`);
  return parts.join(' · ');
}

/** Comment text must stay on one line and never close anything: control characters become spaces. */
function oneLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u2028\u2029]+/g, ' ').trim();
}

/** The answer is a feed's RSS/Atom: shown as an XML document, not as a JSON string. */
export function isXmlResult(r: WikiRunResult): boolean {
  const action = lastValue(r.sentParams, 'action');
  return r.json === undefined && action !== undefined && FEED_ACTIONS.has(action) && /^\s*</.test(r.text);
}

export function formatWikiResultDocument(r: WikiRunResult): string {
  if (isXmlResult(r)) {
    // XML comments around the summary; the body as the wiki sent it (its <?xml …?> declaration must stay first).
    const safe = (t: string) => oneLine(t).replace(/--/g, '- -');
    const head = [`<!-- GET ${safe(r.displayUrl)} -->`, `<!-- ${safe(summaryLine(summariseWikiResult(r)))} -->`].join('\n');
    const body = r.text.replace(/^\s+/, '');
    const decl = /^<\?xml[^>]*\?>/.exec(body);
    return decl ? `${decl[0]}\n${head}\n${body.slice(decl[0].length).replace(/^\s+/, '')}\n` : `${head}\n${body}\n`;
  }
  const s = summariseWikiResult(r);
  const lines = [`// GET ${oneLine(r.displayUrl)}`, `// ${summaryLine(s)}`];
  for (const m of s.messages)
    lines.push(`// ${m.severity}${m.code ? ` ${m.code}` : ''}${m.module ? ` (${m.module})` : ''}: ${oneLine(m.text)}`);
  if (s.stoppedEarly) lines.push(`// Fetch all ${oneLine(s.stoppedEarly)}.`);
  if (s.hasContinue) lines.push('// More results: use "Continue" (next batch) or "Fetch all" above, or the editor title buttons.');
  else if (r.batch > 0 || r.pages > 1) lines.push('// Complete: no more results to fetch.');
  const body = r.json === undefined ? JSON.stringify(r.text) : JSON.stringify(r.json, null, 2);
  return `${lines.join('\n')}\n${body}\n`;
}
