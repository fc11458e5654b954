/**
 * More lies in HTTP itself than `lyingServer.ts` tells (test/hostile/redteamHttp.test.ts), written on the raw
 * socket: `/NAME/…` answers as the behaviour NAME says — bodies of binary and terminal escapes, a switch to
 * another protocol nobody asked for, lines ended by LF alone, an unknown HTTP version, an endless chunked
 * stream (of 1-byte and of 64 KB chunks), a flood of trailers, `Transfer-Encoding: gzip`, encodings nested
 * (`gzip, gzip, br` over 512 MB of blanks, gzip inside gzip), zlib and raw deflate bombs, 100,000 `103 Early
 * Hints`, a 204 with a body, a 1 MB status line, 3,000 headers, a NUL in a header. The compressed bodies are
 * made once, before the server listens (a few seconds: no case waits on them within its time limit).
 */
import * as net from 'node:net';
import * as zlib from 'node:zlib';
import { listenLoopback } from '../support/loopbackServer';

const OK = '{"batchcomplete":true,"query":{"allpages":[]}}';
const head = (extra: string, type = 'application/json') => `HTTP/1.1 200 OK\r\nContent-Type: ${type}\r\nConnection: close\r\n${extra}\r\n`;
/** Terminal escapes (a window title, clear screen), a bell, NULs and a Markdown command link. */
export const ESCAPES = `\u001b]0;pwned\u0007\u001b[2J\u0000\u0000[click](command:workbench.action.quit)\u202e<script>x</script>`;

const MB = 1024 * 1024;
let made: Record<string, Buffer> | undefined;
/** The compressed bodies (about 0.6 MB on the wire together; 1.2 GB decoded if every layer were). */
function bodies(): Record<string, Buffer> {
  if (made) return made;
  const blanks = Buffer.alloc(64 * MB, 0x20);
  const gz = zlib.gzipSync(blanks);
  made = {
    gz,
    gzgz: zlib.gzipSync(gz),
    nested: zlib.brotliCompressSync(zlib.gzipSync(zlib.gzipSync(Buffer.alloc(512 * MB, 0x20)))),
    zlib: zlib.deflateSync(blanks),
    raw: zlib.deflateRawSync(blanks),
  };
  return made;
}

/** Writes `piece` again and again, as fast as the socket takes it, until it closes. */
function pump(s: net.Socket, piece: string): void {
  const go = () => {
    while (!s.destroyed) if (!s.write(piece)) return void s.once('drain', go);
  };
  go();
}

const encoded = (encoding: string, body: Buffer) =>
  Buffer.concat([Buffer.from(head(`Content-Encoding: ${encoding}\r\nContent-Length: ${body.length}\r\n`)), body]);

export const REDTEAM_LIES: Record<string, (s: net.Socket) => void> = {
  /** HTML with terminal escapes, NULs and a command link, said to be text/html. */
  escbody: (s) => s.end(head('', 'text/html') + `<html>${ESCAPES}${'e'.repeat(1000)}</html>`),
  /** The same as a map server's error (HTTP 500). */
  escerror: (s) => s.end(`HTTP/1.1 500 Oops\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${ESCAPES}`),
  /** `101 Switching Protocols` to a plain GET, then the connection closed. */
  switched: (s) => s.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n' + OK),
  /** The same, the connection held open. */
  switchedheld: (s) => void s.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
  lfonly: (s) => s.end(`HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: ${OK.length}\n\n${OK}`),
  httpversion: (s) => s.end(`HTTP/9.9 200 OK\r\nContent-Length: ${OK.length}\r\n\r\n${OK}`),
  /** Chunks of one blank, without end. */
  endlesschunks: (s) => {
    s.write(head('Transfer-Encoding: chunked\r\n'));
    pump(s, '1\r\n \r\n'.repeat(10_000));
  },
  /** Chunks of 64 KB of blanks, without end. */
  endlessbigchunks: (s) => {
    s.write(head('Transfer-Encoding: chunked\r\n'));
    pump(s, `10000\r\n${' '.repeat(65_536)}\r\n`);
  },
  /** The last chunk, then trailers without end. */
  trailerflood: (s) => {
    s.write(head('Transfer-Encoding: chunked\r\n') + `${OK.length.toString(16)}\r\n${OK}\r\n0\r\n`);
    pump(s, 'X-Trailer: aaaaaaaaaa\r\n'.repeat(1000));
  },
  /** 1,500 short trailers (12 KB), then the end: a valid answer. */
  trailers: (s) =>
    s.end(
      head('Transfer-Encoding: chunked\r\nTrailer: X-A\r\n') +
        `${OK.length.toString(16)}\r\n${OK}\r\n0\r\n${'X-A: b\r\n'.repeat(1500)}\r\n`,
    ),
  /** `Transfer-Encoding: gzip, chunked` over 64 MB of blanks gzipped (HTTP/1.1 clients need not decode it). */
  tegzip: (s) => {
    const gz = bodies().gz;
    s.end(
      Buffer.concat([
        Buffer.from(head('Transfer-Encoding: gzip, chunked\r\n') + `${gz.length.toString(16)}\r\n`),
        gz,
        Buffer.from('\r\n0\r\n\r\n'),
      ]),
    );
  },
  /** `Content-Encoding: gzip, gzip, br` over 512 MB of blanks gzipped twice, then brotli. */
  nested: (s) => s.end(encoded('gzip, gzip, br', bodies().nested)),
  /** `Content-Encoding: gzip` over 64 MB of blanks gzipped twice. */
  gzipingzip: (s) => s.end(encoded('gzip', bodies().gzgz)),
  /** `Content-Encoding: deflate`, zlib-wrapped, 64 MB of blanks. */
  zlibbomb: (s) => s.end(encoded('deflate', bodies().zlib)),
  /** `Content-Encoding: deflate`, raw deflate, 64 MB of blanks. */
  rawbomb: (s) => s.end(encoded('deflate', bodies().raw)),
  /** 100,000 `103 Early Hints`, then a valid answer. */
  earlyhints: (s) => {
    s.write('HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n'.repeat(100_000));
    s.end(head(`Content-Length: ${OK.length}\r\n`) + OK);
  },
  nocontentbody: (s) => s.end(`HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n${OK}`),
  hugestatus: (s) => s.end(`HTTP/1.1 200 ${'R'.repeat(1_000_000)}\r\nContent-Length: ${OK.length}\r\n\r\n${OK}`),
  /** 3,000 headers `a:b` (15 KB, under the 16 KB cap), then a valid answer. */
  manyheaders: (s) => s.end(head(`${'a:b\r\n'.repeat(3000)}Content-Length: ${OK.length}\r\n`) + OK),
  nulheader: (s) => s.end(head(`X-A: a\u0000b\r\nContent-Length: ${OK.length}\r\n`) + OK),
};

export interface RedteamLyingServer {
  origin: string;
  close(): Promise<void>;
}

export async function startRedteamLyingServer(): Promise<RedteamLyingServer> {
  bodies();
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    s.once('data', (d) => {
      const name = /^[A-Z]+ \/(\w+)\//.exec(d.toString('latin1'))?.[1];
      if (!name || !Object.hasOwn(REDTEAM_LIES, name))
        return void s.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      REDTEAM_LIES[name](s);
    });
  });
  return listenLoopback(server);
}
