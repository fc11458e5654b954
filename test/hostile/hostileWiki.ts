/**
 * A loopback "wiki" whose catalogue answers are hostile (test/hostile): `/NAME/api.php` answers siteinfo
 * (`action=query`) and paraminfo (`action=paraminfo`) as the case NAME says, built from a real MediaWiki
 * 1.39 siteinfo and paraminfo, changed. Every request is counted by path, so tests can prove how many
 * requests a catalogue load made. Each answer is built once, when first asked, and kept.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { listenLoopback } from '../support/loopbackServer';

const FIXTURES = path.join(__dirname, '..', 'unit', 'catalogue-store', 'fixtures');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

type Json = Record<string, unknown>;
type Module = { name: string; path: string; parameters: Json[]; [k: string]: unknown };
interface Answers {
  siteinfo: Json;
  paraminfo: { paraminfo: { modules: Module[] }; [k: string]: unknown };
}

function real(): Answers {
  return { siteinfo: JSON.parse(read('mediawiki-1.39-siteinfo.json')), paraminfo: JSON.parse(read('mediawiki-1.39-paraminfo.json')) };
}
const moduleOf = (a: Answers, name: string) => a.paraminfo.paraminfo.modules.find((m) => m.name === name)!;
const siteQuery = (a: Answers) => a.siteinfo.query as Json;

/** Every value of an answer's objects replaced by a value of another type, in turn (arrays keep their length). */
const WRONG: unknown[] = [null, 42, 'text', [], {}, true, -1.5, [{}], ''];
function wrongTypes(v: unknown, keep: (key: string) => boolean, at = { n: 0 }): unknown {
  if (Array.isArray(v)) return v.map((x) => wrongTypes(x, keep, at));
  if (!v || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) out[k] = keep(k) ? wrongTypes(x, keep, at) : WRONG[at.n++ % WRONG.length];
  return out;
}

/** The hostile cases: what each changes in the real answers. */
export const HOSTILE_WIKI_CASES: Record<string, (a: Answers) => void> = {
  /** 2,000,000 allowed values for one parameter (about 20 MB). */
  values: (a) => {
    moduleOf(a, 'allpages').parameters[5].type = Array.from({ length: 2_000_000 }, (_, i) => `v${i}`);
  },
  /** A parameter's `type` nested 1,000,000 arrays deep (2 MB). */
  deeptype: () => undefined,
  /** A help URL of 10 MB, and 500,000 help URLs on another module. */
  helpurls: (a) => {
    moduleOf(a, 'allpages').helpurls = [`https://evil.example/${'a'.repeat(10_000_000)}`];
    moduleOf(a, 'categorymembers').helpurls = Array.from({ length: 500_000 }, (_, i) => `https://evil.example/${i}`);
  },
  /** One module listed 100,000 times. */
  repeated: (a) => {
    const m = { name: 'x', path: 'query+x', group: 'list', prefix: 'x', parameters: [{ index: 1, name: 'a', type: 'string' }] };
    for (let i = 0; i < 100_000; i++) a.paraminfo.paraminfo.modules.push(m);
  },
  /** 100,000 distinct list modules, each described, each listed by `query` (no follow-up is needed). */
  modules: (a) => {
    const list = moduleOf(a, 'query').parameters.find((p) => p.name === 'list')!;
    const names = Array.from({ length: 100_000 }, (_, i) => `l${i}`);
    list.type = [...(list.type as string[]), ...names];
    if (list.submodules) Object.assign(list.submodules, Object.fromEntries(names.map((n) => [n, `query+${n}`])));
    for (const n of names) {
      a.paraminfo.paraminfo.modules.push({
        name: n,
        path: `query+${n}`,
        group: 'list',
        prefix: n,
        parameters: [{ name: 'a', type: 'string' }],
      });
    }
  },
  /** 990,000 allowed values more for one parameter: just under the limit on allowed values (about 10 MB). */
  manyvalues: (a) => {
    const filterredir = moduleOf(a, 'allpages').parameters[5];
    filterredir.type = [...(filterredir.type as string[]), ...Array.from({ length: 990_000 }, (_, i) => `v${i}`)];
  },
  /** 100,000 distinct list modules without parameters, each described and listed by `query`. */
  bare: (a) => {
    const list = moduleOf(a, 'query').parameters.find((p) => p.name === 'list')!;
    const names = Array.from({ length: 100_000 }, (_, i) => `l${i}`);
    list.type = [...(list.type as string[]), ...names];
    if (list.submodules) Object.assign(list.submodules, Object.fromEntries(names.map((n) => [n, `query+${n}`])));
    for (const n of names) a.paraminfo.paraminfo.modules.push({ name: n, path: `query+${n}`, group: 'list', prefix: n, parameters: [] });
  },
  /** Every field of every module and parameter of another type (null, a number, a string, an array, an object…). */
  wrongtypes: (a) => {
    // main and query keep their names and paths (the load needs them); every other field goes wrong, parameters too.
    const keep = (k: string) => k === 'parameters' || k === 'templatedparameters';
    a.paraminfo.paraminfo.modules = a.paraminfo.paraminfo.modules.map(
      (m, i) => ({ ...(wrongTypes(m, keep, { n: i }) as Json), name: m.name, path: m.path }) as Module,
    );
    const q = siteQuery(a);
    q.namespacealiases = 'aliases';
    q.interwikimap = { prefix: 7 };
    q.namespaces = { '0': 'main', '1': [null], '2': { id: 'two', name: 5 }, '3': { id: 3, name: ['Talk'] } };
  },
  /** siteinfo and paraminfo answers that always ask to continue (a catalogue load never continues). */
  continue: (a) => {
    a.siteinfo.continue = { sicontinue: 'more', continue: '-||' };
    a.paraminfo.continue = { picontinue: 'more', continue: '-||' };
    delete a.siteinfo.batchcomplete;
  },
  /** siteinfo with 100,000 namespaces (about 10 MB). */
  namespaces: (a) => {
    const ns = siteQuery(a).namespaces as Json;
    for (let i = 0; i < 100_000; i++) {
      const id = 1000 + i;
      ns[String(id)] = { id, case: 'first-letter', name: `Namespace ${i} ${'n'.repeat(40)}`, subpages: false, content: false };
    }
  },
  /** A site name with terminal escape sequences (window title, clear screen), a command link and 100,000 characters more. */
  sitename: (a) => {
    const general = siteQuery(a).general as Json;
    general.sitename = `Evil\u001b]0;pwned\u0007\u001b[2J[click](command:workbench.action.quit)${'s'.repeat(100_000)}`;
  },
  /** A version ("generator") with an escape sequence and 1,000,000 characters more. */
  generator: (a) => {
    (siteQuery(a).general as Json).generator = `MediaWiki 1.39.17\u001b[31m${'g'.repeat(1_000_000)}`;
  },
  /** siteinfo with an interwikimap of 1,000,000 entries (about 30 MB). */
  interwiki: (a) => {
    siteQuery(a).interwikimap = Array.from({ length: 1_000_000 }, (_, i) => ({ prefix: `w${i}`, url: `//e/$1` }));
  },
};

/** The answer texts of a case: siteinfo and paraminfo. */
function answersOf(name: string): { siteinfo: string; paraminfo: string } {
  const a = real();
  HOSTILE_WIKI_CASES[name](a);
  let paraminfo = JSON.stringify(a.paraminfo);
  if (name === 'deeptype') paraminfo = paraminfo.replace('["all","nonredirects","redirects"]', `${'['.repeat(1e6)}"x"${']'.repeat(1e6)}`);
  return { siteinfo: JSON.stringify(a.siteinfo), paraminfo };
}

export interface HostileWiki {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The api.php URL of a case. */
  apiUrl(name: string): string;
  /** Requests per case. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startHostileWiki(): Promise<HostileWiki> {
  const hits = new Map<string, number>();
  const made = new Map<string, { siteinfo: string; paraminfo: string }>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const m = /^\/(\w+)\/api\.php$/.exec(url.pathname);
    const name = m?.[1];
    if (!name || !Object.hasOwn(HOSTILE_WIKI_CASES, name)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return void res.end('not found');
    }
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (!made.has(name)) made.set(name, answersOf(name));
    const answers = made.get(name)!;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(url.searchParams.get('action') === 'paraminfo' ? answers.paraminfo : answers.siteinfo);
  });
  const { origin, close } = await listenLoopback(server);
  return { origin, apiUrl: (name) => `${origin}/${name}/api.php`, hits, close };
}
