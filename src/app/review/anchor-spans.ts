import type { LineSpan } from "../../core/review/line-diff.js";

/**
 * The lines of each named symbol of a file (`Outer.member` → its first and last line), or
 * undefined where this build reads no symbols there: the file's hunks are then shown whole.
 * The syntax side of anchors (tree-sitter for code, key paths for JSON/YAML/TOML) answers this
 * once it is part of the build; until then every file is shown whole.
 */
export async function symbolSpans(
  _path: string,
  _content: string,
): Promise<Map<string, LineSpan> | undefined> {
  return undefined;
}
