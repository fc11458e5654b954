/**
 * Text from outside the product (a wiki's catalogue: names, descriptions, `helpurls`; a map server's
 * config: layer names) put into the Markdown of hovers and completion documentation. Such text is
 * shown, never interpreted: no image, link, HTML or heading can come from it, and a link is made
 * only to an `http(s)` page.
 */

/**
 * The characters that make Markdown of text inside a line: links and images (`[`, `]`, `(`, `)`, `!`),
 * HTML, autolinks and entities (`<`, `>`, `&`), emphasis (`*`, `_`, `~`), code (`` ` ``), tables (`|`)
 * and the escape itself. Those that act only at the start of a line (`#`, `-`, `+`, `=`, `1.`) cannot:
 * line breaks become spaces, and the text never starts a line of the hover.
 */
const MARKDOWN_SPECIAL = /[\\`*_[\]()!|<>~&]/g;

/** Text with nothing to escape or replace (the usual name or number): returned as it is. */
const PLAIN_TEXT = /^[^\\`*_[\]()!|<>~&\r\n\u2028\u2029]*$/;

/** `text` as plain Markdown text: every special character escaped, line breaks made spaces. */
export function markdownText(value: unknown): string {
  const text = String(value);
  if (PLAIN_TEXT.test(text)) return text;
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}

/** Text that is a code span with a one-backtick fence and no padding (no backtick, no line break, not empty). */
const PLAIN_CODE = /^[^`\r\n\u2028\u2029]+$/;

/**
 * `text` as an inline code span: a fence longer than any run of backticks inside, spaces inside the
 * fence where the text starts or ends with a backtick, line breaks as spaces (a blank line would end
 * the span). The empty string reads "(empty string)".
 */
export function markdownCode(value: unknown): string {
  const plain = String(value);
  if (PLAIN_CODE.test(plain)) return `\`${plain}\``;
  const text = plain.replace(/[\r\n\u2028\u2029]+/g, ' ');
  if (text === '') return '(empty string)';
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * A Markdown link with the fixed `label` to `url` when it is an `http:` or `https:` URL (no
 * credentials), with every character that could end the link target percent-encoded; otherwise
 * undefined (a `command:`, `javascript:`, `data:` or `file:` target is never linked).
 */
export function markdownHttpLink(label: string, url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  let parsed: URL;
  try {
    // protocol-relative help URLs (`//www.mediawiki.org/…`) are https
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password) return undefined;
  const target = parsed.href.replace(/[()<>\s"'\\[\]`]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${markdownText(label)}](${target})`;
}
