/**
 * The wiki descriptor catalogue: loads MediaWiki `action=paraminfo` output (any wiki's own,
 * unchanged) and indexes it once, so every feature request is a map lookup.
 *
 * Accepted input shapes (each validated; a bad shape throws `CatalogueError`, never anything else):
 * - the API response `{ "paraminfo": { "modules": [...] } }` (formatversion 1, flags as `""`,
 *   or formatversion 2, flags as booleans), or its inner `{ "modules": [...] }`,
 * - an array of such documents (a batched fetch), or a bare array of module descriptors.
 * The `main` and `query` modules (and format modules such as `json`) may be in the same
 * document or in `options.core`.
 *
 * Wire names: a module's parameter is sent as prefix + name (`cm` + `title` = `cmtitle`).
 * Under `generator=`, MediaWiki prefixes the generator module's parameters with `g`
 * (ApiQuery's `generator` has submoduleparamprefix `g`): `gcmtitle`.
 *
 * Pure: no fs, no network. The caller reads the JSON and hands it in.
 */
import { createVersionFacts, type WikiVersionFacts } from './wikiVersions';
import { builtinVersionFacts, setBuiltinVersionFacts, setDevelopmentLineCatalogue } from './wikiBuiltinVersions';
import type { WikiModule, WikiNamespace, WikiParamDescriptor, WikiParamInfoNote, WikiWireParam } from './wikiTypes';
import {
  constraintModuleOf,
  constraintsList,
  readConstraint,
  ruleHoldsFor,
  type ConstraintRule,
  type ConstraintUsePlan,
} from './wikiConstraintRules';
import { actionConstraintsList, actionRuleModuleOf, readActionRule, type ActionRule } from './wikiActionConstraints';
import { RuleBook, type ModuleRules } from './wikiRuleBook';
import { errorMessage } from '../../../../common/errorMessage';
import { isObject } from '../../../../common/isObject';
import { matchTemplate, splitTemplate } from './wikiTemplateNames';

/** Thrown when catalogue data does not have the paraminfo shape. The message names the bad module/parameter. */
/** An integer as NamespaceDef::validate reads one before comparing (a sign, leading zeros). */
const INTEGER_TEXT = /^[+-]?\d+$/;

export class CatalogueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export interface CatalogueOptions {
  /** paraminfo of `main`, `query` (and format modules), when not in the main document. */
  core?: unknown;
  /** `action=query&meta=siteinfo&siprop=namespaces|namespacealiases|general|interwikimap` output (fv 1 or 2). */
  siteinfo?: unknown;
  /** Module-enforced rules (descriptors/wiki/constraints.json). */
  constraints?: unknown;
  /** Rules top-level modules (parse, compare, …) enforce themselves (descriptors/wiki/action-constraints.json). */
  actionConstraints?: unknown;
  /** Where the catalogue came from ("built-in", a file name, an api.php URL); used in messages. */
  source?: string;
  /** The MediaWiki version the catalogue describes (`1.45.0`); default: siteinfo's `generator`. */
  version?: string;
}

/**
 * The MediaWiki version the built-in catalogue describes: the spec's catalogue is from MediaWiki's
 * 1.46 development line (it has watchlist labels). Versioned rules (constraints.json since/until)
 * are applied to the built-in catalogue as to a 1.46 wiki.
 */
export const BUILTIN_MEDIAWIKI_VERSION = '1.46';

interface TemplateMatcher {
  module: WikiModule;
  descriptor: WikiParamDescriptor;
  /** Literal pieces around the variables: literals.length === vars.length + 1. */
  literals: string[];
  vars: string[];
  generator: boolean;
}

/**
 * MediaWiki's default namespaces (Setup/NamespaceInfo canonical names), used when no siteinfo is
 * given. The project namespace (4/5) is really named after the wiki; its canonical name is `Project`.
 * `Image`/`Image talk` are MediaWiki's built-in aliases of File/File talk.
 */
const DEFAULT_NAMESPACES: Array<[number, string]> = [
  [-2, 'Media'],
  [-1, 'Special'],
  [0, ''],
  [1, 'Talk'],
  [2, 'User'],
  [3, 'User talk'],
  [4, 'Project'],
  [5, 'Project talk'],
  [6, 'File'],
  [7, 'File talk'],
  [8, 'MediaWiki'],
  [9, 'MediaWiki talk'],
  [10, 'Template'],
  [11, 'Template talk'],
  [12, 'Help'],
  [13, 'Help talk'],
  [14, 'Category'],
  [15, 'Category talk'],
];

/**
 * Parameters of MediaWiki's core format modules (ApiFormatJson, ApiFormatXml, ApiFormatPhp, …),
 * used only when the catalogue has no format modules: they are always valid next to `format=`.
 */
const DEFAULT_FORMAT_PARAMS: Record<string, string[]> = {
  json: ['callback', 'utf8', 'ascii', 'formatversion'],
  jsonfm: ['callback', 'utf8', 'ascii', 'formatversion', 'wrappedhtml'],
  php: ['formatversion'],
  phpfm: ['formatversion', 'wrappedhtml'],
  xml: ['xslt', 'includexmlnamespace'],
  xmlfm: ['xslt', 'includexmlnamespace', 'wrappedhtml'],
  rawfm: ['wrappedhtml'],
  none: [],
};

const NO_ACTION_RULES = new RuleBook<ActionRule>([], { moduleOf: () => '', read: () => undefined as never, keep: () => false });

/** A rule book's reading of data that throws a CatalogueError naming the rule and the file to fix. */
function orCatalogueError<T>(read: () => T, file: string): T {
  try {
    return read();
  } catch (e) {
    throw new CatalogueError(`${errorMessage(e)} Fix the ${file}.`);
  }
}

const CONSTRAINTS_FILE = 'constraints data (descriptors/wiki/constraints.json)';
const ACTION_CONSTRAINTS_FILE = 'action constraints data (descriptors/wiki/action-constraints.json)';

/** The indexed catalogue. Build with `createWikiCatalogue`. */
export class WikiCatalogue {
  readonly source: string;
  /** Every module, in input order. */
  readonly modules: WikiModule[] = [];
  /** `main` (action/format/maxlag/…) when the catalogue has it. */
  main?: WikiModule;
  /** `query` (prop/list/meta/generator and the page-set parameters) when the catalogue has it. */
  query?: WikiModule;
  /**
   * Module-enforced rules (from constraints data), by module: at load only grouped; a module's rules are
   * read, and kept only when its module and every parameter they name exist here, on first use.
   */
  readonly constraintBook: RuleBook<ConstraintRule>;
  /** Rules of top-level modules (action-constraints data), by module, read on first use as `constraintBook`'s. */
  actionRuleBook: RuleBook<ActionRule> = NO_ACTION_RULES;
  /** Built-in catalogue: the MediaWiki version its top-level modules were recorded from (action-modules.json `mediawiki`). */
  actionModulesVersion?: string;
  /**
   * Describes MediaWiki core alone, no wiki's extensions: the built-in catalogue and the built-in versions
   * (`--target 1.39`). A module it lacks may be an extension's that the wiki has.
   */
  coreOnly = false;
  /** Namespaces, sorted by id. */
  readonly namespaces: WikiNamespace[];
  /** True when namespaces came from siteinfo; false when MediaWiki's defaults (-2..15) are used. */
  readonly namespacesFromSiteinfo: boolean;
  /** The MediaWiki version it describes (`1.45.0`; siteinfo's generator), when known. */
  readonly mediaWikiVersion?: string;
  /**
   * The wiki's interwiki prefixes (siteinfo `interwikimap`, lower case) that make a title another wiki's,
   * when the catalogue has them; undefined when it does not (the built-in catalogue): then any prefix
   * that is not a namespace may be one. Local interwikis (`localinterwiki`) are left out: the wiki
   * strips them and reads the rest as its own title.
   */
  interwikiPrefixes?: ReadonlySet<string>;
  /**
   * Whose siteinfo the namespaces and interwiki prefixes are when they are not a wiki's own: a built-in
   * version target's, recorded from that release as installed (`MediaWiki 1.39.17 as installed`); messages
   * that rest on them name it. Undefined for a wiki's own catalogue and for MediaWiki's defaults.
   */
  siteinfoOf?: string;
  /**
   * Loaded through the user's sign-in to that wiki (the editor's "Sign in to Wiki…"): its requests count
   * as logged in, as with `wikimapQuery.wiki.loggedIn`.
   */
  signedIn = false;
  /**
   * The account signed in as (meta=userinfo at that load: its name and rights, a bot password's grants
   * applied), for the verdicts on assert=bot and assertuser; undefined when not known (then not judged).
   */
  account?: { name: string; rights: ReadonlySet<string> };
  /** The catalogue this one is the signed-in view of (`signedInView`), else undefined. */
  viewOf?: WikiCatalogue;
  private signedInCopy?: WikiCatalogue;

  /**
   * This catalogue as it judges a wiki the user signed in to whose signed-in load failed: the same modules
   * and rules (shared, not copied), counted as logged in (the editor's runs carry the secret), the account
   * unknown (assert=bot and assertuser are not judged). Itself when already signed in; made once.
   */
  signedInView(): WikiCatalogue {
    if (this.signedIn) return this;
    if (this.signedInCopy === undefined) {
      const view = Object.create(this) as WikiCatalogue;
      Object.assign(view, { signedIn: true, account: undefined, viewOf: this });
      this.signedInCopy = view;
    }
    return this.signedInCopy;
  }
  /** The constraint rules planned for checks, by module name then wire prefix (made on first use by wikiConstraints.ts). */
  readonly constraintPlans = new Map<string, Map<string, ConstraintUsePlan>>();

  private readonly byPath = new Map<string, WikiModule>();
  private readonly queryByName = new Map<string, WikiModule>();
  private readonly byGroup = new Map<string, WikiModule[]>();
  private readonly formatByName = new Map<string, WikiModule>();
  private readonly actionByName = new Map<string, WikiModule>();
  private readonly wire = new Map<string, WikiWireParam[]>();
  private readonly templates: TemplateMatcher[] = [];
  private readonly nsById = new Map<number, WikiNamespace>();
  private readonly nsByName = new Map<string, WikiNamespace>();
  // Derived indexes, each made on first use (the catalogue does not change once built).
  private readonly paramGroups = new Map<WikiModule, { required: WikiParamDescriptor[]; withInfo: WikiParamDescriptor[] }>();
  private readonly enumSets = new Map<WikiParamDescriptor, ReadonlySet<string>>();
  private readonly nsValues = new Map<WikiParamDescriptor, { list: string[]; set: ReadonlySet<string> }>();
  private generatorList: readonly WikiModule[] | undefined;
  private readonly docs = new Map<object, Map<string, string>>();

  /** @internal use createWikiCatalogue */
  constructor(modules: WikiModule[], namespaces: WikiNamespace[] | undefined, constraints: unknown, source: string, version?: string) {
    this.source = source;
    this.mediaWikiVersion = version;
    for (const m of modules) this.addModule(m);
    if (this.formatByName.size === 0) {
      // The catalogue has no format modules: assume MediaWiki core's, so formatversion=2 etc. stay valid.
      for (const [name, params] of Object.entries(DEFAULT_FORMAT_PARAMS)) {
        const mod = makeModule({
          name,
          path: name,
          group: 'format',
          prefix: '',
          parameters: params.map((p) =>
            makeParam(
              p,
              p === 'formatversion'
                ? { type: 'enum', values: ['1', '2', 'latest'], default: '1' }
                : p === 'callback' || p === 'xslt'
                  ? {}
                  : { type: 'boolean' },
            ),
          ),
        });
        this.byPath.set(name, mod);
        this.formatByName.set(name, mod);
      }
    }
    // Without main/query descriptors (a catalogue of query submodules only), assume MediaWiki core's.
    if (!this.main) this.addModule(fallbackMain([...this.formatByName.keys()]));
    if (!this.query) this.addModule(fallbackQuery(this));
    this.namespacesFromSiteinfo = namespaces !== undefined;
    this.namespaces = (namespaces ?? defaultNamespaces()).sort((a, b) => a.id - b.id);
    for (const ns of this.namespaces) {
      this.nsById.set(ns.id, ns);
      for (const n of [ns.name, ns.canonical ?? '', ...ns.aliases]) this.nsByName.set(normaliseNsName(n), ns);
    }
    const rules = orCatalogueError(() => constraintsList(constraints), CONSTRAINTS_FILE);
    // A rule applies only where the module, and every parameter it names, exist in this catalogue
    // (another MediaWiki version may lack a parameter; its rule would then be wrong there).
    this.constraintBook = new RuleBook(rules, {
      moduleOf: (raw, i) => orCatalogueError(() => constraintModuleOf(raw, i), CONSTRAINTS_FILE),
      read: (raw, i) => orCatalogueError(() => readConstraint(raw, i), CONSTRAINTS_FILE),
      keep: (rule) => {
        const m = rule.module === 'query' ? this.query : rule.module === 'main' ? this.main : this.queryByName.get(rule.module);
        return (
          m !== undefined &&
          rule.params.every((p) => m.paramByName.has(p)) &&
          (rule.when ?? []).every((c) => m.paramByName.has(c.param)) &&
          ruleHoldsFor(rule, version)
        );
      },
    });
  }

  /** Every constraint rule that applies here, in data order (reads them all: for tests and tools, not checks). */
  get constraints(): ConstraintRule[] {
    return this.constraintBook.all();
  }

  /** Every action rule that applies here, in data order (reads them all: for tests and tools, not checks). */
  get actionRules(): ActionRule[] {
    return this.actionRuleBook.all();
  }

  private addModule(m: WikiModule): void {
    this.modules.push(m);
    this.byPath.set(m.path, m);
    if (m.path === 'main') this.main = m;
    else if (m.path === 'query') this.query = m;
    else if (m.path.startsWith('query+')) {
      this.queryByName.set(m.name, m);
      let list = this.byGroup.get(m.group);
      if (!list) this.byGroup.set(m.group, (list = []));
      list.push(m);
    } else if (m.group === 'format') this.formatByName.set(m.name, m);
    else if (m.group === 'action') this.actionByName.set(m.name, m);
    // Only modules whose parameters can sit next to action=query get wire names.
    const inQuery = m.path.startsWith('query+');
    if (m.path !== 'main' && m.path !== 'query' && !inQuery) return;
    for (const d of m.parameters) {
      this.addWire(m.prefix + d.name, { module: m, descriptor: d, wireName: m.prefix + d.name, generator: false });
      if (inQuery && m.generator) {
        this.addWire('g' + m.prefix + d.name, { module: m, descriptor: d, wireName: 'g' + m.prefix + d.name, generator: true });
      }
    }
    for (const d of m.templatedparameters) {
      const t = splitTemplate(m.prefix + d.name);
      this.templates.push({ module: m, descriptor: d, literals: t.literals, vars: t.vars, generator: false });
      if (inQuery && m.generator) {
        this.templates.push({
          module: m,
          descriptor: d,
          literals: ['g' + t.literals[0], ...t.literals.slice(1)],
          vars: t.vars,
          generator: true,
        });
      }
    }
  }

  private addWire(name: string, w: WikiWireParam): void {
    const list = this.wire.get(name);
    if (list) list.push(w);
    else this.wire.set(name, [w]);
  }

  /** A module by path (`main`, `query`, `query+allpages`, `json`) or, failing that, a query submodule by name. */
  getModule(nameOrPath: string): WikiModule | undefined {
    return this.byPath.get(nameOrPath) ?? this.queryByName.get(nameOrPath);
  }

  /** A query submodule (list/prop/meta) by name. */
  getQueryModule(name: string): WikiModule | undefined {
    return this.queryByName.get(name);
  }

  /** Query submodules of a group (`list`, `prop`, `meta`), in catalogue order. */
  getModulesByGroup(group: string): readonly WikiModule[] {
    return this.byGroup.get(group) ?? [];
  }

  /** Query submodules flagged `generator`. */
  /** Generator-capable modules, listed once (completion must not scan the catalogue per keystroke); read-only. */
  get generators(): readonly WikiModule[] {
    return (this.generatorList ??= this.getGenerators());
  }

  /** A module's required parameters and those with `info` notes, in catalogue order (read-only). */
  paramGroupsOf(m: WikiModule): { required: WikiParamDescriptor[]; withInfo: WikiParamDescriptor[] } {
    let r = this.paramGroups.get(m);
    if (!r)
      this.paramGroups.set(m, (r = { required: m.parameters.filter((d) => d.required), withInfo: m.parameters.filter((d) => d.info) }));
    return r;
  }

  /** The module a parameter descriptor of this catalogue belongs to (indexed on first use: a rare question). */
  moduleOfDescriptor(d: WikiParamDescriptor): WikiModule | undefined {
    if (!this.descriptorModules) {
      this.descriptorModules = new Map();
      for (const m of this.modules) for (const x of [...m.parameters, ...m.templatedparameters]) this.descriptorModules.set(x, m);
    }
    return this.descriptorModules.get(d);
  }
  private descriptorModules?: Map<WikiParamDescriptor, WikiModule>;

  /** An enum parameter's values as a Set. */
  enumSetOf(d: WikiParamDescriptor): ReadonlySet<string> {
    let set = this.enumSets.get(d);
    if (!set) this.enumSets.set(d, (set = new Set(d.values ?? [])));
    return set;
  }

  /** NamespaceDef: the wiki's namespaces ≥ 0, plus the parameter's extranamespaces (read-only list and set). */
  namespaceValuesOf(d: WikiParamDescriptor): { list: string[]; set: ReadonlySet<string> } {
    let v = this.nsValues.get(d);
    if (!v) {
      const list = this.namespaces.filter((ns) => ns.id >= 0).map((ns) => String(ns.id));
      for (const x of d.extranamespaces ?? []) if (!list.includes(String(x))) list.push(String(x));
      this.nsValues.set(d, (v = { list, set: new Set(list) }));
    }
    return v;
  }

  /** Whether NamespaceDef::validate accepts `v` for `d`: one of its namespaces, also written as "+0", "00" and the like. */
  isNamespaceValueOf(d: WikiParamDescriptor, v: string): boolean {
    const ns = this.namespaceValuesOf(d);
    return ns.set.has(v) || (INTEGER_TEXT.test(v) && ns.set.has(String(parseInt(v, 10))));
  }

  /**
   * The built-in releases' facts (in which of them a module, parameter or value is present or deprecated), read on the
   * first call; the same for every catalogue. Hover and completion read them here: they are loaded in a bundle of
   * their own, which must not hold a second copy of the state that keeps them (wikiBuiltinVersions.ts).
   */
  builtinVersions(): WikiVersionFacts | undefined {
    return builtinVersionFacts();
  }

  /**
   * Text made from a module or parameter of this catalogue (the Markdown of hover and completion),
   * kept with it under `variant`: made once by `make`.
   */
  describedOnce(of: WikiModule | WikiParamDescriptor, variant: string, make: () => string): string {
    let byVariant = this.docs.get(of);
    const cached = byVariant?.get(variant);
    if (cached !== undefined) return cached;
    const text = make();
    if (!byVariant) this.docs.set(of, (byVariant = new Map()));
    byVariant.set(variant, text);
    return text;
  }

  /** The action rules of one module that apply here, in data order (read on the first call for that module). */
  actionRulesOf(module: string): readonly ActionRule[] {
    return this.actionRuleBook.of(module).rules;
  }

  /** The constraint rules of one module that apply here, with their positions in the data (read on the first call). */
  constraintsOf(module: string): ModuleRules<ConstraintRule> {
    return this.constraintBook.of(module);
  }

  getGenerators(): WikiModule[] {
    const out: WikiModule[] = [];
    for (const m of this.queryByName.values()) if (m.generator) out.push(m);
    return out;
  }

  /** A format module (`json`, `xml`, …) by name. */
  getFormatModule(name: string): WikiModule | undefined {
    return this.formatByName.get(name);
  }

  /** A top-level action module (`parse`, `edit`, …; `query` too) by name, when the catalogue describes it. */
  getActionModule(name: string): WikiModule | undefined {
    return name === 'query' ? this.query : this.actionByName.get(name);
  }

  /** The action modules the catalogue describes (not `query`), in catalogue order. */
  getActionModules(): IterableIterator<WikiModule> {
    return this.actionByName.values();
  }

  /** The format modules (`json`, `xml`, …), in catalogue order. */
  getFormatModules(): IterableIterator<WikiModule> {
    return this.formatByName.values();
  }

  /** All query submodules (every group). */
  getQueryModules(): IterableIterator<WikiModule> {
    return this.queryByName.values();
  }

  /**
   * Every reading of a wire parameter name: `cmtitle` → categorymembers' `title`; `gcmtitle` → the
   * same under a generator; `rvcontentformat-main` → revisions' templated `contentformat-{slot}`
   * (when `main` is among the allowed values of `slots`). Parameters of `main` and `query` have no
   * prefix. Empty when the name is unknown to the catalogue.
   */
  lookupWire(wireName: string): readonly WikiWireParam[] {
    const found = this.wire.get(wireName);
    if (this.templates.length === 0 || wireName.indexOf('-') < 0) return found ?? EMPTY;
    const out = found ? [...found] : [];
    for (const t of this.templates) {
      const values = matchTemplate(wireName, t.literals, t.vars);
      if (!values) continue;
      let ok = true;
      for (const [v, target] of Object.entries(t.descriptor.templatevars ?? {})) {
        const targetParam = t.module.paramByName.get(target);
        const allowed = targetParam?.values;
        if (allowed && !allowed.includes(values[v] ?? '')) ok = false;
      }
      if (ok) out.push({ module: t.module, descriptor: t.descriptor, wireName, generator: t.generator, templateValues: values });
    }
    return out;
  }

  /** The descriptor of a parameter of `main`/`query` (no prefix), if any. */
  getCoreParam(name: string): WikiWireParam | undefined {
    const list = this.wire.get(name);
    if (!list) return undefined;
    for (const w of list) if (w.module === this.main || w.module === this.query) return w;
    return undefined;
  }

  /** Wire names known to the catalogue (for did-you-mean). */
  getWireNames(): IterableIterator<string> {
    return this.wire.keys();
  }

  getNamespace(id: number): WikiNamespace | undefined {
    return this.nsById.get(id);
  }

  /** A namespace by local, canonical or alias name (case-insensitive first letter, `_` = space). */
  findNamespaceByName(name: string): WikiNamespace | undefined {
    return this.nsByName.get(normaliseNsName(name));
  }
}

const EMPTY: readonly WikiWireParam[] = Object.freeze([]);

/** MediaWiki core's `main` parameters (ApiMain::getAllowedParams), used when the catalogue has no `main`. */
function fallbackMain(formats: string[]): WikiModule {
  const e = (values: string[], extra: Partial<WikiParamDescriptor> = {}) => ({ type: 'enum', values, ...extra });
  return makeModule({
    name: 'main',
    path: 'main',
    group: 'main',
    prefix: '',
    parameters: [
      // Other actions exist too; without the real list, any action name is accepted here.
      makeParam('action', { default: 'help' }),
      makeParam('format', e(formats, { default: 'jsonfm' })),
      makeParam('maxlag', { type: 'integer' }),
      makeParam('smaxage', { type: 'integer', default: 0 }),
      makeParam('maxage', { type: 'integer', default: 0 }),
      makeParam('assert', e(['anon', 'bot', 'user'])),
      makeParam('assertuser', { type: 'user' }),
      makeParam('requestid', {}),
      makeParam('servedby', { type: 'boolean' }),
      makeParam('curtimestamp', { type: 'boolean' }),
      makeParam('responselanginfo', { type: 'boolean' }),
      makeParam('origin', {}),
      makeParam('uselang', { default: 'user' }),
      makeParam('variant', {}),
      makeParam('errorformat', e(['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'], { default: 'bc' })),
      makeParam('errorlang', { default: 'uselang' }),
      makeParam('errorsuselocal', { type: 'boolean' }),
    ],
  });
}

/** MediaWiki core's `query` parameters (ApiQuery + ApiPageSet), used when the catalogue has no `query`. */
function fallbackQuery(cat: WikiCatalogue): WikiModule {
  const names = (g: string) => cat.getModulesByGroup(g).map((m) => m.name);
  const multi = { multi: true, lowlimit: 50, highlimit: 500 };
  return makeModule({
    name: 'query',
    path: 'query',
    group: 'action',
    prefix: '',
    parameters: [
      makeParam('prop', { type: 'enum', values: names('prop'), ...multi }),
      makeParam('list', { type: 'enum', values: names('list'), ...multi }),
      makeParam('meta', { type: 'enum', values: names('meta'), ...multi }),
      makeParam('indexpageids', { type: 'boolean' }),
      makeParam('export', { type: 'boolean' }),
      makeParam('exportnowrap', { type: 'boolean' }),
      makeParam('exportschema', { type: 'enum', values: ['0.10', '0.11'], default: '0.11' }),
      makeParam('iwurl', { type: 'boolean' }),
      makeParam('continue', {}),
      makeParam('rawcontinue', { type: 'boolean' }),
      makeParam('titles', { ...multi }),
      makeParam('pageids', { type: 'integer', ...multi }),
      makeParam('revids', { type: 'integer', ...multi }),
      makeParam('generator', { type: 'enum', values: cat.getGenerators().map((m) => m.name), submoduleparamprefix: 'g' }),
      makeParam('redirects', { type: 'boolean' }),
      makeParam('converttitles', { type: 'boolean' }),
    ],
  });
}

function normaliseNsName(name: string): string {
  return name.replace(/_/g, ' ').trim().toLowerCase();
}

function defaultNamespaces(): WikiNamespace[] {
  return DEFAULT_NAMESPACES.map(([id, name]) => ({
    id,
    name,
    canonical: name,
    aliases: id === 6 ? ['Image'] : id === 7 ? ['Image talk'] : [],
  }));
}

// ---------------------------------------------------------------------------
// Normalisation and shape checks
// ---------------------------------------------------------------------------

/** formatversion 1 writes true flags as "" (present) and omits false ones; formatversion 2 writes booleans. */
function flag(v: unknown): boolean {
  return v === '' || v === true;
}

function optNumber(v: unknown, where: () => string, field: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^[+-]?\d+$/.test(v)) return Number(v);
  throw new CatalogueError(
    `${where()}: "${field}" must be an integer, got ${describe(v)}. Fix the catalogue data or fetch it again with action=paraminfo.`,
  );
}

/** Largest magnitude of a PHP integer (64 bits), as a double. */
const PHP_INT_LIMIT = 2 ** 63;

/**
 * A range bound as IntegerDef holds it: a PHP integer. Anything else (1e308, 1.5) no wiki's paraminfo can give, and a
 * hostile one's would say ranges like "between 1e+308 and -5": it is read as no bound.
 */
function phpInteger(v: number | undefined): number | undefined {
  return v !== undefined && Number.isInteger(v) && Math.abs(v) <= PHP_INT_LIMIT ? v : undefined;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  return typeof v;
}

function makeParam(name: string, extra: Partial<WikiParamDescriptor>): WikiParamDescriptor {
  return {
    name,
    type: 'string',
    multi: false,
    required: false,
    deprecated: false,
    sensitive: false,
    allowsduplicates: false,
    enforcerange: false,
    ...extra,
  };
}

function makeModule(m: Partial<WikiModule> & { name: string; path: string; group: string; prefix: string }): WikiModule {
  const parameters = m.parameters ?? [];
  const paramByName = new Map<string, WikiParamDescriptor>();
  for (const p of parameters) paramByName.set(p.name, p);
  return {
    generator: false,
    deprecated: false,
    internal: false,
    readrights: false,
    writerights: false,
    mustbeposted: false,
    dynamicparameters: false,
    helpurls: [],
    templatedparameters: [],
    ...m,
    parameters,
    paramByName,
  };
}

/** The parameter's type: a type name, or the allowed values (an enum; submodules make one too). */
function readParamType(d: WikiParamDescriptor, raw: Record<string, unknown>, at: () => string): void {
  const type = raw.type;
  if (Array.isArray(type)) {
    d.type = 'enum';
    d.values = type.map((v) => {
      if (typeof v === 'string') return v;
      if (typeof v === 'number') return String(v);
      throw new CatalogueError(`${at()}: "type" lists allowed values, each must be a string, got ${describe(v)}.`);
    });
  } else if (typeof type === 'string') {
    d.type = type;
  } else if (type !== undefined) {
    throw new CatalogueError(`${at()}: "type" must be a type name or an array of allowed values, got ${describe(type)}.`);
  }
  if (raw.submodules !== undefined) {
    if (!isObject(raw.submodules))
      throw new CatalogueError(`${at()}: "submodules" must be an object (value → module path), got ${describe(raw.submodules)}.`);
    d.submodules = {};
    for (const [k, v] of Object.entries(raw.submodules)) if (typeof v === 'string') d.submodules[k] = v;
    if (!d.values) d.values = Object.keys(d.submodules);
    if (d.type === 'submodule' || d.type === 'enum') d.type = 'enum';
  }
}

/** The list-valued fields: deprecated values, info notes, subtypes, extra namespaces, template variables. */
function readParamLists(d: WikiParamDescriptor, raw: Record<string, unknown>, at: () => string, templated: boolean): void {
  if (raw.deprecatedvalues !== undefined) {
    if (!Array.isArray(raw.deprecatedvalues))
      throw new CatalogueError(`${at()}: "deprecatedvalues" must be an array of values, got ${describe(raw.deprecatedvalues)}.`);
    d.deprecatedvalues = raw.deprecatedvalues.map(String);
  }
  if (raw.info !== undefined) {
    if (!Array.isArray(raw.info))
      throw new CatalogueError(`${at()}: "info" must be an array of {name, values?} notes, got ${describe(raw.info)}.`);
    d.info = raw.info.map((n): WikiParamInfoNote => {
      if (!isObject(n) || typeof n.name !== 'string')
        throw new CatalogueError(`${at()}: every "info" note needs a "name" string, got ${describe(n)}.`);
      const values = Array.isArray(n.values)
        ? n.values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        : undefined;
      return values ? { name: n.name, values } : { name: n.name };
    });
  }
  if (raw.subtypes !== undefined) {
    if (!Array.isArray(raw.subtypes))
      throw new CatalogueError(`${at()}: "subtypes" must be an array of strings, got ${describe(raw.subtypes)}.`);
    d.subtypes = raw.subtypes.map(String);
  }
  if (raw.extranamespaces !== undefined) {
    if (!Array.isArray(raw.extranamespaces))
      throw new CatalogueError(`${at()}: "extranamespaces" must be an array of namespace numbers, got ${describe(raw.extranamespaces)}.`);
    d.extranamespaces = raw.extranamespaces.map((v) => optNumber(v, at, 'extranamespaces') ?? 0);
  }
  if (templated || raw.templatevars !== undefined) {
    if (!isObject(raw.templatevars))
      throw new CatalogueError(
        `${at()}: a templated parameter needs "templatevars" (variable → parameter name), got ${describe(raw.templatevars)}.`,
      );
    d.templatevars = {};
    for (const [k, v] of Object.entries(raw.templatevars)) {
      if (typeof v !== 'string') throw new CatalogueError(`${at()}: templatevars.${k} must name a parameter (string), got ${describe(v)}.`);
      d.templatevars[k] = v;
    }
  }
}

function normaliseParam(raw: unknown, where: () => string, templated: boolean): WikiParamDescriptor {
  if (!isObject(raw)) throw new CatalogueError(`${where()}: a parameter descriptor must be an object, got ${describe(raw)}.`);
  const name = raw.name;
  if (typeof name !== 'string' || name === '')
    throw new CatalogueError(`${where()}: parameter has no "name" (string). Each entry of "parameters" needs one.`);
  const at = () => `${where()}, parameter "${name}"`;
  const d = makeParam(name, {});
  readParamType(d, raw, at);
  if (typeof raw.submoduleparamprefix === 'string') d.submoduleparamprefix = raw.submoduleparamprefix;
  if (typeof raw.tokentype === 'string' && raw.tokentype !== '') d.tokentype = raw.tokentype;
  const dflt = raw.default;
  if (typeof dflt === 'string' || typeof dflt === 'number' || typeof dflt === 'boolean') d.default = dflt;
  d.min = phpInteger(optNumber(raw.min, at, 'min'));
  d.max = phpInteger(optNumber(raw.max, at, 'max'));
  d.highmax = phpInteger(optNumber(raw.highmax, at, 'highmax'));
  d.index = optNumber(raw.index, at, 'index');
  d.multi = flag(raw.multi);
  d.lowlimit = optNumber(raw.lowlimit ?? (d.multi ? raw.limit : undefined), at, 'lowlimit');
  d.highlimit = optNumber(raw.highlimit, at, 'highlimit');
  if (typeof raw.allspecifier === 'string') d.allspecifier = raw.allspecifier;
  d.required = flag(raw.required);
  d.deprecated = flag(raw.deprecated);
  d.sensitive = flag(raw.sensitive);
  d.allowsduplicates = flag(raw.allowsduplicates);
  d.enforcerange = flag(raw.enforcerange);
  // StringDef::getParamInfo: maxbytes / maxchars, null when there is no limit (wikiStringLimits.ts).
  const maxbytes = optNumber(raw.maxbytes, at, 'maxbytes');
  if (maxbytes !== undefined) d.maxbytes = maxbytes;
  const maxchars = optNumber(raw.maxchars, at, 'maxchars');
  if (maxchars !== undefined) d.maxchars = maxchars;
  readParamLists(d, raw, at, templated);
  return d;
}

function normaliseModule(raw: unknown, position: number): WikiModule {
  if (!isObject(raw)) throw new CatalogueError(`paraminfo module #${position + 1}: must be an object, got ${describe(raw)}.`);
  const name = raw.name;
  if (typeof name !== 'string' || name === '')
    throw new CatalogueError(
      `paraminfo module #${position + 1}: has no "name" (string). Each module descriptor needs name, path and parameters.`,
    );
  const where = () => `paraminfo module "${name}"`;
  const path = raw.path === undefined ? name : raw.path;
  if (typeof path !== 'string')
    throw new CatalogueError(`${where()}: "path" must be a string like "query+${name}", got ${describe(path)}.`);
  const group = raw.group === undefined ? (path === 'main' ? 'main' : path === 'query' ? 'action' : '') : raw.group;
  if (typeof group !== 'string')
    throw new CatalogueError(`${where()}: "group" must be a string (list, prop or meta), got ${describe(group)}.`);
  if (path.startsWith('query+') && group === '')
    throw new CatalogueError(`${where()}: a query submodule needs "group" (list, prop or meta).`);
  const prefix = raw.prefix === undefined ? '' : raw.prefix;
  if (typeof prefix !== 'string')
    throw new CatalogueError(`${where()}: "prefix" must be a string (may be empty), got ${describe(prefix)}.`);
  const params = raw.parameters === undefined ? [] : raw.parameters;
  if (!Array.isArray(params)) throw new CatalogueError(`${where()}: "parameters" must be an array, got ${describe(params)}.`);
  const templ = raw.templatedparameters === undefined ? [] : raw.templatedparameters;
  if (!Array.isArray(templ)) throw new CatalogueError(`${where()}: "templatedparameters" must be an array, got ${describe(templ)}.`);
  // A module has one to three help pages: more, or an address longer than a browser takes, is not one (a
  // million, or one of 20 MB, made each hover of the module take a minute and send tens of megabytes).
  const helpurls = Array.isArray(raw.helpurls) ? readableHelpUrls(raw.helpurls) : [];
  return makeModule({
    name,
    path,
    group,
    prefix,
    generator: flag(raw.generator),
    deprecated: flag(raw.deprecated),
    internal: flag(raw.internal),
    readrights: flag(raw.readrights),
    writerights: flag(raw.writerights),
    mustbeposted: flag(raw.mustbeposted),
    // A flag with helpformat=none, the help text of the extra parameters otherwise.
    dynamicparameters: raw.dynamicparameters !== undefined && raw.dynamicparameters !== null && raw.dynamicparameters !== false,
    source: typeof raw.source === 'string' ? raw.source : undefined,
    helpurls,
    parameters: params.map((p, i) => normaliseParam(p, () => `${where()} (parameter #${i + 1})`, false)),
    templatedparameters: templ.map((p, i) => normaliseParam(p, () => `${where()} (templated parameter #${i + 1})`, true)),
  });
}

/** Collect module descriptors from any accepted document shape. */
function collectModules(input: unknown, label: string, out: unknown[]): void {
  if (Array.isArray(input)) {
    // Either a bare array of modules or an array of documents (batched fetch).
    if (input.length === 0)
      throw new CatalogueError(
        `${label}: expected action=paraminfo output ({"paraminfo": {"modules": [...]}}) or a list of module descriptors, got an empty list.`,
      );
    for (const item of input) {
      if (isObject(item) && (item.paraminfo !== undefined || Array.isArray(item.modules))) collectModules(item, label, out);
      else out.push(item);
    }
    return;
  }
  if (!isObject(input))
    throw new CatalogueError(`${label}: expected action=paraminfo output ({"paraminfo": {"modules": [...]}}), got ${describe(input)}.`);
  if (isObject(input.error)) {
    const e = input.error;
    throw new CatalogueError(
      `${label}: the wiki answered with an error (${String(e.code)}: ${String(e.info ?? e['*'] ?? '')}). Check the api.php URL and the modules requested.`,
    );
  }
  const pi = input.paraminfo !== undefined ? input.paraminfo : input;
  if (!isObject(pi) || !Array.isArray(pi.modules)) {
    const found = !isObject(pi)
      ? `"paraminfo" is ${describe(pi)}`
      : pi.modules === undefined
        ? 'it is missing'
        : `it is ${describe(pi.modules)}`;
    throw new CatalogueError(
      `${label}: expected "paraminfo.modules" to be an array of module descriptors (the output of action=paraminfo&modules=…), but ${found}.`,
    );
  }
  for (const m of pi.modules) out.push(m);
}

/**
 * Most parameters and allowed values a catalogue may describe in all: a wiki's has about 1,000 and 2,500
 * (MediaWiki 1.45), a wiki with many extensions a few times that. Past them the data is not a wiki's
 * catalogue, and what it takes to judge and complete by it grows with them (640,000 parameters in a
 * 32 MB file took the language server to 1.3 GB).
 */
export const MAX_CATALOGUE_PARAMETERS = 100_000;
/** Most help URLs kept per module, and the longest kept. */
export const MAX_HELP_URLS = 10;
export const MAX_HELP_URL_LENGTH = 2000;

/**
 * The help URLs of a module the catalogue reads: the first MAX_HELP_URLS strings of at most
 * MAX_HELP_URL_LENGTH characters (`catalogue save` leaves the others out of the file it writes).
 */
export function readableHelpUrls(urls: readonly unknown[]): string[] {
  return urls.filter((u): u is string => typeof u === 'string' && u.length <= MAX_HELP_URL_LENGTH).slice(0, MAX_HELP_URLS);
}
export const MAX_CATALOGUE_VALUES = 1_000_000;

function countSize(m: WikiModule, size: { params: number; values: number }): void {
  for (const list of [m.parameters, m.templatedparameters]) {
    size.params += list.length;
    for (const d of list) size.values += d.values?.length ?? 0;
  }
  if (size.params > MAX_CATALOGUE_PARAMETERS || size.values > MAX_CATALOGUE_VALUES)
    throw new CatalogueError(
      `catalogue: it describes more than ${size.params > MAX_CATALOGUE_PARAMETERS ? `${MAX_CATALOGUE_PARAMETERS} parameters` : `${MAX_CATALOGUE_VALUES} allowed values`} (a wiki's catalogue has a few thousand): it is not read.`,
    );
}

/** `MediaWiki 1.45.0` (siteinfo general.generator) → `1.45.0`. */
function readVersion(siteinfo: unknown): string | undefined {
  if (!isObject(siteinfo)) return undefined;
  const q = isObject(siteinfo.query) ? siteinfo.query : siteinfo;
  const g = isObject(q.general) ? q.general.generator : undefined;
  const m = typeof g === 'string' ? /^MediaWiki\s+(\d+\.\d+\S*)/.exec(g) : null;
  return m ? m[1] : undefined;
}

function readNamespaces(siteinfo: unknown): WikiNamespace[] | undefined {
  if (siteinfo === undefined || siteinfo === null) return undefined;
  if (!isObject(siteinfo))
    throw new CatalogueError(
      `siteinfo: expected the output of meta=siteinfo&siprop=namespaces|namespacealiases, got ${describe(siteinfo)}.`,
    );
  const q = isObject(siteinfo.query) ? siteinfo.query : siteinfo;
  const nsRaw = q.namespaces;
  if (nsRaw === undefined) return undefined;
  const entries: unknown[] = Array.isArray(nsRaw) ? nsRaw : isObject(nsRaw) ? Object.values(nsRaw) : [];
  if (!Array.isArray(nsRaw) && !isObject(nsRaw))
    throw new CatalogueError(`siteinfo: "namespaces" must be an object or array, got ${describe(nsRaw)}.`);
  const list: WikiNamespace[] = [];
  const byId = new Map<number, WikiNamespace>();
  for (const e of entries) {
    if (!isObject(e)) throw new CatalogueError(`siteinfo: each namespace must be an object, got ${describe(e)}.`);
    const id = typeof e.id === 'number' ? e.id : Number(e.id);
    if (!Number.isInteger(id)) throw new CatalogueError(`siteinfo: namespace without an integer "id" (${describe(e.id)}).`);
    // formatversion 1 puts the local name in "*", formatversion 2 in "name".
    const name = typeof e.name === 'string' ? e.name : typeof e['*'] === 'string' ? (e['*'] as string) : '';
    const ns: WikiNamespace = {
      id,
      name,
      canonical: typeof e.canonical === 'string' ? e.canonical : id === 0 ? '' : undefined,
      aliases: [],
    };
    list.push(ns);
    byId.set(id, ns);
  }
  if (Array.isArray(q.namespacealiases)) {
    for (const a of q.namespacealiases) {
      if (!isObject(a)) continue;
      const ns = byId.get(Number(a.id));
      const alias = typeof a.alias === 'string' ? a.alias : typeof a['*'] === 'string' ? (a['*'] as string) : undefined;
      if (ns && alias) ns.aliases.push(alias);
    }
  }
  return list;
}

/** siteinfo's `interwikimap` (formatversion 1 or 2): its prefixes in lower case, local interwikis left out; undefined without one. */
function readInterwikiPrefixes(siteinfo: unknown): ReadonlySet<string> | undefined {
  if (!isObject(siteinfo)) return undefined;
  const q = isObject(siteinfo.query) ? siteinfo.query : siteinfo;
  if (!Array.isArray(q.interwikimap)) return undefined;
  const out = new Set<string>();
  for (const e of q.interwikimap) {
    if (!isObject(e) || typeof e.prefix !== 'string') continue;
    // formatversion 1 writes flags as "" (present) or leaves them out; formatversion 2 as booleans.
    const local = e.localinterwiki === true || e.localinterwiki === '';
    if (!local) out.add(e.prefix.toLowerCase());
  }
  return out;
}

/**
 * Validate and index paraminfo output. Throws `CatalogueError` (only) when the shape is wrong.
 * @param paraminfo `action=paraminfo` output with the query submodules (and maybe main/query).
 */
export function createWikiCatalogue(paraminfo: unknown, options: CatalogueOptions = {}): WikiCatalogue {
  try {
    const raws: unknown[] = [];
    collectModules(paraminfo, 'catalogue', raws);
    if (options.core !== undefined) collectModules(options.core, 'core catalogue', raws);
    const modules: WikiModule[] = [];
    const seen = new Set<string>();
    const size = { params: 0, values: 0 };
    for (let i = 0; i < raws.length; i++) {
      const m = normaliseModule(raws[i], i);
      if (seen.has(m.path)) continue; // the first description of a module wins
      seen.add(m.path);
      modules.push(m);
      countSize(m, size);
    }
    const cat = new WikiCatalogue(
      modules,
      readNamespaces(options.siteinfo),
      options.constraints,
      options.source ?? 'catalogue',
      options.version ?? readVersion(options.siteinfo),
    );
    cat.interwikiPrefixes = readInterwikiPrefixes(options.siteinfo);
    if (options.actionConstraints !== undefined && options.actionConstraints !== null) {
      const rules = orCatalogueError(() => actionConstraintsList(options.actionConstraints), ACTION_CONSTRAINTS_FILE);
      // As for query rules: only where the module and every parameter the rule names exist here.
      cat.actionRuleBook = new RuleBook(rules, {
        moduleOf: (raw, i) => orCatalogueError(() => actionRuleModuleOf(raw, i), ACTION_CONSTRAINTS_FILE),
        read: (raw, i) => orCatalogueError(() => readActionRule(raw, i), ACTION_CONSTRAINTS_FILE),
        keep: (r) => {
          const m = r.module === 'main' ? cat.main : cat.getActionModule(r.module);
          // A templated name (`fromcontentmodel-main`) counts when a templated parameter produces it.
          const has = (p: string) =>
            m!.paramByName.has(p) ||
            m!.templatedparameters.some((t) => p.startsWith(t.name.slice(0, t.name.indexOf('{'))) && t.name.indexOf('{') > 0);
          return m !== undefined && r.uses.every(has) && ruleHoldsFor(r, cat.mediaWikiVersion);
        },
      });
    }
    return cat;
  } catch (e) {
    if (e instanceof CatalogueError) throw e;
    throw new CatalogueError(`catalogue: could not read the data (${errorMessage(e)}). Check that it is action=paraminfo output.`);
  }
}

/** Relative paths (from the extension root) of the built-in catalogue data. */
export const BUILTIN_CATALOGUE_FILES = {
  modules: 'descriptors/wiki/query-modules.json',
  core: 'descriptors/wiki/api-core.json',
  constraints: 'descriptors/wiki/constraints.json',
  /** Core's top-level modules (every action and format but main/query), recorded from a real MediaWiki. */
  actions: 'descriptors/wiki/action-modules.json',
  actionConstraints: 'descriptors/wiki/action-constraints.json',
  /** Core modules of the built-in MediaWiki versions (1.39, 1.43, 1.45), recorded from real releases. */
  versions: 'descriptors/wiki/versions/core-modules.json',
  /** The siteinfo of each built-in version as installed (namespaces, aliases, interwiki prefixes), read by its target. */
  versionSiteinfo: 'descriptors/wiki/versions/core-siteinfo.json',
  /**
   * Where each core module, parameter and value of the built-in versions is present (wikiVersionPresence.ts):
   * written by the build beside the run-time copies, derived from `versions`; not in the sources.
   */
  versionPresence: 'descriptors/wiki/versions/core-presence.json',
} as const;

/**
 * Build the built-in catalogue. `readJson` reads and parses a file given its path relative to the
 * extension root (the caller owns the I/O); it may return undefined for a file that is absent.
 */
export function loadBuiltinCatalogue(readJson: (relPath: string) => unknown): WikiCatalogue {
  const modules = readJson(BUILTIN_CATALOGUE_FILES.modules);
  const core = readJson(BUILTIN_CATALOGUE_FILES.core);
  const constraints = readJson(BUILTIN_CATALOGUE_FILES.constraints);
  const actions = readJson(BUILTIN_CATALOGUE_FILES.actions);
  const actionConstraints = readJson(BUILTIN_CATALOGUE_FILES.actionConstraints);
  // api-core.json first: its `main` and `query` win over any in the action modules' file.
  const coreDocs = [core, actions].filter((d) => d !== undefined && d !== null);
  const cat = createWikiCatalogue(modules, {
    core: coreDocs.length ? coreDocs : undefined,
    constraints: constraints ?? undefined,
    actionConstraints: actionConstraints ?? undefined,
    source: 'built-in',
    version: BUILTIN_MEDIAWIKI_VERSION,
  });
  cat.coreOnly = true;
  const recorded = isObject(actions) ? actions.mediawiki : undefined;
  if (typeof recorded === 'string') cat.actionModulesVersion = recorded;
  setDevelopmentLineCatalogue(cat);
  setBuiltinVersionFacts(() =>
    createVersionFacts(() => readJson(BUILTIN_CATALOGUE_FILES.versions), readBuildFile(readJson, BUILTIN_CATALOGUE_FILES.versionPresence)),
  );
  return cat;
}

/** A file the build derives (absent when the sources are read as they are): undefined when it cannot be read. */
function readBuildFile(readJson: (relPath: string) => unknown, relPath: string): unknown {
  try {
    return readJson(relPath);
  } catch {
    return undefined;
  }
}
