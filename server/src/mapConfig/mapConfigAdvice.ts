/**
 * What a map server's config that cannot be used advises, in the words of the client that asked for it: the editor's
 * settings, or the checker's options (`check --map-config`). The messages are written once, in mapConfigStore.ts;
 * each client passes its own advice, as catalogue loads do (catalogueAdvice.ts). Constants only.
 */
export interface MapConfigAdvice {
  /** What names the map server, which the user changes to point at the right one. */
  server: string;
  /** How to raise the byte cap of a config: a verb phrase said after a semicolon. */
  raiseBytes: string;
}

/** The editor's advice (VS Code's settings; the language server in every editor). */
export const EDITOR_MAP_CONFIG_ADVICE: MapConfigAdvice = {
  server: 'wikimapQuery.mapserver.url',
  raiseBytes: 'raise wikimapQuery.mapserver.maxConfigKB',
};

/** The command line's advice (`check --map-config FILE_OR_URL`): its own options, no editor setting. */
export const CLI_MAP_CONFIG_ADVICE: MapConfigAdvice = {
  server: '--map-config',
  raiseBytes: 'raise --max-map-config-kb N',
};

/** What is said of a config over the byte cap (`what`: "the answer passed", "mapserver.json is over"), with the client's advice. */
export const overCap = (what: string, maxBytes: number, advice: MapConfigAdvice): string =>
  `${what} the ${maxBytes}-byte limit of a map server's config; ${advice.raiseBytes} if it really is that large`;
