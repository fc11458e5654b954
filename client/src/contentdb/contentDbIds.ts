// The names the editor knows ContentDB sign-in by, read at activation (./index.ts) and by the sign-in's own code
// (./contentDbFeature.ts, a bundle of its own): the authentication provider and the "ContentDB: …" commands.

export const PROVIDER_ID = 'contentdb';
export const PROVIDER_LABEL = 'ContentDB';

export const CONTENTDB_COMMANDS = {
  signIn: 'wikimapQuery.contentDb.signIn',
  signOut: 'wikimapQuery.contentDb.signOut',
  whoAmI: 'wikimapQuery.contentDb.whoAmI',
  setClientSecret: 'wikimapQuery.contentDb.setClientSecret',
  forgetClientSecret: 'wikimapQuery.contentDb.forgetClientSecret',
  /** Hidden: the authorize URL of the sign-in in progress, or undefined. See docs/security.md. */
  pendingAuthorizeUrl: 'wikimapQuery.contentDb.pendingAuthorizeUrl',
} as const;

export type ContentDbCommand = (typeof CONTENTDB_COMMANDS)[keyof typeof CONTENTDB_COMMANDS];
