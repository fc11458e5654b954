/**
 * Test helpers for the wiki query service tests: the built-in catalogue, cursor markers, and
 * diagnostics read back as the text they cover.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createWikiCatalogue, loadBuiltinCatalogue, type WikiCatalogue } from '../../../server/src/service/wiki/wikiCatalogue';
import { parseWikiDocument } from '../../../server/src/service/wiki/wikiQueryParser';
import { doWikiValidation } from '../../../server/src/service/wiki/wikiValidator';
import type { LanguageSettings } from '../../../server/src/service/languageTypes';
import type { WikiDiagnosticData } from '../../../server/src/service/wiki/wikiTypes';

/** The repository root (where descriptors/ lives). */
export const repoRoot = path.resolve(__dirname, '../../..');

/** Read a JSON file given its path relative to the repository root. */
export function readRepoJson(relPath: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, relPath), 'utf8'));
}

let builtin: WikiCatalogue | undefined;

/** The built-in catalogue (descriptors/wiki), loaded once. */
export function builtinCatalogue(): WikiCatalogue {
  builtin ??= loadBuiltinCatalogue(readRepoJson);
  return builtin;
}

/**
 * Split a test string at its cursor marker. The marker is `|` by default; since `|` also separates
 * values, a text with more than one `|` must name another marker (e.g. `¦`). Fails loudly when the
 * marker is missing or ambiguous.
 */
export function cursor(textWithMarker: string, marker = '|'): { text: string; offset: number } {
  const at = textWithMarker.indexOf(marker);
  if (at < 0) throw new Error(`Test text has no cursor marker "${marker}": ${JSON.stringify(textWithMarker)}`);
  if (textWithMarker.indexOf(marker, at + marker.length) >= 0) {
    throw new Error(
      `Test text has more than one "${marker}"; pass another cursor marker (e.g. "¦") for texts with | lists: ${JSON.stringify(textWithMarker)}`,
    );
  }
  return { text: textWithMarker.slice(0, at) + textWithMarker.slice(at + marker.length), offset: at };
}

/** A diagnostic read back for assertions: the text its range covers instead of positions. */
export interface SeenDiagnostic {
  code: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  /** The document text the diagnostic's range covers. */
  text: string;
  param: string;
  message: string;
  data: WikiDiagnosticData;
  diagnostic: Diagnostic;
}

const SEVERITY_NAMES = ['', 'error', 'warning', 'information', 'hint'] as const;

/** Parse and validate `text` (a .wikiquery document) with the given catalogue and settings. */
export function validate(
  text: string,
  options: { catalogue?: WikiCatalogue; settings?: LanguageSettings; embedded?: boolean } = {},
): SeenDiagnostic[] {
  const catalogue = options.catalogue ?? builtinCatalogue();
  const doc = parseWikiDocument(text, { embedded: options.embedded });
  const td = TextDocument.create('file:///test.wikiquery', 'wikiquery', 1, text);
  return doWikiValidation(doc, () => catalogue, options.settings ?? {}, td).map((d) => {
    const data = d.data as WikiDiagnosticData;
    return {
      code: String(d.code),
      severity: SEVERITY_NAMES[d.severity ?? 2] as SeenDiagnostic['severity'],
      text: text.slice(td.offsetAt(d.range.start), td.offsetAt(d.range.end)),
      param: data?.param ?? '',
      message: typeof d.message === 'string' ? d.message : d.message.value,
      data,
      diagnostic: d,
    };
  });
}

/** A small catalogue in formatversion 2 (booleans for flags), built from plain objects. */
export function fixtureCatalogue(extra: { siteinfo?: unknown; constraints?: unknown } = {}): WikiCatalogue {
  return createWikiCatalogue(
    {
      batchcomplete: true,
      paraminfo: {
        modules: [
          {
            name: 'categorymembers',
            path: 'query+categorymembers',
            group: 'list',
            prefix: 'cm',
            generator: true,
            readrights: true,
            parameters: [
              { name: 'title', type: 'string', required: false, multi: false },
              { name: 'pageid', type: 'integer', required: false, multi: false },
              {
                name: 'type',
                type: ['page', 'subcat', 'file'],
                multi: true,
                default: 'page|subcat|file',
                lowlimit: 50,
                highlimit: 500,
                limit: 50,
              },
              { name: 'limit', type: 'limit', default: 10, min: 1, max: 500, highmax: 5000, multi: false },
            ],
            templatedparameters: [],
          },
          {
            name: 'revisions',
            path: 'query+revisions',
            group: 'prop',
            prefix: 'rv',
            generator: true,
            parameters: [{ name: 'slots', type: ['main'], multi: true, allspecifier: '*', lowlimit: 50, highlimit: 500 }],
            templatedparameters: [{ name: 'contentformat-{slot}', templatevars: { slot: 'slots' }, type: ['text/x-wiki', 'text/plain'] }],
          },
          {
            name: 'siteinfo',
            path: 'query+siteinfo',
            group: 'meta',
            prefix: 'si',
            parameters: [{ name: 'prop', type: ['general', 'namespaces'], multi: true, default: 'general' }],
          },
        ],
      },
    },
    { source: 'fixture', ...extra },
  );
}
