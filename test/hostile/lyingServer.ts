/**
 * A loopback server that lies in HTTP itself (test/hostile), written on the raw socket: `/NAME/…` answers as
 * the behaviour NAME says — a Content-Length that lies or is given twice, chunk sizes that are not numbers
 * or too large, headers dripped a byte a second, 1,000 Set-Cookie headers, a 1 MB header, redirects to
 * `file:` / `data:` URLs or to credentials on another host, an HTML page, no status line at all, an
 * endless flood of `100 Continue`, a body that says gzip and is not. Every request is counted by name.
 */
import * as net from 'node:net';
import { listenLoopback } from '../support/loopbackServer';

const OK = '{"batchcomplete":true,"query":{"allpages":[]}}';
const head = (extra: string) => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n${extra}\r\n`;
const redirect = (location: string) => `HTTP/1.1 302 Found\r\nLocation: ${location}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;

/** Writes `text` a character a second, for as long as the socket is open. */
function drip(s: net.Socket, text: string): void {
  let i = 0;
  const timer = setInterval(() => (s.destroyed ? clearInterval(timer) : s.write(text[i++ % text.length])), 1000);
  s.on('close', () => clearInterval(timer));
}

/** `100 Continue` interim answers, a thousand at a time, until the socket closes. */
function flood(s: net.Socket): void {
  const burst = 'HTTP/1.1 100 Continue\r\n\r\n'.repeat(1000);
  const pump = () => {
    while (!s.destroyed) if (!s.write(burst)) return void s.once('drain', pump);
  };
  pump();
}

export const LIES: Record<string, (s: net.Socket) => void> = {
  /** Content-Length 10, then 1 MB more. */
  cltoosmall: (s) => s.end(head('Content-Length: 10\r\n') + OK + 'x'.repeat(1_000_000)),
  /** Content-Length 1,000,000, then 46 bytes and the connection closed. */
  cltoobig: (s) => s.end(head('Content-Length: 1000000\r\n') + OK),
  /** Content-Length 1,000,000, then 46 bytes and nothing more, the connection held open. */
  clhang: (s) => void s.write(head('Content-Length: 1000000\r\n') + OK),
  cltwo: (s) => s.end(head('Content-Length: 10\r\nContent-Length: 46\r\n') + OK),
  clneg: (s) => s.end(head('Content-Length: -5\r\n') + OK),
  chunkbad: (s) => s.end(head('Transfer-Encoding: chunked\r\n') + `zz\r\n${OK}\r\n0\r\n\r\n`),
  chunkhuge: (s) => s.end(head('Transfer-Encoding: chunked\r\n') + `ffffffffffffffffff\r\n${OK}\r\n0\r\n\r\n`),
  /** A chunk of 2 GB announced, 46 bytes sent, the connection held open. */
  chunkbig: (s) => void s.write(head('Transfer-Encoding: chunked\r\n') + `7fffffff\r\n${OK}`),
  chunkandcl: (s) => s.end(head('Transfer-Encoding: chunked\r\nContent-Length: 5\r\n') + `${OK.length.toString(16)}\r\n${OK}\r\n0\r\n\r\n`),
  /** The status line and a header, a byte a second, never finished. */
  slowhead: (s) => drip(s, `HTTP/1.1 200 OK\r\nX-Slow: ${'a'.repeat(100)}`),
  cookies: (s) =>
    s.end(
      head(
        Array.from({ length: 1000 }, (_, i) => `Set-Cookie: c${i}=${'v'.repeat(20)}; Path=/\r\n`).join('') +
          `Content-Length: ${OK.length}\r\n`,
      ) + OK,
    ),
  hugeheader: (s) => s.end(head(`X-Big: ${'h'.repeat(1_000_000)}\r\nContent-Length: ${OK.length}\r\n`) + OK),
  redirfile: (s) => s.end(redirect('file:///etc/passwd')),
  redirdata: (s) => s.end(redirect(`data:application/json,${encodeURIComponent(OK)}${'A'.repeat(12_000)}`)),
  redirlocal: (s) => s.end(redirect('http://u:s3cret@localtest.me:1/api.php?action=delete&token=abc')),
  html: (s) =>
    s.end(head('Content-Type: text/html\r\n') + `<html><body><script>alert(1)</script>Error ${'e'.repeat(100_000)}</body></html>`),
  /** A body and no status line (HTTP/0.9). */
  http09: (s) => s.end(OK),
  continue100: flood,
  gzipnot: (s) => s.end(head(`Content-Encoding: gzip\r\nContent-Length: ${OK.length}\r\n`) + OK),
};

export interface LyingServer {
  origin: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startLyingServer(): Promise<LyingServer> {
  const hits = new Map<string, number>();
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    s.once('data', (d) => {
      const name = /^[A-Z]+ \/(\w+)\//.exec(d.toString('latin1'))?.[1];
      if (!name || !Object.hasOwn(LIES, name))
        return void s.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      hits.set(name, (hits.get(name) ?? 0) + 1);
      LIES[name](s);
    });
  });
  const { origin, close } = await listenLoopback(server);
  return { origin, hits, close };
}
