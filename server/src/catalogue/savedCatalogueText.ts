/**
 * The text `wikimap-query catalogue save` writes: a wiki's answers as the catalogue reads them back, bounded.
 * A saved catalogue is read with the catalogue byte budget (`wiki.maxCatalogueMB`, `--max-catalogue-mb`), so
 * no file over it is written: the answers are written indented when that fits, on one line when only that
 * fits, and refused otherwise. Help URLs the catalogue never reads (past the first MAX_HELP_URLS of a module,
 * or longer than MAX_HELP_URL_LENGTH) are left out first: a wiki could send megabytes of them.
 */
import { isObject } from '../../../common/isObject';
import { readableHelpUrls } from '../service/wiki/wikiCatalogue';
import { utf8Length } from '../service/wiki/wikiStringLimits';
import { catalogueFileText } from './catalogueCache';
import type { LiveCatalogueData } from './liveCatalogueFetcher';

export interface SavedCatalogueText {
  text: string;
  /** Help URLs left out (not read by the catalogue). */
  helpUrlsLeftOut: number;
  /** Written on one line, as indented it was over the budget. */
  compact: boolean;
}

/** Leaves out of each module of the paraminfo answers the help URLs the catalogue does not read; returns how many. */
function dropUnreadHelpUrls(paraminfo: unknown[]): number {
  let dropped = 0;
  for (const answer of paraminfo) {
    const modules = isObject(answer) && isObject(answer.paraminfo) ? answer.paraminfo.modules : undefined;
    if (!Array.isArray(modules)) continue;
    for (const m of modules) {
      if (!isObject(m) || !Array.isArray(m.helpurls)) continue;
      const kept = readableHelpUrls(m.helpurls);
      dropped += m.helpurls.length - kept.length;
      m.helpurls = kept;
    }
  }
  return dropped;
}

function megabytes(bytes: number): string {
  return `${Math.ceil((bytes / 1048576) * 10) / 10} MB`;
}

/**
 * The file text of `data` within `maxBytes` (UTF-8). Changes `data` (the help URLs left out). Throws, with
 * the sizes and the option that raises the budget, when even the one-line form is over it.
 */
export function savedCatalogueText(data: LiveCatalogueData, maxBytes: number): SavedCatalogueText {
  const helpUrlsLeftOut = dropUnreadHelpUrls(data.paraminfo);
  const indented = catalogueFileText(data, 1);
  // Bytes counted, not encoded: the text may be tens of MB.
  if (utf8Length(indented) <= maxBytes) return { text: indented, helpUrlsLeftOut, compact: false };
  const compact = catalogueFileText(data);
  const bytes = utf8Length(compact);
  if (bytes <= maxBytes) return { text: compact, helpUrlsLeftOut, compact: true };
  throw new Error(
    `the catalogue of ${data.apiUrl} is ${megabytes(bytes)} as a file, over the catalogue budget of ${megabytes(maxBytes)} that a saved catalogue is read with; nothing was written. Raise --max-catalogue-mb (and wikimapQuery.wiki.maxCatalogueMB where the file is used) if this wiki's catalogue really is that large`,
  );
}
