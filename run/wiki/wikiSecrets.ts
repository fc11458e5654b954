/**
 * What the language server knows of wiki sign-ins without the sign-in code (wikiAuth.ts, in the network code
 * the server loads on first use): the secret's shape, which wiki a URL belongs to, whether one is signed in,
 * and what a private wiki's `readapidenied` means.
 */

export type WikiSecret = { kind: 'botPassword'; username: string; password: string } | { kind: 'oauth2'; accessToken: string };

/** The wiki a URL belongs to, as compared: origin and path, no query or fragment. */
export function wikiKey(url: URL | string): string {
  const u = new URL(String(url));
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/**
 * Whether the user signed in to a wiki (a secret stored for it, as perWikiSignInTransport sends it), for
 * verdicts that depend on a login; undefined without a secret store.
 */
export function signedInBy(
  secretFor: ((apiUrl: string) => Promise<WikiSecret | undefined>) | undefined,
): ((apiUrl: string) => Promise<boolean>) | undefined {
  if (!secretFor) return undefined;
  return async (apiUrl) => (await secretFor(wikiKey(apiUrl)).catch(() => undefined)) !== undefined;
}

/** What a wiki's `readapidenied` means and what to do in VS Code, for messages. */
export const READ_DENIED_HELP_EDITOR =
  'the wiki is private: reading its API needs a sign-in. Run "Wiki Query: Sign in to Wiki…" with a bot password (Special:BotPasswords) or an OAuth 2 owner-only token; the secret is kept in VS Code\'s secret storage and sent to that wiki only';

/** The same in VS Code in a browser (vscode.dev, github.dev), where only an OAuth 2 token can sign in. */
export const READ_DENIED_HELP_BROWSER =
  'the wiki is private: reading its API needs a sign-in. Run "Wiki Query: Sign in to Wiki…" with an OAuth 2 owner-only token (in the browser this needs MediaWiki 1.44 or later with the OAuth extension, which answers signed cross-origin reads with crossorigin=1; a bot password needs the desktop editor); the token is kept in the browser\'s secret storage and sent to that wiki only';

/** The same for an editor whose client cannot sign in (the language server over stdio elsewhere). */
export const READ_DENIED_HELP_OTHER_EDITORS =
  'the wiki is private: reading its API needs a sign-in, which this editor does not offer. Save its catalogue signed in with `wikimap-query catalogue save API_URL -o FILE --bot-user User@BotName` (password in WIKIMAP_QUERY_BOT_PASSWORD) and name that file in wikimapQuery.wikis in place of the URL (`"intranet": "intranet.catalogue.json"`), or check against it with `wikimap-query check --catalogue FILE`';

/** What a wiki's `readapidenied` means and what to do on the command line, for messages. */
export const READ_DENIED_HELP =
  'the wiki is private: reading its API needs a sign-in. Give the command line a bot password (--bot-user User@BotName and WIKIMAP_QUERY_BOT_PASSWORD or --bot-password-file FILE) or an OAuth 2 owner-only token (WIKIMAP_QUERY_OAUTH_TOKEN or --oauth-token-file FILE)';
