// `npm run bench:first -- [OTHER_CHECKOUT]`: what a user meets first — whole-document wiki checks in a
// fresh process, the service bundled with esbuild as it ships. Each run is a new node process that
// checks a 10k-line document 60 times (a fresh language service each time, so nothing is cached) and
// prints the median; runs of this checkout and of OTHER_CHECKOUT (e.g. a worktree of an older commit)
// alternate, and the medians of the runs and their ratio are printed. Nothing here asserts a time.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const RUNS = 5;
const here = path.resolve(__dirname, '..');

/** The checking program for one checkout, importing that checkout's service (older layouts had a module cache to clear). */
function entryFor(root: string): string {
  const q = (rel: string) => JSON.stringify(path.join(root, rel));
  const oldCache = fs.existsSync(path.join(root, 'server/src/service/wiki/validation.ts'));
  return `
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from ${q('node_modules/vscode-languageserver-textdocument')};
import { getWikiLanguageService } from ${q('server/src/service/wiki/wikiLanguageService')};
import { loadBuiltinCatalogue } from ${q('server/src/service/wiki/wikiCatalogue')};
import { generateWikiDocument } from ${q('bench/generate')};
${oldCache ? `import { clearValidationCache } from ${q('server/src/service/wiki/validation')};` : 'const clearValidationCache = () => undefined;'}
const catalogue = loadBuiltinCatalogue((p: string) => JSON.parse(fs.readFileSync(path.join(${JSON.stringify(root)}, p), 'utf8')));
const text = generateWikiDocument(10000);
const times: number[] = [];
for (let i = 0; i < 60; i++) {
  clearValidationCache();
  const service = getWikiLanguageService({ resolveCatalogue: () => catalogue });
  const start = performance.now();
  const document = TextDocument.create('file:///first-' + i + '.wikiquery', 'wikiquery', 1, text);
  service.doValidation(document, service.parse(document));
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(times[30]);
`;
}

function bundle(root: string, dir: string, name: string): string {
  const entry = path.join(dir, `${name}.ts`);
  fs.writeFileSync(entry, entryFor(root));
  const outfile = path.join(dir, `${name}.js`);
  esbuild.buildSync({ entryPoints: [entry], bundle: true, platform: 'node', target: 'node20', outfile, logLevel: 'error' });
  return outfile;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main(): void {
  const other = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wikimap-first-'));
  try {
    const programs: Array<[string, string]> = [['this checkout', bundle(here, dir, 'here')]];
    if (other) programs.push([other, bundle(other, dir, 'other')]);
    const results = new Map<string, number[]>(programs.map(([label]) => [label, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const [label, file] of programs) {
        const out = spawnSync(process.execPath, [file], { encoding: 'utf8' });
        if (out.status !== 0) throw new Error(`${label}: ${out.stderr}`);
        results.get(label)!.push(Number(out.stdout.trim()));
      }
    }
    console.log('# whole-document wiki check, 10k lines, fresh process (median of 60 checks per run)');
    for (const [label, times] of results) {
      console.log(`${label}: median ${median(times).toFixed(1)} ms (runs ${times.map((t) => t.toFixed(1)).join(', ')})`);
    }
    if (other) console.log(`ratio this / other: ${(median(results.get('this checkout')!) / median(results.get(other)!)).toFixed(3)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
