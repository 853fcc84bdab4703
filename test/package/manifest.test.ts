// The package as a consumer gets it: declared dependencies, metadata, scripts, what is shipped.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { VERSION } from "../../src/cli/program.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8"));

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(path.join(ROOT, relative)).isDirectory()
      ? filesUnder(relative, ends)
      : ends.test(name)
        ? [relative]
        : [];
  });
}

/** The package each bare import names: `a/b/c` → `a`, `@s/a/b` → `@s/a`; types-only imports of `x` → `@types/x` when that is what provides it. */
function importedPackages(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [
    ...text.matchAll(/(?:^|[\s;])(?:import|export)\s[^;"']*?from\s*["']([^"']+)["']/gm),
    ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ...text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith(".") && !s.startsWith("node:") && !builtinModules.includes(s))
    .map((s) => {
      const parts = s.split("/");
      return s.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    });
}

/** A package name as declared: `mdast` (types only) is provided by `@types/mdast`. */
function declaredAs(name: string, declared: Record<string, string>): string | undefined {
  if (name in declared) return name;
  const types = `@types/${name.replace(/^@([^/]+)\//, "$1__")}`;
  return types in declared ? types : undefined;
}

describe("the package manifest", () => {
  it("declares every module the shipped code imports, in dependencies", () => {
    // src/vendor/ is bundled with the packages it re-exports at build (scripts/bundle-vendor.mjs):
    // those are the build's, in devDependencies, and nothing else may import them at run time.
    const sources = filesUnder("src", /\.ts$/);
    expect(sources.length).toBeGreaterThan(50);
    const bundled = new Set(
      sources.filter((f) => f.startsWith("src/vendor/")).flatMap(importedPackages),
    );
    expect(bundled.size).toBeGreaterThan(0);
    const missing = new Set<string>();
    const used = new Set<string>();
    for (const file of sources.filter((f) => !f.startsWith("src/vendor/")))
      for (const name of importedPackages(file)) {
        const as = declaredAs(name, pkg.dependencies);
        if (as) used.add(as);
        else missing.add(`${name} (${file})`);
      }
    expect([...missing]).toEqual([]);
    // and nothing declared that the code does not import (it would only cost consumers)
    expect(Object.keys(pkg.dependencies).filter((d) => !used.has(d))).toEqual([]);
    for (const name of bundled) {
      expect(pkg.devDependencies[name], `${name}, bundled into dist/vendor/`).toBeDefined();
      expect(pkg.dependencies[name], `${name}, bundled into dist/vendor/`).toBeUndefined();
    }
    // The built vendor modules import no package at run time (their statements, not the
    // examples in the comments they carry): only node's own modules.
    let statements = 0;
    for (const file of readdirSync(path.join(ROOT, "dist/vendor")).filter((f) =>
      f.endsWith(".js"),
    )) {
      const text = readFileSync(path.join(ROOT, "dist/vendor", file), "utf8");
      const found = [...text.matchAll(/^(?:import|export)\b[^;]*?from\s*["']([^"']+)["']/gm)];
      statements += found.length;
      expect(
        found.map((m) => m[1]!).filter((s) => !s.startsWith("node:")),
        file,
      ).toEqual([]);
    }
    expect(statements).toBeGreaterThan(0);
  });

  it("ships the license notice of every package a bundle copies in (dist/vendor/, action/)", () => {
    const noticed = (file: string) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      // Each package: a heading `name version (license)` between rules, then its notice.
      const entries = [...text.matchAll(/^={78}\n(\S+) (\S+) \(([^)]*)\)\n={78}\n\n([^=]+)/gm)];
      for (const [, name, , license, notice] of entries) {
        expect(license, name).not.toBe("not stated");
        expect(notice!.trim().length, name).toBeGreaterThan(20);
      }
      return new Set(entries.map((m) => m[1]!));
    };
    const vendor = noticed("dist/vendor/THIRD-PARTY-NOTICES.txt");
    const action = noticed("action/THIRD-PARTY-NOTICES.txt");
    const sources = filesUnder("src", /\.ts$/);
    for (const name of sources.filter((f) => f.startsWith("src/vendor/")).flatMap(importedPackages))
      for (const [set, where] of [
        [vendor, "dist/vendor"],
        [action, "action"],
      ] as const)
        expect(set.has(name), `${name} in ${where}'s notices`).toBe(true);
    // The Action bundles the whole CLI: every runtime dependency is copied into it.
    for (const name of Object.keys(pkg.dependencies))
      if (!name.startsWith("@types/"))
        expect(action.has(name), `${name} in action's notices`).toBe(true);
    expect(pkg.files).toContain("dist");
  });

  it("declares what the tests, benchmarks and scripts import, in dependencies or devDependencies", () => {
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    const files = [
      ...filesUnder("test", /\.(ts|mjs|cjs)$/),
      ...filesUnder("bench", /\.(ts|mjs|cjs)$/),
      ...filesUnder("scripts", /\.(ts|mjs|cjs)$/),
      "vitest.config.ts",
    ].filter((f) => !f.startsWith("test/fixtures/") && !f.startsWith("bench/.work/"));
    const missing = files.flatMap((file) =>
      importedPackages(file)
        .filter((name) => !declaredAs(name, all))
        .map((name) => `${name} (${file})`),
    );
    expect(missing).toEqual([]);
  });

  it("uses caret ranges a library's consumers can dedupe, pinned for our own installs by the lockfile", () => {
    for (const [name, range] of Object.entries(pkg.dependencies as Record<string, string>)) {
      expect(range, name).toMatch(/^\^\d+\.\d+\.\d+$/);
      const locked = lock.packages[`node_modules/${name}`]?.version;
      expect(locked, `${name} in package-lock.json`).toBe(range.slice(1));
    }
    expect(lock.packages[""].dependencies).toEqual(pkg.dependencies);
    expect(lock.packages[""].devDependencies).toEqual(pkg.devDependencies);
    expect(lock.name).toBe(pkg.name);
  });

  it("is git-adrift with two executables, the metadata a consumer checks, and no install-time build", () => {
    expect(pkg.name).toBe("git-adrift");
    // the bundle's CommonJS entry (no ES module loader to start); dist/cli/main.js runs the same
    const bin = "dist/bundle/cli/start.cjs";
    expect(pkg.bin).toEqual({ adrift: bin, "git-adrift": bin });
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(
      /^MIT License\n\nCopyright \(c\) \d{4} the adrift authors\n/,
    );
    expect(pkg.repository.url).toBe("git+https://github.com/adrift-dev/git-adrift.git");
    expect(pkg.homepage).toBe("https://github.com/adrift-dev/git-adrift#readme");
    expect(pkg.bugs.url).toBe("https://github.com/adrift-dev/git-adrift/issues");
    expect(pkg.author).toBeTruthy();
    expect(pkg.keywords.length).toBeGreaterThan(3);
    expect(pkg.engines.node).toBe(">=20.19.0");
    // prepare/install scripts run on every consumer's install of a git dependency
    for (const script of ["prepare", "preinstall", "install", "postinstall"])
      expect(pkg.scripts[script], script).toBeUndefined();
    expect(pkg.scripts.prepack).toContain("build");
    // the README's fresh-machine commands: `npm ci` no longer builds, so these must
    expect(pkg.scripts.demo).toMatch(/^npm run build\b/);
    expect(pkg.scripts.test).toMatch(/^npm run build\b/);
    expect(VERSION).toBe(pkg.version);
  });

  it("ships the built CLI, library, templates and LICENSE, and no source map or source", () => {
    // --ignore-scripts: the suite has just built dist/; prepack would build it again
    const result = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    const files: string[] = JSON.parse(result.stdout)[0].files.map((f: { path: string }) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "package.json",
        "dist/cli/main.js",
        "dist/bundle/cli/start.cjs",
        "dist/index.js",
        "dist/index.d.ts",
        "templates/adr-draft.md",
      ]),
    );
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(files.filter((f) => !/^(dist|templates)\/|^[^/]+$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    for (const entry of ["dist/cli/main.js", "dist/bundle/cli/start.cjs"]) {
      const text = readFileSync(path.join(ROOT, entry), "utf8");
      expect(text.startsWith("#!/usr/bin/env node\n"), entry).toBe(true);
      expect(text, entry).not.toContain("sourceMappingURL");
    }
  });
});
