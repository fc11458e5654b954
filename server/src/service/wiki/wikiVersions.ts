/**
 * The built-in MediaWiki versions: the core modules (paraminfo `source` MediaWiki) of real
 * releases, recorded into descriptors/wiki/versions/core-modules.json. From them come the version
 * facts hover shows — in which of the built-in versions a module, a parameter or a value is
 * present, deprecated or absent — and a paraminfo answer per version.
 */

/** One built-in version: `mediawiki-1.45`, `1.45.0`, `MediaWiki 1.45.0`. */
export interface BuiltinVersion {
  name: string;
  version: string;
  generator: string;
}

import {
  presenceIndex,
  readPresenceIndex,
  shortOfVersion,
  type ModulePresenceEntry,
  type ParamPresenceEntry,
  type PresenceIndex,
  type RawModule as RawModuleFacts,
} from './wikiVersionPresence';

/** A recorded core module: the facts the presence index reads, and its path. */
interface RawModule extends RawModuleFacts {
  path: string;
}

/** What the untargeted built-in catalogue makes of a value it does not list (`WikiVersionFacts.releasedValue`). */
export type ReleasedValue = { accepted: true } | { accepted: false; note: string };

/** Where something is present and deprecated, as short version numbers (`1.43`). */
export interface VersionPresence {
  present: string[];
  deprecated: string[];
}

export class WikiVersionFacts {
  /** Short version numbers, oldest first. */
  readonly shorts: string[];
  /** Module path → its presence entry (wikiVersionPresence.ts), and each module's parameters by name when asked. */
  private readonly presence = new Map<string, ModulePresenceEntry>();
  private readonly paramsOf = new Map<string, Map<string, ParamPresenceEntry>>();
  /** version → module path → module, read from the whole data on first use (a target's catalogue, `module`). */
  private byVersionRead: Map<string, Map<string, RawModule>> | undefined;

  constructor(
    readonly versions: BuiltinVersion[],
    index: PresenceIndex,
    private readonly loadModules: () => Record<string, { in: string[]; module: RawModule }[]>,
  ) {
    this.shorts = versions.map(shortOfVersion);
    for (const m of index.modules) this.presence.set(m[0], m);
  }

  private get byVersion(): Map<string, Map<string, RawModule>> {
    if (this.byVersionRead) return this.byVersionRead;
    const byVersion = new Map<string, Map<string, RawModule>>();
    for (const s of this.shorts) byVersion.set(s, new Map());
    for (const [p, variants] of Object.entries(this.loadModules())) {
      for (const v of variants) for (const s of v.in) byVersion.get(s)?.set(p, v.module);
    }
    return (this.byVersionRead = byVersion);
  }

  /** The module of `path` in version `short` (`1.45`), if that version has it. */
  module(short: string, path: string): RawModule | undefined {
    return this.byVersion.get(short)?.get(path);
  }

  /** The action=paraminfo answer (formatversion 2) of one built-in version: its core modules. */
  paraminfo(short: string): { paraminfo: { helpformat: string; modules: RawModule[] } } | undefined {
    const m = this.byVersion.get(short);
    return m ? { paraminfo: { helpformat: 'none', modules: [...m.values()] } } : undefined;
  }

  private param(path: string, name: string): ParamPresenceEntry | undefined {
    let params = this.paramsOf.get(path);
    if (!params) {
      params = new Map((this.presence.get(path)?.[3] ?? []).map((p) => [p[0], p]));
      this.paramsOf.set(path, params);
    }
    return params.get(name);
  }

  modulePresence(path: string): VersionPresence {
    const m = this.presence.get(path);
    return this.presenceOf(m?.[1] ?? 0, m?.[2] ?? 0);
  }

  paramPresence(path: string, name: string): VersionPresence {
    const p = this.param(path, name);
    return this.presenceOf(p?.[1] ?? 0, p?.[2] ?? 0);
  }

  /** Presence of a value of an enumerated parameter; undefined when no version enumerates its values. */
  valuePresence(path: string, name: string, value: string): VersionPresence | undefined {
    const p = this.param(path, name);
    if (!p?.[3]) return undefined;
    const v = p[4]?.find((x) => x[0] === value);
    return this.presenceOf(v?.[1] ?? 0, v?.[2] ?? 0);
  }

  /** The versions of the bits of `present` and `deprecated`, oldest first. */
  private presenceOf(present: number, deprecated: number): VersionPresence {
    const out: VersionPresence = { present: [], deprecated: [] };
    this.shorts.forEach((s, i) => {
      if (!(present & (1 << i))) return;
      out.present.push(s);
      if (deprecated & (1 << i)) out.deprecated.push(s);
    });
    return out;
  }

  /**
   * What the untargeted built-in catalogue makes of a value it does not list (`value`) of an enumerated parameter
   * that the built-in releases enumerate: `accepted` when the newest release accepts it (the spec's 1.46 catalogue
   * leaves some out: the Codex logo icons); else, when an older release accepts it, the sentence to add to the
   * warning; undefined when no release accepts it.
   */
  releasedValue(path: string, name: string, value: string): ReleasedValue | undefined {
    const p = this.valuePresence(path, name, value);
    if (!p || p.present.length === 0) return undefined;
    const newest = this.shorts[this.shorts.length - 1];
    if (p.present.includes(newest)) return { accepted: true };
    return {
      accepted: false,
      note: `MediaWiki ${p.present.join(', ')} accepted it (absent from ${this.shorts.filter((s) => !p.present.includes(s)).join(', ')}): to judge for one version, give a target (# targets: ${p.present[p.present.length - 1]}).`,
    };
  }

  /**
   * The hover line of a name the built-in catalogue's query modules have and no built-in release has (`describe`
   * gives none): those modules are the development line's (`line`, `1.46`), so it is not released yet. A value of a
   * rights parameter is the exception: the description lists the rights of the wiki it was taken from, an
   * extension's among them (ConfirmEdit's `skipcaptcha`), so such a right is not said to be the line's.
   */
  describeUnreleased(line: string, rightsValue = false): string {
    const absent = `absent from ${this.shorts.join(', ')}`;
    return rightsValue
      ? `MediaWiki: a right no built-in release has as installed (${absent}); the ${line} development line's description lists it: new in ${line}, or an extension's`
      : `MediaWiki: ${line} development line; no release has it yet (${absent})`;
  }

  /** A Markdown line for hover, or undefined when none of the built-in versions has it. */
  describe(p: VersionPresence | undefined): string | undefined {
    if (!p || p.present.length === 0) return undefined;
    const all = this.shorts;
    const absent = all.filter((s) => !p.present.includes(s));
    let text: string;
    if (absent.length === 0) text = `present in every built-in version (${all.join(', ')})`;
    else if (isSuffix(p.present, all)) text = `present from ${p.present[0]} of the built-in versions (absent from ${absent.join(', ')})`;
    else if (isPrefix(p.present, all)) text = `absent from ${absent.join(', ')} (present up to ${p.present[p.present.length - 1]})`;
    else text = `present in ${p.present.join(', ')}; absent from ${absent.join(', ')}`;
    if (p.deprecated.length) text += `; deprecated in ${p.deprecated.join(', ')}`;
    return `MediaWiki: ${text}`;
  }
}

function isSuffix(part: string[], all: string[]): boolean {
  return part.every((s, i) => all[all.length - part.length + i] === s);
}
function isPrefix(part: string[], all: string[]): boolean {
  return part.every((s, i) => all[i] === s);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The built-in versions' facts from core-modules.json, read by `readData` when a question needs every module
 * (a target's catalogue), and from the presence index the build wrote beside it (`index`) for what hover and
 * completion ask; without the index it is computed from the data. Undefined when the data is absent or not of
 * that shape.
 */
export function createVersionFacts(readData: () => unknown, index?: unknown): WikiVersionFacts | undefined {
  let data: unknown;
  let read = false;
  const dataOnce = () => {
    if (!read) [data, read] = [readData(), true];
    return data;
  };
  const presence = readPresenceIndex(index) ?? presenceIndex(dataOnce());
  if (!presence) return undefined;
  const versions = presence.versions.filter(
    (v): v is BuiltinVersion => isObject(v) && typeof v.name === 'string' && typeof v.version === 'string',
  );
  const loadModules = () => {
    const doc = dataOnce();
    const modules: Record<string, { in: string[]; module: RawModule }[]> = {};
    if (!isObject(doc) || !isObject(doc.modules)) return modules;
    for (const [p, variants] of Object.entries(doc.modules)) {
      if (!Array.isArray(variants)) continue;
      modules[p] = variants.filter((v) => isObject(v) && Array.isArray(v.in) && isObject(v.module)) as {
        in: string[];
        module: RawModule;
      }[];
    }
    return modules;
  };
  return new WikiVersionFacts(versions, presence, loadModules);
}

/** What `developmentLine` reads of a catalogue (wikiCatalogue.ts's `WikiCatalogue`, not imported: it imports this file). */
interface CatalogueFacts {
  readonly source: string;
  readonly mediaWikiVersion?: string;
}

/**
 * The development line (`1.46`) whose name a module of `catalogue` is, when no built-in release has it: only the
 * built-in catalogue's query modules (the spec's description of that line; its other modules are 1.45.0's, and
 * `main`'s `formatversion` there is a format module's parameter). A wiki's own catalogue gets none: a module
 * in no release may be an extension's, or of a release older than the built-in ones.
 */
export function developmentLine(catalogue: CatalogueFacts, modulePath: string): string | undefined {
  return catalogue.source === 'built-in' && modulePath.startsWith('query+') ? catalogue.mediaWikiVersion : undefined;
}

/** Whether an enumerated parameter's values are the wiki's rights (ApiQueryAllUsers' and ApiQueryContributors' `rights`: PermissionManager::getAllPermissions). */
export function isRightsList(values: readonly string[] | undefined): boolean {
  return !!values && values.includes('read') && values.includes('edit') && values.includes('apihighlimits');
}
