// The pathspecs the hooks hand git cover at least what the scopes match (picomatch), checked
// against real git (`git ls-files -- <pathspecs>`) over random globs and odd file names.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gatePathspecs, pathspecsOfScope } from "../../../src/core/rules/git-pathspecs.js";
import { compileScope, escapeLiteral } from "../../../src/core/rules/scope.js";
import { propertyOptions } from "../../support/property.js";
import { makeRepo } from "../../support/repo.js";

const NAMES = [
  "a",
  "b",
  "ab",
  ".x",
  "é",
  "a b",
  "it's",
  "[a]",
  "a*",
  "x.ts",
  "é.ts",
  "b.md",
  "a\\b",
  "[id]",
  "(group)",
  "[...slug]",
  "+page.svelte",
];
const FILES = [
  ...NAMES,
  ...NAMES.map((n) => `src/${n}`),
  ...NAMES.map((n) => `src/d/${n}`),
  ...NAMES.map((n) => `lib/e/f/${n}`),
  "a.d/x.ts",
  ".hidden/y.ts",
];

const segment = fc.constantFrom(
  "a",
  "b",
  "src",
  "d",
  "lib",
  "e",
  "*",
  "**",
  "?",
  "*.ts",
  "a*",
  "[ab]",
  "[!a]",
  "{a,b}",
  "x.ts",
  "é",
  "a b",
  "it's",
  "\\*",
  "!(a)",
  "@(a|b)",
  "+(a)",
  "é.ts",
  ".x",
  "*.{ts,md}",
  "a\\b",
  "\\[id\\]",
  "\\(group\\)",
  "\\[...slug\\]",
  "\\+page.svelte",
  "+page.svelte",
  "(group)",
);
const glob = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));

describe("git pathspecs for the hook gate", () => {
  const repo = makeRepo();
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(repo.dir, file)), { recursive: true });
    writeFileSync(path.join(repo.dir, file), "x\n");
  }
  repo.git("add", "-A");
  const listed = (specs: string[]) =>
    new Set(
      spawnSync("git", ["ls-files", "-z", "--", ...specs], { cwd: repo.dir, encoding: "utf8" })
        .stdout.split("\0")
        .filter(Boolean),
    );
  const all = [...listed([":(top)"])];

  it("cover every file a scope matches, for random globs, directories and literal paths", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          glob,
          fc.constantFrom(...FILES),
          fc.constantFrom(...FILES.map((f) => escapeLiteral(f))),
          fc.constantFrom("src/", "src/d/", "lib/e", "src/\\[id\\]", "src/d/\\(group\\)/"),
        ),
        (entry) => {
          const scope = compileScope(entry);
          const covered = listed(pathspecsOfScope(entry));
          const missed = all.filter((f) => scope.matches(f) && !covered.has(f));
          expect(missed, `${entry} -> ${pathspecsOfScope(entry).join(" ")}`).toEqual([]);
        },
      ),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("say exactly what git should read where they can, and fall back to whole folders where not", () => {
    expect(pathspecsOfScope("src/a.ts")).toEqual([":(top,literal)src/a.ts"]);
    expect(pathspecsOfScope("src/auth/")).toEqual([":(top,literal)src/auth/"]);
    expect(pathspecsOfScope("src/**/*.ts")).toEqual([":(top,glob)src/**/*.ts"]);
    expect(pathspecsOfScope("src/d/**")).toEqual([":(top,literal)src/d"]);
    expect(pathspecsOfScope("src/{a,b}.ts")).toEqual([":(top,literal)src"]);
    expect(pathspecsOfScope("src/?.ts")).toEqual([":(top,literal)src"]);
    // picomatch matches the directory itself here: the file `a` must be covered.
    expect(pathspecsOfScope("a/**/!(a)")).toEqual([":(top,literal)a"]);
    expect(pathspecsOfScope("{src,lib}/a.ts")).toEqual([":(top)"]);
    expect(gatePathspecs(["src/a.ts", "src/", "lib/x"], [".decisions"])).toEqual([
      ":(top,literal).decisions/",
      ":(top,literal)lib/x",
      ":(top,literal)src/",
    ]);
  });
});
