/**
 * The `wikiquery` TextMate grammar (syntaxes/wikiquery.tmLanguage.json).
 *
 * vscode-textmate / vscode-oniguruma are not dependencies of this project, so the grammar is
 * checked with a tiny matcher that implements the subset of TextMate the grammar uses:
 * `match` rules with a `name`, `captures` (nested by capture order) and capture `patterns`,
 * `include` of repository entries. Leftmost match wins, ties go to the earlier rule, as in
 * vscode-textmate. Every regex must also compile in JavaScript's strict unicode mode, which rejects the
 * Oniguruma-only escapes (`\h`, `\x{..}`, `\A`, `\G`, …) that plain JavaScript would silently misread.
 */
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface Capture {
  name?: string;
  patterns?: Rule[];
}
interface Rule {
  match?: string;
  name?: string;
  include?: string;
  patterns?: Rule[];
  captures?: Record<string, Capture>;
  begin?: string;
}
interface Grammar {
  scopeName: string;
  patterns: Rule[];
  repository: Record<string, Rule>;
}
interface Token {
  text: string;
  scopes: string[];
}

const root = join(__dirname, '..', '..', '..');
const grammar: Grammar = JSON.parse(readFileSync(join(root, 'syntaxes', 'wikiquery.tmLanguage.json'), 'utf8'));

/** Every `match` rule reachable from the grammar, with the JSON path it was found at. */
function allRules(): Array<{ path: string; rule: Rule }> {
  const out: Array<{ path: string; rule: Rule }> = [];
  const visit = (rule: Rule, path: string) => {
    out.push({ path, rule });
    rule.patterns?.forEach((r, i) => visit(r, `${path}.patterns[${i}]`));
    for (const [k, c] of Object.entries(rule.captures ?? {})) c.patterns?.forEach((r, i) => visit(r, `${path}.captures.${k}[${i}]`));
  };
  grammar.patterns.forEach((r, i) => visit(r, `patterns[${i}]`));
  for (const [k, r] of Object.entries(grammar.repository)) visit(r, `repository.${k}`);
  return out;
}

const regexCache = new Map<string, RegExp>();
function compile(source: string): RegExp {
  let re = regexCache.get(source);
  if (!re) regexCache.set(source, (re = new RegExp(source, 'dg')));
  return re;
}

/** Flattens includes into the list of match rules tried at one position. */
function flatten(rules: Rule[]): Rule[] {
  return rules.flatMap((r) => {
    if (r.include) {
      const target = grammar.repository[r.include.replace(/^#/, '')];
      if (!target) throw new Error(`grammar: include ${r.include} has no repository entry`);
      return flatten([target]);
    }
    return r.match ? [r] : flatten(r.patterns ?? []);
  });
}

/** Scopes per character of `line` in [from, to), with `outer` scopes already applied. */
function scan(line: string, from: number, to: number, rules: Rule[], scopes: string[][]): void {
  const flat = flatten(rules);
  const text = line.slice(0, to);
  let pos = from;
  while (pos < to) {
    let best: { rule: Rule; m: RegExpExecArray } | undefined;
    for (const rule of flat) {
      const re = compile(rule.match!);
      re.lastIndex = pos;
      const m = re.exec(text);
      if (m && (!best || m.index < best.m.index)) best = { rule, m };
    }
    if (!best) break;
    const { rule, m } = best;
    const start = m.index;
    const end = start + m[0].length;
    if (rule.name) for (let i = start; i < end; i++) scopes[i].push(...rule.name.split(' '));
    const indices = m.indices!;
    for (let g = 1; g < indices.length; g++) {
      const span = indices[g];
      const cap = rule.captures?.[String(g)];
      if (!span || !cap || span[0] === span[1]) continue;
      if (cap.name) for (let i = span[0]; i < span[1]; i++) scopes[i].push(...cap.name.split(' '));
      if (cap.patterns) scan(line, span[0], span[1], cap.patterns, scopes);
    }
    pos = end > start ? end : start + 1;
  }
}

function tokenize(line: string): Token[] {
  const scopes = Array.from(line, () => [grammar.scopeName]);
  scan(line, 0, line.length, grammar.patterns, scopes);
  const tokens: Token[] = [];
  for (let i = 0; i < line.length; i++) {
    const last = tokens[tokens.length - 1];
    if (last && last.scopes.join(' ') === scopes[i].join(' ')) last.text += line[i];
    else tokens.push({ text: line[i], scopes: scopes[i] });
  }
  return tokens;
}

/** The innermost scope of the token whose text is exactly `text` (the `nth` such token). */
function scopeOf(line: string, text: string, nth = 0): string {
  const found = tokenize(line).filter((t) => t.text === text);
  if (!found[nth])
    throw new Error(`no token ${JSON.stringify(text)} in ${JSON.stringify(line)}: ${JSON.stringify(tokenize(line).map((t) => t.text))}`);
  return found[nth].scopes[found[nth].scopes.length - 1];
}

describe('wikiquery grammar', () => {
  it('is a TextMate grammar for source.wikiquery whose includes all resolve', () => {
    assert.equal(grammar.scopeName, 'source.wikiquery');
    const rules = allRules();
    assert.ok(rules.length > 5);
    for (const { path, rule } of rules) {
      if (rule.include) assert.ok(grammar.repository[rule.include.replace(/^#/, '')], `${path}: unknown include ${rule.include}`);
      assert.equal(rule.begin, undefined, `${path}: begin/end rules are not used (queries are line-based)`);
    }
  });

  it('has only regexes that compile in strict unicode mode', () => {
    for (const { path, rule } of allRules()) {
      if (!rule.match) continue;
      assert.doesNotThrow(() => new RegExp(rule.match!, 'u'), `${path}: ${rule.match.slice(0, 80)}`);
    }
  });

  const url = 'https://en.wikipedia.org/w/api.php?action=query&list=categorymembers|allpages&cmtitle=Category:Foo%7CBar&cmlimit=max';
  const rows: Array<[string, string, string, number?]> = [
    ['# recent changes of the week', '#', 'punctuation.definition.comment.wikiquery'],
    ['# recent changes of the week', ' recent changes of the week', 'comment.line.number-sign.wikiquery'],
    [url, 'https://en.wikipedia.org/w/api.php', 'markup.underline.link.wikiquery'],
    [url, '?', 'punctuation.separator.parameter.wikiquery'],
    [url, '&', 'punctuation.separator.parameter.wikiquery'],
    [url, 'action', 'support.type.property-name.wikiquery'],
    [url, '=', 'punctuation.separator.key-value.wikiquery'],
    [url, 'query', 'string.unquoted.value.wikiquery'],
    [url, 'list', 'support.type.property-name.wikiquery'],
    [url, 'categorymembers', 'entity.name.type.module.wikiquery'],
    [url, 'allpages', 'entity.name.type.module.wikiquery'],
    [url, '|', 'punctuation.separator.pipe.wikiquery'],
    [url, 'cm', 'entity.name.namespace.prefix.wikiquery'],
    [url, 'title', 'support.type.property-name.wikiquery'],
    [url, 'Category:Foo', 'string.unquoted.value.wikiquery'],
    [url, '%7C', 'constant.character.escape.wikiquery'],
    [url, 'max', 'constant.language.wikiquery'],
    ['api.php?action=query&titles=Main+Page%21', 'api.php', 'markup.underline.link.wikiquery'],
    ['api.php?action=query&titles=Main+Page%21', '+', 'constant.character.escape.space.wikiquery'],
    ['api.php?action=query&titles=Main+Page%21', '%21', 'constant.character.escape.percent.wikiquery'],
    ['api.php?action=query&titles=Main+Page%21', 'titles', 'support.type.property-name.wikiquery'],
    ['  &gcmlimit=50', '&', 'punctuation.separator.parameter.wikiquery'],
    ['  &gcmlimit=50', 'g', 'keyword.other.generator-prefix.wikiquery'],
    ['  &gcmlimit=50', 'cm', 'entity.name.namespace.prefix.wikiquery'],
    ['  &gcmlimit=50', '50', 'constant.numeric.wikiquery'],
    ['action=query&generator=allpages&gapnamespace=*', 'allpages', 'entity.name.type.module.wikiquery'],
    ['action=query&generator=allpages&gapnamespace=*', '*', 'constant.language.wikiquery'],
    ['action=query&rcstart=now', 'now', 'constant.language.wikiquery'],
    ['action=query&rvcontentformat-main=text/x-wiki', 'rv', 'entity.name.namespace.prefix.wikiquery'],
    ['action=query&foo=bar', 'foo', 'support.type.property-name.wikiquery'],
    ['http://127.0.0.1:8080/api.php?action=query', 'http://127.0.0.1:8080/api.php', 'markup.underline.link.wikiquery'],
    ['  # indented comment', '#', 'punctuation.definition.comment.wikiquery'],
  ];
  for (const [line, text, scope, nth] of rows) {
    it(`scopes ${JSON.stringify(text)} in ${JSON.stringify(line.length > 50 ? line.slice(0, 47) + '…' : line)} as ${scope}`, () => {
      assert.equal(scopeOf(line, text, nth), scope);
    });
  }

  it('keeps the core parameters whole even where they begin like a module prefix', () => {
    for (const key of ['list', 'titles', 'uselang', 'iwurl', 'indexpageids', 'generator', 'prop', 'continue']) {
      const tokens = tokenize(`action=query&${key}=x`);
      assert.ok(
        tokens.some((t) => t.text === key),
        `${key} is split: ${JSON.stringify(tokens.map((t) => t.text))}`,
      );
    }
  });

  it('splits the prefix off every parameter of every catalogue module (and g+prefix for generators)', () => {
    const dir = join(root, 'descriptors', 'wiki');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'constraints.json');
    const modules = files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).paraminfo?.modules ?? []);
    // A key that is also a parameter of main/query (iwurl: query's, and iwlinks' deprecated url) stays whole.
    const core = new Set(
      modules.filter((m) => m.path === 'main' || m.path === 'query').flatMap((m) => m.parameters.map((p: { name: string }) => p.name)),
    );
    let checked = 0;
    {
      for (const m of modules) {
        if (!m.prefix || !String(m.path).startsWith('query+')) continue;
        const isGenerator = m.generator !== undefined && m.generator !== false;
        for (const p of m.parameters) {
          if (core.has(m.prefix + p.name)) continue;
          const line = `&${m.prefix}${p.name}=1`;
          assert.equal(scopeOf(line, m.prefix), 'entity.name.namespace.prefix.wikiquery', `${m.name}: ${m.prefix}${p.name}`);
          if (isGenerator) {
            const gline = `&g${m.prefix}${p.name}=1`;
            assert.equal(scopeOf(gline, 'g'), 'keyword.other.generator-prefix.wikiquery', `${m.name}: g${m.prefix}${p.name}`);
          }
          checked++;
        }
      }
    }
    assert.ok(checked > 500, `only ${checked} parameters found in the catalogue`);
  });

  it('comes with a language configuration: # comments, and words that stop at & = | ?', () => {
    const config = JSON.parse(readFileSync(join(root, 'wikiquery.language-configuration.json'), 'utf8'));
    assert.equal(config.comments.lineComment, '#');
    const word = new RegExp(config.wordPattern, 'gu');
    assert.deepEqual('&cmtitle=Category:Foo%20Bar|sortkey'.match(word), ['cmtitle', 'Category:Foo%20Bar', 'sortkey']);
  });
});
