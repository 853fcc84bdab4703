// File and folder names with glob characters (Next.js `[id]`, `[...slug]`, `(group)`, SvelteKit
// `+page.svelte`, Nuxt `[[opt]]`): an escaped entry names exactly that path, and every matcher
// of scopes (one entry, a compiled list, the scope index, candidates, the hooks' pathspecs as
// strings) agrees; `!` entries take paths out of the others.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeScopes } from "../../../src/app/recording/basis.js";
import { scopeProblem } from "../../../src/core/events/common.js";
import { coverageExclusion } from "../../../src/core/rules/coverage-exclude.js";
import { pathspecsOfScope } from "../../../src/core/rules/git-pathspecs.js";
import {
  compileScope,
  compileScopes,
  escapeLiteral,
  literalBase,
  scopeKind,
  scopeMatcher,
  unescapeEntry,
} from "../../../src/core/rules/scope.js";
import { candidatesFor } from "../../../src/core/staleness/scope-candidates.js";
import {
  buildScopeIndex,
  coverageOf,
  governorsOf,
} from "../../../src/core/staleness/scope-index.js";
import { propertyOptions } from "../../support/property.js";

/** Name pieces with every character a glob reads specially, and plain ones. */
const PIECE = fc.constantFrom(
  "[id]",
  "[...slug]",
  "[[opt]]",
  "(group)",
  "+page.svelte",
  "+layout",
  "@modal",
  "!x",
  "{a,b}",
  "a*",
  "?",
  "x.ts",
  "a",
  "é",
  "a b",
  "**",
  "a\\b",
  "[!a]",
  "!(a)",
);
const NAME = fc
  .array(PIECE, { minLength: 1, maxLength: 2 })
  .map((p) => p.join(""))
  .filter((n) => n !== "." && n !== "..");
const PATH = fc.array(NAME, { minLength: 1, maxLength: 3 }).map((s) => s.join("/"));

describe("scope entries naming paths with glob characters", () => {
  it("an escaped entry reads back as the path and is a path or a directory", () => {
    fc.assert(
      fc.property(PATH, fc.boolean(), (path, inGlob) => {
        const entry = escapeLiteral(path, inGlob);
        expect(unescapeEntry(entry)).toBe(path);
        expect(scopeKind(entry)).toBe("path");
        expect(scopeKind(`${entry}/`)).toBe("directory");
        expect(literalBase(entry)).toBe(path);
      }),
      propertyOptions({ numRuns: 500 }),
    );
  });

  it("matches the path it names and what lies below it, nothing else, in every matcher", () => {
    fc.assert(
      fc.property(PATH, fc.array(PATH, { maxLength: 6 }), (named, others) => {
        const entry = escapeLiteral(named);
        const folder = `${entry}/`;
        const paths = [...new Set([named, `${named}/in.ts`, ...others])].sort();
        const expected = (p: string) => p === named || p.startsWith(`${named}/`);
        const below = (p: string) => p.startsWith(`${named}/`);
        const scope = compileScope(entry);
        const dir = compileScope(folder);
        const index = buildScopeIndex([
          { id: "file", kind: "decision", entries: [entry] },
          { id: "dir", kind: "decision", entries: [folder] },
        ]);
        const coverage = coverageOf(index);
        for (const p of paths) {
          expect(scope.matches(p), `${entry} on ${p}`).toBe(expected(p));
          expect(dir.matches(p), `${folder} on ${p}`).toBe(below(p));
          const ids = governorsOf(index, p).map((m) => m.id);
          expect(ids.includes("file"), `index ${entry} on ${p}`).toBe(expected(p));
          expect(ids.includes("dir"), `index ${folder} on ${p}`).toBe(below(p));
          expect(coverage.covers(p)).toBe(expected(p));
        }
        expect(candidatesFor(scope, paths)).toEqual(paths.filter(expected));
        expect(candidatesFor(dir, paths)).toEqual(paths.filter(below));
        // The hooks ask git for the path itself, literally.
        expect(pathspecsOfScope(entry)).toEqual([`:(top,literal)${named}`]);
      }),
      propertyOptions({ numRuns: 300 }),
    );
  });

  it("a glob with escaped folders lists below them and matches as picomatch reads it", () => {
    const scope = compileScope(`app/${escapeLiteral("(group)", true)}/**/*.tsx`);
    expect(scope.kind).toBe("glob");
    expect(scope.literal).toBe("app/(group)/");
    expect(scope.matches("app/(group)/about/page.tsx")).toBe(true);
    expect(scope.matches("app/group/about/page.tsx")).toBe(false);
    expect(pathspecsOfScope(scope.entry)).toEqual([":(top,literal)app/(group)"]);
  });

  it("reads a backslash before a glob character as an escape, other backslashes as separators", () => {
    expect(normalizeScopes(["app/\\[id\\]/", "src\\a.ts", "!src\\errors/**"])).toEqual([
      "app/\\[id\\]/",
      "src/a.ts",
      "!src/errors/**",
    ]);
    // Before a wildcard a backslash escapes it: `src\**` is a file named `**`, not a folder.
    expect(normalizeScopes(["src\\**"])).toEqual(["src\\**"]);
    expect(scopeKind("app/\\[id\\]/")).toBe("directory");
    // An escape cannot smuggle a `..` past the check.
    expect(scopeProblem("a/\\.\\./b")).toBe("contains '..'");
    expect(compileScope("app/\\[id\\]/").matches("app/[id]/page.tsx")).toBe(true);
  });
});

describe("exclusions", () => {
  it("take paths out of the other entries of their scope, in every matcher", () => {
    const entries = ["src/**", "!src/errors/**", "lib/a.ts"];
    const matches = scopeMatcher(entries);
    const index = buildScopeIndex([{ id: "r", kind: "decision", entries }]);
    const coverage = coverageOf(index);
    const cases: [string, boolean][] = [
      ["src/a.ts", true],
      ["src/errors/e.ts", false],
      ["src/errors", false], // `src/errors/**` matches the folder's own path too
      ["lib/a.ts", true],
      ["lib/b.ts", false],
      ["README.md", false],
    ];
    for (const [p, want] of cases) {
      expect(matches(p), p).toBe(want);
      expect(governorsOf(index, p).length > 0, `index on ${p}`).toBe(want);
      expect(coverage.covers(p), `coverage on ${p}`).toBe(want);
    }
    const scopes = compileScopes(entries);
    expect(scopes.map((s) => s.exclude)).toEqual([false, true, false]);
    const all = ["lib/a.ts", "src/a.ts", "src/errors/e.ts"];
    expect(scopes.flatMap((s) => candidatesFor(s, all))).toEqual(["src/a.ts", "lib/a.ts"]);
    // The hooks' pathspecs stay a superset: an exclusion adds none and removes none.
    expect(pathspecsOfScope("!src/errors/**")).toEqual([]);
  });

  it("are refused alone: a scope must say what it rests on", () => {
    expect(() => normalizeScopes(["!src/errors/**"])).toThrow(/only excludes/);
  });

  it("in coverage.exclude take files back (gitignore's reading)", () => {
    const excluded = coverageExclusion(["test/**", "!test/e2e/**", "**/*.png"]);
    expect(excluded("test/unit/a.test.ts")).toBe(true);
    expect(excluded("test/e2e/flow.test.ts")).toBe(false);
    expect(excluded("media/logo.png")).toBe(true);
    expect(excluded("src/a.ts")).toBe(false);
    expect(coverageExclusion(["!src/**"])("src/a.ts")).toBe(false);
  });
});
