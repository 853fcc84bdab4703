import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scopeProblem } from "../../../src/core/events/common.js";
import { compileScope, matchingScopes, scopeKind } from "../../../src/core/rules/scope.js";
import { propertyOptions } from "../../support/property.js";

describe("scope entries", () => {
  it("classifies paths, directory prefixes and globs", () => {
    expect(scopeKind("src/auth/login.ts")).toBe("path");
    expect(scopeKind("src/auth/")).toBe("directory");
    expect(scopeKind("src/api/**/*.ts")).toBe("glob");
  });

  it("matches a path, and everything below it when it names a directory", () => {
    const scope = compileScope("src/auth");
    expect(scope.matches("src/auth")).toBe(true);
    expect(scope.matches("src/auth/login.ts")).toBe(true);
    expect(scope.matches("src/authz/x.ts")).toBe(false);
  });

  it("matches a directory prefix only below it", () => {
    const scope = compileScope("src/auth/");
    expect(scope.matches("src/auth/deep/x.ts")).toBe(true);
    expect(scope.matches("src/authz/x.ts")).toBe(false);
  });

  it("matches globs, dot files included", () => {
    const scope = compileScope("src/**/*.ts");
    expect(scope.matches("src/a/b/c.ts")).toBe(true);
    expect(scope.matches("src/.hidden/c.ts")).toBe(true);
    expect(scope.matches("lib/c.ts")).toBe(false);
  });

  it("orders deeper, literal scopes as more specific", () => {
    const file = compileScope("src/auth/login.ts").specificity;
    const dir = compileScope("src/auth/").specificity;
    const glob = compileScope("src/**").specificity;
    expect(file).toBeGreaterThan(dir);
    expect(dir).toBeGreaterThan(glob);
  });

  it("lists the scopes that match a path", () => {
    const scopes = ["src/", "docs/", "src/**/*.ts"].map(compileScope);
    expect(matchingScopes(scopes, "src/a.ts").map((s) => s.entry)).toEqual(["src/", "src/**/*.ts"]);
  });

  it("refuses unsafe scope entries", () => {
    expect(scopeProblem("/etc/passwd")).toMatch(/absolute/);
    expect(scopeProblem("C:\\x")).toMatch(/absolute/);
    expect(scopeProblem("a/../b")).toMatch(/\.\./);
    expect(scopeProblem("..\\b")).toMatch(/\.\./);
    expect(scopeProblem("")).toBe("is empty");
    expect(scopeProblem("src/a..b.ts")).toBeUndefined();
  });

  it("a plain path scope matches exactly itself and its descendants", () => {
    const segment = fc.stringMatching(/^[a-z]{1,5}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.array(segment), (a, b) => {
        const entry = a.join("/");
        const candidate = [...a, ...b].join("/");
        expect(compileScope(entry).matches(candidate)).toBe(true);
        expect(compileScope(entry).matches(`${entry}x`)).toBe(false);
      }),
      propertyOptions(),
    );
  });
});
