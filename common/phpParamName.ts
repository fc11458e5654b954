/**
 * Parameter names as PHP reads them when it fills `$_GET` (php_register_variable_ex in PHP's
 * main/php_variables.c), which is what MediaWiki sees:
 * - the name ends at a NUL byte (`%00`), since PHP handles it as a C string;
 * - leading spaces are dropped (` action` is `action`);
 * - then, up to the first `[`, every space and dot becomes `_` (`cm.title` is `cm_title`);
 * - a `[` with a `]` after it starts an array key: `action[x]` makes `action` an array, whose value
 *   MediaWiki's WebRequest::getVal ignores (it answers the default, as if the parameter were absent);
 * - a `[` without a `]` after it becomes `_`, and the rest of the name is kept as written;
 * - a name that is empty after this is dropped.
 *
 * Shared by the checker (wikiQueryParser.ts) and the run guard (run/wiki/wikiRequest.ts), so
 * both judge a request by the names the wiki will really see. Pure.
 */

export interface PhpParamName {
  /** The name in `$_GET`; for an array, its base name (`action` for `action[x]`). */
  name: string;
  /** PHP makes the value an array (`name[…]`): MediaWiki reads no string value from it. */
  array: boolean;
  /** PHP drops the pair (empty name after the rules above). */
  dropped: boolean;
}

const SP = 32;
const DOT = 46;
const LBRACKET = 91;

/** Whether a decoded name may read differently in PHP (a quick test before `phpParamName`). */
export function mayMangle(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === SP || c === DOT || c === LBRACKET || c === 0) return true;
  }
  return false;
}

/** The name PHP (and so MediaWiki) reads for a decoded query-string name. */
export function phpParamName(decoded: string): PhpParamName {
  let n = decoded;
  const nul = n.indexOf('\u0000');
  if (nul >= 0) n = n.slice(0, nul);
  let i = 0;
  while (i < n.length && n.charCodeAt(i) === SP) i++;
  n = n.slice(i);
  let out = '';
  for (let j = 0; j < n.length; j++) {
    const c = n.charCodeAt(j);
    if (c === SP || c === DOT) {
      out += '_';
    } else if (c === LBRACKET) {
      if (n.indexOf(']', j + 1) >= 0) {
        return { name: out, array: true, dropped: out.length === 0 };
      }
      // Not an index: PHP un-terminates the name with `_` and keeps the rest as written.
      out += '_' + n.slice(j + 1);
      break;
    } else {
      out += n[j];
    }
  }
  return { name: out, array: false, dropped: out.length === 0 };
}

/** Why a written name reads as another one, for messages: "leading spaces are dropped", …. */
export function describeMangling(decoded: string, php: PhpParamName): string {
  const why: string[] = [];
  if (decoded.includes('\u0000')) why.push('the name ends at the NUL byte');
  if (decoded.charCodeAt(0) === SP) why.push('leading spaces are dropped');
  const head = decoded.split('[')[0].replace(/^ +/, '');
  if (/[ .]/.test(head)) why.push('spaces and dots become "_"');
  if (php.array) why.push('"[" starts an array key');
  else if (decoded.includes('[')) why.push('an unclosed "[" becomes "_"');
  return why.join(', ');
}
