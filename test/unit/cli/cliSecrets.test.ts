/** Where the command line takes a sign-in's secret from (table), and what it refuses. */
import { strict as assert } from 'node:assert';
import { resolveSecret, SecretUsageError, takeSignInOption, type SignInOptions } from '../../../server/src/cli/cliSecrets';

const FILES: Record<string, string> = {
  'pw.txt': 'filepassword0123456789abcdefghijk\n',
  'tok.txt': 'file-token\n',
  'two.txt': 'a\nb\n',
  'empty.txt': '',
};
const readFile = (p: string) => {
  if (!(p in FILES)) throw new Error('ENOENT');
  return FILES[p];
};

const CASES: Array<{ what: string; opts: SignInOptions; env?: Record<string, string>; want: unknown }> = [
  { what: 'nothing: anonymous', opts: {}, want: undefined },
  { what: 'a bot password in the environment alone does not sign in', opts: {}, env: { WIKIMAP_QUERY_BOT_PASSWORD: 'p' }, want: undefined },
  {
    what: 'bot user + password from the environment',
    opts: { botUser: 'Me@ci' },
    env: { WIKIMAP_QUERY_BOT_PASSWORD: 'envpassword' },
    want: { kind: 'botPassword', username: 'Me@ci', password: 'envpassword' },
  },
  {
    what: 'the file wins over the environment',
    opts: { botUser: 'Me@ci', botPasswordFile: 'pw.txt' },
    env: { WIKIMAP_QUERY_BOT_PASSWORD: 'envpassword' },
    want: { kind: 'botPassword', username: 'Me@ci', password: 'filepassword0123456789abcdefghijk' },
  },
  {
    what: 'OAuth token from the environment',
    opts: {},
    env: { WIKIMAP_QUERY_OAUTH_TOKEN: 'env-token' },
    want: { kind: 'oauth2', accessToken: 'env-token' },
  },
  { what: 'OAuth token from a file', opts: { oauthTokenFile: 'tok.txt' }, want: { kind: 'oauth2', accessToken: 'file-token' } },
  { what: 'bot user without a password', opts: { botUser: 'Me@ci' }, want: /needs the password in WIKIMAP_QUERY_BOT_PASSWORD/ },
  { what: 'bot user not User@BotName', opts: { botUser: 'Me' }, env: { WIKIMAP_QUERY_BOT_PASSWORD: 'p' }, want: /User@BotName/ },
  { what: 'password file without a user', opts: { botPasswordFile: 'pw.txt' }, want: /needs --bot-user/ },
  { what: 'both kinds', opts: { botUser: 'Me@ci', botPasswordFile: 'pw.txt', oauthTokenFile: 'tok.txt' }, want: /not both/ },
  { what: 'a missing file', opts: { oauthTokenFile: 'nope.txt' }, want: /cannot read the OAuth token file nope\.txt/ },
  { what: 'a file of two lines', opts: { oauthTokenFile: 'two.txt' }, want: /on one line/ },
  { what: 'an empty file', opts: { oauthTokenFile: 'empty.txt' }, want: /on one line/ },
];

describe('CLI sign-in: where the secret comes from', () => {
  for (const c of CASES) {
    it(c.what, () => {
      if (c.want instanceof RegExp) {
        assert.throws(
          () => resolveSecret(c.opts, c.env ?? {}, readFile),
          (e: Error) => e instanceof SecretUsageError && (c.want as RegExp).test(e.message),
        );
      } else {
        assert.deepEqual(resolveSecret(c.opts, c.env ?? {}, readFile), c.want);
      }
    });
  }

  for (const arg of ['--password', '--bot-password', '--token', '--oauth-token', '--access-token']) {
    it(`${arg} VALUE is refused: a secret is never an argument`, () => {
      assert.throws(
        () => takeSignInOption(arg, () => 'VALUE-XYZ', {}),
        (e: Error) =>
          e instanceof SecretUsageError && /shell's history and the process list/.test(e.message) && !e.message.includes('VALUE-XYZ'),
      );
    });
  }

  it('takes --bot-user, --bot-password-file and --oauth-token-file; leaves other options', () => {
    const into: SignInOptions = {};
    assert.equal(
      takeSignInOption('--bot-user', () => 'Me@ci', into),
      true,
    );
    assert.equal(
      takeSignInOption('--bot-password-file', () => 'pw.txt', into),
      true,
    );
    assert.equal(
      takeSignInOption('--oauth-token-file', () => 'tok.txt', into),
      true,
    );
    assert.equal(
      takeSignInOption('--all', () => 'x', into),
      false,
    );
    assert.deepEqual(into, { botUser: 'Me@ci', botPasswordFile: 'pw.txt', oauthTokenFile: 'tok.txt' });
  });
});
