import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { envFor } from "../../../src/adapters/git/open.js";
import { withWorklineTrailer } from "../../../src/core/rules/trailer.js";
import { assessByHistory } from "../../../src/core/staleness/assess-history.js";
import { type CommitInfo, indexHistory } from "../../../src/core/staleness/history.js";
import { recordsTouching } from "../../../src/core/staleness/records-touching.js";
import { CandidateCache } from "../../../src/core/staleness/scope-candidates.js";
import { propertyOptions } from "../../support/property.js";

const FILES = ["src/a.ts", "src/b.ts", "src/deep/c.ts", "lib/d.md"];

/** A random DAG of commits (each commit's parents are earlier commits) with random changes. */
const history = fc
  .array(
    fc.record({
      parents: fc.array(fc.nat(), { maxLength: 2 }),
      changes: fc.array(
        fc.record({ status: fc.constantFrom("A", "M", "D"), file: fc.constantFrom(...FILES) }),
        { maxLength: 3 },
      ),
      workline: fc.boolean(),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((raw) =>
    raw.map(
      (c, i): CommitInfo => ({
        hash: `c${i}`,
        parents: i === 0 ? [] : [...new Set(c.parents.map((p) => `c${p % i}`))],
        author: "A",
        author_email: "a@x",
        time: i,
        subject: `commit ${i}`,
        worklines: c.workline ? ["W"] : [],
        changes: c.changes.map((ch) => ({ status: ch.status as "A" | "M" | "D", path: ch.file })),
      }),
    ),
  );

function assess(commits: CommitInfo[], basis: string, scope: string[]) {
  const index = indexHistory(commits, [basis]);
  const record = {
    id: "R",
    kind: "decision" as const,
    basis: { revision: basis, touched_paths: scope },
    workline_id: "W",
    recorded: false,
  };
  return assessByHistory(record, index, new CandidateCache(index.paths));
}

describe("staleness rules", () => {
  it("do not depend on the order git lists commits in", () => {
    fc.assert(
      fc.property(
        history,
        fc.nat(),
        fc.constantFrom<string[]>(["src/"], ["src/a.ts"], ["**/*.ts"]),
        (commits, b, scope) => {
          const basis = commits[b % commits.length]!.hash;
          const forward = assess(commits, basis, scope);
          const backward = assess([...commits].reverse(), basis, scope);
          expect(backward.state).toBe(forward.state);
          expect(new Set(backward.paths.map((p) => p.path))).toEqual(
            new Set(forward.paths.map((p) => p.path)),
          );
        },
      ),
      propertyOptions(),
    );
  });

  it("never count a commit of the record's own workline or one the basis already contains", () => {
    fc.assert(
      fc.property(history, fc.nat(), (commits, b) => {
        const basis = commits[b % commits.length]!.hash;
        const finding = assess(commits, basis, ["src/", "lib/"]);
        const ancestors = new Set<string>();
        const byHash = new Map(commits.map((c) => [c.hash, c]));
        const walk = (h: string) => {
          if (ancestors.has(h)) return;
          ancestors.add(h);
          for (const p of byHash.get(h)?.parents ?? []) walk(p);
        };
        walk(basis);
        for (const c of finding.commits) {
          expect(ancestors.has(c.hash)).toBe(false);
          expect(byHash.get(c.hash)?.worklines).not.toContain("W");
        }
      }),
      propertyOptions(),
    );
  });

  it("finds every record a staged path can touch", () => {
    const records = [
      ["src/a.ts"],
      ["src/"],
      ["src"],
      ["src/**/*.ts"],
      ["lib/x.md"],
      ["**/*.md"],
    ].map((touched, i) => ({
      id: `R${i}`,
      kind: "decision" as const,
      basis: { revision: "x", touched_paths: touched },
      recorded: false,
    }));
    expect(recordsTouching(records, ["src/a.ts"]).map((r) => r.id)).toEqual([
      "R0",
      "R1",
      "R2",
      "R3",
    ]);
    expect(recordsTouching(records, ["docs/n.md"]).map((r) => r.id)).toEqual(["R5"]);
  });
});

describe("the workline trailer", () => {
  it("is added after the body, joins an existing trailer block, and keeps comments last", () => {
    expect(withWorklineTrailer("Fix login\n", "W1")).toBe("Fix login\n\nAdrift-Workline: W1\n");
    expect(withWorklineTrailer("Fix\n\nbody\n\nSigned-off-by: A <a@x>\n", "W1")).toBe(
      "Fix\n\nbody\n\nSigned-off-by: A <a@x>\nAdrift-Workline: W1\n",
    );
    expect(withWorklineTrailer("fix: x\n# Please enter\n# the message\n", "W1")).toBe(
      "fix: x\n\nAdrift-Workline: W1\n# Please enter\n# the message\n",
    );
  });

  it("leaves an empty message empty (aborting a commit still aborts) and never adds it twice", () => {
    expect(withWorklineTrailer("\n# Please enter the commit message\n", "W1")).toBeUndefined();
    expect(withWorklineTrailer("Fix\n\nAdrift-Workline: W1\n", "W1")).toBeUndefined();
  });
});

describe("the environment of git commands inside a hook", () => {
  const location = { root: "/r", gitDir: "/r/.git", commonDir: "/r/.git" };
  it("keeps the hook's own index and strips every other redirection", () => {
    const env = { GIT_INDEX_FILE: ".git/next-index-1.lock", GIT_DIR: ".git", PATH: "/bin" };
    expect(envFor(location, env, "/r")).toEqual({
      GIT_INDEX_FILE: "/r/.git/next-index-1.lock",
      PATH: "/bin",
    });
  });
  it("drops an index that belongs to another repository", () => {
    expect(envFor(location, { GIT_INDEX_FILE: "/other/.git/index" }, "/r")).toEqual({});
  });
});
