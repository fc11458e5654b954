/**
 * An independent reading of the wiki descriptor spec (wiki-query-descriptors.md; a verbatim copy is
 * committed as fixtures/wiki-query-descriptors.md so that the check runs in any clone): parses the spec's markdown
 * (legend, shared value sets, the 64 module lines) into the descriptor fields of MediaWiki's
 * `action=paraminfo` format (formatversion 1: true flags are "", false flags are absent).
 *
 * Every enumeration, default and bound is taken from the spec's own text at test time; nothing
 * here is copied from the catalogue generator. The reader is strict: a phrase it does not know
 * is an error, so a change in the spec cannot slip through unread.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The spec gives no literal for this default: "default the title of the wiki's main page". */
export const MAIN_PAGE_TITLE = Symbol('the title of the wiki main page');

export interface InfoEntry {
  name: string;
  values?: number[];
}

/** One parameter descriptor as the spec implies it, with paraminfo field names. */
export interface SpecParam {
  name: string;
  type: string | string[];
  default?: string | number | typeof MAIN_PAGE_TITLE;
  min?: number;
  max?: number;
  highmax?: number;
  multi?: '';
  lowlimit?: number;
  highlimit?: number;
  limit?: number;
  allspecifier?: string;
  required?: '';
  deprecated?: '';
  deprecatedvalues?: string[];
  info?: InfoEntry[];
  subtypes?: string[];
  extranamespaces?: number[];
  sensitive?: '';
  allowsduplicates?: '';
  /** Only on templated parameters. */
  templatevars?: Record<string, string>;
}

export interface SpecModule {
  /** The module's number in the spec's list. */
  number: number;
  name: string;
  path: string;
  group: string;
  prefix: string;
  generator: boolean;
  deprecated: boolean;
  readrights: boolean;
  licensetag: string;
  /** Regular parameters, in the spec's order. */
  parameters: SpecParam[];
  /** Templated parameters (e.g. `contentformat-{slot}`). */
  templatedparameters: SpecParam[];
}

export interface SpecReading {
  /** The spec's text, for the checks of its prose rules. */
  markdown: string;
  /** "for each of the 64 query modules" */
  moduleCount: number;
  helpformat: string;
  modules: SpecModule[];
  /** Field names of the spec's "Parameter descriptor" table. */
  parameterFields: string[];
  /** Field names of the spec's templated parameter descriptor sentence. */
  templatedFields: string[];
  /** Field names of the spec's "Module descriptor" table. */
  moduleFields: string[];
  /** Modules whose `helpurls` is empty ("Empty for `languageinfo`"). */
  emptyHelpurls: string[];
}

/** The committed copy of the spec; refresh it by copying the spec over it when the spec changes. */
export function specPath(repoRoot: string): string {
  return join(repoRoot, 'test', 'unit', 'catalogue', 'fixtures', 'wiki-query-descriptors.md');
}

/** Reads and parses the spec; throws with a clear message when the file is missing. */
export function readSpec(repoRoot: string): SpecReading {
  const file = specPath(repoRoot);
  if (!existsSync(file)) {
    throw new Error(
      `The wiki descriptor spec was not found at ${file}. The cross-check reads the copy committed ` +
        `in the repository; restore it (git checkout -- test/unit/catalogue/fixtures) or put the spec there and run again.`,
    );
  }
  return parseSpec(readFileSync(file, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Small text helpers
// ---------------------------------------------------------------------------------------------

class SpecReadError extends Error {}

function fail(message: string): never {
  throw new SpecReadError(`spec reader: ${message}`);
}

function must(match: RegExpMatchArray | RegExpExecArray | null, what: string): RegExpMatchArray {
  if (!match) fail(`could not find ${what} in the spec`);
  return match;
}

/** Splits at `separator` where not inside {}, (), or backticks. */
function splitTop(text: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inTick = false;
  let current = '';
  for (const ch of text) {
    if (ch === '`') inTick = !inTick;
    else if (!inTick && (ch === '{' || ch === '(')) depth++;
    else if (!inTick && (ch === '}' || ch === ')')) depth--;
    if (ch === separator && depth === 0 && !inTick) {
      parts.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  if (depth !== 0 || inTick) fail(`unbalanced brackets or backticks in "${text}"`);
  parts.push(current.trim());
  return parts.filter((p) => p !== '');
}

function stripFinalPeriod(text: string): string {
  return text.trim().replace(/\.$/, '');
}

const EMPTY_STRING = '(empty string)';
const DEPRECATED_VALUE = / \(deprecated value\)$/;

/** A comma-separated list of values: "(empty string)" is "", "x (deprecated value)" is x, deprecated. */
function parseValueList(text: string): { values: string[]; deprecated: string[] } {
  const values: string[] = [];
  const deprecated: string[] = [];
  for (const raw of text.split(',').map((s) => s.trim())) {
    if (raw === '') fail(`empty item in the value list "${text}"`);
    if (raw === EMPTY_STRING) {
      values.push('');
    } else if (DEPRECATED_VALUE.test(raw)) {
      const value = raw.replace(DEPRECATED_VALUE, '');
      values.push(value);
      deprecated.push(value);
    } else {
      if (/[\s()]/.test(raw)) fail(`unexpected value "${raw}" in the value list "${text}"`);
      values.push(raw);
    }
  }
  return { values, deprecated };
}

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) fail(`missing heading "${heading}"`);
  const rest = markdown.slice(start + heading.length + 2);
  const level = heading.match(/^#+/)![0].length;
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

function bullets(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2).trim());
}

function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line) || /^\|\s*Field\s*\|/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    rows.set(cells[0], cells);
  }
  return rows;
}

function backticked(text: string): string[] {
  return [...text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
}

// ---------------------------------------------------------------------------------------------
// The legend and the shared value sets
// ---------------------------------------------------------------------------------------------

interface Legend {
  /** Short type names: S, I, B, TS, NS, LIM, USER → paraminfo type names. */
  shortTypes: Map<string, string>;
  /** Plain type names from "Parameter types: …". */
  typeNames: Set<string>;
  multi: { lowlimit: number; highlimit: number; limit: number };
  lim: { min: number; max: number; highmax: number; default: number; defaultOne: number };
  nsAllspecifier: string;
  ns0Default: number;
  extranamespaces: number[];
  dirs: Map<string, SpecParam>;
  userSubtypes: string[];
  infoNames: Set<string>;
  templatevars: Record<string, string>;
}

function readLegend(markdown: string): Legend {
  const legend = section(markdown, '### Legend');
  const item = (start: string): string => {
    const found = bullets(legend).find((b) => b.startsWith(start));
    if (!found) fail(`no legend item starting with ${start}`);
    return found;
  };

  const shortTypes = new Map<string, string>();
  for (const m of legend.matchAll(/`([A-Z]+)` is (?:type )?`?([a-z]+)`?(?=[.:]| with)/g)) shortTypes.set(m[1], m[2]);
  for (const key of ['S', 'I', 'B', 'TS', 'NS', 'LIM', 'USER']) {
    if (!shortTypes.has(key)) fail(`the legend does not say which type ${key} is`);
  }

  for (const word of ['`req` means required', '`dep` means deprecated', '`M` means multi-valued']) {
    if (!legend.includes(word)) fail(`the legend no longer says "${word}"`);
  }

  const typesLine = must(markdown.match(/^Parameter types: (.*)$/m), 'the "Parameter types" line')[1];
  const typeNames = new Set(backticked(typesLine));

  const mText = item('`M`');
  const mm = must(mText.match(/lowlimit (\d+), highlimit (\d+), limit (\d+)/), 'the multi-value limits in the legend');
  const multi = { lowlimit: Number(mm[1]), highlimit: Number(mm[2]), limit: Number(mm[3]) };

  const limText = item('`LIM`');
  const lm = must(limText.match(/min (\d+), max (\d+), highmax (\d+), default (\d+)/), 'the LIM bounds in the legend');
  const l1 = must(limText.match(/`LIM\(1\)` has default (\d+)/), 'the LIM(1) default in the legend');
  if (!/`LIM\(nodef\)` is written, then no default/.test(limText)) fail('the legend no longer explains LIM(nodef)');
  const lim = { min: Number(lm[1]), max: Number(lm[2]), highmax: Number(lm[3]), default: Number(lm[4]), defaultOne: Number(l1[1]) };

  const nsText = item('`NS`');
  const nsAllspecifier = must(nsText.match(/`NS\*M` is multi-valued with allspecifier `([^`]+)`/), 'NS*M in the legend')[1];
  const ns0Default = Number(must(nsText.match(/`NS0` has default (-?\d+)/), 'NS0 in the legend')[1]);
  const nsx = must(nsText.match(/`NSX` adds extranamespaces (-?\d+) and (-?\d+)/), 'NSX in the legend');
  const extranamespaces = [Number(nsx[1]), Number(nsx[2])];

  const dirs = new Map<string, SpecParam>();
  for (const m of item('`DIRA`').matchAll(/`(DIR[A-Z])` is `(\w+)` in \{([^}]*)\}, default (\w+)/g)) {
    const values = parseValueList(m[3]).values;
    if (!values.includes(m[4])) fail(`${m[1]}'s default ${m[4]} is not one of its values`);
    dirs.set(m[1], { name: m[2], type: values, default: m[4] });
  }
  if (!dirs.has('DIRA') || !dirs.has('DIRN')) fail('the legend does not define both DIRA and DIRN');

  const userSubtypes = parseValueList(must(item('`USER`').match(/with subtypes \{([^}]*)\}/), 'the USER subtypes in the legend')[1]).values;

  const fields = tableRows(section(markdown, '### Parameter descriptor'));
  const infoRow = fields.get('info');
  if (!infoRow) fail('the parameter descriptor table has no "info" row');
  const infoNames = new Set(backticked(must(infoRow[2].match(/Names: (.*)$/), 'the info names')[1]));

  const tv = must(markdown.match(/`templatevars` \(object: `(\w+)` maps to `(\w+)`\)/), 'the templatevars sentence');
  const templatevars = { [tv[1]]: tv[2] };

  return { shortTypes, typeNames, multi, lim, nsAllspecifier, ns0Default, extranamespaces, dirs, userSubtypes, infoNames, templatevars };
}

interface ValueSet {
  values: string[];
  deprecated: string[];
  /** From the set's parenthesis, e.g. REVPROP "(for `prop`, default `…`, multi-valued)". */
  default?: string;
  multi: boolean;
}

interface ParamSet {
  parameters: SpecParam[];
  templated: SpecParam[];
}

interface SharedSets {
  values: Map<string, ValueSet>;
  params: Map<string, ParamSet>;
}

function readSharedSets(markdown: string, legend: Legend): SharedSets {
  const sets: SharedSets = { values: new Map(), params: new Map() };
  for (const bullet of bullets(section(markdown, '### Shared value sets'))) {
    const m = must(bullet.match(/^([A-Z_]+)(?: \(([^)]*)\))?: (.*)$/), `a shared set in "${bullet}"`);
    const [, name, paren = '', rawBody] = m;
    const body = stripFinalPeriod(rawBody);
    if (body.includes(';')) {
      // A set of parameters (REVOPTS, BL, PROPTRIPLE).
      sets.params.set(name, parseParamList(body, { legend, sets, module: name }));
      continue;
    }
    const without = body.match(/^([A-Z_]+) without (.*)$/);
    let set: ValueSet;
    if (without) {
      // "RIGHTS_C: RIGHTS without badcaptcha, changeemail, …"
      const base = sets.values.get(without[1]) ?? fail(`${name} refers to ${without[1]}, which is not defined before it`);
      const removed = parseValueList(without[2]).values;
      for (const r of removed) if (!base.values.includes(r)) fail(`${name} removes ${r}, which ${without[1]} does not have`);
      set = { values: base.values.filter((v) => !removed.includes(v)), deprecated: [], multi: false };
    } else {
      set = { ...parseValueList(body), multi: false };
    }
    const dflt = paren.match(/default:? (?:`([^`]*)`|(empty string))/);
    if (dflt) set.default = dflt[2] ? '' : dflt[1];
    if (/multi-valued/.test(paren)) set.multi = true;
    sets.values.set(name, set);
  }
  return sets;
}

// ---------------------------------------------------------------------------------------------
// Parameter lists
// ---------------------------------------------------------------------------------------------

interface Context {
  legend: Legend;
  sets: SharedSets;
  module: string;
  /** Modules already read (for "as alllinks, but …"). */
  modules?: Map<string, SpecModule>;
  /** The parameter set a bare parameter name refers to (revisions: "… as in REVOPTS"). */
  bareNamesFrom?: string;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Parses the `;`-separated parameter list of a module or a shared set. */
function parseParamList(body: string, ctx: Context): ParamSet {
  const out: ParamSet = { parameters: [], templated: [] };
  for (const item of splitTop(body, ';')) parseItem(item, ctx, out);
  return out;
}

function paramSet(ctx: Context, name: string): ParamSet {
  return ctx.sets.params.get(name) ?? fail(`${ctx.module} refers to the parameter set ${name}, which is not defined`);
}

function parseItem(itemText: string, ctx: Context, out: ParamSet): void {
  const { legend } = ctx;
  const item = itemText.trim();

  // A shared parameter set on its own: "REVOPTS", "PROPTRIPLE".
  if (ctx.sets.params.has(item)) {
    const set = clone(paramSet(ctx, item));
    out.parameters.push(...set.parameters);
    out.templated.push(...set.templated);
    return;
  }
  // "BL plus redirect:B": the set, then one more parameter.
  const plus = item.match(/^([A-Z_]+) plus (.*)$/);
  if (plus) {
    out.parameters.push(...clone(paramSet(ctx, plus[1]).parameters));
    parseItem(plus[2], ctx, out);
    return;
  }
  // "BL without `redirect`". BL itself has no `redirect` (only "BL plus redirect:B" adds it), so
  // this reads as "BL as it stands"; MediaWiki adds `redirect` to every backlinks module except
  // embeddedin. Removing a name BL lacks is therefore allowed here.
  const without = item.match(/^([A-Z_]+) without `?([\w-]+)`?$/);
  if (without) {
    out.parameters.push(...clone(paramSet(ctx, without[1]).parameters).filter((p) => p.name !== without[2]));
    return;
  }
  // "as alllinks, but namespace default 10 (NSX)": the other module's list with one default changed.
  const asOther = item.match(/^as (\w+), but (\w+) default (-?\d+) \((NSX)\)$/);
  if (asOther) {
    const other = ctx.modules?.get(asOther[1]) ?? fail(`${ctx.module} is "as ${asOther[1]}", which is not read before it`);
    const params = clone(other.parameters);
    const target = params.find((p) => p.name === asOther[2]) ?? fail(`${asOther[1]} has no parameter ${asOther[2]}`);
    if (target.type !== 'namespace') fail(`"${item}": ${asOther[2]} is not a namespace parameter`);
    target.default = Number(asOther[3]);
    target.extranamespaces = [...legend.extranamespaces];
    out.parameters.push(...params);
    out.templated.push(...clone(other.templatedparameters));
    return;
  }
  // revisions: "expandtemplates, generatexml, parse, section, diffto, difftotext, difftotextpst,
  // contentformat and templated `contentformat-{slot}` as in REVOPTS" — REVOPTS items by name.
  const asIn = item.match(/^(.*) as in ([A-Z_]+)$/);
  if (asIn) {
    const set = paramSet(ctx, asIn[2]);
    for (const raw of asIn[1].split(/,\s*|\s+and\s+/)) {
      const templated = /^templated /.test(raw);
      const name = raw
        .replace(/^templated /, '')
        .replace(/`/g, '')
        .trim();
      const from = templated ? set.templated : set.parameters;
      const found = from.find((p) => p.name === name) ?? fail(`${asIn[2]} has no ${templated ? 'templated ' : ''}parameter ${name}`);
      (templated ? out.templated : out.parameters).push(clone(found));
    }
    return;
  }

  // revisions: "`prop` REVPROP; `slots`; …": a bare name with no type is that item of REVOPTS,
  // the set the module's own text points to ("… as in REVOPTS").
  const bare = item.match(/^`?([a-z][\w-]*)`?$/);
  if (bare && ctx.bareNamesFrom) {
    const set = paramSet(ctx, ctx.bareNamesFrom);
    out.parameters.push(clone(set.parameters.find((p) => p.name === bare[1]) ?? fail(`${ctx.bareNamesFrom} has no parameter ${bare[1]}`)));
    return;
  }

  // A per-parameter note at the end: "(info useronly)", "(useronly)", "(all nonuseronly)",
  // "(each singlepageonly)", "(modes 1,2)", "(info modes 1,2)", "(each modes 3)". It applies to
  // every parameter of a comma group: "from:S, to:S, prefix:S (all nonuseronly)".
  let text = item;
  let info: InfoEntry | undefined;
  const note = text.match(/\s*\((?:(?:info|each|all) )?([a-z]+)((?: \d+(?:,\d+)*)?)\)$/);
  if (note && legend.infoNames.has(note[1])) {
    info = { name: note[1] };
    if (note[2].trim() !== '') info.values = note[2].trim().split(',').map(Number);
    text = text.slice(0, note.index);
  }

  // "templated parameter `contentformat-{slot}`: CF"
  const templated = text.match(/^templated parameter (.*)$/);
  if (templated) {
    const param = parseParam(templated[1], ctx, []);
    if (!Object.keys(legend.templatevars).every((v) => param.name.includes(`{${v}}`))) {
      fail(`the templated parameter ${param.name} does not use the variables ${Object.keys(legend.templatevars).join(', ')}`);
    }
    out.templated.push({ name: param.name, templatevars: { ...legend.templatevars }, type: param.type });
    if (Object.keys(param).some((k) => !['name', 'type'].includes(k))) fail(`templated parameter ${param.name} has more than a type`);
    return;
  }

  // A comma group: a part that starts a parameter ("to:S", "DIRN") begins a new one; any other
  // part ("min 0", "M", "req", "allspecifier `*`", "default …") adds to the previous one.
  const groups: string[][] = [];
  for (const part of splitTop(text, ',')) {
    const startsParam = groups.length === 0 || /^`?[a-z][\w{}-]*`?\s*:/.test(part) || legend.dirs.has(part);
    if (startsParam) groups.push([part]);
    else groups[groups.length - 1].push(part);
  }
  for (const [head, ...modifiers] of groups) {
    const param = parseParam(head, ctx, modifiers);
    if (info) param.info = [...(param.info ?? []), clone(info)];
    out.parameters.push(param);
  }
}

function parseParam(head: string, ctx: Context, modifiers: string[]): SpecParam {
  const { legend, sets } = ctx;
  if (legend.dirs.has(head) && modifiers.length === 0) return clone(legend.dirs.get(head)!);

  const m = head.match(/^(?:`([^`]+)`|([a-z][\w-]*))(?:\s*:\s*|\s+|$)(.*)$/i) ?? fail(`${ctx.module}: cannot read the parameter "${head}"`);
  const name = m[1] ?? m[2];
  const where = `${ctx.module}.${name}`;
  const param: Partial<SpecParam> & { name: string } = { name };
  let defaultText: string | undefined;
  const proseDefaults: string[] = [];
  const tokenText = [
    m[3],
    ...modifiers.filter((mod) => {
      if (/^default /.test(mod)) {
        proseDefaults.push(mod.slice('default '.length));
        return false;
      }
      return true;
    }),
  ].join(' ');

  const setMulti = () => {
    param.multi = '';
    param.lowlimit = legend.multi.lowlimit;
    param.highlimit = legend.multi.highlimit;
    param.limit = legend.multi.limit;
  };
  const setType = (type: string | string[]) => {
    if (param.type !== undefined) fail(`${where}: two types given ("${head}")`);
    param.type = type;
  };
  const setEnum = (values: string[], deprecated: string[]) => {
    setType(values);
    if (deprecated.length > 0) param.deprecatedvalues = deprecated;
  };

  const tokens = tokenText.match(/\{[^}]*\}|`[^`]*`|=\(empty string\)|=\S+|\([^)]*\)|[^\s{`(=]+(?:\([^)]*\))?/g) ?? [];
  let pending: 'subtypes' | 'allspecifier' | 'min' | undefined;
  for (const token of tokens) {
    if (pending === 'allspecifier') {
      const spec = token.match(/^`([^`]+)`$/) ?? fail(`${where}: "allspecifier" is not followed by a value`);
      param.allspecifier = spec[1];
      pending = undefined;
      continue;
    }
    if (pending === 'min') {
      if (!/^-?\d+$/.test(token)) fail(`${where}: "min" is not followed by a number`);
      param.min = Number(token);
      pending = undefined;
      continue;
    }
    if (token.startsWith('{')) {
      const list = parseValueList(token.slice(1, -1));
      if (pending === 'subtypes') {
        param.subtypes = list.values;
        pending = undefined;
      } else {
        setEnum(list.values, list.deprecated);
      }
      continue;
    }
    if (pending === 'subtypes') fail(`${where}: "subtypes" is not followed by a list`);
    if (token.startsWith('=')) {
      defaultText = token === `=${EMPTY_STRING}` ? '' : token.slice(1);
      continue;
    }
    switch (token) {
      case 'M':
        setMulti();
        continue;
      case 'req':
        param.required = '';
        continue;
      case 'dep':
        param.deprecated = '';
        continue;
      case 'sensitive':
        param.sensitive = '';
        continue;
      case 'allowsduplicates':
        param.allowsduplicates = '';
        continue;
      case 'allspecifier':
        pending = 'allspecifier';
        continue;
      case 'min':
        pending = 'min';
        continue;
      case 'subtypes':
      case 'subtype':
        pending = 'subtypes';
        continue;
      // Joining words: "user M with subtypes {…}", "NS with NSX", "one of {…}".
      case 'with':
      case 'one':
      case 'of':
        continue;
      case '(single-valued)':
        if (param.multi !== undefined) fail(`${where}: both multi-valued and single-valued`);
        continue;
      case 'NS':
        setType(legend.shortTypes.get('NS')!);
        continue;
      case 'NS*M':
        setType(legend.shortTypes.get('NS')!);
        setMulti();
        param.allspecifier = legend.nsAllspecifier;
        continue;
      case 'NS0':
        setType(legend.shortTypes.get('NS')!);
        param.default = legend.ns0Default;
        continue;
      case 'NSX':
        param.extranamespaces = [...legend.extranamespaces];
        continue;
      case 'LIM':
      case 'LIM(nodef)':
      case 'LIM(1)':
        setType(legend.shortTypes.get('LIM')!);
        param.min = legend.lim.min;
        param.max = legend.lim.max;
        param.highmax = legend.lim.highmax;
        if (token === 'LIM') param.default = legend.lim.default;
        if (token === 'LIM(1)') param.default = legend.lim.defaultOne;
        continue;
      case 'USER':
        setType(legend.shortTypes.get('USER')!);
        param.subtypes = [...legend.userSubtypes];
        continue;
    }
    if (legend.shortTypes.has(token)) {
      setType(legend.shortTypes.get(token)!);
      continue;
    }
    if (legend.typeNames.has(token)) {
      setType(token);
      continue;
    }
    const set = sets.values.get(token);
    if (set) {
      setEnum([...set.values], [...set.deprecated]);
      if (set.multi) setMulti();
      if (set.default !== undefined) param.default = set.default;
      continue;
    }
    fail(`${where}: unknown word "${token}" in "${[head, ...modifiers].join(', ')}"`);
  }
  if (pending) fail(`${where}: "${pending}" is not followed by a value`);
  if (param.type === undefined) fail(`${where}: no type given ("${head}")`);

  if (defaultText !== undefined) param.default = typedDefault(where, param.type, defaultText);
  for (const prose of proseDefaults) {
    if (prose === 'all of them in that order joined by the pipe' && Array.isArray(param.type) && param.multi !== undefined) {
      // filerepoinfo: "prop M {…}, default all of them in that order joined by the pipe."
      param.default = param.type.join('|');
    } else if (prose === "the title of the wiki's main page" && param.type === 'title') {
      // info: "linkcontext:title, default the title of the wiki's main page." The spec names no
      // literal. MediaWiki uses Title::newMainPage() of the wiki (e.g. "Main Page" on an
      // English-language wiki), so any non-empty title is accepted.
      param.default = MAIN_PAGE_TITLE;
    } else {
      fail(`${where}: cannot read the default "${prose}"`);
    }
  }
  if (param.default !== undefined && Array.isArray(param.type) && typeof param.default === 'string') {
    const given = param.multi !== undefined ? (param.default === '' ? [] : param.default.split('|')) : [param.default];
    for (const value of given) {
      if (!param.type.includes(value)) fail(`${where}: default "${value}" is not one of its allowed values`);
    }
  }
  return param as SpecParam;
}

/** Numbers for integer, limit and namespace defaults; strings otherwise (pipe-joined when multi). */
function typedDefault(where: string, type: string | string[], text: string): string | number {
  if (type === 'integer' || type === 'limit' || type === 'namespace') {
    if (!/^-?\d+$/.test(text)) fail(`${where}: the default "${text}" of a ${type} parameter is not a number`);
    return Number(text);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Modules
// ---------------------------------------------------------------------------------------------

export function parseSpec(markdown: string): SpecReading {
  const legend = readLegend(markdown);
  const sets = readSharedSets(markdown, legend);

  const moduleCount = Number(must(markdown.match(/for each of the (\d+) query modules/), 'the module count')[1]);
  const helpformat = must(markdown.match(/`helpformat` has the value `(\w+)`/), 'the helpformat')[1];

  const moduleTable = tableRows(section(markdown, '### Module descriptor'));
  const cell = (field: string): string => (moduleTable.get(field) ?? fail(`the module descriptor table has no "${field}" row`))[2];
  const groups = backticked(must(cell('group').match(/^One of (.*)\.$/), 'the group list')[1]);
  const readrightsExcept = backticked(must(cell('readrights').match(/^Present on every module except (.*)\.$/), 'the readrights row')[1]);
  const deprecatedOnly = backticked(must(cell('deprecated').match(/^Present only on (.*)\.$/), 'the deprecated row')[1]);
  const emptyPrefix = backticked(must(cell('prefix').match(/Empty for (.*)\.$/), 'the prefix row')[1]);
  const licensetag = backticked(must(cell('licensetag').match(/^(`[^`]+`) for all modules\.$/), 'the licensetag row')[1])[0];

  const modules = new Map<string, SpecModule>();
  const list: SpecModule[] = [];
  const moduleLines = section(markdown, '### Modules (name, prefix, group, G flag)')
    .split('\n')
    .filter((l) => /^\d+\. \*\*/.test(l));
  for (const line of moduleLines) {
    const m = must(line.match(/^(\d+)\. \*\*([\w-]+)\*\* \(([^)]*)\): (.*)$/), `a module in "${line.slice(0, 60)}"`);
    const [, number, name, header, rawBody] = m;
    const [prefixText, group, ...flags] = header.split(', ');
    if (!groups.includes(group)) fail(`${name}: group "${group}" is not one of ${groups.join(', ')}`);
    for (const flag of flags) if (flag !== 'G' && flag !== 'deprecated module') fail(`${name}: unknown module flag "${flag}"`);
    const prefix = prefixText === 'empty prefix' ? '' : prefixText;
    if ((prefix === '') !== emptyPrefix.includes(name)) fail(`${name}: the prefix "${prefix}" disagrees with the module descriptor table`);
    const deprecated = flags.includes('deprecated module');
    if (deprecated !== deprecatedOnly.includes(name)) fail(`${name}: the deprecated flag disagrees with the module descriptor table`);

    let body = rawBody.trim();
    // codexicons: "allowed values are icon identifiers of the form `cdxIcon<Name>`: Add, …, ZoomOut.
    // Further icons named `cdxIconLogo<Project>` exist (project logos); their names carry project
    // names and are omitted here." Only the listed icons are read; the omitted logos cannot be.
    const icons = body.match(/allowed values are icon identifiers of the form `(\w+)<Name>`: ([^.]+)\.\s*Further icons .* omitted here\.$/);
    if (icons) {
      const names = parseValueList(icons[2]).values.map((n) => icons[1] + n);
      body = `${body.slice(0, icons.index)}{${names.join(',')}}`;
    }
    body = stripFinalPeriod(body);

    const ctx: Context = { legend, sets, module: name, modules, bareNamesFrom: body.match(/ as in ([A-Z_]+)(?:;|$)/)?.[1] };
    const params = parseParamList(body, ctx);
    const module: SpecModule = {
      number: Number(number),
      name,
      path: `query+${name}`,
      group,
      prefix,
      generator: flags.includes('G'),
      deprecated,
      readrights: !readrightsExcept.includes(name),
      licensetag,
      parameters: params.parameters,
      templatedparameters: params.templated,
    };
    const names = module.parameters.map((p) => p.name);
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate) fail(`${name}: parameter ${duplicate} is read twice`);
    modules.set(name, module);
    list.push(module);
  }

  const parameterFields = [...tableRows(section(markdown, '### Parameter descriptor')).keys()].flatMap((f) => f.split(', '));
  // "Templated parameter descriptor: `index`, `name` (e.g. …), `templatevars` (object: …), `type` (…)."
  const templatedSentence = must(markdown.match(/^Templated parameter descriptor: (.*)$/m), 'the templated parameter sentence')[1];
  const templatedFields = splitTop(stripFinalPeriod(templatedSentence), ',').map((part) => backticked(part)[0]);
  const moduleFields = [...moduleTable.keys()].flatMap((f) => f.split(', '));
  const emptyHelpurls = backticked(must(cell('helpurls').match(/^Empty for (.*)\.$/), 'the helpurls row')[1]);
  return { markdown, moduleCount, helpformat, modules: list, parameterFields, templatedFields, moduleFields, emptyHelpurls };
}
