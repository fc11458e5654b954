/**
 * No comment or document cites a file that is not in the repository: a path of the repository's own
 * folders (`server/src/…`, `docs/…`), a relative path (`./x.ts`, `../x.ts`) or a top-level document
 * (`CONTRIBUTING.md`) must name a tracked file. Files built or written at run time (`dist/`, `out/`) are not
 * checked; test files (`*.test.ts`), which make up paths for their fixtures, are not read.
 */
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const TOP = ['server', 'client', 'common', 'docs', 'scripts', 'bench', 'descriptors', 'test', 'examples', 'syntaxes'];
const EXT = '(?:md|ts|js|mjs|json|sh|el|vim|lua)';
/** `server/src/x.ts`, `./x.ts`, `../a/x.ts`, `CONTRIBUTING.md`: the citations checked. */
const CITATION = new RegExp(
  `(?<![\\w/.@$-])((?:\\.\\.?/)+[\\w./-]+\\.${EXT}|(?:${TOP.join('|')})/[\\w./-]+\\.${EXT}|[A-Z][A-Z_]+\\.md)\\b`,
  'g',
);
/** Files whose paths are fixtures or history (the changelog names files as they were). */
const NOT_READ = [/\.test\.ts$/, /^CHANGELOG\.md$/, /^test\/fixtures\//];
/** Paths that are not citations: each with why. */
const NOT_CITATIONS = new Set([
  // bench:first also runs other checkouts, whose validator may still have its older name
  'bench/firstChecks.ts: server/src/service/wiki/validation.ts',
  // a file the build derives and writes beside the run-time copies of the data (dist/descriptors/), as the bundles read it
  'scripts/lib/runtimeData.js: descriptors/wiki/versions/core-presence.json',
  'server/src/service/wiki/wikiCatalogue.ts: descriptors/wiki/versions/core-presence.json',
]);

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

function missingCitations(files: string[]): string[] {
  const tracked = new Set(files);
  const dirs = new Set(files.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i).join('/'))));
  const exists = (p: string) => tracked.has(p) || dirs.has(p) || fs.existsSync(path.join(ROOT, p));
  const missing: string[] = [];
  for (const file of files) {
    if (!/\.(ts|js|mjs|md|sh)$/.test(file) || NOT_READ.some((re) => re.test(file))) continue;
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(CITATION)) {
        const cited = m[1];
        if (/(^|\/)(dist|out|node_modules)\//.test(cited) || NOT_CITATIONS.has(`${file}: ${cited}`)) continue;
        const resolved = cited.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), cited)) : cited;
        if (!exists(resolved)) missing.push(`${file}:${i + 1}: ${cited}`);
      }
    });
  }
  return missing;
}

describe('cited files', () => {
  it('every file a comment or document cites is in the repository', () => {
    assert.deepEqual(missingCitations(trackedFiles()), []);
  });
});
