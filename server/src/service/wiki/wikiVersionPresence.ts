/**
 * Where each core module, parameter and enumerated value is present and deprecated among the built-in
 * versions, as one small index: what hover and completion ask of the version facts (wikiVersions.ts).
 * It is computed from core-modules.json (310 KB: every module of three versions) by `presenceIndex`; the
 * build writes it beside the run-time copies (`dist/descriptors/wiki/versions/core-presence.json`, 66 KB,
 * scripts/lib/runtimeData.js runs this function), so the first hover that describes a parameter reads that
 * and not the whole data. Without the file (the sources under tsx), the index is computed from the data.
 *
 * Versions are bits of a mask, in the order of the data's `versions` (bit 0 the oldest). Names and values
 * are kept in arrays, not as object keys, so that no name (`constructor`, `__proto__`) meets a prototype.
 */

/** A parameter: name, present, deprecated; when some version enumerates its values, that mask and each value's. */
export type ParamPresenceEntry = [name: string, present: number, deprecated: number, enumerated?: number, values?: ValuePresenceEntry[]];
/** An enumerated value: the value as paraminfo lists it, present, deprecated. */
export type ValuePresenceEntry = [value: unknown, present: number, deprecated: number];
/** A module: its path, present, deprecated, and its parameters. */
export type ModulePresenceEntry = [path: string, present: number, deprecated: number, params: ParamPresenceEntry[]];

/** The index: the built-in versions as the data lists them, and every module's presence. */
export interface PresenceIndex {
  versions: unknown[];
  modules: ModulePresenceEntry[];
}

/** A parameter of a recorded core module, as far as version facts read it. */
export interface RawParam {
  name: string;
  type?: unknown;
  deprecated?: unknown;
  deprecatedvalues?: unknown;
}
/** A recorded core module, as far as version facts read it. */
export interface RawModule {
  deprecated?: unknown;
  parameters?: RawParam[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The short version (`1.43`) of a `versions` entry (`mediawiki-1.43`). */
export function shortOfVersion(v: { name: string }): string {
  return v.name.replace(/^mediawiki-/, '');
}

/** The module of each version (the last variant naming it), by bit; undefined where a version lacks it. */
function modulesByVersion(variants: unknown, shorts: string[]): (RawModule | undefined)[] {
  const at: (RawModule | undefined)[] = shorts.map(() => undefined);
  if (!Array.isArray(variants)) return at;
  for (const v of variants) {
    if (!isObject(v) || !Array.isArray(v.in) || !isObject(v.module)) continue;
    for (const s of v.in) {
      const i = shorts.indexOf(s as string);
      if (i >= 0) at[i] = v.module as RawModule;
    }
  }
  return at;
}

function paramEntries(byVersion: (RawModule | undefined)[]): ParamPresenceEntry[] {
  const entries = new Map<string, ParamPresenceEntry>();
  byVersion.forEach((m, i) => {
    const bit = 1 << i;
    const seen = new Set<string>();
    for (const p of Array.isArray(m?.parameters) ? m.parameters : []) {
      // The first parameter of a name is the one a version's facts answer with.
      if (!isObject(p) || typeof p.name !== 'string' || seen.has(p.name)) continue;
      seen.add(p.name);
      let e = entries.get(p.name);
      if (!e) entries.set(p.name, (e = [p.name, 0, 0]));
      e[1] |= bit;
      if (p.deprecated) e[2] |= bit;
      if (!Array.isArray(p.type)) continue;
      e[3] = (e[3] ?? 0) | bit;
      const values = (e[4] ??= []);
      const deprecated = Array.isArray(p.deprecatedvalues) ? (p.deprecatedvalues as unknown[]) : [];
      for (const value of new Set(p.type as unknown[])) {
        let ve = values.find((x) => x[0] === value);
        if (!ve) values.push((ve = [value, 0, 0]));
        ve[1] |= bit;
        if (deprecated.includes(value)) ve[2] |= bit;
      }
    }
  });
  return [...entries.values()];
}

/** The presence index of core-modules.json's data; undefined when the data is not of that shape. */
export function presenceIndex(doc: unknown): PresenceIndex | undefined {
  if (!isObject(doc) || !Array.isArray(doc.versions) || !isObject(doc.modules)) return undefined;
  const shorts = (doc.versions as unknown[])
    .filter((v): v is { name: string; version: string } => isObject(v) && typeof v.name === 'string' && typeof v.version === 'string')
    .map(shortOfVersion);
  const modules: ModulePresenceEntry[] = [];
  for (const [path, variants] of Object.entries(doc.modules)) {
    if (!Array.isArray(variants)) continue;
    const byVersion = modulesByVersion(variants, shorts);
    let present = 0;
    let deprecated = 0;
    byVersion.forEach((m, i) => {
      if (!m) return;
      present |= 1 << i;
      if (m.deprecated) deprecated |= 1 << i;
    });
    modules.push([path, present, deprecated, paramEntries(byVersion)]);
  }
  return { versions: doc.versions as unknown[], modules };
}

/** A presence index read back (the build's file): undefined when it is not of that shape. */
export function readPresenceIndex(doc: unknown): PresenceIndex | undefined {
  if (!isObject(doc) || !Array.isArray(doc.versions) || !Array.isArray(doc.modules)) return undefined;
  return { versions: doc.versions as unknown[], modules: doc.modules as ModulePresenceEntry[] };
}
