/**
 * The limits of reading the requests of one source file (Python, JavaScript, …). They live apart from the
 * settings table (`FIXED_LIMITS`, common/settings.ts) so that the bundles of the source-file finder, which read no
 * setting, do not carry that table; docs/security.md's budget table is rendered from here too.
 */
export const SOURCE_FILE_LIMITS = {
  /**
   * Longest source file whose requests are read with its grammar (a parse of more takes seconds and hundreds of
   * megabytes); a longer one is read by the lexer: only api.php URLs written whole in one string (Perl's hashes
   * are read up to this size too). Said once per file (`largesource`).
   */
  parsedChars: 2_000_000,
  /** Most requests read from one source file; past them the rest is not checked, said at the first left (`toomanyrequests`). */
  requests: 5000,
} as const;
