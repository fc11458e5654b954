import { builtinCatalogue, readRepoJson } from './test/unit/wiki/helpers';
import { parseWikiDocument } from './server/src/service/wiki/wikiQueryParser';
import { validateWikiDocument, clearValidationCache } from './server/src/service/wiki/validation';
import { loadBuiltinCatalogue } from './server/src/service/wiki/wikiCatalogue';
const samples = [
  'https://en.wikipedia.org/w/api.php?action=query&list=categorymembers&cmtitle=Category:Physics&cmlimit=50&cmtype=page|subcat&format=json',
  'action=query&generator=allpages&gapnamespace=0&gaplimit=max&prop=info|revisions&inprop=url&rvprop=ids|timestamp&format=json&formatversion=2',
  'action=query&meta=siteinfo&siprop=general|namespaces|statistics',
  'action=query&list=usercontribs&ucuser=Example&uclimit=500&ucprop=ids|title|timestamp&ucstart=2024-01-01T00:00:00Z',
  'action=query&list=recentchanges&rcnamespace=0|1|2&rclimit=100&rcprop=title|ids|sizes|flags|user&rcshow=!bot',
  'action=query&prop=revisions&titles=Main%20Page&rvprop=content&rvslots=main&rvlimit=1',
  '# comment',
  'action=query&list=search&srsearch=foo+bar&srlimit=20&srwhat=text',
  'action=query&list=allusers&augroup=sysop&aulimit=max&auprop=groups|editcount',
];
const lines: string[] = [];
let i = 0;
while (lines.length < 10000) { lines.push(samples[i++ % samples.length]); if (i % 3 === 0) lines.push(''); }
const text = lines.join('\n');
const cat = builtinCatalogue();
function time(name: string, f: () => void, n = 10) { f(); const t0 = performance.now(); for (let k = 0; k < n; k++) f(); const ms = (performance.now() - t0) / n; console.log(name, ms.toFixed(2), 'ms', (text.length / 1e6 / (ms / 1000)).toFixed(1), 'MB/s'); }
time('urlsearchparams', () => { for (const l of text.split('\n')) { const q = l.indexOf('?'); new URLSearchParams(q >= 0 ? l.slice(q + 1) : l).forEach(() => {}); } });
time('parse', () => { parseWikiDocument(text); });
time('parse+validate (cold)', () => { clearValidationCache(); validateWikiDocument(parseWikiDocument(text), () => cat, {}); });
time('parse+validate (warm)', () => { validateWikiDocument(parseWikiDocument(text), () => cat, {}); });
const t0 = performance.now(); for (let k = 0; k < 20; k++) loadBuiltinCatalogue(readRepoJson); console.log('catalogue load+index (incl. JSON read)', ((performance.now() - t0) / 20).toFixed(2), 'ms');
const mods = readRepoJson('descriptors/wiki/query-modules.json'); const core = readRepoJson('descriptors/wiki/api-core.json'); const cons = readRepoJson('descriptors/wiki/constraints.json');
const { createWikiCatalogue } = require('./server/src/service/wiki/wikiCatalogue');
const t1 = performance.now(); for (let k = 0; k < 50; k++) createWikiCatalogue(mods, { core, constraints: cons }); console.log('index only', ((performance.now() - t1) / 50).toFixed(2), 'ms');
console.log('diagnostics', validateWikiDocument(parseWikiDocument(text), () => cat, {}).length, 'size', text.length);
