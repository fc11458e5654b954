/**
 * The listen-and-close part every loopback test server shares (the hostile servers, the fakes): listens on
 * 127.0.0.1 at a free port, keeps its open connections, and on close destroys them and closes the listener,
 * so a server that holds a connection open (a drip, a hang) never keeps a suite from ending.
 */
import * as net from 'node:net';

export interface Loopback {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** Destroys every open connection and closes the listener; resolves when it is closed (once, however often called). */
  close(): Promise<void>;
}

/** Starts `server` (an `http.Server` or a `net.Server`) on a free port of 127.0.0.1. */
export async function listenLoopback(server: net.Server): Promise<Loopback> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as net.AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      })),
  };
}

/**
 * A port of 127.0.0.1 nobody listens on: one that was free a moment ago (listened on, then closed). For a
 * wiki or server that cannot be reached.
 */
export async function unusedLoopbackPort(): Promise<number> {
  const { port, close } = await listenLoopback(net.createServer());
  await close();
  return port;
}
