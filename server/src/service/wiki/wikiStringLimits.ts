/**
 * Length limits of string parameters, as MediaWiki's ParamValidator checks them
 * (includes/libs/ParamValidator/TypeDef/StringDef.php, StringDef::validate): paraminfo gives
 * `maxbytes` and `maxchars` (null when there is no limit). A value longer than `maxbytes` bytes
 * (PHP strlen of the decoded UTF-8 value) fails with `maxbytes`, checked first; one longer than
 * `maxchars` characters (mb_strlen: Unicode code points) fails with `maxchars`. Both are errors
 * (the API answers apierror-maxbytes / apierror-maxchars). Each value of a multi-valued parameter
 * is checked on its own (ParamValidator validates every value).
 */
import type { WikiParamDescriptor } from './wikiTypes';

/** UTF-8 length of a string (lone surrogates count as 3 bytes, as U+FFFD would). */
export function utf8Length(v: string): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < v.length && (v.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Number of Unicode code points (PHP mb_strlen( $value, 'UTF-8' )). */
export function codePointLength(v: string): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < v.length && (v.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    n++;
  }
  return n;
}

export interface StringLimitProblem {
  code: 'maxbytes' | 'maxchars';
  message: string;
}

/** The limit a string value breaks (bytes first, as StringDef::validate), or undefined. */
export function stringLimitProblem(d: WikiParamDescriptor, wire: string, v: string): StringLimitProblem | undefined {
  if (d.maxbytes === undefined && d.maxchars === undefined) return undefined;
  // Cheap bounds first: a value of n UTF-16 units has at most 3n bytes and at most n code points.
  if (d.maxbytes !== undefined && v.length * 3 > d.maxbytes) {
    const bytes = utf8Length(v);
    if (bytes > d.maxbytes) {
      return {
        code: 'maxbytes',
        message: `Parameter "${wire}" cannot be longer than ${plural(d.maxbytes, 'byte')} (this value has ${bytes}, counted in UTF-8). Shorten it.`,
      };
    }
  }
  if (d.maxchars !== undefined && v.length > d.maxchars) {
    const chars = codePointLength(v);
    if (chars > d.maxchars) {
      return {
        code: 'maxchars',
        message: `Parameter "${wire}" cannot be longer than ${plural(d.maxchars, 'character')} (this value has ${chars}). Shorten it.`,
      };
    }
  }
  return undefined;
}

/** Hover text of a parameter's limits ("at most 255 bytes"), or '' when it has none. */
export function stringLimitText(d: WikiParamDescriptor): string {
  const parts: string[] = [];
  if (d.maxbytes !== undefined) parts.push(`at most ${plural(d.maxbytes, 'byte')} (UTF-8)`);
  if (d.maxchars !== undefined) parts.push(`at most ${plural(d.maxchars, 'character')}`);
  return parts.join(', ');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
