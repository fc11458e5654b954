/**
 * The one seam between the run code and the network. Everything above it (the read-only guard, the
 * URL checks, time limits, redirect refusal, messages, continuation, merging) is the same wherever it
 * runs; a transport only moves bytes, within the bounds it is given:
 *   - Node's http/https (`run/node/nodeTransport.ts`), used by the extension, the CLI and the server;
 *     it also checks the address a name resolves to when connecting (`addressPolicy`);
 *   - a browser build gives its own (`fetch`), and leaves the address check to the browser.
 * No I/O here: the run code imports no transport, it is handed one (`RunOptions.transport`).
 */
import { recognisedAcrossBundles } from '../common/bundleClass';

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
recognisedAcrossBundles(TransportError, 'TransportError');

export interface HttpTransport {
  request(req: TransportRequest): Promise<BoundedResponse>;
}

/** Node's HTTP parser errors (llhttp `HPE_*`) in words: the server answered, but not in valid HTTP. */
const PARSE_PROBLEMS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'its headers are larger than 16 KB',
  HPE_INVALID_CHUNK_SIZE: 'a chunk size of its chunked encoding is not a hex number, or too large',
  HPE_INVALID_CONTENT_LENGTH: 'its Content-Length is not a number, or comes with chunked encoding',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'it gives Content-Length twice, or with chunked encoding',
  HPE_CLOSED_CONNECTION: 'it sent bytes after the end of its answer',
  HPE_INVALID_CONSTANT: 'it does not start with an HTTP status line',
  HPE_INVALID_HEADER_TOKEN: 'a header holds a character HTTP does not allow',
  HPE_INVALID_STATUS: 'its status line is not valid',
};

/**
 * What was wrong with the answer a transport failed on, in words; undefined when no answer was read (the
 * server could not be reached, or broke the connection).
 */
export function brokenAnswer(e: TransportError): string | undefined {
  if (e.code?.startsWith('HPE_')) return `the answer is not valid HTTP: ${PARSE_PROBLEMS[e.code] ?? e.code}`;
  if (e.kind === 'network' && e.status !== undefined) return e.message;
  return undefined;
}
