import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { rendererModules } from "../../../src/app/reports/pr-comment.js";

// The PR comment's body is read back when the model and the renderer's code hash the same; the
// code hashed is `rendererModules()`. A module the renderer comes to import that the list lacks
// would let a changed renderer print an older body: the list must be the renderer's whole
// closure of value imports (type imports leave no code).
const SRC = path.resolve(import.meta.dirname, "../../../src");

function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)";/gms))
    if (!m[1]) found.push(path.resolve(path.dirname(file), m[2]!.replace(/\.js$/, ".ts")));
  return found;
}

function closure(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0)
    for (const next of valueImports(queue.pop()!))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  return [...seen].map((f) => path.relative(SRC, f)).sort();
}

describe("the code the PR comment's rendered body is keyed by", () => {
  it("is the renderer's whole closure of value imports", () => {
    const listed = rendererModules()
      .map((url) => path.relative(SRC, fileURLToPath(url)))
      .sort();
    expect(listed).toContain("core/render/pr-comment.ts");
    expect(listed).toEqual(closure(path.join(SRC, "core/render/pr-comment.ts")));
  });
});
