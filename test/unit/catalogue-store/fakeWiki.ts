/**
 * A tiny local HTTP server that answers like a MediaWiki api.php, from saved real output of
 * MediaWiki 1.39 (`fixtures/`): siteinfo, and paraminfo for any `modules=` request. It records each
 * request so tests can see what the catalogue store asked, and can play an old wiki (no `query+*`
 * wildcard), a newer version, or a broken one.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { listenLoopback, unusedLoopbackPort } from '../../support/loopbackServer';

const FIXTURES = path.join(__dirname, 'fixtures');
export const SAVED_PARAMINFO = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-paraminfo.json'), 'utf8'));
export const SAVED_SITEINFO = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'mediawiki-1.39-siteinfo.json'), 'utf8'));
export const SAVED_PARAMINFO_FILE = path.join(FIXTURES, 'mediawiki-1.39-paraminfo.json');

export interface RecordedRequest {
  params: URLSearchParams;
  userAgent: string | undefined;
}

export interface FakeWikiBehaviour {
  /** Expand `query+*` and `*` (MediaWiki ≥ 1.26). False plays an old wiki: the wildcards are ignored. */
  wildcard: boolean;
  /** siteinfo `generator`. */
  generator: string;
  /** Answer every request with this HTTP status and text instead. */
  failWith?: { status: number; body: string; contentType?: string };
  /** Never answer (to see the timeout). */
  hang: boolean;
  /** Drop these query submodules from the catalogue (another wiki with fewer modules). */
  withoutModules: string[];
}

export interface FakeWiki {
  apiUrl: string;
  requests: RecordedRequest[];
  behaviour: FakeWikiBehaviour;
  /** paraminfo requests so far. */
  paraminfoRequests(): RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeWiki(behaviour: Partial<FakeWikiBehaviour> = {}): Promise<FakeWiki> {
  const b: FakeWikiBehaviour = { wildcard: true, generator: 'MediaWiki 1.39.17', hang: false, withoutModules: [], ...behaviour };
  const requests: RecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  /** The saved modules minus `withoutModules`, also gone from the query module's prop/list/meta/generator values. */
  const allModules = (): any[] =>
    SAVED_PARAMINFO.paraminfo.modules
      .filter((m: any) => !b.withoutModules.includes(m.name) || !m.path.startsWith('query+'))
      .map((m: any) => {
        if (m.path !== 'query' || b.withoutModules.length === 0) return m;
        const parameters = m.parameters.map((p: any) => {
          if (!Array.isArray(p.type) || !p.submodules) return p;
          const submodules = Object.fromEntries(Object.entries(p.submodules).filter(([name]) => !b.withoutModules.includes(name)));
          return { ...p, type: p.type.filter((n: string) => !b.withoutModules.includes(n)), submodules };
        });
        return { ...m, parameters };
      });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ params: url.searchParams, userAgent: req.headers['user-agent'] });
    if (b.hang) {
      hanging.add(res);
      return;
    }
    if (b.failWith) {
      res.writeHead(b.failWith.status, { 'content-type': b.failWith.contentType ?? 'text/html' });
      res.end(b.failWith.body);
      return;
    }
    // Any path ending in api.php is a wiki (several wikis on one server: /w1/api.php, /w2/api.php, …).
    if (!url.pathname.endsWith('/api.php')) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
      return;
    }
    const p = url.searchParams;
    let body: unknown;
    if (p.get('action') === 'query' && p.get('meta') === 'siteinfo') {
      body = {
        ...SAVED_SITEINFO,
        query: { ...SAVED_SITEINFO.query, general: { ...SAVED_SITEINFO.query.general, generator: b.generator } },
      };
    } else if (p.get('action') === 'paraminfo') {
      const wanted = (p.get('modules') ?? '').split('|');
      const mods = allModules();
      const out: any[] = [];
      for (const w of wanted) {
        if (w === 'query+*') {
          if (b.wildcard) out.push(...mods.filter((m) => m.path.startsWith('query+')));
        } else if (w === '*') {
          // Every top-level module (actions and formats), as ApiParamInfo expands it; not main.
          if (b.wildcard) out.push(...mods.filter((m) => !m.path.includes('+') && m.path !== 'main'));
        } else {
          const m = mods.find((x) => x.path === w);
          if (m) out.push(m);
        }
      }
      body = { paraminfo: { helpformat: 'none', modules: out } };
    } else {
      body = { error: { code: 'unknown_action', info: 'Unrecognized value for parameter "action".' } };
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  const loopback = await listenLoopback(server);
  return {
    apiUrl: `${loopback.origin}/w/api.php`,
    requests,
    behaviour: b,
    paraminfoRequests: () => requests.filter((r) => r.params.get('action') === 'paraminfo'),
    close: () => {
      for (const res of hanging) res.destroy();
      return loopback.close();
    },
  };
}

/** A loopback URL where nothing listens (a port that was free a moment ago). */
export async function deadApiUrl(): Promise<string> {
  return `http://127.0.0.1:${await unusedLoopbackPort()}/w/api.php`;
}
