/**
 * `origin=` that no browser's Origin header can equal. ApiMain::handleCORS (1.39, 1.43, 1.45) runs before
 * anything else: with `origin` other than `*`, the value must be one of the request's Origin header's
 * (space-separated) origins, or the wiki answers a bare HTTP 403 "'origin' parameter does not match Origin
 * header" and reads no other parameter. A browser's Origin header holds a serialized origin — `null`, or
 * scheme://host with an optional :port (RFC 6454) — so a value of another shape is refused whoever sends it.
 * A value of that shape depends on the page sending the request (and a program that sends no Origin header is
 * refused too): not judged.
 */
import type { QueryCheck } from './wikiCheckTypes';

/** A serialized origin as browsers send it: `null`, or scheme://host[:port] (an IPv6 host in brackets). */
const SERIALIZED_ORIGIN = /^(?:null|[a-z][a-z0-9+.-]*:\/\/(?:\[[0-9a-f:.]+\]|[^\s/?#@:[\]]+)(?::\d{1,5})?)$/i;

export function checkOrigin(ctx: QueryCheck): void {
  const p = ctx.byName.get('origin');
  if (!p || p.value === '*' || SERIALIZED_ORIGIN.test(p.value)) return;
  ctx.add(
    'originmismatch',
    p.valueRange.start,
    p.valueRange.end,
    `'origin' parameter does not match Origin header: the wiki answers HTTP 403 before reading any other parameter. origin takes * (a request sent without credentials) or the page's own origin as the browser sends it in its Origin header (scheme://host, e.g. https://example.org); ${JSON.stringify(p.value)} can never be one.${/[&=]/.test(p.value) ? ' A missing "&" may have joined another parameter to it.' : ''}`,
    { param: 'origin', value: p.value },
  );
}
