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

interface RawParam {
  name: string;
  type?: unknown;
  deprecated?: unknown;
  deprecatedvalues?: unknown;
}
interface RawModule {
  path: string;
  deprecated?: unknown;
  parameters?: RawParam[];
}

/** Where something is present and deprecated, as short version numbers (`1.43`). */
export interface VersionPresence {
  present: string[];
  deprecated: string[];
}

class WikiVersionFacts {
  /** Short version numbers, oldest first. */
  readonly shorts: string[];
  /** version → module path → module. */
  private readonly byVersion = new Map<string, Map<string, RawModule>>();

  constructor(
    readonly versions: BuiltinVersion[],
    modules: Record<string, { in: string[]; module: RawModule }[]>,
  ) {
    this.shorts = versions.map((v) => v.name.replace(/^mediawiki-/, ''));
    for (const s of this.shorts) this.byVersion.set(s, new Map());
    for (const [p, variants] of Object.entries(modules)) {
      for (const v of variants) for (const s of v.in) this.byVersion.get(s)?.set(p, v.module);
    }
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

  modulePresence(path: string): VersionPresence {
    return this.presence((s) => {
      const m = this.module(s, path);
      return m ? { deprecated: !!m.deprecated } : undefined;
    });
  }

  paramPresence(path: string, name: string): VersionPresence {
    return this.presence((s) => {
      const p = this.module(s, path)?.parameters?.find((x) => x.name === name);
      return p ? { deprecated: !!p.deprecated } : undefined;
    });
  }

  /** Presence of a value of an enumerated parameter; undefined when no version enumerates its values. */
  valuePresence(path: string, name: string, value: string): VersionPresence | undefined {
    let enumerated = false;
    const r = this.presence((s) => {
      const p = this.module(s, path)?.parameters?.find((x) => x.name === name);
      if (!p || !Array.isArray(p.type)) return undefined;
      enumerated = true;
      if (!p.type.includes(value)) return undefined;
      return { deprecated: Array.isArray(p.deprecatedvalues) && p.deprecatedvalues.includes(value) };
    });
    return enumerated ? r : undefined;
  }

  private presence(at: (short: string) => { deprecated: boolean } | undefined): VersionPresence {
    const present: string[] = [];
    const deprecated: string[] = [];
    for (const s of this.shorts) {
      const f = at(s);
      if (!f) continue;
      present.push(s);
      if (f.deprecated) deprecated.push(s);
    }
    return { present, deprecated };
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

/** Reads core-modules.json; undefined when the data is absent or not of that shape. */
export function createVersionFacts(doc: unknown): WikiVersionFacts | undefined {
  if (!isObject(doc) || !Array.isArray(doc.versions) || !isObject(doc.modules)) return undefined;
  const versions = (doc.versions as unknown[]).filter(
    (v): v is BuiltinVersion => isObject(v) && typeof v.name === 'string' && typeof v.version === 'string',
  );
  const modules: Record<string, { in: string[]; module: RawModule }[]> = {};
  for (const [p, variants] of Object.entries(doc.modules)) {
    if (!Array.isArray(variants)) continue;
    modules[p] = variants.filter((v) => isObject(v) && Array.isArray(v.in) && isObject(v.module)) as {
      in: string[];
      module: RawModule;
    }[];
  }
  return new WikiVersionFacts(versions, modules);
}

let builtin: WikiVersionFacts | undefined;
let loadBuiltin: (() => WikiVersionFacts | undefined) | undefined;

/**
 * Set by the loader of the built-in catalogue (the caller owns the I/O): how to read the facts. They
 * are read on first use (a hover, a version target), not with the catalogue: three versions' core
 * modules are several times the catalogue itself, and most sessions never ask.
 */
export function setBuiltinVersionFacts(load: () => WikiVersionFacts | undefined): void {
  builtin = undefined;
  loadBuiltin = load;
}

/** The built-in versions' facts (read on the first call), when the data is there. */
export function builtinVersionFacts(): WikiVersionFacts | undefined {
  if (loadBuiltin) {
    const load = loadBuiltin;
    loadBuiltin = undefined;
    // Read during a hover or a check: unreadable data means no version facts, not a failed request.
    try {
      builtin = load();
    } catch {
      builtin = undefined;
    }
  }
  return builtin;
}
