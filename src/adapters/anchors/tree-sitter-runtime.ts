// Loads the tree-sitter runtime and the grammars symbol anchors parse with: each once per
// process, and only when a file of that language must be parsed (a command that parses nothing
// loads none of it). The wasm files come from dist/vendor/ (copied there by the build); from the
// sources (tests), from the packages in node_modules.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CodeLanguage } from "../../core/anchors/symbol-names.js";
import { AdriftError } from "../../core/errors.js";
import type { Language, Parser } from "../../vendor/tree-sitter.js";

/** Each grammar's wasm file and the npm package it comes from (pinned with the runtime). */
export const GRAMMAR_FILES: Record<CodeLanguage, { package: string; file: string }> = {
  typescript: { package: "tree-sitter-typescript", file: "tree-sitter-typescript.wasm" },
  tsx: { package: "tree-sitter-typescript", file: "tree-sitter-tsx.wasm" },
  javascript: { package: "tree-sitter-javascript", file: "tree-sitter-javascript.wasm" },
  python: { package: "tree-sitter-python", file: "tree-sitter-python.wasm" },
  go: { package: "tree-sitter-go", file: "tree-sitter-go.wasm" },
  java: { package: "tree-sitter-java", file: "tree-sitter-java.wasm" },
  rust: { package: "tree-sitter-rust", file: "tree-sitter-rust.wasm" },
};

/** The runtime's own wasm file and its package. */
export const RUNTIME_FILE = { package: "web-tree-sitter", file: "tree-sitter.wasm" };

/** Where the build copies the wasm files (dist/vendor/; the Action bundle's own vendor/). */
const VENDOR = new URL("../../vendor/", import.meta.url);

/** The bytes of a wasm file: the build's copy under vendor/, else (sources, tests) the package's
 *  own, which only a development install has. */
function readWasm(vendored: string, pkg: string, file: string): Uint8Array {
  const copy = fileURLToPath(new URL(vendored, VENDOR));
  if (existsSync(copy)) return readFileSync(copy);
  // where Node would look for the package (its exports may not list the wasm file)
  const dirs = createRequire(import.meta.url).resolve.paths(pkg) ?? [];
  const found = dirs.map((dir) => path.join(dir, pkg, file)).find((f) => existsSync(f));
  if (!found)
    throw new AdriftError(
      "io_failed",
      `${file} (the parser of symbol anchors) is missing: expected it in ${fileURLToPath(VENDOR)}, where the build copies it; reinstall git-adrift (from a checkout: npm run build)`,
      { file, package: pkg },
    );
  return readFileSync(found);
}

type Runtime = { Parser: typeof Parser; Language: typeof Language };

let runtime: Promise<Runtime> | undefined;
// One parser per language: a caller parses right after the await, and a parser shared across
// languages could be switched by another caller in between.
const parsers = new Map<CodeLanguage, Promise<Parser>>();

function loadRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    const ts = await import("../../vendor/tree-sitter.js");
    await ts.Parser.init({
      wasmBinary: readWasm(RUNTIME_FILE.file, RUNTIME_FILE.package, RUNTIME_FILE.file),
    });
    return { Parser: ts.Parser, Language: ts.Language };
  })();
  return runtime;
}

/** The parser for `language`, loading the runtime and that grammar on first use. */
export function parserFor(language: CodeLanguage): Promise<Parser> {
  let parser = parsers.get(language);
  if (!parser) {
    parser = (async () => {
      const rt = await loadRuntime();
      const { package: pkg, file } = GRAMMAR_FILES[language];
      const bytes = readWasm(`grammars/${file}`, pkg, file);
      try {
        return new rt.Parser().setLanguage(await rt.Language.load(bytes));
      } catch (error) {
        // a grammar built for another runtime ABI: the pair was not moved together
        throw new AdriftError(
          "io_failed",
          `the ${language} grammar (${file}) does not load in this tree-sitter runtime: ${error instanceof Error ? error.message : String(error)}; the runtime and the grammars must be upgraded together`,
          { language, file },
        );
      }
    })();
    // a failed load is not kept: the next call tries again (and says why again)
    parser.catch(() => parsers.delete(language));
    parsers.set(language, parser);
  }
  return parser;
}
