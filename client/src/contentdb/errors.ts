// Every way a ContentDB sign-in can fail, each with a message that says what the user should do.
// Spec: the ContentDB product spec (where the real server differs: docs/contentdb.md), section 7 (the six token-endpoint messages).
// No message here ever contains the client secret or a token: callers pass only public values, and
// `redactSecrets` is applied once more where messages leave the flow.

import { errorMessage } from '../../../common/errorMessage';
import { serverText } from '../../../run/redact';
import { recognisedAcrossBundles } from '../../../common/bundleClass';

export type ContentDbErrorKind =
  | 'invalidBaseUrl'
  | 'missingClientId'
  | 'missingClientSecret'
  | 'invalidRedirectUri'
  | 'clientNotFound'
  | 'portInUse'
  | 'browserNotOpened'
  | 'cancelled'
  | 'timeout'
  | 'stateMismatch'
  | 'authorizeError'
  | 'network'
  | 'badResponse'
  // The six token-endpoint errors of the spec:
  | 'unsupportedGrantType'
  | 'serverMissingClientId'
  | 'serverMissingClientSecret'
  | 'serverMissingCode'
  | 'badClientCredentials'
  | 'badCode'
  | 'tokenRefused'
  | 'tokenRejected'
  | 'notSignedIn';

export class ContentDbError extends Error {
  override readonly name = 'ContentDbError';
  constructor(
    readonly kind: ContentDbErrorKind,
    message: string,
    /** True when the stored client secret is known to be wrong and should be forgotten (and asked for again). */
    readonly forgetClientSecret = false,
  ) {
    super(message);
  }
}
// Recognised by instanceof in any bundle that carries a copy (the sign-in is a chunk of the client's own,
// dist/client.contentDb.js): an error thrown by one copy is still a ContentDbError to another.
recognisedAcrossBundles(ContentDbError, 'ContentDbError');

export const SETTING_BASE_URL = 'wikimapQuery.contentDb.baseUrl';
export const SETTING_CLIENT_ID = 'wikimapQuery.contentDb.clientId';
export const SETTING_REDIRECT_URI = 'wikimapQuery.contentDb.redirectUri';

/** A server's own text as a message may carry it (shared with the run code's sign-in messages). */
export { serverText };

/**
 * Maps a `{success:false, error}` answer of `/oauth/token/` to what the user should do.
 * The messages are the exact strings of the spec (and of the real server).
 */
export function tokenEndpointError(serverMessage: string, status: number): ContentDbError {
  switch (serverMessage) {
    case 'Unsupported grant_type, only authorization_code is supported':
      return new ContentDbError(
        'unsupportedGrantType',
        `ContentDB refused the request: "${serverMessage}". This extension always sends authorization_code, so the server at ${SETTING_BASE_URL} may not be ContentDB; check that setting.`,
      );
    case 'Missing client_id':
      return new ContentDbError(
        'serverMissingClientId',
        `ContentDB says "${serverMessage}". Set ${SETTING_CLIENT_ID} to the client id of your OAuth2 application (ContentDB: Settings > OAuth2 Applications) and sign in again.`,
      );
    case 'Missing client_secret':
      return new ContentDbError(
        'serverMissingClientSecret',
        `ContentDB says "${serverMessage}". Sign in again and enter the client secret of your OAuth2 application when asked.`,
        true,
      );
    case 'Missing code':
      return new ContentDbError(
        'serverMissingCode',
        `ContentDB says "${serverMessage}": the browser brought back no authorization code. Sign in again.`,
      );
    case 'client_id and/or client_secret is incorrect':
      return new ContentDbError(
        'badClientCredentials',
        `ContentDB says "${serverMessage}". Check ${SETTING_CLIENT_ID}, then sign in again and re-enter the client secret (the stored one has been forgotten).`,
        true,
      );
    case 'Incorrect code. It may have already been redeemed':
      return new ContentDbError(
        'badCode',
        `ContentDB says "${serverMessage}". Authorization codes work once; sign in again to get a new one.`,
      );
    default:
      return new ContentDbError(
        'tokenRefused',
        `ContentDB refused the sign-in (HTTP ${status}): "${serverText(serverMessage)}". Sign in again; if it keeps failing, check the OAuth2 application on ContentDB.`,
      );
  }
}

/** Replaces every occurrence of each secret value in `text` by "***". Empty or very short values are ignored. */
function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('***');
  }
  return out;
}

/** Turns anything thrown into a ContentDbError whose message carries none of `secrets`. */
export function toSafeError(e: unknown, secrets: readonly (string | undefined)[]): ContentDbError {
  if (e instanceof ContentDbError) {
    const msg = redactSecrets(e.message, secrets);
    return msg === e.message ? e : new ContentDbError(e.kind, msg, e.forgetClientSecret);
  }
  const msg = errorMessage(e);
  return new ContentDbError('network', redactSecrets(`ContentDB sign-in failed: ${msg}`, secrets));
}
