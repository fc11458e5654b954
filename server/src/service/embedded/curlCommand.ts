/**
 * A curl command line in a shell script as one request: its URL (`…/api.php`, with or without a
 * query) and every `-d`/`--data…`/`--data-urlencode`/`-F` piece, as curl joins them (`&`), so
 * `curl -d action=query -d list=allpages -d aplimit=5 https://…/api.php` is checked as one request.
 */
import type { Node } from 'web-tree-sitter';
import type { HostLanguage } from './hostLanguages';
import { decodeExpression, isStringNode } from './hostStrings';
import { encodeInto } from './clientLibraries';
import { urlQueryOf } from './urlQuery';
import { MappedText } from './virtualText';

const DATA_OPTIONS = /^(?:-d|--data|--data-raw|--data-binary|--data-ascii|--data-urlencode|-F|--form)$/;
const ENCODED = new Set(['--data-urlencode', '-F', '--form']);
const API_URL = /^https?:\/\/[^/\s]+\/\S*api\.php$/i;

/** One `--data-urlencode name=value` piece as curl sends it (the value percent-encoded). */
function encodedPiece(text: MappedText): MappedText | undefined {
  const eq = text.text.indexOf('=');
  if (eq <= 0 || text.hasHole(0, eq)) return undefined;
  const out = new MappedText();
  out.append(text, 0, eq + 1);
  const value = new MappedText();
  value.append(text, eq + 1);
  encodeInto(out, value, false);
  return out;
}

/** The command's URL as the start of the virtual query (`https://…/api.php?…` or nothing). */
function baseOf(url: MappedText | undefined): MappedText {
  if (!url) return new MappedText();
  const found = urlQueryOf(url);
  if (found) return found.query;
  const base = new MappedText();
  if (API_URL.test(url.text) && !url.hasHole()) {
    base.append(url);
    base.push('?', url.ends[url.ends.length - 1], url.ends[url.ends.length - 1]);
  }
  return base;
}

/** The request of a `curl` command with data pieces, or undefined (its literals are then read one by one). */
export function curlRequest(command: Node, lang: HostLanguage, host: string): { query: MappedText; strings: Node[] } | undefined {
  const kids = command.namedChildren.filter((c): c is Node => !!c);
  if (kids[0]?.type !== 'command_name' || kids[0].text !== 'curl') return undefined;
  const pieces: MappedText[] = [];
  let url: MappedText | undefined;
  for (let i = 1; i < kids.length; i++) {
    const a = kids[i];
    if (!isStringNode(a, lang) && a.type !== 'concatenation') continue;
    const next = kids[i + 1];
    if (DATA_OPTIONS.test(a.text) && next) {
      const text = decodeExpression(next, lang, host);
      const piece = ENCODED.has(a.text) ? encodedPiece(text) : text;
      if (piece && /^[\w[\]-]+=/.test(piece.text)) pieces.push(piece);
      i++;
    } else if (!url && /api\.php/.test(a.text)) url = decodeExpression(a, lang, host);
  }
  if (!pieces.length) return undefined;
  const query = baseOf(url);
  for (const piece of pieces) {
    const at = piece.starts[0] ?? 0;
    if (query.text && !/[?&]$/.test(query.text)) query.push('&', at, at);
    query.append(piece);
  }
  if (!/(?:^|[?&])action=/.test(query.text)) return undefined;
  return { query, strings: command.descendantsOfType(Object.keys(lang.strings)).filter((n): n is Node => !!n) };
}
