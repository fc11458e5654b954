/** `text` as shown in a message: cut after `max` characters, with "…" where it was cut. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
