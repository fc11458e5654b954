/**
 * Which wikis the language server may contact to learn their catalogue. No host is contacted just
 * because a document names it:
 * - the wikis the user configured (`wikimapQuery.wiki.apiUrl`, `wikimapQuery.wikis`) are fetched;
 * - a wiki the user approved (`wikimapQuery.wiki.approvedCatalogues`, written to the *user* settings by
 *   the quick fix "Load the catalogue of HOST") is fetched, unless its host is loopback or private;
 * - with `wikimapQuery.wiki.liveCatalogues: any` (an explicit opt-in) any other public wiki too;
 * - loopback and private-range hosts only when configured;
 * - nothing in an untrusted workspace, nothing with `liveCatalogues: off`.
 * Pure: no network, no settings access.
 */
import { isPrivateAddress } from '../../../run/address';

export type LiveCataloguePolicy = 'any' | 'configured' | 'off';

export interface CatalogueFetchPolicy {
  mode: LiveCataloguePolicy;
  /** `wiki.apiUrl` and the values of `wikis`. */
  configured: string[];
  /** `wiki.approvedCatalogues`: origins (`https://host`) or api.php URLs the user approved. */
  approved: string[];
  /** VS Code Workspace Trust: false in a restricted window (then nothing is fetched). */
  trusted: boolean;
}

export type FetchDecision =
  | { allowed: true; why: 'configured' | 'approved' | 'any' }
  /** `unknown`: may be approved (a quick fix offers it); `private`: only configuring it allows it. */
  | { allowed: false; why: 'off' | 'untrusted' | 'private' | 'unknown' | 'invalid' };

/** `https://host[:port]` of a URL, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return u.origin;
  } catch {
    return undefined;
  }
}

/**
 * Loopback, private, link-local, unique-local and other non-public hosts (`localhost`, `*.localhost`,
 * `*.local`, `*.internal`, 127/8, 10/8, 172.16/12, 192.168/16, 169.254/16, 100.64/10, 0/8, ::1, fc00::/7,
 * fe80::/10, IPv4-mapped forms of those). `URL` has already turned `0x7f.1`, `2130706433` etc. into dotted form.
 */
export function isPrivateHost(hostname: string): boolean {
  let h = hostname.toLowerCase().replace(/\.$/, '');
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (
    h === '' ||
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.endsWith('.local') ||
    h.endsWith('.internal') ||
    h.endsWith('.home.arpa')
  )
    return true;
  if (!h.includes('.') && !h.includes(':')) return true; // a single-label name resolves on the local network only
  return isPrivateAddress(h);
}

/** `https://host` (no path): approves every wiki of that origin. */
function isBareOrigin(a: string): boolean {
  try {
    const u = new URL(a.trim());
    return u.pathname === '/' && !u.search;
  } catch {
    return false;
  }
}

function sameWiki(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u.trim());
      url.search = '';
      url.hash = '';
      return url.toString();
    } catch {
      return u.trim();
    }
  };
  return norm(a) === norm(b);
}

/** Whether the catalogue of the wiki at `apiUrl` may be fetched in the background, and why (not). */
export function decideCatalogueFetch(apiUrl: string, policy: CatalogueFetchPolicy): FetchDecision {
  if (!policy.trusted) return { allowed: false, why: 'untrusted' };
  if (policy.mode === 'off') return { allowed: false, why: 'off' };
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return { allowed: false, why: 'invalid' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return { allowed: false, why: 'invalid' };
  if (policy.configured.some((c) => sameWiki(c, apiUrl))) return { allowed: true, why: 'configured' };
  if (isPrivateHost(url.hostname)) return { allowed: false, why: 'private' };
  if (policy.approved.some((a) => sameWiki(a, apiUrl) || (isBareOrigin(a) && originOf(a) === url.origin))) {
    return { allowed: true, why: 'approved' };
  }
  if (policy.mode === 'any') return { allowed: true, why: 'any' };
  return { allowed: false, why: 'unknown' };
}
