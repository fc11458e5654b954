/**
 * What a failed catalogue load advises, in the words of the client that loaded it (issue 25: the command line
 * said to run an editor command). The messages are written once, in liveCatalogueFetcher.ts; each client gives
 * its own way to try again and to raise a limit. Constants only: the server's and the CLI's bundles each carry it.
 */

/** Each is a verb phrase, said after a semicolon or "then". */
export interface CatalogueAdvice {
  /** How to load it again: `run "Wiki Query: Reload Catalogue"`. */
  retry: string;
  /** How to load it again with more time for each request. */
  retryWithMoreTime: string;
  /** How to raise the byte budget of a catalogue. */
  raiseBytes: string;
  /** How to raise the number of follow-up paraminfo requests. */
  raiseFollowUps: string;
}

/** The editor's advice (VS Code's commands and settings; the language server in every editor). */
export const EDITOR_CATALOGUE_ADVICE: CatalogueAdvice = {
  retry: 'run "Wiki Query: Reload Catalogue"',
  retryWithMoreTime: 'raise wikimapQuery.wiki.catalogueTimeoutSeconds, then run "Wiki Query: Reload Catalogue"',
  raiseBytes: 'raise wikimapQuery.wiki.maxCatalogueMB',
  raiseFollowUps: 'raise wikimapQuery.wiki.maxCatalogueFollowUps',
};

/** The command line's advice (`check --catalogue URL`, `catalogue save URL`): its own options, no editor command. */
export const CLI_CATALOGUE_ADVICE: CatalogueAdvice = {
  retry: 'run the command again',
  retryWithMoreTime: 'run the command again with a longer --catalogue-timeout S',
  raiseBytes: 'raise --max-catalogue-mb N',
  raiseFollowUps: 'raise --max-catalogue-follow-ups N',
};
