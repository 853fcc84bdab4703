// Bundles the CLI into dist/bundle/cli/ as CommonJS: `main.cjs` (every command, dist/cli/run.js)
// and `hook.cjs` (what installed git hooks run, dist/cli/hook-main.js), each with the modules it
// always loads, and a chunk per module some runs load (a command, reading history, judging
// anchors…), shared between the two. `start.cjs` (dist/cli/start.js: the `adrift` binary, and what
// installed hooks start) loads one of them without an ES module entry; dist/cli/main.js does
// the same from an ES module. Node 20 has no compile
// cache, and its ES module loader resolves and links each of the ~80 files a command or a marking
// pre-commit loads: from one bundle in CommonJS the same code costs 10–15 ms less a start. Same
// code, fewer files: run after tsc by `npm run build`. The unbundled modules stay in dist/ (the
// library, and the CLI where there is no bundle).
//
// A module that finds files from its own place (`new URL("../../vendor/", import.meta.url)`) is
// given its own place in dist/ back: `import.meta.url` is rewritten to that file's URL, relative
// to the bundle. dist/vendor/'s bundles stay where they are (each found from its own place).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { bundledPackages, noticesText } from "./third-party-notices.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const out = path.join(dist, "bundle/cli");
const vendor = path.join(dist, "vendor/");
/**
 * Bundled in: small packages without state that most starts load, and zod (its ~95 files cost
 * ~12 ms more a start than one chunk; the state it has, its registry and settings, it keeps on
 * `globalThis`, shared with the copy the MCP SDK loads). Every other stays in node_modules.
 */
const INLINED = new Set(["commander", "picomatch", "ulid", "zod"]);
const packageOf = (id) =>
  id
    .split("/")
    .slice(0, id.startsWith("@") ? 2 : 1)
    .join("/");
/** A path from the bundle's folder, as an import or a URL spells it. */
const fromBundle = (file) => path.relative(out, file).split(path.sep).join("/");

rmSync(out, { recursive: true, force: true });
const result = await build({
  input: {
    main: path.join(dist, "cli/run.js"),
    hook: path.join(dist, "cli/hook-main.js"),
    start: path.join(dist, "cli/start.js"),
  },
  platform: "node",
  logLevel: "warn",
  plugins: [
    {
      name: "adrift-places",
      resolveId(id, importer) {
        if (!id.startsWith(".") || importer === undefined) return null;
        const file = path.resolve(path.dirname(importer), id);
        return file.startsWith(vendor) ? { id: file, external: true } : null;
      },
      transform(code, id) {
        if (!code.includes("import.meta.url")) return null;
        const own = `new URL(${JSON.stringify(fromBundle(id))}, import.meta.url).href`;
        return code.replaceAll("import.meta.url", own);
      },
    },
  ],
  external: (id) => !id.startsWith(".") && !path.isAbsolute(id) && !INLINED.has(packageOf(id)),
  // A dynamic import of a module the run loads anyway stays an import of the same module.
  onLog: (level, log, handler) => {
    if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
  },
  // Written relative to the bundle: dist/vendor/x.js is ../../vendor/x.js from dist/bundle/cli/.
  makeAbsoluteExternalsRelative: false,
  output: {
    paths: (id) => (path.isAbsolute(id) ? fromBundle(id) : id),
    dir: out,
    format: "cjs",
    // `import()` of a package, a builtin or dist/vendor/'s bundles becomes `require()` (Node
    // ≥ 20.19 requires ES modules without top-level await): the code cache on Node 20
    // (src/cli/compile-cache.ts) compiles files through `vm.Script`, where `import()` would need
    // an experimental loader.
    dynamicImportInCjs: false,
    sourcemap: false,
    entryFileNames: "[name].cjs",
    chunkFileNames: "[name]-[hash].cjs",
  },
});

const moduleIds = result.output.flatMap((chunk) => (chunk.type === "chunk" ? chunk.moduleIds : []));
// The packages' license notices travel with their copies.
writeFileSync(
  path.join(out, "THIRD-PARTY-NOTICES.txt"),
  noticesText("dist/bundle/cli/*.cjs", bundledPackages(moduleIds)),
);
