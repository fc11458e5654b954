/** The message of a thrown value: an Error's message, anything else as text. Shared by client, server and CLI. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
