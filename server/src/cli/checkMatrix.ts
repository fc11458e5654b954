/**
 * `wikimap-query check --format matrix`: one line per request (a query of a .wikiquery file, an
 * api.php URL of a markdown file, a request found in source code, a map query file), one column per
 * target (or a single column without --target): `ok`, `note`, `warn` or `error`, the worst problem
 * of that request on that target.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** What the matrix reads of a check result (the check command's `CheckResult`). */
interface CheckResult {
  line: number;
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

/** The worst rank of the results on lines first..last (1-based) that `target` produces (every result without targets). */
function worst(results: CheckResult[], first: number, last: number, target: string | undefined): number {
  let rank = 0;
  for (const r of results) {
    if (r.line < first || r.line > last) continue;
    if (target !== undefined && r.targets && !r.targets.includes(target)) continue;
    rank = Math.max(rank, RANK[r.severity] ?? 2);
  }
  return rank;
}

function requestLabel(m: MatrixFile<CheckResult>, req: { start: number; end: number }): { label: string; first: number; last: number } {
  const first = m.document.positionAt(req.start).line + 1;
  const last = m.document.positionAt(req.end).line + 1;
  const text = m.document.getText().slice(req.start, Math.min(req.end, req.start + SHOWN_CHARS * 4));
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const shown = oneLine.length > SHOWN_CHARS ? `${oneLine.slice(0, SHOWN_CHARS - 1)}…` : oneLine;
  return { label: `${m.file}:${first} ${shown}`, first, last };
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
    const results = m.results.filter((r) => kept.has(r));
    for (const req of m.requests) {
      const { label, first, last } = requestLabel(m, req);
      const cells = columns.map((c, i) => {
        const rank = worst(results, first, last, targets ? c : undefined);
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
