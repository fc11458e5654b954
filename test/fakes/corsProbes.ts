/**
 * Cross-origin requests as a browser sends them to api.php (anonymous: no credential), and what of the
 * answer MediaWiki's cross-origin handling decides: the status, the CORS headers, the login-suppressed
 * and CORS-rejection headers, whether the answer varies on Origin, and the text of a refusal. Recorded
 * from a real MediaWiki 1.45 (test/mediawiki/record-cors-1.45.ts) and compared with the OAuth fake's
 * answers (test/mediawiki/corsRecorded.test.ts).
 */
import * as http from 'node:http';

export interface CorsProbe {
  name: string;
  method: 'GET' | 'OPTIONS';
  /** Query after `api.php?`. */
  query: string;
  headers: Record<string, string>;
}

export interface CorsAnswer {
  status: number;
  headers: Record<string, string>;
  varyOrigin: boolean;
  /** The body of an answer that is not JSON (a refusal's line of text; empty for a preflight). */
  text?: string;
}

const PAGE = 'https://editor.example';
const READ = 'action=query&meta=siteinfo&format=json';
const PREFLIGHT = { Origin: PAGE, 'Access-Control-Request-Method': 'GET' };

export const CORS_PROBES: CorsProbe[] = [
  { name: 'no origin parameter', method: 'GET', query: READ, headers: { Origin: PAGE } },
  { name: 'origin=* (anonymous read)', method: 'GET', query: `${READ}&origin=*`, headers: { Origin: PAGE } },
  {
    name: 'origin=* preflight',
    method: 'OPTIONS',
    query: `${READ}&origin=*`,
    headers: { ...PREFLIGHT, 'Access-Control-Request-Headers': 'api-user-agent' },
  },
  { name: 'crossorigin without a token', method: 'GET', query: `${READ}&crossorigin=1`, headers: { Origin: PAGE } },
  {
    name: 'crossorigin preflight (Authorization, Api-User-Agent)',
    method: 'OPTIONS',
    query: `${READ}&crossorigin=1`,
    headers: { ...PREFLIGHT, 'Access-Control-Request-Headers': 'api-user-agent,authorization' },
  },
  {
    name: 'crossorigin preflight with a header not allowed',
    method: 'OPTIONS',
    query: `${READ}&crossorigin=1`,
    headers: { ...PREFLIGHT, 'Access-Control-Request-Headers': 'authorization,x-wmq-probe' },
  },
  { name: 'origin and crossorigin together', method: 'GET', query: `${READ}&origin=*&crossorigin=1`, headers: { Origin: PAGE } },
  { name: 'origin not the Origin header', method: 'GET', query: `${READ}&origin=https://other.example`, headers: { Origin: PAGE } },
  { name: 'origin not in $wgCrossSiteAJAXdomains', method: 'GET', query: `${READ}&origin=${PAGE}`, headers: { Origin: PAGE } },
];

/** The headers compared (lower case). */
const KEPT = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-expose-headers',
  'mediawiki-cors-rejection',
  'mediawiki-login-suppressed',
];

/** Sends `probe` to `apiUrl` and keeps what the cross-origin handling decides. */
export function sendCorsProbe(apiUrl: string, probe: CorsProbe): Promise<CorsAnswer> {
  const url = new URL(`${apiUrl}?${probe.query}`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: probe.method, headers: probe.headers, timeout: 30000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const name of KEPT) if (res.headers[name] !== undefined) headers[name] = String(res.headers[name]);
        const vary = String(res.headers.vary ?? '')
          .split(',')
          .map((v) => v.trim().toLowerCase());
        const body = Buffer.concat(chunks).toString('utf8');
        const json = /json/.test(String(res.headers['content-type'] ?? ''));
        resolve({ status: res.statusCode ?? 0, headers, varyOrigin: vary.includes('origin'), ...(json ? {} : { text: body }) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${probe.name}: no answer in 30 s`)));
    req.on('error', reject);
    req.end();
  });
}
