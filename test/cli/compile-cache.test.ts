// The compiled-code cache of the CLI's bundle: Node ≥ 22.1 keeps its own (module.
// enableCompileCache), Node 20 adrift's (src/cli/compile-cache.ts). Spawned runs, since the
// cache is the process's: a run from the cache prints what a run without it prints, a cache
// that was damaged is refused and made again, and a folder others can write is never used.

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import nodeModule, { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { makeRepo, runCli, type TestRepo, testEnv } from "../support/repo.js";

/** Node 20: adrift's own cache (Node ≥ 22.1 keeps its own, in its own layout). */
const adriftCache = !(nodeModule as { enableCompileCache?: unknown }).enableCompileCache;

let repo: TestRepo;
beforeAll(() => {
  repo = makeRepo();
  runCli(repo.dir, ["init"]);
  runCli(repo.dir, [
    "decision",
    "record",
    "--outcome",
    "Cache compiled code",
    "--path",
    "src/a.ts",
  ]);
});

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const run = (folder: string, extra: NodeJS.ProcessEnv = {}) => {
  const env = testEnv({ NODE_COMPILE_CACHE: folder, ...extra });
  // set at all (even empty), it turns the cache off, in Node's and in adrift's
  if (!("NODE_DISABLE_COMPILE_CACHE" in extra)) delete env.NODE_DISABLE_COMPILE_CACHE;
  return runCli(repo.dir, ["list", "--json"], { spawn: true, env });
};

describe("the compiled-code cache", () => {
  it("is written by a first run, and a run from it prints the same", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "adrift-cc-"));
    const first = run(folder);
    expect(first.code).toBe(0);
    expect(files(folder).length).toBeGreaterThan(0);
    const second = run(folder);
    expect(second).toEqual(first);
    expect(JSON.parse(second.stdout).records[0].card.outcome).toBe("Cache compiled code");
  });

  it("is neither read nor written with NODE_DISABLE_COMPILE_CACHE=1", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "adrift-cc-"));
    expect(run(folder, { NODE_DISABLE_COMPILE_CACHE: "1" }).code).toBe(0);
    expect(files(folder)).toEqual([]);
  });
});

// On Node 20 adrift's own cache: a folder per Node, a file per bundle file named by its text's
// digest. On Node ≥ 22.1 Node's (its own layout): adrift writes nothing of its own there.
describe(adriftCache ? "adrift's cache (Node 20)" : "Node's own cache (Node ≥ 22.1)", () => {
  const tagged = (folder: string) => path.join(folder, `${process.version}-${process.arch}`);
  /** The files adrift's own cache wrote in `folder`. */
  const adriftFiles = (folder: string) => (existsSync(tagged(folder)) ? files(tagged(folder)) : []);

  it("keeps what a run compiled, and a later run leaves it be", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "adrift-cc-"));
    run(folder);
    const written = files(folder);
    expect(written.length).toBeGreaterThan(3);
    if (adriftCache) {
      expect(adriftFiles(folder)).toEqual(written);
      for (const file of written) expect(path.basename(file)).toMatch(/^[0-9a-f]{40}$/);
    } else expect(adriftFiles(folder)).toEqual([]);
    const stamps = written.map((f) => statSync(f).mtimeMs);
    run(folder);
    expect(files(folder)).toEqual(written);
    expect(written.map((f) => statSync(f).mtimeMs)).toEqual(stamps);
  });

  it("keeps the packages' code a run loads too (isomorphic-git, the embedded git), and prints the same", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "adrift-cc-"));
    const env = testEnv({ NODE_COMPILE_CACHE: folder, ADRIFT_GIT: "embedded" });
    delete env.NODE_DISABLE_COMPILE_CACHE;
    const validate = () => runCli(repo.dir, ["validate", "--json"], { spawn: true, env });
    const first = validate();
    expect(first.code).toBe(0);
    // zod is in the bundle; isomorphic-git is loaded from node_modules, and what it requires
    // (its own file holds `import(`, so Node compiles it: `cli/compile-cache.ts`).
    const git = createRequire(createRequire(import.meta.url).resolve("isomorphic-git"));
    const lock = git.resolve("async-lock");
    const digest = createHash("sha1").update(readFileSync(lock, "utf8")).digest("hex");
    const names = files(folder).map((f) => path.basename(f));
    if (adriftCache) expect(names).toContain(digest);
    else expect(names).not.toContain(digest);
    expect(validate()).toEqual(first);
  });

  it("runs from damaged data as without it; adrift's refuses it and writes it again", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "adrift-cc-"));
    const clean = run(folder);
    const written = files(folder);
    for (const file of written) writeFileSync(file, "not V8's code cache");
    expect(run(folder)).toEqual(clean);
    if (adriftCache)
      for (const file of written)
        expect(readFileSync(file, "utf8")).not.toBe("not V8's code cache");
  });

  it("is not adrift's in a folder others can write", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "adrift-cc-"));
    chmodSync(folder, 0o777);
    expect(run(folder).code).toBe(0);
    expect(adriftFiles(folder)).toEqual([]);
    // Node's own cache does not ask who can write its folder
    if (adriftCache) expect(files(folder)).toEqual([]);
  });
});

describe("adrift's cache, given packages of every kind", () => {
  it("compiles a package's CommonJS from the cache and leaves ES modules to Node", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "adrift-cc-packages-"));
    const pkg = (name: string, manifest: object, code: string) => {
      mkdirSync(path.join(dir, "node_modules", name), { recursive: true });
      writeFileSync(path.join(dir, "node_modules", name, "package.json"), JSON.stringify(manifest));
      writeFileSync(path.join(dir, "node_modules", name, "index.js"), code);
    };
    pkg("plain", { name: "plain", main: "index.js" }, "module.exports = { x: 7 };\n");
    // ES module syntax in a `.js` without "type": Node tells it from the syntax
    pkg("detected", { name: "detected", main: "index.js" }, "export const x = 42;\n");
    pkg("typed", { name: "typed", type: "module", main: "index.js" }, "export const x = 5;\n");
    const folder = path.join(dir, "cache");
    const cache = path.resolve(import.meta.dirname, "../../dist/cli/compile-cache.js");
    const script = [
      `import { createRequire } from "node:module";`,
      `const { cacheCompiledCode } = await import(${JSON.stringify(pathToFileURL(cache).href)});`,
      `const flush = cacheCompiledCode({ bundle: "/no/bundle/", folder: ${JSON.stringify(folder)}, tag: "t", uid: process.getuid?.() });`,
      `const require = createRequire(${JSON.stringify(path.join(dir, "main.mjs"))});`,
      `console.log(["plain", "detected", "typed"].map((p) => require(p).x).join(" "));`,
      "flush?.();",
    ].join("\n");
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: testEnv(),
    });
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.stdout.trim()).toBe("7 42 5");
    const digestOf = (name: string) =>
      createHash("sha1")
        .update(readFileSync(path.join(dir, "node_modules", name, "index.js"), "utf8"))
        .digest("hex");
    const names = files(folder).map((f) => path.basename(f));
    expect(names).toEqual([digestOf("plain")]);
  });
});
