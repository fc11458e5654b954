/**
 * A GET query longer than web servers accept. The request line (`GET /w/api.php?… HTTP/1.1`) is
 * refused with HTTP 414 (URI Too Long) past about 8 KB by the servers MediaWiki runs behind with
 * their default settings: Apache's LimitRequestLine is 8190 bytes, nginx's large_client_header_buffers
 * is 4 × 8k (a request line must fit one 8 KB buffer). Wikimedia's wikis answer 414 for long GET
 * URLs too. MediaWiki reads POST bodies the same way as query strings, so a long query is sent as
 * POST (API libraries such as pywikibot switch to POST for long requests for this reason).
 */
import type { QueryCheck } from './wikiCheckTypes';

/** Bytes of request line a GET may use: Apache's default LimitRequestLine. */
export const REQUEST_LINE_LIMIT = 8190;
/** `GET ` and ` HTTP/1.1`. */
const REQUEST_LINE_OVERHEAD = 'GET '.length + ' HTTP/1.1'.length;
/** The path assumed when the query names no URL (Wikimedia's `/w/api.php`). */
const DEFAULT_PATH = '/w/api.php';

/** ASCII characters sent as they are (RFC 3986 unreserved, sub-delims and the ones query strings keep); others are percent-encoded. */
const URL_SAFE = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;:@/?%+") URL_SAFE[ch.charCodeAt(0)] = 1;

/** Bytes a name or value takes in a URL: `%XX` as written stays three bytes; other characters are percent-encoded as UTF-8 unless URL-safe. */
export function urlBytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += URL_SAFE[c] ? 1 : 3;
    else if (c < 0x800) n += 6;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 12; // a surrogate pair: one 4-byte character
      i++;
    } else n += 9;
  }
  return n;
}

export function checkUrlLength(ctx: QueryCheck): void {
  const q = ctx.query;
  // Cheap exit: the source text is never much longer than the URL it makes (encoding only grows it).
  if ((q.range.end - q.range.start) * 3 + 200 < REQUEST_LINE_LIMIT) return;
  let path = DEFAULT_PATH;
  if (q.apiUrl) {
    try {
      path = new URL(q.apiUrl).pathname;
    } catch {
      // keep the default
    }
  }
  let bytes = REQUEST_LINE_OVERHEAD + urlBytes(path) + 1; // "?"
  q.params.forEach((p, i) => {
    bytes +=
      (i > 0 ? 1 : 0) +
      urlBytes(ctx.text.slice(p.nameRange.start, p.nameRange.end)) +
      1 +
      urlBytes(ctx.text.slice(p.valueRange.start, p.valueRange.end));
  });
  if (bytes <= REQUEST_LINE_LIMIT) return;
  const at = q.lines[0] ?? q.range;
  ctx.add(
    'urltoolong',
    at.start,
    at.end,
    `This query makes a GET request line of about ${bytes} bytes: more than the ${REQUEST_LINE_LIMIT} bytes web servers accept by default (Apache's LimitRequestLine; nginx's 8 KB header buffers), so the wiki's server answers HTTP 414 URI Too Long. Send it as POST (the same parameters in the request body), or split the values over several queries.`,
    { param: '' },
    { severity: 'warning' },
  );
}
