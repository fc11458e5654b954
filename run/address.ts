/**
 * Which IP addresses are not public: loopback, private, link-local, carrier-grade NAT, unique-local,
 * multicast, documentation and reserved ranges, and the IPv6 forms that carry an IPv4 address of those
 * (mapped, compatible, NAT64, 6to4, Teredo). The transport checks the
 * address a name resolved to, at connect time, against this rule (`run/node/nodeTransport.ts`); the
 * catalogue policy uses it for hosts written as addresses. Pure: no I/O.
 */

/** The four numbers of a dotted IPv4 address, or undefined. */
function parseIPv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4) return undefined;
  const nums = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return nums.every((n) => n >= 0 && n <= 255) ? nums : undefined;
}

function isPrivateIPv4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 198 && (b === 18 || b === 19)) ||
    // IETF protocol assignments and the three documentation networks (RFC 6890): not reachable on the Internet
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224
  );
}

/**
 * The eight 16-bit groups of an IPv6 address in any textual form (`::` anywhere, a dotted IPv4 tail, leading
 * zeros, upper case), or undefined when it is not one. Names resolve to the compressed form, but the rule must
 * not depend on how an address is written.
 */
function parseIPv6(text: string): number[] | undefined {
  let h = text;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (dotted) {
    const v4 = parseIPv4(dotted[2]);
    if (!v4) return undefined;
    h = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = h.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  return all.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? all.map((g) => parseInt(g, 16)) : undefined;
}

/** The IPv4 address held in two 16-bit groups. */
function ipv4Of(high: number, low: number): number[] {
  return [high >> 8, high & 255, low >> 8, low & 255];
}

/**
 * The IPv4 address an IPv6 address carries and stands for, when it is of a kind that does: IPv4-mapped
 * (`::ffff:0:0/96`), IPv4-compatible (`::/96`), IPv4-translated (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96`),
 * 6to4 (`2002::/16`, the relay delivers to the IPv4 address) and Teredo (`2001::/32`, the client's address
 * inverted). `null` for an address that carries none.
 */
function embeddedIPv4(g: number[]): number[] | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return ipv4Of(g[6], g[7]);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2]);
  if (g[0] === 0x2001 && g[1] === 0) return ipv4Of(g[6] ^ 0xffff, g[7] ^ 0xffff);
  return null;
}

/** Whether an IPv6 address (its eight groups) is anything but a public unicast address. */
function isPrivateIPv6(g: number[]): boolean {
  const inner = embeddedIPv4(g);
  if (inner) return isPrivateIPv4(inner);
  const first = g[0];
  return (
    // ::/8 (unspecified, loopback, reserved), 64:ff9b:1::/48 (local-use NAT64), 100::/64 (discard only)
    first < 0x100 ||
    (first === 0x64 && g[1] === 0xff9b) ||
    (first === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) ||
    // 2001:db8::/32 (documentation), fc00::/7 (unique local), fe80::/10 and fec0::/10 (link and site local), ff00::/8 (multicast)
    (first === 0x2001 && g[1] === 0xdb8) ||
    (first & 0xfe00) === 0xfc00 ||
    (first & 0xffc0) === 0xfe80 ||
    (first & 0xffc0) === 0xfec0 ||
    first >= 0xff00
  );
}

/** Whether an IP address (v4 dotted, or v6 in any form, with or without brackets and zone) is anything but a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  let h = address.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  const zone = h.indexOf('%');
  if (zone >= 0) h = h.slice(0, zone);
  const v4 = parseIPv4(h);
  if (v4) return isPrivateIPv4(v4);
  if (!h.includes(':')) return false;
  const v6 = parseIPv6(h);
  // Not an address Node could connect to; refused rather than guessed.
  return v6 ? isPrivateIPv6(v6) : true;
}

/** Whether a host is written as an IP address (so no name is looked up to connect to it). */
export function isIpLiteral(host: string): boolean {
  const h = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return parseIPv4(h) !== undefined || h.includes(':');
}

/** An endpoint URL without query, fragment, default port or trailing slash, for comparing; undefined when not http(s). */
function endpointKey(url: string): string | undefined {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * The address rule of a run or fetch to `url`: loopback and private addresses are allowed only when
 * `url` is one of the endpoints the user configured (`configured`: the wiki's api.php URLs or the map
 * servers' base URLs from the settings). Any other host must resolve to public addresses only.
 */
export function addressPolicyFor(url: string, configured: readonly string[]): { allowPrivate: boolean } {
  const key = endpointKey(url);
  return { allowPrivate: key !== undefined && configured.some((c) => endpointKey(c) === key) };
}
