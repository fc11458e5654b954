/**
 * `wikimap-query check --target NAME=FILE_OR_URL`: every wiki request judged against several target
 * wikis at once. A target is a saved paraminfo file, a wiki's api.php URL or a built-in MediaWiki
 * version (`1.39`, `mediawiki-1.43`, `MediaWiki 1.45.0`). Each target gets its own services (its
 * catalogue the only one); the document is parsed once and validated once per target, and the
 * diagnostics are merged: one result per range and code, naming the targets that produce it, with the
 * worst severity over them.
 */
import { withoutUserInfo } from '../catalogue/boundedFetch';
import { errorMessage } from '../../../common/errorMessage';
import { FIXED_LIMITS } from '../../../common/settings';
import type { WikiCatalogue } from '../service/wiki/wikiCatalogue';
import { createLanguageServices, type LanguageServices } from '../languageModes';
import { builtinVersionCatalogue, builtinVersionShort, notBuiltinVersion, versionShortOf } from '../targets';
import type { CatalogueLimits, PackageFiles } from '../runtime';
import type { WikiSecret } from '../../../run/wiki/wikiAuth';

/** What loading targets needs of the CLI's I/O (the check command's `CliIo`). */
interface TargetIo {
  stderr(text: string): void;
  files: PackageFiles;
  loadCatalogue(fileOrApiUrl: string, builtin: WikiCatalogue, limits?: CatalogueLimits, secret?: WikiSecret): Promise<WikiCatalogue>;
}

/** The one wiki a check signs in to (its api.php URL as given) and the secret its requests carry. */
export interface SignedInWiki {
  apiUrl: string;
  secret: WikiSecret;
}

export interface TargetSpec {
  /** The name shown in messages, JSON `targets` and the matrix. */
  name: string;
  /** A file, an api.php URL or a built-in version. */
  source: string;
}

/** One target that could be loaded: its name and the services that judge by its catalogue. */
export interface Judge {
  name: string;
  services: LanguageServices;
}

/** `NAME=SOURCE` or `SOURCE` alone (the name is then the version, the URL's host or the file's name). */
export function parseTargetSpec(spec: string): TargetSpec {
  const eq = spec.indexOf('=');
  // A `=` after `?`, `/` or `:` belongs to a URL or a path, not to a name.
  const head = eq > 0 ? spec.slice(0, eq) : '';
  if (head && !/[/:?\\]/.test(head)) return { name: head.trim(), source: spec.slice(eq + 1) };
  return { name: defaultTargetName(spec), source: spec };
}

function defaultTargetName(source: string): string {
  // The built-in versions are known only once the catalogue is loaded: a name, not a check, here.
  const version = /^(?:mediawiki[-\s]?)?(1\.\d+(?:\.\d+)?)$/i.exec(source.trim());
  if (version) return `MediaWiki ${version[1]}`;
  try {
    const url = new URL(source);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.host;
  } catch {
    // a file name
  }
  return source.slice(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1) || source;
}

/**
 * Loads every target. One that cannot be had is said once on stderr and left out; the others still
 * judge. Names must be distinct. The target whose source is `signIn`'s wiki is loaded with its secret.
 */
export async function loadJudges(
  specs: TargetSpec[],
  io: TargetIo,
  base: LanguageServices,
  limits: CatalogueLimits = {},
  signIn?: SignedInWiki,
): Promise<Judge[]> {
  const judges: Judge[] = [];
  const log = (m: string) => io.stderr(`${m}\n`);
  if (specs.length > FIXED_LIMITS.maxTargets)
    throw new Error(`${specs.length} targets given; at most ${FIXED_LIMITS.maxTargets} are judged in one run (check in several runs)`);
  for (const spec of specs) {
    if (judges.some((j) => j.name === spec.name) || specs.filter((s) => s.name === spec.name).length > 1)
      throw new Error(`two targets are named "${spec.name}"; give each its own name with --target NAME=FILE_OR_URL`);
    const short = builtinVersionShort(spec.source);
    try {
      const catalogue = short
        ? builtinVersionCatalogue(short, io.files)
        : await io.loadCatalogue(spec.source, base.builtinCatalogue, limits, signIn?.apiUrl === spec.source ? signIn.secret : undefined);
      judges.push({
        name: spec.name,
        services: createLanguageServices({ files: io.files }, { log, catalogues: [catalogue], builtin: base.builtinCatalogue }),
      });
    } catch (err) {
      const shown = withoutUserInfo(spec.source);
      // `1.44` (read as a file name, and no such file): a version that is not built in.
      const version = short ? undefined : versionShortOf(spec.source);
      const message = errorMessage(err);
      const why = version ? notBuiltinVersion(version) : message.startsWith(shown) ? message : `${shown}: ${message}`;
      io.stderr(`wikimap-query check: target ${spec.name} left out: ${why}\n`);
    }
  }
  return judges;
}
