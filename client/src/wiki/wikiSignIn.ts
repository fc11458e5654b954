/**
 * Private wikis in VS Code (read-only): "Wiki Query: Sign in to Wiki…" keeps a bot password
 * (Special:BotPasswords) or an OAuth 2 owner-only token in VS Code's SecretStorage, one per wiki, and
 * "Wiki Query: Sign out of Wiki" forgets it. The secret of a wiki is used for that wiki's requests only
 * (the sign-in code is the command line's, `run/wiki/wikiAuth.ts`): the catalogue loads of the language
 * server ask for it (`wikimapQuery/wikiSecret`) and runs sign their requests with it. Only a wiki the
 * user configured (`wikimapQuery.wiki.apiUrl`, `wikimapQuery.wikis`) can be signed in to, and its secret
 * is never handed out in an untrusted workspace, never logged, never put in the history or a result.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../common/errorMessage';
import { wikiKey, type WikiSecret } from '../../../run/wiki/wikiAuth';
import { getConfiguredEndpoints } from '../settings';

/** SecretStorage key of a wiki's secret (the wiki is its api.php URL: scheme, host, port and path). */
const SECRET_KEY_PREFIX = 'wikimapQuery.wikiSignIn:';
/** globalState: the wikis signed in to (their api.php URLs only, never a secret), for "Sign out". */
const SIGNED_IN_KEY = 'wikimapQuery.signedInWikis';

/**
 * Where signing in happens: the desktop takes bot passwords and OAuth 2 tokens and keeps them in the
 * system keychain; the browser takes OAuth 2 tokens only (a bot password's session cookie does not cross
 * sites) and keeps them in the browser's secret storage.
 */
export interface SignInPlace {
  only?: 'oauth2';
  /** Where the secret is kept, as the messages say it. */
  storage: string;
}

const DESKTOP_SIGN_IN: SignInPlace = { storage: "VS Code's secret storage" };
export const BROWSER_SIGN_IN: SignInPlace = { only: 'oauth2', storage: "the browser's secret storage" };

/** Why a bot password cannot sign in from a browser page. */
const BOT_PASSWORD_IN_BROWSER =
  'A bot password signs in with a session cookie, which a wiki accepts from another site only for origins its administrator lists in $wgCrossSiteAJAXdomains (and browsers block such third-party cookies more and more): in the browser, sign in with an OAuth 2 owner-only token (MediaWiki 1.44 or later with the OAuth extension), or use the desktop editor.';

/** What the sign-in command takes as its argument (from another command or a test) instead of asking. */
export type SignInArgument = { apiUrl: string; username: string; password: string } | { apiUrl: string; accessToken: string };

function keyOf(apiUrl: string): string | undefined {
  try {
    const u = new URL(apiUrl);
    return u.protocol === 'http:' || u.protocol === 'https:' ? wikiKey(u) : undefined;
  } catch {
    return undefined;
  }
}

function parseSecret(text: string | undefined): WikiSecret | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<WikiSecret> & Record<string, unknown>;
    if (v.kind === 'botPassword' && typeof v.username === 'string' && typeof v.password === 'string')
      return { kind: 'botPassword', username: v.username, password: v.password };
    if (v.kind === 'oauth2' && typeof v.accessToken === 'string') return { kind: 'oauth2', accessToken: v.accessToken };
  } catch {
    // not ours: treated as no sign-in
  }
  return undefined;
}

export class WikiSignIns {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
    private readonly log: (message: string) => void,
    readonly place: SignInPlace = DESKTOP_SIGN_IN,
  ) {}

  /** The configured wikis, as compared (api.php URL without query). */
  private configured(): string[] {
    return [...new Set(getConfiguredEndpoints('wiki').flatMap((u) => keyOf(u) ?? []))];
  }

  signedIn(): string[] {
    const list = this.state.get<unknown>(SIGNED_IN_KEY);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  }

  /**
   * The secret stored for exactly that wiki, or undefined: none stored, the wiki is not configured (any
   * more), or the workspace is not trusted (a fetch a workspace's settings lead to never signs in).
   */
  async secretFor(apiUrl: string): Promise<WikiSecret | undefined> {
    const key = keyOf(apiUrl);
    if (!key || !vscode.workspace.isTrusted || !this.configured().includes(key)) return undefined;
    const secret = parseSecret(await this.secrets.get(SECRET_KEY_PREFIX + key));
    return secret && (!this.place.only || secret.kind === this.place.only) ? secret : undefined;
  }

  async store(apiUrl: string, secret: WikiSecret): Promise<string> {
    const key = keyOf(apiUrl);
    if (!key) throw new Error(`${apiUrl} is not an http(s) api.php URL.`);
    if (this.place.only && secret.kind !== this.place.only) throw new Error(BOT_PASSWORD_IN_BROWSER);
    if (!this.configured().includes(key)) {
      throw new Error(
        `${key} is not a configured wiki. Add it to wikimapQuery.wikis (or set wikimapQuery.wiki.apiUrl) first: a secret goes only to a wiki you configured.`,
      );
    }
    await this.secrets.store(SECRET_KEY_PREFIX + key, JSON.stringify(secret));
    await this.state.update(SIGNED_IN_KEY, [...new Set([...this.signedIn(), key])]);
    this.log(
      `Signed in to ${key} (${secret.kind === 'botPassword' ? `bot password of ${secret.username}` : 'OAuth 2 token'}; kept in ${this.place.storage}).`,
    );
    return key;
  }

  async forget(apiUrl: string): Promise<boolean> {
    const key = keyOf(apiUrl);
    if (!key) return false;
    const had = (await this.secrets.get(SECRET_KEY_PREFIX + key)) !== undefined;
    await this.secrets.delete(SECRET_KEY_PREFIX + key);
    await this.state.update(
      SIGNED_IN_KEY,
      this.signedIn().filter((k) => k !== key),
    );
    if (had) this.log(`Signed out of ${key} (its secret is removed from ${this.place.storage}).`);
    return had;
  }
}

/** The sign-in asked of the user: the wiki, then a bot password (user, password) or an OAuth 2 token. */
async function askSignIn(signIns: WikiSignIns, apiUrl?: string): Promise<{ apiUrl: string; secret: WikiSecret } | undefined> {
  const wikis = getConfiguredEndpoints('wiki');
  const wiki =
    apiUrl ??
    (wikis.length === 1
      ? wikis[0]
      : (
          await vscode.window.showQuickPick(
            wikis.map((u) => ({ label: u, description: signIns.signedIn().includes(keyOf(u) ?? '') ? 'signed in' : undefined })),
            { title: 'Sign in to Wiki', placeHolder: 'The wiki to sign in to (only configured wikis get a secret)' },
          )
        )?.label);
  if (!wiki) {
    if (!wikis.length)
      void vscode.window.showWarningMessage('No wiki is configured: add it to wikimapQuery.wikis (or set wikimapQuery.wiki.apiUrl) first.');
    return undefined;
  }
  const ask = (title: string, prompt: string, password: boolean, validate?: (v: string) => string | undefined) =>
    vscode.window.showInputBox({ title, prompt, password, ignoreFocusOut: true, validateInput: validate });
  const how = signIns.place.only ? { method: signIns.place.only } : await askMethod(wiki);
  if (!how) return undefined;
  if (how.method === 'oauth2') {
    const where = signIns.place.only ? ' (MediaWiki 1.44 or later with the OAuth extension; bot passwords need the desktop editor)' : '';
    const token = await ask(
      `Sign in to ${wiki}`,
      `The OAuth 2 owner-only access token${where} (kept in ${signIns.place.storage})`,
      true,
      (v) => (v.trim() ? undefined : 'Paste the access token.'),
    );
    return token ? { apiUrl: wiki, secret: { kind: 'oauth2', accessToken: token.trim() } } : undefined;
  }
  const username = await ask(`Sign in to ${wiki}`, "The bot password's user name, User@BotName", false, (v) =>
    /^[^@]+@[^@]+$/.test(v.trim()) ? undefined : "A bot password's user name is User@BotName.",
  );
  if (!username) return undefined;
  const password = await ask(
    `Sign in to ${wiki} as ${username.trim()}`,
    `The bot password (kept in ${signIns.place.storage})`,
    true,
    (v) => (v ? undefined : 'Type the bot password.'),
  );
  return password ? { apiUrl: wiki, secret: { kind: 'botPassword', username: username.trim(), password } } : undefined;
}

/** The desktop's choice: a bot password or an OAuth 2 token. */
function askMethod(wiki: string): Thenable<{ method: WikiSecret['kind'] } | undefined> {
  return vscode.window.showQuickPick(
    [
      { label: 'Bot password', description: 'Special:BotPasswords; user name User@BotName', method: 'botPassword' as const },
      {
        label: 'OAuth 2 owner-only access token',
        description: 'Special:OAuthConsumerRegistration (OAuth extension)',
        method: 'oauth2' as const,
      },
    ],
    { title: `Sign in to ${wiki}`, placeHolder: 'How to sign in (read-only: write modules are never run)' },
  );
}

function secretOfArgument(arg: unknown): { apiUrl: string; secret: WikiSecret } | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as Record<string, unknown>;
  if (typeof a.apiUrl !== 'string') return undefined;
  if (typeof a.accessToken === 'string') return { apiUrl: a.apiUrl, secret: { kind: 'oauth2', accessToken: a.accessToken } };
  if (typeof a.username === 'string' && typeof a.password === 'string')
    return { apiUrl: a.apiUrl, secret: { kind: 'botPassword', username: a.username, password: a.password } };
  return undefined;
}

/**
 * "Sign in to Wiki…" and "Sign out of Wiki". After signing in, the wiki's catalogue is reloaded
 * (`reloadCatalogue`), which shows whether the secret works. After signing out, the catalogue the
 * signed-in loads brought is dropped from memory and the disk cache and loaded again without the
 * secret (`forgetCatalogue`): a private wiki's documents are then judged by the built-in catalogue and
 * say how to sign in. Both resolve with the wiki's api.php URL, or undefined when nothing changed.
 */
export function registerSignInCommands(
  context: vscode.ExtensionContext,
  signIns: WikiSignIns,
  catalogue: {
    reloadCatalogue(apiUrl: string): Thenable<unknown>;
    forgetCatalogue(apiUrl: string): Thenable<{ errors: string[] } | undefined>;
  },
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('wikimapQuery.wiki.signIn', async (arg?: unknown) => {
      const given = secretOfArgument(arg);
      const answer = given ?? (await askSignIn(signIns, typeof arg === 'string' ? arg : undefined));
      if (!answer) return undefined;
      try {
        const key = await signIns.store(answer.apiUrl, answer.secret);
        await catalogue.reloadCatalogue(key);
        return key;
      } catch (e) {
        void vscode.window.showErrorMessage(`Signing in failed: ${errorMessage(e)}`);
        return undefined;
      }
    }),
    vscode.commands.registerCommand('wikimapQuery.wiki.signOut', async (arg?: unknown) => {
      const list = signIns.signedIn();
      const apiUrl =
        typeof arg === 'string'
          ? arg
          : list.length <= 1
            ? list[0]
            : await vscode.window.showQuickPick(list, { title: 'Sign out of Wiki', placeHolder: 'The wiki whose secret is forgotten' });
      if (!apiUrl) {
        if (!list.length) void vscode.window.showInformationMessage('You are not signed in to any wiki.');
        return undefined;
      }
      const had = await signIns.forget(apiUrl);
      if (!had) {
        void vscode.window.showInformationMessage(`You were not signed in to ${apiUrl}.`);
        return undefined;
      }
      const reloaded = await Promise.resolve(catalogue.forgetCatalogue(apiUrl)).catch(() => undefined);
      const unsigned =
        reloaded && !reloaded.errors.length
          ? 'its catalogue was loaded again without signing in'
          : 'its catalogue is not loaded: the built-in one judges its queries';
      void vscode.window.showInformationMessage(`Signed out of ${apiUrl}; ${unsigned}.`);
      return apiUrl;
    }),
  );
}
