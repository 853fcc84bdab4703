import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fetchCommand } from "../../../src/app/reports/diff-range.js";
import { fullRuns, propertyOptions } from "../../support/property.js";

/** What git says of `name` as a branch name (the oracle). */
function gitAcceptsBranch(name: string): boolean {
  return (
    spawnSync("git", ["check-ref-format", "--branch", name], { encoding: "utf8" }).status === 0
  );
}

const piece = fc.constantFrom(
  "main",
  "feature",
  "a",
  "/",
  ".",
  "..",
  "-",
  "~",
  "^",
  ":",
  "?",
  "*",
  "[",
  "\\",
  " ",
  "@",
  "{",
  ".lock",
  "\t",
  "é",
);
const name = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(""));

describe("the fetch command a usage error suggests", () => {
  it("is given only for a name git accepts as a branch, and names it", () => {
    let given = 0;
    fc.assert(
      fc.property(name, (ref) => {
        const command = fetchCommand(ref);
        if (command !== undefined) {
          given++;
          expect(gitAcceptsBranch(ref.replace(/^(refs\/remotes\/)?origin\//, ""))).toBe(true);
          expect(command.startsWith("git fetch origin ")).toBe(true);
        }
      }),
      propertyOptions({ numRuns: 500 }),
    );
    if (fullRuns()) expect(given).toBeGreaterThan(10); // the oracle was asked (about 7 % of the names)
  });

  it("says how to fetch a branch, a remote branch and a commit id; nothing for an option or a revision expression", () => {
    expect(fetchCommand("nosuchref")).toBe("git fetch origin nosuchref:nosuchref");
    expect(fetchCommand("refs/heads/nope")).toBe("git fetch origin nope:nope");
    expect(fetchCommand("origin/main")).toBe("git fetch origin main");
    const id = "0123456789abcdef0123456789abcdef01234567";
    expect(fetchCommand(id)).toBe(`git fetch origin ${id}`);
    for (const ref of ["--output=/tmp/x", "-x", "main~2", "main^", "a..b", "HEAD@{1}", "x y"])
      expect(fetchCommand(ref), ref).toBeUndefined();
  });
});
