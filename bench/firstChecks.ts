// `npm run bench:first -- [--runs N] [OTHER_CHECKOUT ...]`: what a user meets first — whole-document wiki checks in a
// fresh process, the service bundled with esbuild as it ships. Each run is a new node process that
// checks a 10k-line document 60 times (a fresh language service each time, so nothing is cached) and
// prints the median; runs of this checkout and of each OTHER_CHECKOUT (e.g. worktrees of older commits)
// alternate, and the medians of the runs and their ratios are printed. Nothing here asserts a time.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { median, parseCheckoutArgs, runProgram, withCheckoutPrograms } from './checkoutRuns';

/** The checking program for one checkout, importing that checkout's service (older layouts had a module cache to clear). */
function entryFor(root: string): string {
  const q = (rel: string) => JSON.stringify(path.join(root, rel));
  const oldValidation = path.join(root, 'server/src/service/wiki/validation.ts');
  const oldCache = fs.existsSync(oldValidation) && fs.readFileSync(oldValidation, 'utf8').includes('export function clearValidationCache');
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

function main(): void {
  const { runs, others } = parseCheckoutArgs(process.argv.slice(2), 5);
  withCheckoutPrograms('wikimap-first-', others, entryFor, (programs) => {
    const results = new Map<string, number[]>(programs.map(([label]) => [label, []]));
    for (let run = 0; run < runs; run++) {
      for (const [label, file] of programs) results.get(label)!.push(Number(runProgram(label, file)));
    }
    console.log(`# whole-document wiki check, 10k lines, fresh process (median of 60 checks per run, ${runs} runs)`);
    const mine = median(results.get('this checkout')!);
    for (const [label, times] of results) {
      const ratio = label === 'this checkout' ? '' : `  ratio this / it: ${(mine / median(times)).toFixed(3)}`;
      console.log(`${label}: median ${median(times).toFixed(1)} ms (runs ${times.map((t) => t.toFixed(1)).join(', ')})${ratio}`);
    }
  });
}

main();
