/**
 * The map-object query language service (`*.mapquery.json`): the facade the LSP server and the CLI use.
 * Pure: the descriptor (parsed JSON of descriptors/mapserver/mapobjects.json) is handed in.
 * Request semantics: descriptors/mapserver/README.md.
 */
import type { LanguageService } from '../languageTypes';
import { createMapDescriptor, type MapDescriptor } from './mapDescriptor';
import { doMapCodeActions } from './mapCodeActions';
import { doMapComplete } from './mapCompletion';
import { doMapHover } from './mapHover';
import { parseMapDocument, type MapDocument } from './mapQueryParser';
import { findMapDocumentSymbols, getMapRunnableQueries } from './mapSymbols';
import { createMapValidationState, doMapValidation } from './mapValidation';
import { createJsonTreeBuilder } from './mapJsonTree';
import { getMapSemanticTokens } from './mapSemanticTokens';
import { getMapInlayHints } from './mapInlayHints';
import { getMapFoldingRanges } from './mapFolding';
import { getMapSelectionRanges } from './mapSelectionRanges';
import { formatMapDocument } from './mapFormatting';
import { defaultMapServerConfig, type MapServerConfig } from './mapServerConfig';

export type { MapDocument, MapDescriptor };
export { createMapDescriptor, MapDescriptorError } from './mapDescriptor';
export { propertyPathAt } from './mapQueryParser';
export { defaultMapServerConfig, parseMapServerConfig, type MapServerConfig } from './mapServerConfig';
export { MAP_DIAGNOSTIC_CODES, MAP_DIAGNOSTIC_SOURCE, type MapDiagnosticCode } from './mapDiagnostics';

export interface MapLanguageServiceOptions {
  /** A descriptor from `createMapDescriptor`, or the raw descriptor JSON (validated here). */
  descriptor: MapDescriptor | unknown;
  /** The map server's own config (layers, enabled types); the defaults of app/config.go when absent. */
  serverConfig?: MapServerConfig;
}

export interface MapLanguageService extends LanguageService<MapDocument> {
  descriptor: MapDescriptor;
  /** The config diagnostics, completion and hover follow now. */
  getServerConfig(): MapServerConfig;
  /** Hands in a server's config as it arrives (undefined: back to the defaults). */
  setServerConfig(config: MapServerConfig | undefined): void;
}

function isIndexed(d: unknown): d is MapDescriptor {
  return typeof d === 'object' && d !== null && (d as MapDescriptor).typeByName instanceof Map;
}

export function getMapLanguageService(options: MapLanguageServiceOptions): MapLanguageService {
  const descriptor = isIndexed(options.descriptor) ? options.descriptor : createMapDescriptor(options.descriptor);
  // The service's own state (nothing is shared between instances): the default config, the JSON tree
  // builder's scratch state, the validator's memory.
  const defaultConfig = defaultMapServerConfig(descriptor);
  const buildTree = createJsonTreeBuilder();
  const validationState = createMapValidationState();
  let config = options.serverConfig ?? defaultConfig;
  return {
    descriptor,
    getServerConfig: () => config,
    setServerConfig(next) {
      config = next ?? defaultConfig;
    },
    parse: (document) => parseMapDocument(document, descriptor, buildTree),
    doValidation: (document, parsed, settings) => doMapValidation(document, parsed, descriptor, validationState, settings, config),
    // A document nested too deep (parsed.tooDeep) was not parsed: nothing to complete or explain in it.
    doComplete: (document, parsed, offset) =>
      parsed.tooDeep ? { isIncomplete: false, items: [] } : doMapComplete(document, parsed, descriptor, offset, config),
    doHover: (document, parsed, offset) => (parsed.tooDeep ? null : doMapHover(document, parsed, descriptor, offset, config)),
    doCodeActions: (document, parsed, range, diagnostics, settings) =>
      doMapCodeActions(document, parsed, descriptor, validationState, range, diagnostics, settings),
    findDocumentSymbols: (document, parsed) => findMapDocumentSymbols(document, parsed, descriptor),
    findDocumentLinks: () => [],
    getRunnableQueries: (document, parsed) => getMapRunnableQueries(document, parsed),
    getSemanticTokens: (document, parsed, range) => getMapSemanticTokens(document, parsed, descriptor, range),
    getInlayHints: (document, parsed, range) => getMapInlayHints(document, parsed, descriptor, range),
    getFoldingRanges: (document, parsed) => getMapFoldingRanges(document, parsed),
    getSelectionRanges: (document, parsed, positions) => getMapSelectionRanges(document, parsed, positions),
    format: (document, _parsed, options) => formatMapDocument(document, options),
  };
}
