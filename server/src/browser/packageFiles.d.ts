/** Made by scripts/build.js for the web build: every `descriptors/**\/*.json` of the package, path → text. */
declare module 'wikimap-query:package-files' {
  const files: Readonly<Record<string, string>>;
  export default files;
}
