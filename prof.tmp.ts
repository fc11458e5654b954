import { parseWikiDocument } from './server/src/service/wiki/wikiQueryParser';
const samples = [
  'https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=50&cmtype=page|subcat&format=json',
  'action=query&generator=allpages&gapnamespace=0&gaplimit=max&prop=info|revisions&inprop=url&rvprop=ids|timestamp&format=json&formatversion=2',
  'action=query&list=search&srsearch=foo+bar&srlimit=20&srwhat=text',
];
const lines: string[] = [];
let i = 0;
while (lines.length < 10000) { lines.push(samples[i++ % samples.length]); if (i % 3 === 0) lines.push(''); }
const text = lines.join('\n');
for (const variant of [text, text.replace(/https:\/\/[^?]*\?/g, ''), text.replace(/\+/g, '_')]) {
  for (let k = 0; k < 5; k++) parseWikiDocument(variant);
  const t0 = performance.now(); for (let k = 0; k < 20; k++) parseWikiDocument(variant); console.log(((performance.now() - t0) / 20).toFixed(2), 'ms', variant.length);
}
