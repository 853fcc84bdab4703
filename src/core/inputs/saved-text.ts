// Text a person's editor saved, as adrift reads it. A byte-order mark (Notepad's "UTF-8 with
// BOM", PowerShell 5's Out-File) is no part of the content, and Windows line ends are line ends.

/** `text` without a leading byte-order mark. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** `text` without a leading byte-order mark, its line ends `\n` (CRLF and lone CR too). */
export function normalizedText(text: string): string {
  return withoutBom(text).replace(/\r\n?/g, "\n");
}
