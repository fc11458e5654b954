/**
 * Test helpers for the requests inside source code: the real finder (web-tree-sitter with the npm
 * grammars), the wiki service with the built-in catalogue and the map service; `⟦…⟧` marks an expected diagnostic range.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createPackageFiles } from '../../../server/src/node/nodeRuntime';
import { createLanguageServices } from '../../../server/src/languageModes';
import { HostParsers } from '../../../server/src/embedded/hostParsers';
import { hostLanguage } from '../../../server/src/service/embedded/hostLanguages';
import { checkRequests, type CheckedRequest } from '../../../server/src/service/embedded/embeddedCheck';
import { withinRequestLimit } from '../../../server/src/service/embedded/sourceLimits';
import type { WikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import type { MapLanguageService } from '../../../server/src/service/map/mapLanguageService';

const files = createPackageFiles();
export const parsers = new HostParsers(files);
const services = createLanguageServices({ files }, { log: () => {} });
export const wiki = services.wiki as unknown as WikiLanguageService;
/** The map-query service: map queries posted to `…/api/mapobjects/` are judged by it. */
export const map = services.map as unknown as MapLanguageService;

/** Text without its `⟦…⟧` markers, and the offset ranges they marked. */
export function marked(source: string): { text: string; ranges: Array<[number, number]> } {
  const ranges: Array<[number, number]> = [];
  let text = '';
  let open = -1;
  for (const ch of source) {
    if (ch === '⟦') open = text.length;
    else if (ch === '⟧') {
      ranges.push([open, text.length]);
      open = -1;
    } else text += ch;
  }
  return { text, ranges };
}

/** The requests of a host text, found and checked (at most as many as the editor and the CLI read from one file). */
export async function checkSource(language: string, text: string): Promise<{ document: TextDocument; checked: CheckedRequest[] }> {
  const lang = hostLanguage(language);
  if (!lang) throw new Error(`not a host language: ${language}`);
  const { requests: found } = withinRequestLimit(await parsers.find(text, lang));
  const document = TextDocument.create(`file:///test/file.${language}`, lang.id, 1, text);
  return { document, checked: checkRequests(wiki, document, found, {}, map) };
}

/** Every diagnostic of a host text as `code start-end` (offsets). */
export async function diagnosticsOf(language: string, text: string): Promise<string[]> {
  const { document, checked } = await checkSource(language, text);
  return checked
    .flatMap((c) => c.diagnostics)
    .map((d) => `${String(d.code)} ${document.offsetAt(d.range.start)}-${document.offsetAt(d.range.end)}`)
    .sort();
}

/** Error and missing nodes of a host text, as `type at offset` (none for valid code). */
export async function syntaxErrors(language: string, text: string): Promise<string[]> {
  const tree = (await parsers.parseTree(text, hostLanguage(language)!))!;
  try {
    const out: string[] = [];
    const walk = tree.walk();
    for (;;) {
      const node = walk.currentNode;
      if (node.isError || node.isMissing) out.push(`${node.type} at ${node.startIndex}`);
      if (walk.gotoFirstChild()) continue;
      while (!walk.gotoNextSibling()) if (!walk.gotoParent()) return out;
    }
  } finally {
    tree.delete();
  }
}
