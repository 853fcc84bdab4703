import { readSymbols } from "../../adapters/anchors/read-symbols.js";
import type { LineSpan } from "../../core/review/line-diff.js";

/**
 * The lines of each named symbol of a file (`Outer.member`, `engines.node` → its first and last
 * line), or undefined where anchors are not read (an unsupported language, a data file that
 * does not parse): the file's hunks are then shown whole.
 */
export async function symbolSpans(
  path: string,
  content: string,
): Promise<Map<string, LineSpan> | undefined> {
  const symbols = await readSymbols(path, content);
  return symbols && new Map(symbols.map((s) => [s.name, { start: s.startLine, end: s.endLine }]));
}
