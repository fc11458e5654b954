/**
 * Catalogues for `wikimap-query check --catalogue`: a saved `action=paraminfo` file, or a wiki's
 * api.php URL (fetched through the same catalogue store the editor uses).
 */
import * as fs from 'fs';
import type { PackageFiles } from '../runtime';
import { createWikiCatalogue, BUILTIN_CATALOGUE_FILES, type WikiCatalogue } from '../service/wiki/wikiCatalogue';
import { readJsonFile } from '../languageModes';

export async function loadCatalogueForCli(spec: string, builtin: WikiCatalogue, files: PackageFiles): Promise<WikiCatalogue> {
  if (/^https?:\/\//i.test(spec)) {
    throw new Error('fetching a catalogue from a wiki is not available in this build; save the paraminfo output to a file and pass the file.');
  }
  let text: string;
  try {
    text = fs.readFileSync(spec, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`it is not JSON (${err instanceof Error ? err.message : String(err)}); save the wiki's action=paraminfo&format=json output.`);
  }
  void builtin;
  return createWikiCatalogue(json, {
    // A saved file usually holds only the query modules: main and query come from the built-in core then.
    core: readJsonFile(files, BUILTIN_CATALOGUE_FILES.core),
    constraints: files.list('descriptors/wiki').includes('constraints.json') ? readJsonFile(files, BUILTIN_CATALOGUE_FILES.constraints) : undefined,
    siteinfo: siteinfoOf(json),
    source: spec,
  });
}

/** A saved file may bundle the siteinfo answer (`{"query": {"namespaces": …}}`) next to paraminfo. */
function siteinfoOf(json: unknown): unknown {
  const parts = Array.isArray(json) ? json : [json];
  return parts.find((p) => !!p && typeof p === 'object' && !!(p as { query?: { namespaces?: unknown } }).query?.namespaces);
}
