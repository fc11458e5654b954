// Generated benchmark inputs from a fixed seed: realistic wiki query documents (mixed modules,
// generators, multi-line form, comments, ~5% mistakes) and map query documents.

/** The seeded PRNG the tests use too, so every run measures the same documents. */
export { seededRandom as rng } from '../test/support/seededRandom';
import { seededRandom as rng } from '../test/support/seededRandom';

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
/** A page title, varied like a real document's (so few queries repeat word for word). */
const title = (r: () => number) => `${pick(r, TITLES)}${r() < 0.7 ? `_${int(r, 1, 99999)}` : ''}`;
const user = (r: () => number) =>
  r() < 0.1 ? `10.0.${int(r, 0, 255)}.${int(r, 1, 254)}` : `${pick(r, ['Alice', 'Bob', 'Carol', 'Dan'])}${int(r, 1, 9999)}`;
const timestamp = (r: () => number) =>
  `20${int(r, 10, 25)}-${String(int(r, 1, 12)).padStart(2, '0')}-${String(int(r, 1, 28)).padStart(2, '0')}T${String(int(r, 0, 23)).padStart(2, '0')}:00:00Z`;

const TITLES = [
  'Main_Page',
  'Luanti',
  'Mapserver',
  'Category:Maps',
  'Help:Contents',
  'Template:Infobox',
  'File:Spawn.png',
  'Mods/Technic',
  'User:Alice',
  'Talk:Bones',
];
const HOSTS = ['https://wiki.example.org/w/api.php', 'https://dev.luanti.org/api.php', 'http://127.0.0.1:8080/api.php'];

/** Valid single-line queries (parameter lists), grouped by what they exercise. */
const VALID: Array<(r: () => number) => string[]> = [
  (r) => [
    'action=query',
    'list=allpages',
    `apnamespace=${pick(r, ['0', '4', '10', '14'])}`,
    `aplimit=${r() < 0.2 ? 'max' : int(r, 1, 500)}`,
    `apfrom=${pick(r, ['A', 'B', 'Map', 'Tech'])}${int(r, 0, 9999)}`,
  ],
  (r) => ['action=query', 'prop=revisions', `titles=${title(r)}`, 'rvprop=content|timestamp|user', 'rvslots=main', 'formatversion=2'],
  (r) => [
    'action=query',
    'generator=categorymembers',
    `gcmtitle=Category:${pick(r, ['Maps', 'Mods'])}_${int(r, 1, 9999)}`,
    'gcmlimit=max',
    'prop=info',
    'inprop=url|displaytitle',
  ],
  (r) => [
    'action=query',
    'list=recentchanges',
    'rcprop=title|timestamp|ids|sizes',
    `rclimit=${int(r, 1, 500)}`,
    'rcshow=!bot',
    `rcnamespace=${pick(r, ['0', '0|1', '*'])}`,
  ],
  (r) => [
    'action=query',
    'list=search',
    `srsearch=${pick(r, ['bones', 'travelnet', 'shop%20mod'])}+${int(r, 1, 99999)}`,
    `srlimit=${int(r, 1, 500)}`,
    'srprop=size|wordcount|snippet',
    'srwhat=text',
  ],
  (r) => ['action=query', 'meta=siteinfo', 'siprop=general|namespaces|namespacealiases', `maxage=${int(r, 0, 86400)}`],
  (r) => ['action=query', 'list=usercontribs', `ucuser=${user(r)}`, `uclimit=${int(r, 1, 500)}`, 'ucprop=ids|title|timestamp|comment'],
  (r) => [
    'action=query',
    'prop=categories|templates',
    `titles=${title(r)}|${title(r)}`,
    'cllimit=max',
    `tllimit=${int(r, 1, 500)}`,
    'tlnamespace=10',
  ],
  (r) => [
    'action=query',
    'list=backlinks',
    `bltitle=${title(r)}`,
    'blfilterredir=nonredirects',
    `bllimit=${int(r, 1, 500)}`,
    'blnamespace=0|2',
  ],
  (r) => [
    'action=query',
    'generator=allpages',
    `gapfrom=${pick(r, ['A', 'M', 'Z'])}${int(r, 0, 9999)}`,
    'gapnamespace=0',
    `gaplimit=${int(r, 1, 500)}`,
    'prop=pageprops|info',
  ],
  (r) => [
    'action=query',
    'list=logevents',
    `letype=${pick(r, ['block', 'delete', 'move', 'upload'])}`,
    `lelimit=${int(r, 1, 500)}`,
    'ledir=newer',
    `lestart=${timestamp(r)}`,
  ],
  (r) => [
    'action=query',
    'prop=imageinfo',
    `titles=File:${pick(r, ['Spawn', 'Logo', 'Map'])}_${int(r, 1, 99999)}.${pick(r, ['png', 'svg', 'jpg'])}`,
    'iiprop=url|size|mime',
    `iiurlwidth=${int(r, 16, 1920)}`,
  ],
  (r) => ['action=query', 'meta=userinfo', 'uiprop=groups|rights|editcount', `requestid=${int(r, 1, 999999)}`],
  (r) => [
    'action=query',
    'list=allusers',
    'augroup=sysop',
    'auprop=editcount|registration',
    `aufrom=${user(r)}`,
    `aulimit=${int(r, 1, 500)}`,
  ],
  (r) => [
    'action=query',
    'list=categorymembers',
    `cmtitle=${pick(r, ['Category:Maps', 'Category:Mods'])}`,
    'cmtype=page|subcat',
    'cmsort=timestamp',
    'cmdir=desc',
    `cmlimit=${int(r, 1, 500)}`,
  ],
];

/** Typical mistakes, applied to ~5% of queries. */
const MISTAKES: Array<(r: () => number) => string[]> = [
  () => ['action=query', 'list=allpages', 'aplimt=50'],
  () => ['action=query', 'list=allpages', 'aplimit=5000'],
  () => ['action=query', 'list=allpages', 'apfilterredir=sometimes'],
  () => ['action=query', 'generator=categorymembers', 'cmtitle=Category:Maps', 'prop=info'],
  () => ['action=query', 'list=allpagez'],
  () => ['action=query', 'list=recentchanges', 'rclimit=ten'],
  () => ['action=query', 'list=logevents', 'lestart=yesterday'],
  () => ['action=query', 'titles=Main_Page', 'pageids=1', 'prop=info'],
  () => ['action=query', 'list=categorymembers'],
  () => ['action=query', 'prop=revisions', 'titles=Main_Page', 'rvprop=content|parsetree'],
];

/** A wiki query document of at least `lines` lines. */
export function generateWikiDocument(lines: number, seed = 42): string {
  const r = rng(seed);
  const out: string[] = [];
  while (out.length < lines) {
    const roll = r();
    if (roll < 0.05)
      out.push(`# ${pick(r, ['pages of the main namespace', 'recent edits without bots', 'what links here', 'file details'])}`);
    const params = r() < 0.05 ? pick(r, MISTAKES)(r) : pick(r, VALID)(r);
    const form = r();
    if (form < 0.15) {
      // multi-line form: continuation lines start with `&`
      out.push(params[0]);
      for (const p of params.slice(1)) out.push(`  &${p}`);
    } else if (form < 0.45) {
      out.push(`${pick(r, HOSTS)}?${params.join('&')}`);
    } else if (form < 0.6) {
      out.push(`api.php?${params.join('&')}`);
    } else {
      out.push(params.join('&'));
    }
    if (r() < 0.3) out.push('');
  }
  return out.slice(0, lines).join('\n') + '\n';
}

const MAP_TYPES = ['bones', 'poi', 'shop', 'travelnet', 'train', 'label', 'protector', 'atm'];

export interface MapCase {
  text: string;
  /** What a correct validator must report (pos/type errors only; see the peer comparison). */
  expect: { posError: boolean; typeError: boolean };
}

/** One map query document per case, ~20% with a pos or type error. */
export function generateMapDocuments(count: number, seed = 7): MapCase[] {
  const r = rng(seed);
  const cases: MapCase[] = [];
  const coord = () => Math.floor(r() * 400) - 200;
  for (let i = 0; i < count; i++) {
    let posError = false;
    let typeError = false;
    const p1: Record<string, unknown> = { x: coord(), y: coord() % 20, z: coord() };
    const p2: Record<string, unknown> = { x: (p1.x as number) + 10, y: (p1.y as number) + 5, z: (p1.z as number) + 10 };
    let type: unknown = pick(r, MAP_TYPES);
    const roll = r();
    if (roll < 0.05) {
      p1.x = 1.5;
      posError = true;
    } else if (roll < 0.1) {
      delete p2.z;
      posError = true;
    } else if (roll < 0.13) {
      p1.y = '12';
      posError = true;
    } else if (roll < 0.16) {
      type = 42;
      typeError = true;
    } else if (roll < 0.2) {
      p2.x = 31000;
      posError = true;
    }
    const body: Record<string, unknown> = { pos1: p1, pos2: p2, type };
    if (r() < 0.2) body.attributelike = { key: 'owner', value: 'ali%' };
    if (r() < 0.2) body.limit = 500;
    cases.push({ text: JSON.stringify(body, null, 2) + '\n', expect: { posError, typeError } });
  }
  return cases;
}

/** Many map queries in one document (an array), for whole-document throughput. */
export function generateMapArrayDocument(count: number, seed = 11): string {
  const bodies = generateMapDocuments(count, seed).map((c) => c.text.trim());
  return `[\n${bodies.join(',\n')}\n]\n`;
}
