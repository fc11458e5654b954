/**
 * A small `.gitignore` matcher for `wikimap-query check DIR`, following git's rules (gitignore(5)):
 * blank lines and `#` comments are skipped; `!` re-includes; a trailing `/` matches directories only;
 * a pattern with a `/` at its start or middle is relative to its `.gitignore`'s folder, one without
 * matches a name at any depth; `*` and `?` do not cross `/`, `**` does (`**\/x`, `x/**`, `a/**\/b`);
 * `[...]` classes; `\` escapes. The last matching pattern wins, and patterns of a deeper `.gitignore`
 * come after those of its parents. A file inside an ignored folder stays ignored (the walk does not go
 * into it), as in git.
 */

interface Rule {
  /** Folder of the `.gitignore`, '/'-separated, without a trailing '/' ('' for the root). */
  base: string;
  negate: boolean;
  dirOnly: boolean;
  anchored: boolean;
  /** Whether a name or path matches: a regular expression for a pattern of at most one `*`, else a
   *  linear-time matcher (`*a*a*a…*b` as a regular expression backtracks for minutes on a long name). */
  matches: (subject: string) => boolean;
}

/** A pattern's pieces for the linear matcher. */
type Token =
  | { kind: 'char'; c: string }
  | { kind: 'any' }
  | { kind: 'class'; negated: boolean; ranges: Array<[number, number]> }
  | { kind: 'star' }
  | { kind: 'dirs' }
  | { kind: 'rest' };

function escapeChar(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

function globToRegex(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*' && (i === 0 || glob[i - 1] === '/') && (i + 2 === glob.length || glob[i + 2] === '/')) {
        if (i + 2 === glob.length) {
          re += '.*'; // `x/**`: everything inside
          i += 1;
        } else {
          re += '(?:.*/)?'; // `**/`: any number of folders, none included
          i += 2;
        }
        continue;
      }
      while (glob[i + 1] === '*') i++;
      re += '[^/]*';
    } else if (c === '?') {
      re += '[^/]';
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) {
        re += '\\[';
        continue;
      }
      let cls = glob.slice(i + 1, end);
      const negated = cls.startsWith('!') || cls.startsWith('^');
      if (negated) cls = cls.slice(1);
      re += `[${negated ? '^' : ''}${cls.replace(/\\/g, '\\\\').replace(/\]/g, '\\]')}]`;
      i = end;
    } else if (c === '\\' && i + 1 < glob.length) {
      re += escapeChar(glob[++i]);
    } else {
      re += escapeChar(c);
    }
  }
  return re;
}

/** The pieces of a glob, read as globToRegex reads it. */
function tokenize(glob: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*' && (i === 0 || glob[i - 1] === '/') && (i + 2 === glob.length || glob[i + 2] === '/')) {
        out.push({ kind: i + 2 === glob.length ? 'rest' : 'dirs' });
        i += i + 2 === glob.length ? 1 : 2;
        continue;
      }
      while (glob[i + 1] === '*') i++;
      out.push({ kind: 'star' });
    } else if (c === '?') out.push({ kind: 'any' });
    else if (c === '[' && glob.indexOf(']', i + 2) >= 0) {
      const end = glob.indexOf(']', i + 2);
      let cls = glob.slice(i + 1, end);
      const negated = cls.startsWith('!') || cls.startsWith('^');
      if (negated) cls = cls.slice(1);
      const ranges: Array<[number, number]> = [];
      for (let k = 0; k < cls.length; k++) {
        const lo = cls.charCodeAt(k);
        if (cls[k + 1] === '-' && k + 2 < cls.length) {
          ranges.push([lo, cls.charCodeAt(k + 2)]);
          k += 2;
        } else ranges.push([lo, lo]);
      }
      out.push({ kind: 'class', negated, ranges });
      i = end;
    } else if (c === '\\' && i + 1 < glob.length) out.push({ kind: 'char', c: glob[++i] });
    else out.push({ kind: 'char', c });
  }
  return out;
}

/** Whether `c` (a character of the subject) moves past token `t` (star, dirs and rest also stay). */
function steps(t: Token, c: string): boolean {
  switch (t.kind) {
    case 'char':
      return t.c === c;
    case 'any':
      return c !== '/';
    case 'class': {
      const code = c.charCodeAt(0);
      return t.ranges.some(([lo, hi]) => code >= lo && code <= hi) !== t.negated;
    }
    case 'dirs':
      return c === '/';
    default:
      return false;
  }
}

/** A matcher that reads the subject once, keeping the set of pattern positions reached (no backtracking). */
function linearMatcher(tokens: Token[]): (subject: string) => boolean {
  const m = tokens.length;
  const close = (set: Uint8Array) => {
    // star, dirs and rest match nothing too
    for (let i = 0; i < m; i++)
      if (set[i] && tokens[i].kind !== 'char' && tokens[i].kind !== 'any' && tokens[i].kind !== 'class') set[i + 1] = 1;
  };
  return (subject) => {
    let now = new Uint8Array(m + 1);
    let next = new Uint8Array(m + 1);
    now[0] = 1;
    close(now);
    for (const c of subject) {
      next.fill(0);
      let any = false;
      for (let i = 0; i < m; i++) {
        if (!now[i]) continue;
        const t = tokens[i];
        if ((t.kind === 'star' && c !== '/') || t.kind === 'rest' || t.kind === 'dirs') next[i] = 1;
        if (steps(t, c)) next[i + 1] = 1;
        any = true;
      }
      if (!any) return false;
      close(next);
      [now, next] = [next, now];
    }
    return now[m] === 1;
  };
}

/** The matcher of one pattern. */
function matcherOf(glob: string): (subject: string) => boolean {
  const tokens = tokenize(glob);
  if (tokens.filter((t) => t.kind === 'star' || t.kind === 'dirs' || t.kind === 'rest').length <= 1) {
    const regex = new RegExp(`^${globToRegex(glob)}$`);
    return (subject) => regex.test(subject);
  }
  return linearMatcher(tokens);
}

/** Parses the text of one `.gitignore` in folder `base` ('/'-separated, '' for the walk's root). */
export function parseGitignore(text: string, base: string, max = Infinity): Rule[] {
  const rules: Rule[] = [];
  for (let line of text.split(/\r?\n/)) {
    if (rules.length >= max) break;
    // trailing spaces are dropped unless escaped
    line = line.replace(/(?<!\\)\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    let negate = false;
    if (line.startsWith('!')) {
      negate = true;
      line = line.slice(1);
    } else if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1);
    }
    let dirOnly = false;
    if (line.endsWith('/') && !line.endsWith('\\/')) {
      dirOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (!line) continue;
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    rules.push({ base: base.replace(/\/+$/, ''), negate, dirOnly, anchored, matches: matcherOf(line) });
  }
  return rules;
}

/**
 * Most patterns applied in all, and the largest `.gitignore` read: a real one has tens to a few thousand
 * lines. Each path of a walk is matched against every pattern, so a million of them (23 MB) took `check`
 * to 1.6 GB and 28 s on 51 files. Past them the rest is not applied, and the walk says so.
 */
export const MAX_GITIGNORE_PATTERNS = 5_000;
export const MAX_GITIGNORE_BYTES = 4 * 1024 * 1024;

/** The patterns of every `.gitignore` read so far, shallowest first. */
export class GitignoreMatcher {
  private readonly rules: Rule[] = [];

  add(rules: Rule[]): void {
    for (const rule of rules) this.rules.push(rule); // not push(...rules): a spread of a million overflows the stack
  }

  /** How many more patterns are applied (each path is matched against every pattern). */
  room(): number {
    return Math.max(0, MAX_GITIGNORE_PATTERNS - this.rules.length);
  }

  /** Whether `path` ('/'-separated, same root as the rules' bases) is ignored. */
  ignores(path: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const rule of this.rules) {
      if (rule.dirOnly && !isDirectory) continue;
      let rel: string;
      if (rule.base === '') rel = path;
      else if (path.startsWith(`${rule.base}/`)) rel = path.slice(rule.base.length + 1);
      else continue;
      const subject = rule.anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1);
      if (rule.matches(subject)) ignored = !rule.negate;
    }
    return ignored;
  }
}
