import { startMediaWiki, MediaWikiClient, TEST_USER, TEST_PASSWORD } from './mediawikiServer';
(async () => {
const t0 = Date.now();
const w = await startMediaWiki({ extensions: ['TextExtracts'] });
console.log(w.apiUrl, w.generator, Date.now() - t0);
const c = new MediaWikiClient(w.apiUrl);
await c.login(TEST_USER, TEST_PASSWORD);
for (const q of ['list=watchlist', 'list=alldeletedrevisions&adrprop=ids', 'list=allimages', 'list=categorymembers&cmtitle=Category:Letters', 'prop=extracts&titles=Alpha&exintro=1', 'list=mystashedfiles', 'list=deletedrevs', 'list=allpages&aplimit=5000', 'generator=allpages&prop=info']) {
  const r = await c.get('action=query&format=json&formatversion=2&errorformat=plaintext&' + q);
  console.log(q, JSON.stringify(r).slice(0, 400));
}
await w.stop();
})();
