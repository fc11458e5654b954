/**
 * A small Perl lexer (npm has no prebuilt tree-sitter grammar for Perl): it cuts a file into the
 * tokens the Perl hash reader needs — brackets, `,`, `=>`, `;`, barewords, strings (with their
 * contents decoded), numbers, variables — and steps over what would fool it: comments, POD,
 * here-documents, `__END__`, and the quote-like operators `q qq qw qr qx m s tr y`. A `/` is a
 * regular expression where a term is expected (after an operator, `(`, `,`, a keyword) and a
 * division after a term, as Perl's own parser guesses. One pass, no backtracking.
 */
import { MappedText, decodeInto } from './virtualText';

export type PerlTokenKind = 'open' | 'close' | 'comma' | 'arrow' | 'semi' | 'word' | 'str' | 'num' | 'var' | 'op';

export interface PerlToken {
  kind: PerlTokenKind;
  start: number;
  end: number;
  /** A string's contents [from, to) and how they decode (`"…"`, `qq`: interpolated; `'…'`, `q`: single); a `qw` list has none. */
  body?: { from: number; to: number; interpolated: boolean };
}

/** A string token's contents, decoded (interpolated variables are holes); decoded only when asked (most strings never are). */
export function stringValue(text: string, t: PerlToken): MappedText | undefined {
  if (!t.body) return undefined;
  const out = new MappedText();
  if (t.body.interpolated) decodeInterpolated(out, text, t.body.from, t.body.to);
  else decodeInto(out, text, t.body.from, t.body.to, 'single');
  return out;
}

const QUOTE_LIKE = new Set(['q', 'qq', 'qw', 'qr', 'qx', 'm', 's', 'tr', 'y']);
/** Words after which a term is expected (so `/` starts a pattern). */
const OPERATOR_WORDS = new Set([
  'and',
  'or',
  'not',
  'xor',
  'if',
  'unless',
  'while',
  'until',
  'return',
  'split',
  'grep',
  'map',
  'join',
  'push',
  'unshift',
  'x',
  'lt',
  'gt',
  'le',
  'ge',
  'eq',
  'ne',
  'cmp',
  'when',
  'print',
  'die',
  'warn',
]);
const PAIRS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/** Decodes a double-quoted Perl string's contents: C escapes, `$name`/`@name`/`${…}` as holes. */
function decodeInterpolated(out: MappedText, text: string, from: number, to: number): void {
  let at = from;
  for (let i = from; i < to; i++) {
    if (text[i] === '\\') {
      // `\@`, `\$`, `\"`: a backslash before a character that is no letter or digit gives that character
      if (/[^\w\s]/.test(text[i + 1] ?? '')) {
        decodeInto(out, text, at, i, 'c-keep');
        out.push(text[i + 1], i, i + 2);
        at = i + 2;
      }
      i++;
      continue;
    }
    if ((text[i] === '$' || text[i] === '@') && /[\w{:]/.test(text[i + 1] ?? '')) {
      decodeInto(out, text, at, i, 'c-keep');
      let e = i + 1;
      if (text[e] === '{') e = Math.max(text.indexOf('}', e), e) + 1;
      else while (e < to && /[\w:]/.test(text[e])) e++;
      // `$h->{key}`, `$a[0]`: the subscript is part of the variable
      while (e < to && (text.startsWith('->', e) || text[e] === '[' || text[e] === '{') && text[e] !== undefined) {
        const open = text[e] === '-' ? e + 2 : e;
        const close = PAIRS[text[open]] ? text.indexOf(PAIRS[text[open]], open) : -1;
        if (close < 0 || close >= to) break;
        e = close + 1;
      }
      out.pushHole(i, Math.min(e, to));
      at = i = Math.min(e, to);
      i--;
    }
  }
  decodeInto(out, text, at, to, 'c-keep');
}

/** End (after the closing delimiter) of a delimited part opening at `open`; nesting for bracket pairs. */
function delimitedEnd(text: string, open: number): number {
  const o = text[open];
  const c = PAIRS[o] ?? o;
  let depth = 1;
  for (let i = open + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === c && --depth === 0) return i + 1;
    else if (ch === o && c !== o) depth++;
  }
  return text.length;
}

class Lexer {
  readonly tokens: PerlToken[] = [];
  private i = 0;
  private heredocs: Array<{ tag: string; indented: boolean }> = [];

  constructor(private readonly text: string) {}

  private get termExpected(): boolean {
    const last = this.tokens[this.tokens.length - 1];
    if (!last) return true;
    if (last.kind === 'word') return OPERATOR_WORDS.has(this.text.slice(last.start, last.end));
    return !(last.kind === 'close' || last.kind === 'str' || last.kind === 'num' || last.kind === 'var');
  }

  private push(kind: PerlTokenKind, start: number, end: number, body?: PerlToken['body']): void {
    this.tokens.push(body ? { kind, start, end, body } : { kind, start, end });
    this.i = end;
  }

  /** Skips space, comments, POD, here-document bodies; false at the end of the code. */
  private skip(): boolean {
    const t = this.text;
    while (this.i < t.length) {
      const ch = t[this.i];
      const lineStart = this.i === 0 || t[this.i - 1] === '\n';
      if (ch === '\n') {
        this.i++;
        if (this.heredocs.length) this.skipHeredocBodies();
      } else if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f') this.i++;
      else if (ch === '#') this.i = t.indexOf('\n', this.i) < 0 ? t.length : t.indexOf('\n', this.i);
      else if (lineStart && ch === '=' && /[A-Za-z]/.test(t[this.i + 1] ?? '')) {
        const cut = t.indexOf('\n=cut', this.i);
        this.i = cut < 0 ? t.length : cut + 5;
      } else if (lineStart && (t.startsWith('__END__', this.i) || t.startsWith('__DATA__', this.i))) this.i = t.length;
      else return true;
    }
    return false;
  }

  private skipHeredocBodies(): void {
    const t = this.text;
    for (const h of this.heredocs) {
      while (this.i < t.length) {
        const eol = t.indexOf('\n', this.i);
        const line = t.slice(this.i, eol < 0 ? t.length : eol).replace(/\r$/, '');
        this.i = eol < 0 ? t.length : eol + 1;
        if ((h.indented ? line.trim() : line) === h.tag) break;
      }
    }
    this.heredocs = [];
  }

  private quoted(start: number): void {
    const t = this.text;
    const q = t[start];
    const end = delimitedEnd(t, start);
    this.push('str', start, end, q === '`' ? undefined : { from: start + 1, to: Math.max(start + 1, end - 1), interpolated: q === '"' });
  }

  /** `q(…)`, `qq{…}`, `s/…/…/g`, …: the word is at [start, wordEnd), its delimiter after spaces at `open`. */
  private quoteLike(word: string, start: number, open: number): void {
    const t = this.text;
    let end = delimitedEnd(t, open);
    if (word === 's' || word === 'tr' || word === 'y') {
      if (PAIRS[t[open]]) {
        let j = end;
        while (j < t.length && /\s/.test(t[j])) j++;
        end = j < t.length ? delimitedEnd(t, j) : j;
      } else end = delimitedEnd(t, end - 1);
    }
    while (end < t.length && /[a-z]/.test(t[end])) end++;
    const str = word === 'q' || word === 'qq';
    const body = str ? { from: open + 1, to: Math.max(open + 1, delimitedEnd(t, open) - 1), interpolated: word === 'qq' } : undefined;
    this.push(str ? 'str' : 'op', start, end, body);
  }

  private word(start: number): void {
    const t = this.text;
    const m = /^[A-Za-z_]\w*(?:::\w+)*/.exec(t.slice(start, start + 256))!;
    const word = m[0];
    const wordEnd = start + word.length;
    if (QUOTE_LIKE.has(word)) {
      let j = wordEnd;
      while (j < t.length && (t[j] === ' ' || t[j] === '\t')) j++;
      const d = t[j];
      const fatComma = t.startsWith('=>', j);
      if (d && !fatComma && !/[\w\s,;)=]/.test(d) && !(d === '#' && j > wordEnd)) return this.quoteLike(word, start, j);
    }
    this.push('word', start, wordEnd);
  }

  private variable(start: number): void {
    const t = this.text;
    let e = start + 1;
    if (t[e] === '#') e++;
    while (t[e] === '$') e++;
    const m = /^(?:\{\w*\}|\^\w|::)?\w*(?:::\w+)*/.exec(t.slice(e, e + 256));
    if (m && m[0]) e += m[0].length;
    else if (t[start] === '$' && e === start + 1 && e < t.length) e++; // `$_`-like punctuation variables: `$,` `$;` `$/`
    this.push('var', start, e);
  }

  private pattern(start: number): void {
    let end = delimitedEnd(this.text, start);
    while (end < this.text.length && /[a-z]/.test(this.text[end])) end++;
    this.push('op', start, end);
  }

  private punct(start: number): void {
    const t = this.text;
    const ch = t[start];
    if (
      ch === '<' &&
      t[start + 1] === '<' &&
      /^~?(?:"\w+"|'\w+'|[A-Za-z_]\w*)/.test(t.slice(start + 2, start + 260)) &&
      this.termExpected
    ) {
      const m = /^(~?)(?:"(\w+)"|'(\w+)'|([A-Za-z_]\w*))/.exec(t.slice(start + 2, start + 260))!;
      this.heredocs.push({ tag: m[2] ?? m[3] ?? m[4], indented: m[1] === '~' });
      return this.push('str', start, start + 2 + m[0].length);
    }
    if ('([{'.includes(ch)) return this.push('open', start, start + 1);
    if (')]}'.includes(ch)) return this.push('close', start, start + 1);
    if (ch === ',') return this.push('comma', start, start + 1);
    if (ch === ';') return this.push('semi', start, start + 1);
    if (ch === '=' && t[start + 1] === '>') return this.push('arrow', start, start + 2);
    if (ch === '/' && this.termExpected) return this.pattern(start);
    this.push('op', start, start + (t.startsWith('->', start) || t.startsWith('=~', start) || t.startsWith('//', start) ? 2 : 1));
  }

  run(maxTokens: number): PerlToken[] {
    const t = this.text;
    while (this.tokens.length < maxTokens && this.skip()) {
      const start = this.i;
      const ch = t[start];
      if (ch === '"' || ch === "'" || ch === '`') this.quoted(start);
      else if (/[A-Za-z_]/.test(ch)) this.word(start);
      else if (/[0-9]/.test(ch)) this.push('num', start, start + /^[0-9][\w.]*/.exec(t.slice(start, start + 64))![0].length);
      else if (ch === '$' || ch === '@' || ((ch === '%' || ch === '&') && this.termExpected && /[\w${:]/.test(t[start + 1] ?? '')))
        this.variable(start);
      else this.punct(start);
    }
    return this.tokens;
  }
}

/** The tokens of a Perl text (at most `maxTokens`). */
export function lexPerl(text: string, maxTokens = 2_000_000): PerlToken[] {
  return new Lexer(text).run(maxTokens);
}
