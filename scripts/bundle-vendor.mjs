// Bundles each module of dist/vendor/ with the packages it re-exports into that one file, so a
// command that needs them loads one module instead of a package tree (Node 20 has no compile
// cache for ES modules). Same code, fewer files: run after tsc by `npm run build`.
import { readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { bundledPackages, noticesText } from "./third-party-notices.mjs";

const vendor = fileURLToPath(new URL("../dist/vendor/", import.meta.url));
const moduleIds = [];
for (const name of readdirSync(vendor).filter((f) => f.endsWith(".js"))) {
  const file = `${vendor}${name}`;
  const tmp = `${file}.bundle.tmp`;
  const out = await build({
    input: file,
    platform: "node",
    logLevel: "warn",
    output: { file: tmp, format: "esm", sourcemap: false },
  });
  for (const chunk of out.output) if (chunk.type === "chunk") moduleIds.push(...chunk.moduleIds);
  renameSync(tmp, file);
  rmSync(`${file}.map`, { force: true }); // tsc's map describes the unbundled file
}
// Their licenses travel with the copies (the packages themselves are devDependencies).
writeFileSync(
  `${vendor}THIRD-PARTY-NOTICES.txt`,
  noticesText("dist/vendor/*.js", bundledPackages(moduleIds)),
);
