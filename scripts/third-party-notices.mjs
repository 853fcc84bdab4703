// The license notices of the packages a bundle holds. A bundle copies their code into adrift's
// files, where a package's own LICENSE file no longer travels with it (an install of adrift does
// not install them): their licenses (MIT, ISC, BSD) ask that the notice goes with every copy. The
// build scripts write one notices file beside each bundle.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const LICENSE_FILE = /^(licen[cs]e|copying|notice)([.-][a-z0-9.-]+)?$/i;

/** The package root of a module file inside node_modules, or undefined. */
function packageRoot(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || at + 1 >= parts.length) return undefined;
  const length = parts[at + 1].startsWith("@") ? 3 : 2;
  return parts.slice(0, at + length).join("/");
}

/**
 * The packages whose files are among `moduleIds` (a bundle's modules), each with its name,
 * version, license and the text of its license files, sorted by name.
 */
export function bundledPackages(moduleIds) {
  const roots = new Set();
  for (const id of moduleIds) {
    const root = packageRoot(id);
    if (root) roots.add(root);
  }
  const packages = [];
  for (const root of roots) {
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const files = readdirSync(root)
      .filter((f) => LICENSE_FILE.test(f))
      .sort();
    packages.push({
      name: manifest.name,
      version: manifest.version,
      license: licenseOf(manifest),
      author: typeof manifest.author === "string" ? manifest.author : manifest.author?.name,
      texts: files.map((f) => readFileSync(path.join(root, f), "utf8").trim()),
    });
  }
  return packages.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The license a package.json names (`license`, or the older `licenses` list). */
function licenseOf(manifest) {
  if (typeof manifest.license === "string") return manifest.license;
  if (typeof manifest.license?.type === "string") return manifest.license.type;
  const types = (manifest.licenses ?? []).map((l) => l?.type).filter(Boolean);
  return types.length ? types.join(" OR ") : "not stated";
}

/** The notices file for the packages bundled into `what` (a sentence naming the bundle). */
export function noticesText(what, packages) {
  const lines = [
    `Third-party software bundled into ${what}, with the license notice each package carries.`,
    "Written by the build (scripts/third-party-notices.mjs): do not edit.",
    "",
  ];
  for (const p of packages) {
    lines.push("=".repeat(78), `${p.name} ${p.version} (${p.license})`, "=".repeat(78), "");
    if (p.texts.length === 0)
      lines.push(
        `The package ships no license file; its package.json gives the license ${p.license}` +
          (p.author ? ` and the author ${p.author}.` : "."),
        "",
      );
    for (const text of p.texts) lines.push(text, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/**
 * The module files each bundled module of dist/vendor/ holds, found by bundling its source
 * (src/vendor/*.ts re-exports packages) in memory: a bundle built from dist/ sees only the
 * vendor bundles, not the packages inside them.
 */
export async function vendorModuleIds(root) {
  const { build } = await import("rolldown");
  const dir = path.join(root, "src/vendor");
  const ids = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort()) {
    const out = await build({
      input: path.join(dir, name),
      platform: "node",
      logLevel: "silent",
      write: false,
      output: { format: "esm" },
    });
    for (const chunk of out.output) if (chunk.type === "chunk") ids.push(...chunk.moduleIds);
  }
  return ids;
}

/**
 * The wasm files symbol anchors parse with, in the packages they come from (the tree-sitter
 * runtime's and each grammar's, as the loader lists them in dist/adapters/anchors/): their
 * packages' notices go with the copies.
 */
export async function wasmPackageFiles(root) {
  const { GRAMMAR_FILES, RUNTIME_FILE } = await import(
    pathToFileURL(path.join(root, "dist/adapters/anchors/tree-sitter-runtime.js")).href
  );
  return [RUNTIME_FILE, ...Object.values(GRAMMAR_FILES)].map((w) => ({
    ...w,
    from: path.join(root, "node_modules", w.package, w.file),
  }));
}
