/**
 * Errors a run can end with. Every message says what happened and what to do;
 * `kind` lets callers (and tests) tell them apart without parsing text.
 */
export type RunErrorKind =
  | 'badUrl' // no endpoint, or not an http(s) URL
  | 'refused' // a write action or a token: never sent
  | 'timeout'
  | 'cancelled'
  | 'tooLarge' // response larger than wikimapQuery.run.maxResponseMB
  | 'network' // connection refused, DNS, reset
  | 'http' // the server answered with an error status and no usable body
  | 'notJson'; // the body is not the JSON we expected

import { recognisedAcrossBundles } from '../common/bundleClass';

export class RunError extends Error {
  constructor(
    readonly kind: RunErrorKind,
    message: string,
    /** HTTP status when the server answered. */
    readonly status?: number,
    /** A short excerpt of the body when the server answered. */
    readonly bodyExcerpt?: string,
  ) {
    super(message);
    this.name = 'RunError';
  }
}
recognisedAcrossBundles(RunError, 'RunError');

export function isRunError(e: unknown): e is RunError {
  return e instanceof RunError;
}
