/** Whether a file names a MediaWiki API or imports a MediaWiki client (the editor serves it, and `check` judges its requests). */
export function namesMediaWiki(text: string): boolean {
  return /api\.php|\bmw\s*\.\s*(?:Api|ForeignApi)\b|\bmwn\b|pywikibot|mwclient|mediawiki|WikiClientLibrary|wikipedia|wikimedia|wikidata|wiktionary|wikisource|wikivoyage|wikiquote|wikibooks|fandom\.com|wikia\b/i.test(
    text,
  );
}
