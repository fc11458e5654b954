/**
 * `sensitiveparam`: one check of a secret written in a URL (checkSensitive in wikiValidationParam.ts), fed by
 * paraminfo's `sensitive` flag (tokens, and `password`-typed parameters such as `lgpassword`) and by the
 * `sensitive` list of an AuthManager module's `readsFields` rule (fields ApiAuthManagerHelper::
 * loadAuthenticationRequests requires in the POST body: ApiBase::requirePostedParameters). One wording, naming
 * the kind of secret; before, `lgpassword` was called "a token" and the AuthManager fields had a second check
 * with a wording of their own.
 */
import assert from 'node:assert/strict';
import { validate } from './helpers';

const TAIL = 'anyone who sees this URL (logs, history, referrers) can use it.';
const SEND = ' Send it in a POST body instead, and keep it out of shared files.';

describe('sensitiveparam: a secret in the URL, one check and one wording', () => {
  // [query, the parameter, the message]
  const TABLE: Array<[string, string, string]> = [
    ['action=query&list=watchlist&wlowner=A&wltoken=abc', 'wltoken', `"wltoken" is a secret (a token): ${TAIL}${SEND}`],
    ['action=login&lgname=A&lgpassword=pw&lgtoken=t', 'lgpassword', `"lgpassword" is a secret (a password): ${TAIL}${SEND}`],
    ['action=login&lgname=A&lgpassword=pw&lgtoken=t', 'lgtoken', `"lgtoken" is a secret (a token): ${TAIL}${SEND}`],
    [
      'action=clientlogin&loginreturnurl=http://x/&logintoken=t&username=A&password=pw',
      'password',
      `"password" is a secret (a password): ${TAIL} action=clientlogin refuses it in the URL (mustpostparams), even in a POST request.${SEND}`,
    ],
    [
      'action=createaccount&createreturnurl=http://x/&createtoken=t&username=A&password=pw&retype=pw',
      'retype',
      `"retype" is a secret (a password): ${TAIL} action=createaccount refuses it in the URL (mustpostparams), even in a POST request.${SEND}`,
    ],
  ];
  for (const [query, param, message] of TABLE) {
    it(`${param} in ${query.slice(0, query.indexOf('&'))}`, () => {
      const found = validate(query).filter((d) => d.code === 'sensitiveparam' && d.message.startsWith(`"${param}"`));
      assert.deepEqual(
        found.map((d) => [d.severity, d.message]),
        [['information', message]],
      );
    });
  }

  it('an empty secret is not reported (nothing leaks)', () => {
    for (const query of ['action=login&lgname=A&lgpassword=&lgtoken=', 'action=clientlogin&loginreturnurl=http://x/&username=A&password='])
      assert.deepEqual(
        validate(query).filter((d) => d.code === 'sensitiveparam'),
        [],
        query,
      );
  });
});
