import type { Root } from "mdast";
import { readLooseFrontMatter } from "../../core/adr/loose-front-matter.js";
import { readPlainFrontMatter } from "../../core/adr/plain-front-matter.js";
import { type AdrFile, type AdrWarning, readAdrFile } from "../../core/adr/read-adr.js";
import { normalizedText } from "../../core/inputs/saved-text.js";
import { parseMarkdown } from "./markdown.js";

/**
 * Reads one ADR file's text: parsed once (Markdown with its front matter node), the front
 * matter read as YAML, or line by line with one warning at the line YAML stopped at when it is
 * not valid YAML (so `title: A: b` still gives a title and a status). Plain `key: value` front
 * matter is read without the YAML engine (the same values, see `plain-front-matter.ts`);
 * `yamlOnly` always asks the engine, for the tests that compare the two.
 */
export async function readAdrText(
  text: string,
  file: string,
  { yamlOnly = false }: { yamlOnly?: boolean } = {},
): Promise<AdrFile> {
  const normalized = normalizedText(text);
  const tree: Root = await parseMarkdown(normalized);
  const yamlNode = tree.children[0]?.type === "yaml" ? tree.children[0] : undefined;
  const raw = yamlNode && "value" in yamlNode ? String(yamlNode.value) : "";
  const warnings: AdrWarning[] = [];
  let front: Record<string, unknown> = {};
  const plain = raw.trim() && !yamlOnly ? readPlainFrontMatter(raw) : undefined;
  if (plain) front = plain;
  else if (raw.trim()) {
    // yaml is loaded on first use: a re-import whose files are all in the read cache never needs it.
    const { parse: parseYaml } = await import("yaml");
    try {
      const data: unknown = parseYaml(raw);
      if (data && typeof data === "object" && !Array.isArray(data))
        front = data as Record<string, unknown>;
      else
        warnings.push({
          file,
          line: 2,
          message: "the front matter is not a list of keys; left out",
        });
    } catch (error) {
      const at = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line ?? 1;
      const reason = (error as Error).message
        .split("\n")[0]!
        .replace(/ at line \d+, column \d+:?$/, "");
      front = readLooseFrontMatter(raw);
      warnings.push({
        file,
        line: at + 1,
        message: `the front matter is not valid YAML (${reason}); read its key: value lines one by one`,
      });
    }
  }
  return readAdrFile({ file, front, frontRaw: raw, tree, warnings });
}
