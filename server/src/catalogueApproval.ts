/**
 * Where the user meets the catalogue fetch policy (catalogue/fetchPolicy.ts): a query URL naming a
 * wiki whose catalogue is not fetched gets one information diagnostic saying the built-in catalogue
 * judges it, and — for a public wiki — the quick fix "Load the catalogue of HOST", which runs the
 * client command `wikimapQuery.wiki.approveCatalogue` with the wiki's origin. The VS Code client
 * records the approval in the *user* settings (`wikimapQuery.wiki.approvedCatalogues`, application
 * scope), never in the workspace; other editors add the origin to that setting themselves.
 */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import type { SeveritySetting } from './service/languageTypes';
import { severityOf } from './service/severity';
import { DEFAULT_SEVERITIES } from './service/wiki/wikiDiagnosticCodes';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FetchDecision } from './catalogue/fetchPolicy';
import { originOf } from './catalogue/fetchPolicy';
import type { WikiDocument } from './service/wiki/wikiTypes';

const CATALOGUE_NOT_LOADED_CODE = 'catalogue-not-loaded';
const APPROVE_CATALOGUE_COMMAND = 'wikimapQuery.wiki.approveCatalogue';
/** Most such notes per document (a file listing hundreds of wikis gets the first ones). */
const MAX_NOTES = 50;

interface NoteData {
  origin: string;
  approvable: boolean;
}

/** Notes for the queries of a parsed wiki document that name a wiki whose catalogue is not fetched. */
export function catalogueApprovalDiagnostics(
  document: TextDocument,
  parsed: Pick<WikiDocument, 'queries'>,
  decide: (apiUrl: string) => FetchDecision,
  overrides?: Readonly<Record<string, SeveritySetting>>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const severity = severityOf(CATALOGUE_NOT_LOADED_CODE, DEFAULT_SEVERITIES[CATALOGUE_NOT_LOADED_CODE] ?? 'information', overrides);
  if (severity === undefined) return out;
  const text = document.getText();
  const decided = new Map<string, FetchDecision>();
  for (const q of parsed.queries ?? []) {
    if (out.length >= MAX_NOTES) break;
    if (!q.apiUrl) continue;
    let decision = decided.get(q.apiUrl);
    if (!decision) decided.set(q.apiUrl, (decision = decide(q.apiUrl)));
    if (decision.allowed || (decision.why !== 'unknown' && decision.why !== 'private')) continue;
    const origin = originOf(q.apiUrl);
    if (!origin) continue;
    const host = new URL(origin).host;
    // The URL part of the query: from its start to the `?` (on the same line).
    const start = q.range.start;
    const lineEnd = text.indexOf('\n', start);
    const limit = lineEnd < 0 ? text.length : lineEnd;
    const mark = text.indexOf('?', start);
    const end = mark >= 0 && mark < limit ? mark : Math.min(limit, start + q.apiUrl.length);
    const message =
      decision.why === 'unknown'
        ? `The built-in catalogue judges this query: the catalogue of ${host} is not loaded, because no wiki is contacted just because a document names it. Use the quick fix "Load the catalogue of ${host}" (remembered in your user settings), or add the wiki to wikimapQuery.wikis.`
        : `The built-in catalogue judges this query: ${host} is a local or private-network address, which is contacted only when you configure it in wikimapQuery.wiki.apiUrl or wikimapQuery.wikis.`;
    out.push({
      range: { start: document.positionAt(start), end: document.positionAt(Math.max(start, end)) },
      severity,
      code: CATALOGUE_NOT_LOADED_CODE,
      source: 'wikimap-query',
      message,
      data: { origin, approvable: decision.why === 'unknown' } satisfies NoteData,
    });
  }
  return out;
}

/** "Load the catalogue of HOST" for each approvable note among the diagnostics of the request. */
export function catalogueApprovalActions(diagnostics: Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    if (d.code !== CATALOGUE_NOT_LOADED_CODE) continue;
    const data = d.data as Partial<NoteData> | undefined;
    if (!data?.approvable || typeof data.origin !== 'string') continue;
    const origin = originOf(data.origin);
    if (!origin || seen.has(origin)) continue;
    seen.add(origin);
    const title = `Load the catalogue of ${new URL(origin).host}`;
    actions.push({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      command: { title, command: APPROVE_CATALOGUE_COMMAND, arguments: [origin] },
    });
  }
  return actions;
}
