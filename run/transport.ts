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
  /** The status line's reason phrase, as messages may show it (`serverText`: at most 200 characters, no link syntax). */
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as UTF-8 text (one buffer per answer, decoded once). */
  body: string;
  bytes: number;
}

export type TransportFailure = 'tooLarge' | 'network' | 'aborted' | 'privateAddress';

/**
 * How far an answer had come when its request was let go (a time limit, a cancel): said in the message, so
 * that a server that sent its headers and then held the body back (a Content-Length it never fills, a 2 GB
 * chunk) is not said to be out of reach.
 */
export type AnswerProgress =
  /** No connection yet (the name being looked up, or the connection not taken). */
  | { stage: 'connecting' }
  /** Connected; `received` bytes came, none of them the end of a final answer's headers; `interim` 1xx answers among them. */
  | { stage: 'connected'; received: number; interim: number }
  /**
   * The final answer's headers came; `bodyBytes` of its body since (as on the wire), `declared` its Content-Length if
   * given, `quietMs` how long before it was let go the last byte came (the headers or a body chunk), when known.
   */
  | { stage: 'headers'; status: number; bodyBytes: number; declared?: number; quietMs?: number };

/** Why a transport could not deliver an answer; the run code turns it into a message for people. */
export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string,
    /** `ECONNREFUSED`, `ENOTFOUND`, … for `network`; the refused address for `privateAddress`. */
    readonly code?: string,
    readonly status?: number,
    /** For `aborted`: how far the answer had come (absent: not known, as with a browser's `fetch` before it answers). */
    readonly progress?: AnswerProgress,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
recognisedAcrossBundles(TransportError, 'TransportError');

/** A duration for people: `3 s`, `0.4 s`, `1.5 s`. */
function formatSeconds(ms: number): string {
  return `${+(ms / 1000).toFixed(1)} s`;
}

/** `n` with its thousands separated: `1,000,000`. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1 byte`, `1,000 bytes`. */
function counted(n: number, unit: string): string {
  return `${thousands(n)} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * What a request that ran out of time got from `host`, in words; the run code, the catalogue load and the
 * map-config fetch each say it with their own advice around it:
 * - `no connection to HOST within 3 s`;
 * - `HOST took the connection but sent nothing within 3 s`;
 * - `HOST sent 2,000 interim answers (HTTP 1xx, such as 100 Continue) but no final answer within 3 s`;
 * - `HOST began its answer (12 bytes) but did not finish its headers within 3 s`;
 * - `HOST answered HTTP 200, but its body was not complete within 3 s (46 of the 1,000,000 bytes announced came)`;
 * - `HOST answered HTTP 200 and all 65,239 bytes it announced came, but reading them did not finish within 3 s`
 *   (the time went to decoding: a compressed answer that expands a lot);
 * - `no answer from HOST within 3 s` (how far it came is not known).
 */
export function unfinishedAnswer(host: string, progress: AnswerProgress | undefined, timeoutMs: number): string {
  const within = `within ${formatSeconds(timeoutMs)}`;
  switch (progress?.stage) {
    case 'connecting':
      return `no connection to ${host} ${within}`;
    case 'connected':
      if (progress.interim > 0)
        return `${host} sent ${counted(progress.interim, 'interim answer')} (HTTP 1xx, such as 100 Continue) but no final answer ${within}`;
      if (progress.received === 0) return `${host} took the connection but sent nothing ${within}`;
      return `${host} began its answer (${counted(progress.received, 'byte')}) but did not finish its headers ${within}`;
    case 'headers': {
      if (allCame(progress))
        return `${host} answered HTTP ${progress.status} and all ${counted(progress.bodyBytes, 'byte')} it announced came, but reading them did not finish ${within}`;
      const came =
        progress.declared === undefined
          ? `${counted(progress.bodyBytes, 'byte')} came`
          : `${thousands(progress.bodyBytes)} of the ${counted(progress.declared, 'byte')} announced came`;
      return `${host} answered HTTP ${progress.status}, but its body was not complete ${within} (${came})`;
    }
    default:
      return `no answer from ${host} ${within}`;
  }
}

/**
 * Whether an answer whose headers came was held back rather than slow: nothing came in the last half of the time
 * limit (or the last 10 s). More time does not help against such a server; it helps one still sending.
 */
function heldBack(progress: AnswerProgress | undefined, timeoutMs: number): boolean {
  return (
    progress?.stage === 'headers' &&
    !allCame(progress) &&
    progress.quietMs !== undefined &&
    progress.quietMs >= Math.min(timeoutMs / 2, 10_000)
  );
}

/**
 * Whether every byte the server announced came: the time then went to reading the answer (a compressed one that
 * expands a lot), not to a server holding it back.
 */
function allCame(progress: AnswerProgress & { stage: 'headers' }): boolean {
  return progress.declared !== undefined && progress.bodyBytes === progress.declared;
}

/**
 * What to do about a run that ran out of time, fitting what came (`unfinishedAnswer`): raising
 * `wikimapQuery.run.timeoutSeconds` is advised only where more time can help — a server that took the
 * connection and is still working on the query, or one still sending its body; not one that was never
 * reached, that floods interim answers or drips its headers, or that sent part of its body and then held the
 * rest back.
 */
export function timeLimitAdvice(progress: AnswerProgress | undefined, timeoutMs: number): string {
  const raise = 'raise wikimapQuery.run.timeoutSeconds';
  switch (progress?.stage) {
    case 'connecting':
      return 'Check that the server runs and that the endpoint URL is right (a firewall that drops connections looks the same).';
    case 'connected':
      if (!moreTimeMayHelp(progress, timeoutMs))
        return 'More time would not help: check the endpoint (a proxy in between may be at fault).';
      return `It may still be working on the query: ask for less (a lower limit), or ${raise}.`;
    case 'headers':
      if (allCame(progress)) return `Reading it took the time (a compressed answer expands): ask for less (a lower limit), or ${raise}.`;
      if (!moreTimeMayHelp(progress, timeoutMs))
        return `Nothing came in its last ${formatSeconds(progress.quietMs!)}: it held the rest back, and more time would not help. Check the endpoint (a proxy in between may be at fault).`;
      return `It was still sending: ask for less (a lower limit), or ${raise}.`;
    default:
      return `Check that the server runs and that the endpoint URL is right, or ${raise}.`;
  }
}

/**
 * Whether more time could have helped a request that ran out of it: a server that took the connection and is
 * still working (nothing sent yet), or one still sending its body (not one that held the rest back). The run's
 * advice (`timeLimitAdvice`) and the catalogue load's follow it.
 */
export function moreTimeMayHelp(progress: AnswerProgress | undefined, timeoutMs: number): boolean {
  if (progress?.stage === 'connected') return progress.interim === 0 && progress.received === 0;
  return progress?.stage === 'headers' && !heldBack(progress, timeoutMs);
}

/** Whether the server was reached before the time ran out (it took the connection). */
export function wasReached(progress: AnswerProgress | undefined): boolean {
  return progress !== undefined && progress.stage !== 'connecting';
}

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
  HPE_INVALID_VERSION: 'its status line names an HTTP version other than 1.0 and 1.1',
  HPE_CR_EXPECTED: 'its lines end with LF alone, not CR LF',
  HPE_LF_EXPECTED: 'its lines end with CR alone, not CR LF',
  HPE_INVALID_TRANSFER_ENCODING: 'its Transfer-Encoding does not end with chunked',
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
