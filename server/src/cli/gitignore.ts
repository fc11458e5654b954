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
  regex: RegExp;
}

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

/** Parses the text of one `.gitignore` in folder `base` ('/'-separated, '' for the walk's root). */
export function parseGitignore(text: string, base: string): Rule[] {
  const rules: Rule[] = [];
  for (let line of text.split(/\r?\n/)) {
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
    rules.push({ base: base.replace(/\/+$/, ''), negate, dirOnly, anchored, regex: new RegExp(`^${globToRegex(line)}$`) });
  }
  return rules;
}

/** The patterns of every `.gitignore` read so far, shallowest first. */
export class GitignoreMatcher {
  private readonly rules: Rule[] = [];

  add(rules: Rule[]): void {
    this.rules.push(...rules);
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
      if (rule.regex.test(subject)) ignored = !rule.negate;
    }
    return ignored;
  }
}
