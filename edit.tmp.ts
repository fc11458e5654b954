import { builtinCatalogue } from './test/unit/wiki/helpers';
import { parseWikiDocument } from './server/src/service/wiki/wikiQueryParser';
import { validateWikiDocument } from './server/src/service/wiki/validation';
const samples = [
  'https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=50&cmtype=page|subcat&format=json',
  'action=query&generator=allpages&gapnamespace=0&gaplimit=max&prop=info|revisions&inprop=url&rvprop=ids|timestamp&format=json&formatversion=2',
  'action=query&meta=siteinfo&siprop=general|namespaces|statistics',
  '  &list=usercontribs&ucuser=Example&uclimit=500&ucprop=ids|title|timestamp&ucstart=2024-01-01T00:00:00Z',
  'action=query&list=recentchanges&rcnamespace=0|1|2&rclimit=100&rcprop=title|ids|sizes|flags|user&rcshow=!bot',
];
const lines: string[] = [];
let i = 0;
while (lines.length < 10000) { lines.push(samples[i++ % samples.length]); if (i % 5 === 0) lines.push(''); }
let text = lines.join('\n');
const cat = builtinCatalogue();
validateWikiDocument(parseWikiDocument(text), () => cat, {});
const times: number[] = [];
for (let k = 0; k < 50; k++) {
  const pos = text.indexOf('cmlimit=50', (k * 7919) % (text.length - 200));
  text = text.slice(0, pos + 8) + String(k % 9) + text.slice(pos + 9);
  const t0 = performance.now();
  const d = parseWikiDocument(text);
  const t1 = performance.now();
  validateWikiDocument(d, () => cat, {});
  times.push(performance.now() - t0);
  if (k === 49) console.log('parse', (t1 - t0).toFixed(2));
}
times.sort((a, b) => a - b);
console.log('edit median', times[25].toFixed(2), 'p90', times[45].toFixed(2), 'size', text.length);
