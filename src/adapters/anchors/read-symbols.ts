// The symbols an anchor can name in a file, whatever its kind: the syntax units of code
// (`src/a.ts#Name`, through the tree-sitter parser) and the key paths of JSON, YAML and TOML
// (`package.json#engines.node`). One entry point for recording and for staleness.
import { createHash } from "node:crypto";
import { keyPathSymbols } from "../../core/anchors/key-paths.js";
import { withoutBom } from "../../core/inputs/saved-text.js";
import { codeLanguageOf, readCodeSymbols } from "./code-symbols.js";

/** A symbol an anchor may name, with what staleness compares. */
export type AnchorSymbol = {
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  /** digest over the symbol's tokens (code) or the canonical JSON of its value (keys) */
  fingerprint: string;
  /**
   * digest of the same with the symbol's own name left out: a symbol found under another name
   * with the same shape was renamed. Empty when renames are not told apart (scalar keys: many
   * keys hold `true`).
   */
  shape: string;
};

/** The kind of anchors `path` takes: a code language, a data format, or undefined (whole file). */
export function anchorLanguageOf(path: string): string | undefined {
  return dataFormatOf(path) ?? codeLanguageOf(path);
}

function dataFormatOf(path: string): "json" | "yaml" | "toml" | undefined {
  const lower = path.toLowerCase();
  if (/\.json5?$|\.jsonc$/.test(lower) || lower.endsWith(".json")) return "json";
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "yaml";
  if (lower.endsWith(".toml")) return "toml";
  return undefined;
}

/**
 * Every symbol of a file, or undefined when anchors are not supported there (its language, or a
 * data file that does not parse): the file is then taken whole. With `only`, code files give just
 * the symbols of those names (only their tokens are read); data files give every key path.
 */
export async function readSymbols(
  path: string,
  content: string,
  options: { only?: readonly string[] } = {},
): Promise<AnchorSymbol[] | undefined> {
  const format = dataFormatOf(path);
  if (format) {
    const value = await parseData(format, content);
    return value === undefined ? undefined : keyPathSymbols(value, digest);
  }
  const code = await readCodeSymbols(path, content, options);
  if (!code) return undefined;
  return code.map(({ unnamedFingerprint, ...s }) => ({ ...s, shape: unnamedFingerprint }));
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

async function parseData(format: "json" | "yaml" | "toml", content: string): Promise<unknown> {
  try {
    if (format === "json") return JSON.parse(withoutBom(content));
    if (format === "yaml") {
      const { parse } = await import("yaml");
      return parse(content);
    }
    const { parse } = await import("smol-toml");
    return parse(content);
  } catch {
    return undefined;
  }
}
