/** The host (and port) of a URL; undefined when the text is not a URL. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
