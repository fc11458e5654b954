/**
 * Which endpoint the settings select, from their values alone (no VS Code API: unit-tested as is).
 * `wikimapQuery.wikis` entries are api.php URLs or saved catalogue files: a file is judged by, never
 * run against or signed in to, so it is no endpoint; `wiki.apiUrl` naming one selects no URL and says so.
 */

export type EndpointKind = 'wiki' | 'map';

/** The endpoint selected: its URL and name, or (a wiki) the saved catalogue file the setting names. */
export interface CurrentEndpoint {
  url?: string;
  name?: string;
  /** The saved catalogue file that `wiki.apiUrl` names (as written in `wikimapQuery.wikis`): nothing runs on it. */
  file?: string;
}

const isUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value.trim());

/** Named endpoints of a kind, as `[name, url]` pairs; wiki entries that are saved catalogue files are left out. */
export function namedEndpoints(kind: EndpointKind, entries: Record<string, unknown>): Array<[string, string]> {
  const pairs = Object.entries(entries) as Array<[string, string]>;
  return kind === 'wiki' ? pairs.filter(([, u]) => isUrl(u)) : pairs;
}

/** The endpoint `raw` (the `wiki.apiUrl` / `mapserver.url` setting) selects among `entries`; the only one when it is empty. */
export function currentEndpoint(kind: EndpointKind, raw: string, entries: Record<string, unknown>): CurrentEndpoint {
  const named = namedEndpoints(kind, entries);
  const byName = named.find(([n]) => n === raw);
  if (byName) return { url: byName[1], name: byName[0] };
  const file = kind === 'wiki' && raw && Object.hasOwn(entries, raw) ? entries[raw] : undefined;
  if (typeof file === 'string') return { name: raw, file };
  if (raw) return { url: raw, name: named.find(([, u]) => u === raw)?.[0] };
  if (named.length === 1) return { url: named[0][1], name: named[0][0] };
  return {};
}
