/**
 * The editor's target wikis: which wikis a wiki document's requests are judged against
 * (`wikimapQuery.wiki.targets`, or a `# targets: …` line at the top of a `.wikiquery` file), and
 * one wiki service per target whose catalogue is that target's only one. The merging of what the
 * targets answer is shared with the CLI (targetsMerge.ts).
 *
 * A chunk of its own in the server's bundle (scripts/build.js, LAZY_CHUNKS), required when a document first has
 * targets (lazyEditorTargets.ts; targetsLine.ts reads the line without it). So it imports no module with state:
 * the wiki service, the built-in versions and the limits are passed in (`EditorTargetsDeps`), for a second copy of
 * the wiki service's modules would hold its own built-in version facts.
 *
 * A target is a name: an entry of `wikimapQuery.wikis` (its catalogue loaded by the live catalogue
 * store like any configured wiki) or a built-in MediaWiki version. A document never brings a URL or a
 * path this way. In a workspace the user does not trust, targets are ignored.
 */
import type { CompletionList, Diagnostic, Hover } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WikiCatalogue } from './service/wiki/wikiCatalogue';
import type { WikiLanguageService } from './service/wiki/wikiLanguageService';
import type { EffectiveSettings } from './languageModes';
import type { LanguageSettings } from './service/languageTypes';
import type { LanguageService } from './service/languageTypes';
import type { EmbeddedDocument } from './service/embedded/embeddedLanguageService';
import { diagnosticsNamingTargets, mergeCompletionsByTarget, mergeHoversByTarget } from './targetsMerge';
import { documentTargetsLine, type TargetName } from './targetsLine';

/** DiagnosticSeverity's values (vscode-languageserver-types), written out: the chunk carries none of that module. */
const WARNING = 2;
const INFORMATION = 3;

/** The built-in MediaWiki versions as targets know them (targets.ts, passed in). */
export interface BuiltinVersions {
  /** The short built-in version (`1.43`) a name means, if any. */
  short(name: string): string | undefined;
  /** Every built-in version's short name, oldest first. */
  shorts(): readonly string[];
  /** The catalogue of a built-in version (its recorded core modules and siteinfo). */
  catalogue(short: string): WikiCatalogue;
}

/** What the target code is handed by the server (everything with module state lives in the server's bundle). */
export interface EditorTargetsDeps {
  /** The catalogue of a configured wiki, by its name (the live store's; the built-in one until loaded). */
  resolveWiki(name: string): WikiCatalogue;
  /** Why a configured wiki is judged by the built-in catalogue now (its own loading, failed, not fetched); undefined when not. */
  builtinInUseFor(name: string): string | undefined;
  /** The source-file service whose requests a target's wiki service judges. */
  hostFor(wiki: LanguageService<unknown>): LanguageService<unknown>;
  /** A wiki service judging by one catalogue (getWikiLanguageService). */
  wikiService(resolveCatalogue: () => WikiCatalogue): WikiLanguageService;
  versions: BuiltinVersions;
  /** At most this many targets are read (FIXED_LIMITS.maxTargets). */
  maxTargets: number;
  log(message: string): void;
}

/** One target: the name shown in messages and the service that judges the document by its catalogue. */
export interface EditorTarget {
  /** `wiki:NAME` or `version:1.43`. */
  key: string;
  name: string;
  service: LanguageService<unknown>;
  /** What this target's service is handed of the document's one parse. */
  view(parsed: unknown): unknown;
}

/** The kinds of documents targets judge: wiki documents, and the requests of source files. */
export type TargetedKind = 'wiki' | 'host';

/** The targets of one document, and the problems of its `# targets:` line. */
export interface TargetChoice {
  targets: EditorTarget[];
  problems: Diagnostic[];
}

/** What a target name is: a configured wiki, a built-in version, or neither (with why). */
type Resolved = { kind: 'wiki'; name: string } | { kind: 'version'; short: string } | { kind: 'unknown'; why: string };

function resolveName(name: string, wikis: Record<string, string>, versions: BuiltinVersions): Resolved {
  if (Object.prototype.hasOwnProperty.call(wikis, name)) return { kind: 'wiki', name };
  const short = versions.short(name);
  if (short) return { kind: 'version', short };
  const known = `a target is the name of an entry of wikimapQuery.wikis (${Object.keys(wikis).join(', ') || 'none configured'}) or a built-in MediaWiki version (${versions.shorts().join(', ')})`;
  if (/[/\\:]/.test(name))
    return { kind: 'unknown', why: `"${name}" is not a target name: ${known}; a URL or a file goes into wikimapQuery.wikis, under a name` };
  return { kind: 'unknown', why: `Unknown target "${name}": ${known}` };
}

export class EditorTargets {
  /** One wiki service per target (`wiki:NAME` or `version:1.43`), made when first named. */
  private readonly services = new Map<string, WikiLanguageService>();
  /** The source-file service of each target, made when a source file first has targets. */
  private readonly hostServices = new Map<string, LanguageService<unknown>>();
  /**
   * A source file's parse holds the requests checked by one wiki (cached on it): each target gets its
   * own copy of that parse, made once per parse and target.
   */
  private readonly hostViews = new WeakMap<object, Map<string, unknown>>();
  private readonly versionCatalogues = new Map<string, WikiCatalogue>();
  /** Problems of the setting already logged. */
  private readonly told = new Set<string>();

  constructor(private readonly deps: EditorTargetsDeps) {}

  /** The targets of a document: a `.wikiquery` file's `# targets:` line, else the setting; undefined when it has none. */
  choose(document: TextDocument, kind: TargetedKind, settings: EffectiveSettings, trusted: boolean): TargetChoice | undefined {
    const line = documentTargetsLine(document);
    const setting = settings.targets;
    if (!line && !setting?.length) return undefined;
    if (!trusted) {
      if (!line) return undefined;
      const range = { start: document.positionAt(line.start), end: document.positionAt(line.end) };
      const message = 'Targets are ignored in a workspace you do not trust: each request is judged by its own wiki.';
      return {
        targets: [],
        problems: [{ range, severity: INFORMATION, source: 'wikimap-query', code: 'targetsignored', message }],
      };
    }
    const named: TargetName[] = line ? line.names : setting!.map((name) => ({ name, start: -1, end: -1 }));
    const choice: TargetChoice = { targets: [], problems: [] };
    const names = named.slice(0, this.deps.maxTargets);
    if (named.length > names.length) this.tellTooMany(document, named, choice);
    for (const n of names) {
      const resolved = resolveName(n.name, settings.wikis, this.deps.versions);
      if (resolved.kind === 'unknown') this.tell(document, n, resolved.why, choice);
      else if (!choice.targets.some((t) => t.key === this.key(resolved))) choice.targets.push(this.target(resolved, kind));
    }
    return choice;
  }

  /** More names than are read: the first are judged; the rest of the line is marked, or the setting's cut is logged once. */
  private tellTooMany(document: TextDocument, named: readonly TargetName[], choice: TargetChoice): void {
    const max = this.deps.maxTargets;
    const why = `${named.length} targets are named; at most ${max} are read, the first ${max}: the rest are left out`;
    const first = named[max];
    if (first.start < 0) {
      if (!this.told.has(why)) this.deps.log(`wikimapQuery.wiki.targets: ${why}.`);
      this.told.add(why);
      return;
    }
    const range = { start: document.positionAt(first.start), end: document.positionAt(named[named.length - 1].end) };
    choice.problems.push({
      range,
      severity: WARNING,
      source: 'wikimap-query',
      code: 'toomanytargets',
      message: `${why}.`,
    });
  }

  private tell(document: TextDocument, n: TargetName, why: string, choice: TargetChoice): void {
    if (n.start >= 0) {
      const range = { start: document.positionAt(n.start), end: document.positionAt(n.end) };
      choice.problems.push({
        range,
        severity: WARNING,
        source: 'wikimap-query',
        code: 'unknowntarget',
        message: `${why}.`,
      });
    } else if (!this.told.has(why)) {
      this.told.add(why);
      this.deps.log(`wikimapQuery.wiki.targets: ${why}; it is left out.`);
    }
  }

  private key(r: Exclude<Resolved, { kind: 'unknown' }>): string {
    return r.kind === 'wiki' ? `wiki:${r.name}` : `version:${r.short}`;
  }

  /**
   * The name messages and hover give a target. A configured wiki judged by the built-in catalogue (its
   * own still loading, or not to be had) says so; the documents are judged again when its own arrives.
   */
  private display(r: Exclude<Resolved, { kind: 'unknown' }>): string {
    if (r.kind === 'version') return `MediaWiki ${r.short}`;
    this.deps.resolveWiki(r.name); // starts its load when first named
    const why = this.deps.builtinInUseFor(r.name);
    return why ? `${r.name} (${why})` : r.name;
  }

  private target(r: Exclude<Resolved, { kind: 'unknown' }>, kind: TargetedKind): EditorTarget {
    const key = this.key(r);
    let wiki = this.services.get(key);
    if (!wiki) {
      // The target's catalogue judges every request, whatever wiki its URL names.
      const resolveCatalogue = r.kind === 'wiki' ? () => this.deps.resolveWiki(r.name) : () => this.versionCatalogue(r.short);
      wiki = this.deps.wikiService(resolveCatalogue);
      this.services.set(key, wiki);
    }
    const name = this.display(r);
    if (kind === 'wiki') return { key, name, service: wiki as LanguageService<unknown>, view: (parsed) => parsed };
    let host = this.hostServices.get(key);
    if (!host) this.hostServices.set(key, (host = this.deps.hostFor(wiki as LanguageService<unknown>)));
    return { key, name, service: host, view: (parsed) => this.hostView(parsed as EmbeddedDocument, key) };
  }

  private hostView(parsed: EmbeddedDocument, key: string): EmbeddedDocument {
    let views = this.hostViews.get(parsed);
    if (!views) this.hostViews.set(parsed, (views = new Map()));
    let view = views.get(key) as EmbeddedDocument | undefined;
    if (!view) views.set(key, (view = { ...parsed, checked: undefined }));
    return view;
  }

  private versionCatalogue(short: string): WikiCatalogue {
    let catalogue = this.versionCatalogues.get(short);
    if (!catalogue) this.versionCatalogues.set(short, (catalogue = this.deps.versions.catalogue(short)));
    return catalogue;
  }
}

/** The document's diagnostics judged by each target: merged, each message naming the targets that reject and accept. */
export function validateByTargets(choice: TargetChoice, document: TextDocument, parsed: unknown, settings: LanguageSettings): Diagnostic[] {
  const perTarget = choice.targets.map((t) => ({
    name: t.name,
    diagnostics: t.service.doValidation(document, t.view(parsed), settings),
  }));
  return diagnosticsNamingTargets(perTarget);
}

/** Hover by each target: one answer where they agree, the facts of each group of targets where they differ. */
export function hoverByTargets(
  choice: TargetChoice,
  document: TextDocument,
  parsed: unknown,
  offset: number,
  settings: LanguageSettings,
): Hover | null {
  return mergeHoversByTarget(
    choice.targets.map((t) => ({ name: t.name, hover: t.service.doHover(document, t.view(parsed), offset, settings) })),
  );
}

/** Completion by each target: what every target accepts first, the rest marked with the targets that have it. */
export function completeByTargets(
  choice: TargetChoice,
  document: TextDocument,
  parsed: unknown,
  offset: number,
  settings: LanguageSettings,
): CompletionList {
  return mergeCompletionsByTarget(
    choice.targets.map((t) => ({ name: t.name, list: t.service.doComplete(document, t.view(parsed), offset, settings) })),
  );
}

/**
 * Completion on a document's `# targets:` line (`// targets:` … in a source file): the names it may hold (the configured wikis
 * and the built-in versions), those already written left out; undefined when the cursor is elsewhere.
 */
export function completeTargetsLine(
  document: TextDocument,
  offset: number,
  wikis: Record<string, string>,
  versions: Pick<BuiltinVersions, 'shorts'>,
): CompletionList | undefined {
  const text = document.getText();
  const line = documentTargetsLine(document);
  const colon = line ? text.indexOf(':', line.start) : -1;
  if (!line || offset <= colon || offset > line.end) return undefined;
  const start = Math.max(text.lastIndexOf(',', offset - 1), colon) + 1;
  const lead = text.slice(start, offset).length - text.slice(start, offset).trimStart().length;
  const range = { start: document.positionAt(start + lead), end: document.positionAt(offset) };
  const written = new Set(line.names.filter((n) => n.end < start || n.start > offset).map((n) => n.name));
  const items = [
    ...Object.keys(wikis).map((name) => ({ label: name, detail: 'configured wiki (wikimapQuery.wikis)', kind: 18 as const })),
    ...versions.shorts().map((short) => ({ label: short, detail: `built-in MediaWiki ${short}`, kind: 12 as const })),
  ]
    .filter((i) => !written.has(i.label))
    .map((i) => ({ ...i, textEdit: { range, newText: i.label } }));
  return { isIncomplete: false, items };
}
