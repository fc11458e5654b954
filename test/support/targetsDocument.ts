/**
 * One document whose requests are judged differently by the built-in MediaWiki versions (from their
 * recorded core modules): the editor's and the CLI's target tests both read it, so they judge the same
 * requests.
 */
export const THREE_VERSIONS_DOCUMENT = [
  'action=query&list=random&rnminsize=100', // rnminsize: from 1.45
  'action=query&list=allusers&auexcludetemp=1', // auexcludetemp: from 1.43
  'action=query&list=allpages&aplimit=10', // valid everywhere
  'action=query&list=search', // srsearch missing everywhere
  '',
].join('\n');
