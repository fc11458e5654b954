/**
 * What cannot work in a browser, one entry per command, with the reason the user is told. These
 * commands are hidden from the palette and menus in the web (`!isWeb` in package.json, checked
 * against this table by a test); a Run lens or a keybinding that still reaches one shows its reason.
 */
export const DESKTOP_ONLY_REASON = {
  map: "Map queries run only in the desktop editor: a browser page cannot POST to a map server, as stock map servers send no CORS headers. Diagnostics and completion work here; the map server's /api/config is not read either (its defaults are used).",
  contentDb:
    'ContentDB sign-in works only in the desktop editor: its token endpoint sends no CORS headers and needs the client secret, which a browser page cannot keep or send.',
  history: 'The run history is kept by the desktop editor; in the browser each result opens beside its query.',
} as const;

export type DesktopOnlyReason = keyof typeof DESKTOP_ONLY_REASON;

/** Every command the desktop extension contributes that the web extension answers with a reason. */
export const DESKTOP_ONLY_COMMANDS: Readonly<Record<string, DesktopOnlyReason>> = {
  'wikimapQuery.showHistory': 'history',
  'wikimapQuery.clearHistory': 'history',
  'wikimapQuery.map.runQuery': 'map',
  'wikimapQuery.map.exportCsv': 'map',
  'wikimapQuery.map.exportJson': 'map',
  'wikimapQuery.contentDb.signIn': 'contentDb',
  'wikimapQuery.contentDb.signOut': 'contentDb',
  'wikimapQuery.contentDb.whoAmI': 'contentDb',
  'wikimapQuery.contentDb.setClientSecret': 'contentDb',
  'wikimapQuery.contentDb.forgetClientSecret': 'contentDb',
};
