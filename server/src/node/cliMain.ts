// Entry point of the `wikimap-query` checker CLI. Placeholder until the CLI lands.
console.error('wikimap-query: not implemented yet');
process.exit(2);
