/**
 * Running a map-object query: POST the JSON body to `{base}/api/mapobjects/` and read back the
 * array of map objects. VS Code-free. See descriptors/mapserver/README.md.
 */
import { httpRequest, makeUserAgent, type RunOptions } from '../httpClient';
import { RunError } from '../runErrors';
import { bodyExcerpt, redactUrl } from '../redact';
import { checkParsedBudget, DEFAULT_MAX_PARSED_BYTES } from '../jsonBudget';

export interface MapObject {
  mapblock: { x: number; y: number; z: number };
  x: number;
  y: number;
  z: number;
  type: string;
  mtime: number;
  attributes: Record<string, string>;
}

export interface MapRunResult {
  url: string;
  displayUrl: string;
  body: unknown;
  status: number;
  elapsedMs: number;
  bytes: number;
  objects: MapObject[];
}

/** `{base}/api/mapobjects/` — the real server is called with the trailing slash. */
export function mapObjectsUrl(base: string): string {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    throw new RunError(
      'badUrl',
      `"${redactUrl(base)}" is not a valid map server URL. Set wikimapQuery.mapserver.url to e.g. http://127.0.0.1:8080.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RunError(
      'badUrl',
      `"${redactUrl(base)}" is not an http(s) URL. Set wikimapQuery.mapserver.url to e.g. http://127.0.0.1:8080.`,
    );
  }
  let path = url.pathname.replace(/\/+$/, '');
  // Accept a base that already names the endpoint.
  path = path.replace(/\/api\/mapobjects$/, '');
  url.pathname = `${path}/api/mapobjects/`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !isNaN(Number(v)) ? Number(v) : NaN;
}

/** Keeps only well-formed fields; a missing coordinate becomes NaN rather than breaking the view. */
function normaliseMapObject(o: unknown): MapObject {
  const r = (typeof o === 'object' && o !== null ? o : {}) as Record<string, unknown>;
  const mb = (typeof r.mapblock === 'object' && r.mapblock !== null ? r.mapblock : {}) as Record<string, unknown>;
  const attributes: Record<string, string> = {};
  if (typeof r.attributes === 'object' && r.attributes !== null) {
    for (const [k, v] of Object.entries(r.attributes)) attributes[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return {
    mapblock: { x: num(mb.x), y: num(mb.y), z: num(mb.z) },
    x: num(r.x),
    y: num(r.y),
    z: num(r.z),
    type: typeof r.type === 'string' ? r.type : String(r.type ?? ''),
    mtime: num(r.mtime),
    attributes,
  };
}

export async function runMapQuery(base: string, body: unknown, opts: RunOptions): Promise<MapRunResult> {
  const url = mapObjectsUrl(base);
  const displayUrl = redactUrl(url);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RunError('badUrl', 'A map query is one JSON object with pos1, pos2 and type. Fix the query before running it.');
  }
  opts.onRequest?.(displayUrl, 'POST');
  const res = await httpRequest({
    url,
    displayUrl,
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': opts.userAgent ?? makeUserAgent() },
    body: JSON.stringify(body),
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    signal: opts.signal,
    transport: opts.transport,
    addressPolicy: opts.addressPolicy,
    // Runs do not follow redirects (a POST would lose its body, and the target is not the configured server).
    // The mapserver itself redirects only `/api/mapobjects` without its slash (net/http ServeMux, 301).
    redirectError: (status, target) =>
      new RunError(
        'http',
        `The map server answered HTTP ${status}, a redirect to ${target}, which runs do not follow. ` +
          'Set wikimapQuery.mapserver.url to the address the server really answers on (e.g. https:// instead of http://, or without a path it redirects).',
        status,
      ),
  });
  const excerpt = bodyExcerpt(res.body);
  let json: unknown;
  // The parsed list is counted against the memory budget before it is made (run/jsonBudget.ts).
  checkParsedBudget(res.body, opts.maxParsedBytes ?? DEFAULT_MAX_PARSED_BYTES, new URL(url).host);
  try {
    json = JSON.parse(res.body);
  } catch {
    // The real server answers a body it cannot decode with HTTP 500 and a plain-text error.
    throw new RunError(
      res.status >= 400 ? 'http' : 'notJson',
      `The map server answered HTTP ${res.status}${excerpt ? ` with "${excerpt}"` : ''} instead of a JSON list of objects. ${
        res.status === 500
          ? 'It could not read the query: check that it is valid JSON with pos1, pos2 and type.'
          : res.status === 404
            ? "Check wikimapQuery.mapserver.url: it should be the map server's base address."
            : 'Check the query and the map server URL.'
      }`,
      res.status,
      excerpt,
    );
  }
  if (res.status >= 400) {
    throw new RunError('http', `The map server answered HTTP ${res.status}: ${excerpt}`, res.status, excerpt);
  }
  if (!Array.isArray(json)) {
    throw new RunError(
      'notJson',
      `The map server answered with JSON that is not a list of objects (${excerpt}). Check wikimapQuery.mapserver.url.`,
      res.status,
      excerpt,
    );
  }
  return { url, displayUrl, body, status: res.status, elapsedMs: res.elapsedMs, bytes: res.bytes, objects: json.map(normaliseMapObject) };
}
