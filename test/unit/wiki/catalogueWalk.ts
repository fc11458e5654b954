/**
 * What the conformance walks over the built-in catalogue share (conformance.test.ts for the query
 * modules, actionConformance.test.ts for the top-level ones): the raw paraminfo shapes they read the
 * facts from, and completion and hover on a document of one request.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionList, MarkupContent } from 'vscode-languageserver-types';
import { getWikiLanguageService } from '../../../server/src/service/wiki/wikiLanguageService';
import { builtinCatalogue } from './helpers';

/** A parameter as paraminfo writes it (formatversion 1: flags are "" when set). */
export interface RawParam {
  name: string;
  type: string | string[];
  default?: string | number;
  multi?: string;
  required?: string;
  deprecated?: string;
  deprecatedvalues?: string[];
  sensitive?: string;
  allspecifier?: string;
  tokentype?: string;
  min?: number;
  max?: number;
  highmax?: number;
  info?: Array<{ name: string }>;
  templatevars?: Record<string, string>;
}

/** A module as paraminfo writes it. */
export interface RawModule {
  name: string;
  path: string;
  group: string;
  prefix: string;
  generator?: string;
  deprecated?: string;
  readrights?: string;
  writerights?: string;
  mustbeposted?: string;
  helpurls: string[];
  parameters: RawParam[];
  templatedparameters: RawParam[];
}

const service = getWikiLanguageService({ resolveCatalogue: () => builtinCatalogue() });

function open(text: string): TextDocument {
  return TextDocument.create('file:///walk.wikiquery', 'wikiquery', 1, text);
}

/** Completion at `offset` (the end by default) of a document holding `text`. */
export function complete(text: string, offset = text.length): CompletionList {
  const document = open(text);
  return service.doComplete(document, service.parse(document), offset);
}

/** Hover at `offset`: the text its range covers and its markdown. */
export function hoverAt(text: string, offset: number): { covers: string; markdown: string } | undefined {
  const document = open(text);
  const h = service.doHover(document, service.parse(document), offset);
  if (!h?.range) return undefined;
  return { covers: document.getText(h.range), markdown: (h.contents as MarkupContent).value };
}

/** Wire names of a module's templated parameters, filled from the values of the parameters they name. */
export function templatedNames(m: RawModule, p: RawParam): string[] {
  let names = [p.name];
  for (const [v, target] of Object.entries(p.templatevars ?? {})) {
    const t = m.parameters.find((x) => x.name === target);
    const values = Array.isArray(t?.type) ? t.type : [];
    names = names.flatMap((n) => values.map((x) => n.replace(`{${v}}`, x)));
  }
  return names;
}
