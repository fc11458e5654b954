/** A plain JSON-like object (not null, not an array): the one guard for reading settings and answers. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
