/**
 * Node's transport for runs, catalogue fetches, sign-in and map config (run/node/nodeTransport.ts),
 * loaded on the first request that needs it.
 *
 * That module needs Node's `http`, `https` (and with it `tls`), `zlib` and `dns`: loading them costs a
 * process ~4 MB of resident memory (1.3 MB of JS heap) and ~10 ms of CPU. A session that never
 * reaches the network — the usual one: documents checked against the built-in or a saved catalogue —
 * pays for none of it. The bundler keeps the module in the same bundle, evaluated on this first call.
 */
import type { HttpTransport } from '../../../run/transport';

type NodeTransportModule = typeof import('../../../run/node/nodeTransport');

let loaded: HttpTransport | undefined;

/** The transport of run/node/nodeTransport.ts, its module (and Node's network modules) required on first use. */
export const lazyNodeTransport: HttpTransport = {
  request(req) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use on purpose
    loaded ??= (require('../../../run/node/nodeTransport') as NodeTransportModule).nodeTransport;
    return loaded.request(req);
  },
};
