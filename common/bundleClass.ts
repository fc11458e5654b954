/**
 * An error class recognised by `instanceof` across copies of its module. The server and the CLI load some
 * modules as bundles of their own on first use (scripts/build.js, LAZY_CHUNKS), and a class such a chunk
 * imports is a second class there: an error thrown by the chunk's copy is not `instanceof` the bundle's.
 * Each copy marks its prototype with the same registered symbol (`Symbol.for`), and `instanceof` tests
 * the mark; a subclass keeps the usual prototype-chain test.
 */
export function recognisedAcrossBundles(cls: abstract new (...args: never[]) => object, name: string): void {
  const brand = Symbol.for(`wikimap-query.${name}`);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, v: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, v);
      return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[brand] === true;
    },
  });
}
