/**
 * Target wikis: every wiki request judged against several wikis at once, the same way in the CLI
 * (`check --target`, cli/checkTargets.ts) and the editor (`wikimapQuery.wiki.targets` and a
 * `# targets: …` line, editorTargets.ts). This file answers the version questions: which built-in
 * MediaWiki version a name means, and that version's catalogue. What the targets answer is merged by
 * targetsMerge.ts.
 */
import { BUILTIN_CATALOGUE_FILES, createWikiCatalogue, type WikiCatalogue } from './service/wiki/wikiCatalogue';
import { builtinVersionFacts } from './service/wiki/wikiBuiltinVersions';
import { readJsonFile } from './languageModes';
import type { PackageFiles } from './runtime';
import { isObject } from '../../common/isObject';

/** The short version (`1.43`) a source written as a MediaWiki version names (`1.43`, `1.43.3`, `mediawiki-1.43`, `MediaWiki 1.43`), built in or not. */
export function versionShortOf(source: string): string | undefined {
  return /^(?:mediawiki[-\s]?)?(1\.\d+)(?:\.\d+)?$/i.exec(source.trim())?.[1];
}

/** The short built-in version (`1.43`) a source names (`1.43`, `1.43.3`, `mediawiki-1.43`, `MediaWiki 1.43`), if any. */
export function builtinVersionShort(source: string): string | undefined {
  const short = versionShortOf(source);
  if (!short) return undefined;
  const facts = builtinVersionFacts();
  return facts?.shorts.includes(short) ? short : undefined;
}

/**
 * What to say of a version that is not built in (`1.44`, `1.35`): the versions that are, and that no other is
 * assumed to behave as one of them.
 */
export function notBuiltinVersion(short: string): string {
  const known = builtinVersionShorts();
  return `MediaWiki ${short} is not a built-in version (those are ${known.join(', ') || 'none here'}; another version is not judged as if it were one of them): give that wiki's api.php URL, or a saved action=paraminfo file of it`;
}

/** The short names of the built-in versions (`1.39`, `1.43`, `1.45`), once the built-in catalogue is loaded. */
export function builtinVersionShorts(): readonly string[] {
  return builtinVersionFacts()?.shorts ?? [];
}

/** The siteinfo recorded for a built-in version as installed (core-siteinfo.json), or undefined when the data lacks it. */
function versionSiteinfo(short: string, files: PackageFiles): unknown {
  let doc: unknown;
  try {
    doc = readJsonFile(files, BUILTIN_CATALOGUE_FILES.versionSiteinfo);
  } catch {
    return undefined; // (then the target judges with MediaWiki's default namespaces, as a catalogue without siteinfo)
  }
  const versions = isObject(doc) && isObject(doc.versions) ? doc.versions : undefined;
  return versions && Object.hasOwn(versions, short) && isObject(versions[short]) ? versions[short] : undefined;
}

/**
 * The catalogue of a built-in MediaWiki version: its recorded core modules, with the rules that hold for it,
 * and the namespaces, aliases and interwiki prefixes that release has as installed (English, no extension).
 */
export function builtinVersionCatalogue(short: string, files: PackageFiles): WikiCatalogue {
  const facts = builtinVersionFacts();
  const version = facts?.versions.find((v) => v.name === `mediawiki-${short}`);
  if (!facts || !version) throw new Error(`MediaWiki ${short} is not a built-in version`);
  const siteinfo = versionSiteinfo(short, files);
  const catalogue = createWikiCatalogue(facts.paraminfo(short), {
    constraints: readJsonFile(files, BUILTIN_CATALOGUE_FILES.constraints),
    actionConstraints: readJsonFile(files, BUILTIN_CATALOGUE_FILES.actionConstraints),
    siteinfo,
    source: version.generator,
    version: version.version,
  });
  // Core modules only, as the built-in catalogue: an extension's module is the wiki's, not a mistake.
  catalogue.coreOnly = true;
  if (siteinfo !== undefined) catalogue.siteinfoOf = `${version.generator} as installed`;
  return catalogue;
}
