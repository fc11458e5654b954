/**
 * What the server logs and shows is bounded and safe: credentials removed from URLs, and no line longer
 * than a message can usefully be, whatever a client sends (URIs, settings, errors).
 */
import { redactUserInfo } from '../../run/redact';

/**
 * Most characters of one log line or shown message: a document's URI, a setting's value or an error may
 * be megabytes long (a 1 MB URI was shown whole in a warning window).
 */
const MAX_MESSAGE_CHARS = 4000;

/** What may be logged or shown: credentials in URLs removed (run/redact.ts), then cut to MAX_MESSAGE_CHARS. */
export function fit(message: string): string {
  const safe = redactUserInfo(message);
  if (safe.length <= MAX_MESSAGE_CHARS) return safe;
  return `${safe.slice(0, MAX_MESSAGE_CHARS)}… (${(safe.length - MAX_MESSAGE_CHARS).toLocaleString('en-US')} more characters)`;
}

/**
 * The last path segment of a URI, decoded when it is valid percent-encoding (a malformed URI is shown as
 * written); a name over 200 characters keeps its first and last 100.
 */
export function fileName(uri: string): string {
  let last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    /* shown as written */
  }
  return last.length > 200 ? `${last.slice(0, 100)}…${last.slice(-100)}` : last;
}
