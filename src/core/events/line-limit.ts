// The one line limit of the log, shared by the writers and every reader (kept free of zod: the
// staleness reader on the hook path imports it).

/**
 * Longest log line, in bytes of UTF-8 without its newline (4 MiB): writers refuse an event whose
 * line would be longer, readers report a longer line as `line_too_long`. One limit for both, so
 * that nothing is accepted that is then unreadable.
 */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

/** The UTF-8 size of `text` (a lone surrogate counts as the 3 bytes of its replacement). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The UTF-8 size of a line longer than `MAX_LINE_BYTES`, or undefined when it fits. */
export function oversizeLine(text: string): number | undefined {
  // A UTF-16 unit is at most 3 bytes of UTF-8: short texts need no count.
  if (text.length <= MAX_LINE_BYTES / 3) return undefined;
  const bytes = utf8Length(text);
  return bytes > MAX_LINE_BYTES ? bytes : undefined;
}
