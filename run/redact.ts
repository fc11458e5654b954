// Keeping secrets out of what is logged or shown: sensitive parameter values and URL user-info.
// Shared by the wiki and the map run code, the history and the log.

/** Names whose values never appear in logs or result headers. */
const SENSITIVE_NAME = /token|password|passwd|secret|session|cookie|auth|key$|^key|signature|otp|code_verifier/i;

export function isSensitiveParam(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

/** A URL safe to log or show: values of token-like and other sensitive parameters replaced, user-info dropped. */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return redactUserInfo(raw).replace(/([?&;\s]|^)([^=&\s]*(?:token|password|secret|key)[^=&\s]*)=[^&\s]*/gi, '$1$2=***');
  }
  url.username = '';
  url.password = '';
  const kept: string[] = [];
  for (const part of url.search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      /* keep raw */
    }
    kept.push(eq >= 0 && isSensitiveParam(name) ? `${rawName}=***` : part);
  }
  const base = `${url.origin}${url.pathname}`;
  return kept.length ? `${base}?${kept.join('&')}` : base;
}

/** Any `scheme://user:password@` in a text (a log line, a message) without the user info. */
export function redactUserInfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]*@/gi, '$1');
}
