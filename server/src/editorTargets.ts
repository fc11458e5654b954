/**
 * The editor's target wikis: which wikis a wiki document's requests are judged against
 * (`wikimapQuery.wiki.targets`, or a `# targets: …` line at the top of a `.wikiquery` file), and
 * one wiki service per target whose catalogue is that target's only one. The merging of what the
 * targets answer is shared with the CLI (targets.ts).
 *
 * A target is a name: an entry of `wikimapQuery.wikis` (its catalogue loaded by the live catalogue
 * store like any configured wiki) or a built-in MediaWiki version. A document never brings a URL or a
 * path this way. In a workspace the user does not trust, targets are ignored.
 */
import type { CompletionList, Diagnostic, Hover } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { WikiCatalogue } from './service/wiki/wikiCatalogue';
import { getWikiLanguageService, type WikiLanguageService } from './service/wiki/wikiLanguageService';
import type { EffectiveSettings } from './languageModes';
import { FIXED_LIMITS } from '../../common/settings';
import type { PackageFiles } from './runtime';
import type { LanguageSettings } from './service/languageTypes';
import type { LanguageService } from './service/languageTypes';
import type { EmbeddedDocument } from './service/embedded/embeddedLanguageService';
import { hostLanguageOf } from './service/embedded/hostLanguages';
import {
  builtinVersionCatalogue,
  builtinVersionShort,
  builtinVersionShorts,
  diagnosticsNamingTargets,
  mergeCompletionsByTarget,
  mergeHoversByTarget,
} from './targets';

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

/** A name written on a `# targets:` line, with its offsets in the document. */
export interface TargetName {
  name: string;
  start: number;
  end: number;
}

/** Only the first lines are looked at: the line belongs to the comment block that opens the file. */
const HEADER_LINES = 50;
const HEADER_CHARS = 10_000;

/** Opening lines a source file may have before its comment block: a shebang, PHP's open tag. */
const PREAMBLE = /^\s*(?:#!.*|<\?php\b.*)$/;

/**
 * The names of the `# targets: a, b` line among the comment lines (and blank lines) that open a
 * document, or undefined when there is none. `comments` are the line comment starts of the
 * document's language: `#` in a `.wikiquery` file; in a source file its host language's (`# targets:`
 * in Python, `// targets:` in JavaScript, `-- targets:` in Lua), after a shebang or `<?php` line.
 */
export function readTargetsLine(
  text: string,
  comments: readonly string[] = ['#'],
): { names: TargetName[]; start: number; end: number } | undefined {
  const starts = comments.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const targetsLine = new RegExp(`^(\\s*(?:${starts})\\s*targets\\s*:)(.*)$`, 'i');
  let offset = 0;
  for (let n = 0; n < HEADER_LINES && offset < Math.min(text.length, HEADER_CHARS); n++) {
    const eol = text.indexOf('\n', offset);
    const end = eol < 0 ? text.length : eol;
    const line = text.slice(offset, end).replace(/\r$/, '');
    const m = targetsLine.exec(line);
    if (m) return { names: splitNames(m[2], offset + m[1].length), start: offset, end: offset + line.length };
    const opening = line.trim() === '' || comments.some((c) => line.trimStart().startsWith(c)) || (n === 0 && PREAMBLE.test(line));
    if (!opening || eol < 0) return undefined;
    offset = eol + 1;
  }
  return undefined;
}

/** A `.wikiquery` file's `# targets:` line, or a source file's written with its host language's line comments. */
function documentTargetsLine(document: TextDocument): ReturnType<typeof readTargetsLine> {
  if (document.languageId === 'wikiquery') return readTargetsLine(document.getText());
  const host = hostLanguageOf(document.languageId, document.uri);
  return host ? readTargetsLine(document.getText(), host.comments) : undefined;
}

function splitNames(list: string, base: number): TargetName[] {
  const names: TargetName[] = [];
  let at = 0;
  for (const part of list.split(',')) {
    const lead = part.length - part.trimStart().length;
    const name = part.trim();
    if (name) names.push({ name, start: base + at + lead, end: base + at + lead + name.length });
    at += part.length + 1;
  }
  return names;
}

/** What a target name is: a configured wiki, a built-in version, or neither (with why). */
type Resolved = { kind: 'wiki'; name: string } | { kind: 'version'; short: string } | { kind: 'unknown'; why: string };

function resolveName(name: string, wikis: Record<string, string>): Resolved {
  if (Object.prototype.hasOwnProperty.call(wikis, name)) return { kind: 'wiki', name };
  const short = builtinVersionShort(name);
  if (short) return { kind: 'version', short };
  const known = `a target is the name of an entry of wikimapQuery.wikis (${Object.keys(wikis).join(', ') || 'none configured'}) or a built-in MediaWiki version (${builtinVersionShorts().join(', ')})`;
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

  constructor(
    private readonly deps: {
      files: PackageFiles;
      /** The catalogue of a configured wiki, by its name (the live store's; the built-in one until loaded). */
      resolveWiki(name: string): WikiCatalogue;
      /** Why a configured wiki is judged by the built-in catalogue now (its own loading, failed, not fetched); undefined when not. */
      builtinInUseFor(name: string): string | undefined;
      /** The source-file service whose requests a target's wiki service judges. */
      hostFor(wiki: LanguageService<unknown>): LanguageService<unknown>;
      log(message: string): void;
    },
  ) {}

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
        problems: [{ range, severity: DiagnosticSeverity.Information, source: 'wikimap-query', code: 'targetsignored', message }],
      };
    }
    const named: TargetName[] = line ? line.names : setting!.map((name) => ({ name, start: -1, end: -1 }));
    const choice: TargetChoice = { targets: [], problems: [] };
    const names = named.slice(0, FIXED_LIMITS.maxTargets);
    if (named.length > names.length) this.tellTooMany(document, named, choice);
    for (const n of names) {
      const resolved = resolveName(n.name, settings.wikis);
      if (resolved.kind === 'unknown') this.tell(document, n, resolved.why, choice);
      else if (!choice.targets.some((t) => t.key === this.key(resolved))) choice.targets.push(this.target(resolved, kind));
    }
    return choice;
  }

  /** More names than are read: the first are judged; the rest of the line is marked, or the setting's cut is logged once. */
  private tellTooMany(document: TextDocument, named: readonly TargetName[], choice: TargetChoice): void {
    const max = FIXED_LIMITS.maxTargets;
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
      severity: DiagnosticSeverity.Warning,
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
        severity: DiagnosticSeverity.Warning,
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
      wiki = getWikiLanguageService({ resolveCatalogue });
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
    if (!catalogue) this.versionCatalogues.set(short, (catalogue = builtinVersionCatalogue(short, this.deps.files)));
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
export function completeTargetsLine(document: TextDocument, offset: number, wikis: Record<string, string>): CompletionList | undefined {
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
    ...builtinVersionShorts().map((short) => ({ label: short, detail: `built-in MediaWiki ${short}`, kind: 12 as const })),
  ]
    .filter((i) => !written.has(i.label))
    .map((i) => ({ ...i, textEdit: { range, newText: i.label } }));
  return { isIncomplete: false, items };
}
