import { readCorpus, checkerVerdict, sameVerdict, formatVerdict } from './test/mediawiki/wikiVerdict';
import { validate } from './test/unit/wiki/helpers';
let ok = 0, bad = 0;
const fails: string[] = [];
for (const e of readCorpus()) {
  const ds = validate('action=query&' + e.query);
  const diags = ds.map((d) => ({ file: '', line: 0, column: 0, endLine: 0, endColumn: 0, severity: d.severity, code: d.code, message: d.message, param: d.param }));
  const cv = checkerVerdict(diags);
  if (sameVerdict(e.expected, cv)) ok++; else { bad++; fails.push(`${e.line}: expected ${formatVerdict(e.expected)} got ${formatVerdict(cv)} | ${e.query}`); }
}
console.log(`${ok}/${ok + bad} agree`);
console.log(fails.join('\n'));
