/**
 * The one seam between the run code and the network. Everything above it (the read-only guard, the
 * URL checks, time limits, redirect refusal, messages, continuation, merging) is the same wherever it
 * runs; a transport only moves bytes, within the bounds it is given:
 *   - Node's http/https (`run/node/nodeTransport.ts`), used by the extension, the CLI and the server;
 *     it also checks the address a name resolves to when connecting (`addressPolicy`);
 *   - a browser build gives its own (`fetch`), and leaves the address check to the browser.
 * No I/O here: the run code imports no transport, it is handed one (`RunOptions.transport`).
 */

/** Whether a connection to a resolved address may be made; loopback and private ranges are refused unless allowed. */
export interface AddressPolicy {
  /** Loopback, private and link-local addresses are allowed (a configured wiki or map server). */
  allowPrivate: boolean;
  /** How the user allows such an address, said in the refusal (default: the editor's settings). */
  howToAllow?: string;
}

export interface TransportRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Most body bytes read; past it the transport stops reading and rejects with `tooLarge`. */
  maxBytes: number;
  /** Aborted on timeout or cancel: the transport lets the connection go and rejects with `aborted`. */
  signal: AbortSignal;
  /** The address check made when connecting; absent: no check (the caller vouches for the host). */
  addressPolicy?: AddressPolicy;
}

/** An answer read within its bounds. A redirect (3xx) is returned with its headers and no body read. */
export interface BoundedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as UTF-8 text (one buffer per answer, decoded once). */
  body: string;
  bytes: number;
}

export type TransportFailure = 'tooLarge' | 'network' | 'aborted' | 'privateAddress';

/** Why a transport could not deliver an answer; the run code turns it into a message for people. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
    /** `ECONNREFUSED`, `ENOTFOUND`, … for `network`; the refused address for `privateAddress`. */
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface HttpTransport {
  request(req: TransportRequest): Promise<BoundedResponse>;
}
