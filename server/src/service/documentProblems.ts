/**
 * How many diagnostics one document gets from a language service, wiki or map. A generated file of 3,000,000
 * `[]` (map) or a one-line query repeating `apfrom=x&` 1,100,000 times (wiki) would otherwise get a diagnostic
 * per problem: over 1.5 GB in the server and 2.3 GB in the CLI, and more than any editor shows. The last one
 * kept says how many more there are (in its message, and as `data.notListed` for a client that shows fewer
 * and counts the rest).
 */
export const MAX_DOCUMENT_DIAGNOSTICS = 5000;

/** What the last kept diagnostic adds to its message when `dropped` more were not listed. */
export function notListedText(dropped: number): string {
  return `${dropped} more problem${dropped === 1 ? '' : 's'} in this document not listed (at most ${MAX_DOCUMENT_DIAGNOSTICS} are)`;
}
