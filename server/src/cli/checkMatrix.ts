/**
 * `wikimap-query check --format matrix`: one line per request (a query of a .wikiquery file, an
 * api.php URL of a markdown file, a request found in source code, a map query file), one column per
 * target (or a single column without --target): `ok`, `note`, `warn` or `error`, the worst problem
 * of that request on that target. A result belongs to the request its start lies in (two requests on
 * one line of markdown or source code each get their own), else to the requests on its line.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** What the matrix reads of a check result (the check command's `CheckResult`). */
interface CheckResult {
  line: number;
  column: number;
  severity: string;
  targets?: string[];
}

export interface MatrixFile<R extends CheckResult = CheckResult> {
  file: string;
  document: TextDocument;
  /** Offset ranges of the file's requests. */
  requests: { start: number; end: number }[];
  /** The file's results (all of them; those not in the run's kept set, e.g. in the baseline, are left out). */
  results: R[];
}

const RANK: Record<string, number> = { error: 3, warning: 2, information: 1, hint: 1 };
const CELL = ['ok', 'note', 'warn', 'error'];
/** Longest request text shown in the first column. */
const SHOWN_CHARS = 60;

/** The worst rank of `results` that `target` produces (every result without targets). */
function worst(results: CheckResult[], target: string | undefined): number {
  let rank = 0;
  for (const r of results) {
    if (target !== undefined && r.targets && !r.targets.includes(target)) continue;
    rank = Math.max(rank, RANK[r.severity] ?? 2);
  }
  return rank;
}

/** Each request's results: those starting inside it; a result inside none goes to the requests on its line. */
function resultsByRequest<R extends CheckResult>(m: MatrixFile<R>, results: R[]): R[][] {
  const rows: R[][] = m.requests.map(() => []);
  const lines = m.requests.map((req) => [m.document.positionAt(req.start).line + 1, m.document.positionAt(req.end).line + 1]);
  for (const r of results) {
    const at = m.document.offsetAt({ line: r.line - 1, character: r.column - 1 });
    let inside = m.requests.map((req, i) => (at >= req.start && at <= req.end ? i : -1)).filter((i) => i >= 0);
    if (!inside.length) inside = lines.map(([first, last], i) => (r.line >= first && r.line <= last ? i : -1)).filter((i) => i >= 0);
    for (const i of inside) rows[i].push(r);
  }
  return rows;
}

function requestLabel(m: MatrixFile<CheckResult>, req: { start: number; end: number }): string {
  const first = m.document.positionAt(req.start).line + 1;
  const text = m.document.getText().slice(req.start, Math.min(req.end, req.start + SHOWN_CHARS * 4));
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const shown = oneLine.length > SHOWN_CHARS ? `${oneLine.slice(0, SHOWN_CHARS - 1)}…` : oneLine;
  return `${m.file}:${first} ${shown}`;
}

/** Prints the matrix on stdout and its totals on stderr. */
export function printMatrix<R extends CheckResult>(
  files: MatrixFile<R>[],
  kept: Set<R>,
  targets: string[] | undefined,
  io: { stdout(text: string): void; stderr(text: string): void },
): void {
  const columns = targets ?? ['verdict'];
  const rows: string[][] = [];
  const counts = columns.map(() => [0, 0, 0, 0]);
  for (const m of files) {
    const byRequest = resultsByRequest(
      m,
      m.results.filter((r) => kept.has(r)),
    );
    for (const [n, req] of m.requests.entries()) {
      const label = requestLabel(m, req);
      const cells = columns.map((c, i) => {
        const rank = worst(byRequest[n], targets ? c : undefined);
        counts[i][rank]++;
        return CELL[rank];
      });
      rows.push([label, ...cells]);
    }
  }
  const header = ['request', ...columns];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ') + '\n';
  io.stdout(line(header));
  for (const r of rows) io.stdout(line(r));
  const summary = columns.map((c, i) => `${c}: ${counts[i][0]} ok, ${counts[i][2] + counts[i][1]} warn/note, ${counts[i][3]} error`);
  io.stderr(`${rows.length} request${rows.length === 1 ? '' : 's'}; ${summary.join('; ')}\n`);
}
