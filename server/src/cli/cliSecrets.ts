/**
 * The command line's sign-in to a private wiki (read-only): a bot password or an OAuth 2 owner-only
 * token, read from an environment variable or a file named by an option, never from an argument (an
 * argument stays in the shell's history and is visible to every user in the process list).
 *
 *   --bot-user User@BotName        with WIKIMAP_QUERY_BOT_PASSWORD or --bot-password-file FILE
 *   WIKIMAP_QUERY_OAUTH_TOKEN      or --oauth-token-file FILE
 */
import type { WikiSecret } from '../../../run/wiki/wikiAuth';

export const SIGN_IN_USAGE = `Signing in to a private wiki (read-only; the secret goes to that wiki only):
  --bot-user USER@BOT          A bot password's user name (Special:BotPasswords);
                               its password from the environment variable
                               WIKIMAP_QUERY_BOT_PASSWORD or from
  --bot-password-file FILE     a file holding it (one line).
  --oauth-token-file FILE      An OAuth 2 owner-only access token from a file,
                               or from WIKIMAP_QUERY_OAUTH_TOKEN.
  Secrets are never taken as arguments.`;

/** Options that would put a secret on the command line: refused with the reason. */
const SECRET_ARGUMENTS = new Set([
  '--password',
  '--bot-password',
  '--lgpassword',
  '--token',
  '--oauth-token',
  '--access-token',
  '--secret',
]);

export interface SignInOptions {
  botUser?: string;
  botPasswordFile?: string;
  oauthTokenFile?: string;
}

export class SecretUsageError extends Error {}

/**
 * Takes a sign-in option at `arg` (with `take()` giving its value); true when it was one. Throws
 * `SecretUsageError` for an option that would carry a secret itself.
 */
export function takeSignInOption(arg: string, take: () => string, into: SignInOptions): boolean {
  if (SECRET_ARGUMENTS.has(arg)) {
    throw new SecretUsageError(
      `${arg} is not taken: a secret on the command line stays in the shell's history and the process list. Put it in WIKIMAP_QUERY_BOT_PASSWORD / WIKIMAP_QUERY_OAUTH_TOKEN, or in a file named by --bot-password-file / --oauth-token-file.`,
    );
  }
  if (arg === '--bot-user') into.botUser = take();
  else if (arg === '--bot-password-file') into.botPasswordFile = take();
  else if (arg === '--oauth-token-file') into.oauthTokenFile = take();
  else return false;
  return true;
}

/**
 * Most bytes read of a secret file: a bot password is 32 characters, an OAuth 2 access token a few KB. A file named
 * by mistake (`/dev/zero`, a log) is not read past them.
 */
const MAX_SECRET_FILE_BYTES = 64 * 1024;

/** The secret the options and environment give, or undefined for none (anonymous). Throws `SecretUsageError` when they do not fit together. */
export function resolveSecret(
  opts: SignInOptions,
  env: Record<string, string | undefined>,
  readFile: (path: string, maxBytes: number) => string,
): WikiSecret | undefined {
  const fromFile = (file: string, what: string): string => {
    let text: string;
    try {
      text = readFile(file, MAX_SECRET_FILE_BYTES);
    } catch (err) {
      throw new SecretUsageError(`cannot read the ${what} file ${file} (${(err as Error).message}).`, { cause: err });
    }
    const value = text.replace(/\r?\n$/, '');
    if (!value || /[\r\n]/.test(value)) throw new SecretUsageError(`the ${what} file ${file} must hold the ${what} on one line.`);
    return value;
  };
  const token = opts.oauthTokenFile ? fromFile(opts.oauthTokenFile, 'OAuth token') : env.WIKIMAP_QUERY_OAUTH_TOKEN || undefined;
  if (opts.botUser !== undefined) {
    if (!/^[^@]+@[^@]+$/.test(opts.botUser))
      throw new SecretUsageError(`--bot-user takes the bot password's user name, User@BotName (got "${opts.botUser}").`);
    if (opts.oauthTokenFile) throw new SecretUsageError('give a bot password or an OAuth token, not both.');
    const password = opts.botPasswordFile ? fromFile(opts.botPasswordFile, 'bot password') : env.WIKIMAP_QUERY_BOT_PASSWORD;
    if (!password)
      throw new SecretUsageError('--bot-user needs the password in WIKIMAP_QUERY_BOT_PASSWORD or in --bot-password-file FILE.');
    return { kind: 'botPassword', username: opts.botUser, password };
  }
  if (opts.botPasswordFile) throw new SecretUsageError('--bot-password-file needs --bot-user User@BotName.');
  return token ? { kind: 'oauth2', accessToken: token } : undefined;
}
