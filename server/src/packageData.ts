/**
 * What every runtime reads from the package files the same way (node: from disk; the web build: bundled):
 * the package's version and the data each live catalogue is completed with.
 */
import type { PackageFiles } from './runtime';
import { BUILTIN_CATALOGUE_FILES } from './service/wiki/wikiCatalogue';
import { readJsonFile } from './languageModes';

export function packageVersion(files: PackageFiles): string | undefined {
  try {
    const pkg = JSON.parse(files.readText('package.json')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/** The core descriptors and the module rules every live catalogue gets (constraints files are optional data). */
export function liveCatalogueData(files: PackageFiles): { core: unknown; constraints?: unknown; actionConstraints?: unknown } {
  const names = files.list('descriptors/wiki');
  return {
    core: readJsonFile(files, BUILTIN_CATALOGUE_FILES.core),
    constraints: names.includes('constraints.json') ? readJsonFile(files, BUILTIN_CATALOGUE_FILES.constraints) : undefined,
    actionConstraints: names.includes('action-constraints.json')
      ? readJsonFile(files, BUILTIN_CATALOGUE_FILES.actionConstraints)
      : undefined,
  };
}
