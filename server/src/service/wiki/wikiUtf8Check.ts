/**
 * `badutf8` (warning): MediaWiki's WebRequest cleans every value (UtfNormal\Validator::cleanUp):
 * invalid UTF-8, control characters other than tab, LF and CR (and U+001F, the multi-value
 * separator), the noncharacters U+FFFE/U+FFFF, and text that is not in NFC are replaced or
 * normalised, and ParamValidator warns that "the value passed for X contains invalid or
 * non-normalized data". Applies to every module (query or not).
 */
import type { WikiParam } from './wikiTypes';

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

function hexVal(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Do the raw value's percent-escapes (with the characters between them) form valid UTF-8? */
function escapesAreUtf8(raw: string): boolean {
  if (raw.indexOf('%') < 0) return true;
  const bytes: number[] = [];
  const check = (): boolean => {
    if (bytes.length === 0) return true;
    try {
      fatalUtf8.decode(new Uint8Array(bytes));
      return true;
    } catch {
      return false;
    } finally {
      bytes.length = 0;
    }
  };
  for (let i = 0; i < raw.length; i++) {
    if (raw.charCodeAt(i) === 37 && i + 2 < raw.length) {
      const h = hexVal(raw.charCodeAt(i + 1));
      const l = hexVal(raw.charCodeAt(i + 2));
      if (h >= 0 && l >= 0) {
        bytes.push(h * 16 + l);
        i += 2;
        continue;
      }
    }
    if (!check()) return false;
  }
  return check();
}

// C0 controls but tab, LF, CR and U+001F; the noncharacters U+FFFE and U+FFFF.
const BAD_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001e\ufffe\uffff]/;

/** The reason a value would be cleaned by the wiki, or undefined when it is clean. */
function badUtf8Reason(raw: string, decoded: string): string | undefined {
  if (!escapesAreUtf8(raw)) return 'its percent-escapes are not valid UTF-8';
  if (BAD_CHARS.test(decoded)) return 'it contains a control character';
  // (ASCII is always NFC: skip the normalisation for the usual values.)
  if (/[^\u0000-\u007f]/.test(decoded) && decoded !== decoded.normalize('NFC')) return 'it is not NFC-normalised Unicode';
  return undefined;
}

/** The `badutf8` message for a parameter, or undefined. */
export function badUtf8Message(text: string, p: WikiParam): string | undefined {
  if (!p.hasEquals || p.value === '') return undefined;
  // The usual value is printable ASCII: nothing to clean (bytes that are not UTF-8 decode to
  // non-ASCII characters), and the raw text need not be looked at.
  const v = p.value;
  let plain = true;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) {
      plain = false;
      break;
    }
  }
  if (plain) return undefined;
  const why = badUtf8Reason(text.slice(p.valueRange.start, p.valueRange.end), p.value);
  if (!why) return undefined;
  return `The value passed for "${p.name}" contains invalid or non-normalized data (${why}); the wiki replaces or normalises it. Textual data should be valid, NFC-normalized Unicode without C0 control characters other than HT (\\t), LF (\\n), and CR (\\r).`;
}
