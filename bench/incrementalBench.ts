// Bench rows for the language server's incremental parse of source files (server/src/embedded/keptTrees.ts):
// one edit in a large Python file (~1 MB, under the parser's 2 M-character limit), found again as the
// server does it — with the document's kept tree (incremental) and without (fresh) — interleaved,
// median of several edits. Both include the finder's walk, which reads the whole tree either way.
import { performance } from 'node:perf_hooks';
import { HostParsers } from '../server/src/embedded/hostParsers';
import { hostLanguage } from '../server/src/service/embedded/hostLanguages';
import { createPackageFiles } from '../server/src/node/nodeRuntime';

type RowFn = (name: string, value: number | string, unit: string, target: string, met: boolean | null) => void;

/** A Python module of about `chars` characters: functions, and a MediaWiki request every 50th. */
function largePython(chars: number): string {
  const parts = ['import requests\n\nAPI = "https://en.wikipedia.org/w/api.php"\n\n'];
  let size = parts[0].length;
  for (let i = 0; size < chars; i++) {
    const part =
      i % 50 === 0
        ? `def search${i}(s):\n    params = {"action": "query", "list": "search", "srsearch": s, "srlimt": ${i % 500}}\n    return requests.get(API, params=params)\n\n`
        : `def f${i}(a, b=${i % 10}):\n    x = [v * ${(i % 9) + 1} for v in range(a)]\n    if b > len(x):\n        return {"k${i}": x}\n    return sum(x) + b  # note ${i}\n\n`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

export async function benchIncremental(root: string, row: RowFn, median: (xs: number[]) => number): Promise<void> {
  const lang = hostLanguage('python')!;
  const parsers = new HostParsers(createPackageFiles(root));
  await parsers.prepare(lang);
  let text = largePython(1_000_000);
  const doc = 'file:///bench/large.py';
  parsers.findLoaded(text, lang, doc);
  const fresh: number[] = [];
  const incremental: number[] = [];
  const parseOnly: number[] = [];
  for (let i = 0; i < 9; i++) {
    // one keystroke in the middle of a line somewhere in the file
    const at = text.indexOf('return sum', Math.floor((text.length * (i + 1)) / 11));
    text = `${text.slice(0, at)}y${text.slice(at)}`;
    let t0 = performance.now();
    parsers.findLoaded(text, lang, doc);
    incremental.push(performance.now() - t0);
    t0 = performance.now();
    parsers.findLoaded(text, lang);
    fresh.push(performance.now() - t0);
    t0 = performance.now();
    (await parsers.parseTree(text, lang))?.delete();
    parseOnly.push(performance.now() - t0);
  }
  parsers.forget(doc);
  const f = median(fresh);
  const n = median(incremental);
  row(`one edit in a ${(text.length / 1e6).toFixed(1)} MB Python file: parse + find, fresh (median of 9)`, f, 'ms', '-', null);
  row('  the same with the kept tree (incremental, as the server does)', n, 'ms', '-', null);
  row('  ratio incremental / fresh', n / f, 'x', '< 1', n / f < 1);
  row('  of which a fresh parse alone', median(parseOnly), 'ms', '-', null);
}
