/**
 * The built-in versions' facts and the development line's description, as the loader of the built-in catalogue
 * sets them (wikiCatalogue.ts): the module state of wikiVersions.ts, kept apart so that code loaded in a bundle of
 * its own (hover and completion, scripts/build.js LAZY_CHUNKS) reads them through the catalogue
 * (`WikiCatalogue.builtinVersions`), never from a second copy of this state.
 */
import { parseMediaWikiVersion } from './wikiConstraintRules';
import { isRightsList, type WikiVersionFacts } from './wikiVersions';

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

/** What `developmentLineOnly` reads of the built-in catalogue (wikiCatalogue.ts's `WikiCatalogue`, not imported). */
interface DevelopmentCatalogue {
  readonly mediaWikiVersion?: string;
  getModule(path: string): { readonly parameters: readonly { readonly name: string; readonly values?: readonly string[] }[] } | undefined;
}

let development: DevelopmentCatalogue | undefined;

/** Set by the loader of the built-in catalogue: the development line's description (its query modules). */
export function setDevelopmentLineCatalogue(catalogue: DevelopmentCatalogue | undefined): void {
  development = catalogue;
}

/**
 * The sentence a warning on a name adds when a catalogue of an older MediaWiki (a `--target 1.45` release, a 1.43
 * wiki) lacks it and only the built-in catalogue's development line has it (`developmentLine`: its query modules):
 * a parameter `name` of query module `modulePath`, or with `value` one value of it. No release has it (the built-in
 * versions' facts), so it is not a mistake of the writer's, only new. A rights list's values are left out: the
 * line's description lists an extension's rights among them (`describeUnreleased`). Undefined otherwise.
 */
export function developmentLineNote(
  catalogue: { readonly source: string; readonly mediaWikiVersion?: string },
  modulePath: string,
  name: string,
  value?: string,
): string | undefined {
  const dev = development;
  if (!dev || catalogue.source === 'built-in' || !modulePath.startsWith('query+')) return undefined;
  const line = dev.mediaWikiVersion;
  const mine = parseMediaWikiVersion(catalogue.mediaWikiVersion);
  const theirs = parseMediaWikiVersion(line);
  if (!line || !mine || !theirs || mine[0] > theirs[0] || (mine[0] === theirs[0] && mine[1] >= theirs[1])) return undefined;
  const d = dev.getModule(modulePath)?.parameters.find((p) => p.name === name);
  if (!d) return undefined;
  const facts = builtinVersionFacts();
  if (!facts) return undefined;
  if (value === undefined) {
    if (facts.paramPresence(modulePath, name).present.length) return undefined;
  } else {
    if (!d.values?.includes(value) || isRightsList(d.values)) return undefined;
    if (facts.valuePresence(modulePath, name, value)?.present.length) return undefined;
  }
  return `The ${line} development line has it; no release has it yet.`;
}
