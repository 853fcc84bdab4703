// Bundles each module of dist/vendor/ with the packages it re-exports into that one file, so a
// command that needs them loads one module instead of a package tree (Node 20 has no compile
// cache for ES modules). Same code, fewer files: run after tsc by `npm run build`.
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { bundledPackages, noticesText, wasmPackageFiles } from "./third-party-notices.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const vendor = fileURLToPath(new URL("../dist/vendor/", import.meta.url));
const moduleIds = [];

/** Keeps the build quiet about web-tree-sitter's direct `eval` (Emscripten's EM_ASM glue for
 *  dynamically linked modules, which the grammars never call); every other log goes through. */
function quietTreeSitterEval(level, log, handler) {
  if (log.code === "EVAL" && /web-tree-sitter/.test(log.id ?? log.message)) return;
  handler(level, log);
}
for (const name of readdirSync(vendor).filter((f) => f.endsWith(".js"))) {
  const file = `${vendor}${name}`;
  const tmp = `${file}.bundle.tmp`;
  const out = await build({
    input: file,
    platform: "node",
    logLevel: "warn",
    onLog: quietTreeSitterEval,
    output: { file: tmp, format: "esm", sourcemap: false },
  });
  for (const chunk of out.output) if (chunk.type === "chunk") moduleIds.push(...chunk.moduleIds);
  renameSync(tmp, file);
  rmSync(`${file}.map`, { force: true }); // tsc's map describes the unbundled file
}
// The wasm files symbol anchors parse with: tree-sitter's runtime beside its bundle, and only the
// grammars' .wasm from their packages (devDependencies: the rest of them is a native build that
// adrift never runs).
mkdirSync(`${vendor}grammars`, { recursive: true });
for (const { package: name, file, from } of await wasmPackageFiles(root)) {
  copyFileSync(from, name === "web-tree-sitter" ? `${vendor}${file}` : `${vendor}grammars/${file}`);
  moduleIds.push(from);
}
// The search engine the site's search page runs in the browser (minisearch), built for a browser
// as one minified script that defines `MiniSearch`: `site build` inlines it into that page.
mkdirSync(`${vendor}site`, { recursive: true });
const searchOut = await build({
  input: fileURLToPath(import.meta.resolve("minisearch")),
  platform: "browser",
  logLevel: "warn",
  output: {
    file: `${vendor}site/minisearch.js`,
    format: "iife",
    name: "MiniSearch",
    exports: "default",
    minify: true,
    sourcemap: false,
  },
});
for (const chunk of searchOut.output)
  if (chunk.type === "chunk") moduleIds.push(...chunk.moduleIds);
// Their licenses travel with the copies (the packages themselves are devDependencies).
writeFileSync(
  `${vendor}THIRD-PARTY-NOTICES.txt`,
  noticesText("dist/vendor/*.js", bundledPackages(moduleIds)),
);
