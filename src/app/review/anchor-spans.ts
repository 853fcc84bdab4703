import { readSymbols } from "../../adapters/anchors/read-symbols.js";
import type { LineSpan } from "../../core/review/line-diff.js";
import type { ReviewItem } from "../../core/review/review-item.js";
import type { AppContext } from "../dependencies.js";

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

/**
 * The anchors (`path#Name`) the item's hunks touch at HEAD, innermost first-level names only
 * (`Outer.member`, not `Outer` too): what a person may narrow the record to.
 */
export async function symbolsTouched(
  ctx: AppContext,
  head: string,
  item: Pick<ReviewItem, "files">,
): Promise<string[]> {
  const out: string[] = [];
  for (const file of item.files) {
    if (!file.hunks?.length || file.change === "deleted") continue;
    const path = file.new_path ?? file.path;
    const content = await ctx.git.readFileAt(head, path);
    const spans =
      content && (await symbolSpans(path, content.toString("utf8")).catch(() => undefined));
    if (!spans) continue;
    const touched = [...spans].filter(([, span]) =>
      file.hunks!.some(
        (h) => h.new_start <= span.end && h.new_start + Math.max(h.new_lines, 1) - 1 >= span.start,
      ),
    );
    const names = touched.map(([name]) => name);
    for (const name of names)
      if (!names.some((other) => other.startsWith(`${name}.`))) out.push(`${path}#${name}`);
  }
  return out;
}
