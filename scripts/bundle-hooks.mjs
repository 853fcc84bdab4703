// Bundles what an installed git hook runs (dist/cli/hook-main.js and every module it loads) into
// dist/bundle/hook/: main.cjs with the modules the hooks always load, and a chunk per module they
// load only sometimes (writing marks, judging anchors, reading history). A hook runs on every
// commit, and Node 20 has no compile cache: resolving and linking eighty modules cost more than
// the pre-commit's own work. Same code, fewer files: run after tsc by `npm run build`.
//
// A module that finds files from its own place (`new URL("../../vendor/", import.meta.url)`)
// finds the same ones from the bundle only when it sat two folders below dist/, as the bundle
// does: the build fails if any other such module is bundled.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { bundledPackages, noticesText } from "./third-party-notices.mjs";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const out = path.join(dist, "bundle/hook");
const vendor = path.join(dist, "vendor/");
const DEPTH = 2; // dist/bundle/hook/
/** Small packages without state that every marking pre-commit loads: bundled in. */
const INLINED = new Set(["picomatch", "ulid"]);
const packageOf = (id) =>
  id
    .split("/")
    .slice(0, id.startsWith("@") ? 2 : 1)
    .join("/");

rmSync(out, { recursive: true, force: true });
const result = await build({
  input: { main: path.join(dist, "cli/hook-main.js") },
  platform: "node",
  logLevel: "warn",
  // Packages stay where npm put them (zod, isomorphic-git…), but for the two every marking
  // commit loads; dist/vendor/'s bundles stay where they are: each found from its own place.
  plugins: [
    {
      name: "vendor-external",
      resolveId(id, importer) {
        if (!id.startsWith(".") || importer === undefined) return null;
        const file = path.resolve(path.dirname(importer), id);
        return file.startsWith(vendor) ? { id: file, external: true } : null;
      },
    },
  ],
  external: (id) => !id.startsWith(".") && !path.isAbsolute(id) && !INLINED.has(packageOf(id)),
  // A dynamic import of a module the hooks load anyway stays an import of the same module.
  onLog: (level, log, handler) => {
    if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
  },
  // Written relative to the bundle: dist/vendor/x.js is ../../vendor/x.js from dist/bundle/hook/.
  makeAbsoluteExternalsRelative: false,
  output: {
    paths: (id) => (path.isAbsolute(id) ? path.relative(out, id).split(path.sep).join("/") : id),
    dir: out,
    // CommonJS: Node 20 loads it without the ES module loader's resolving and linking (~7 ms
    // of a marking pre-commit's ~80); the modules import no package that is ES modules only.
    format: "cjs",
    sourcemap: false,
    entryFileNames: "[name].cjs",
    chunkFileNames: "[name]-[hash].cjs",
  },
});

const misplaced = [];
const moduleIds = [];
for (const chunk of result.output) {
  if (chunk.type !== "chunk") continue;
  moduleIds.push(...chunk.moduleIds);
  for (const id of chunk.moduleIds) {
    if (!id.startsWith(dist) || !readFileSync(id, "utf8").includes("import.meta.url")) continue;
    const depth = path.relative(dist, id).split(path.sep).length - 1;
    if (depth !== DEPTH) misplaced.push(path.relative(dist, id));
  }
}
if (misplaced.length > 0) {
  rmSync(out, { recursive: true, force: true });
  console.error(
    `bundle-hooks: ${misplaced.join(", ")} find files from their own place, ${DEPTH} folders below dist/ only: the hook bundle would not find them`,
  );
  process.exit(1);
}
// The packages' license notices travel with their copies.
writeFileSync(
  path.join(out, "THIRD-PARTY-NOTICES.txt"),
  noticesText("dist/bundle/hook/*.cjs", bundledPackages(moduleIds)),
);
