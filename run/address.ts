/**
 * Which IP addresses are not public: loopback, private, link-local, carrier-grade NAT, unique-local,
 * multicast and reserved ranges, and the IPv4-mapped IPv6 forms of those. The transport checks the
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

function isPrivateIPv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** The IPv4 address an IPv4-mapped or -compatible IPv6 tail stands for (`::ffff:7f00:1`, `::ffff:127.0.0.1`). */
function mappedIPv4(tail: string): number[] | undefined {
  const dotted = parseIPv4(tail);
  if (dotted) return dotted;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!hex) return undefined;
  const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16);
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

/** Whether an IP address (v4 dotted, or v6 with or without brackets) is anything but a public unicast address. */
export function isPrivateAddress(address: string): boolean {
  let h = address.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  const zone = h.indexOf('%');
  if (zone >= 0) h = h.slice(0, zone);
  const v4 = parseIPv4(h);
  if (v4) return isPrivateIPv4(v4);
  if (!h.includes(':')) return false;
  if (h === '::1' || h === '::' || /^0*:0*:0*:0*:0*:0*:0*:0*1$/.test(h)) return true;
  const mapped = /^::(?:ffff:)?(?:0:)?([0-9a-f.:]+)$/.exec(h);
  if (mapped) {
    const inner = mappedIPv4(mapped[1]);
    return inner ? isPrivateIPv4(inner) : true;
  }
  // 64:ff9b::/96 (NAT64) carries an IPv4 address in its last 32 bits.
  const nat64 = /^64:ff9b::([0-9a-f.:]+)$/.exec(h);
  if (nat64) {
    const inner = mappedIPv4(nat64[1]);
    return inner ? isPrivateIPv4(inner) : true;
  }
  return /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || /^ff/.test(h) || /^2001:db8:/.test(h);
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
