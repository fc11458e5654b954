/**
 * Wiki URLs as the language server keys and shows them, without the network code (catalogueNetwork.ts,
 * loaded on first use): a session that never fetches still names and compares wikis.
 */

/** The URL with any `user:password@` removed, for messages and logs. */
export function withoutUserInfo(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1');
  }
}

/**
 * The canonical form of an api.php URL used as the store's key: no query string or fragment,
 * lower-case scheme and host (URL does that), default ports dropped.
 */
export function normaliseApiUrl(apiUrl: string): string {
  const url = new URL(apiUrl.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${apiUrl} is not an http(s) URL; give the wiki's api.php URL, e.g. https://www.mediawiki.org/w/api.php`);
  }
  if (url.username || url.password) {
    throw new Error(
      `${withoutUserInfo(apiUrl.trim())} carries a user name or password; credentials in URLs are never sent (catalogues are public, no login needed)`,
    );
  }
  url.search = '';
  url.hash = '';
  return url.toString();
}
