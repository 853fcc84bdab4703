import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

describe.each(ADAPTERS)(
  "recording a decision on a file just moved away (%s git adapter)",
  (adapter) => {
    const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});

    it("records it when the scope's file was moved with `git mv` and nothing is committed yet", () => {
      const repo = makeRepo();
      repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
      repo.git("mv", "src/a.ts", "src/c.ts");
      repo.write("src/b.ts", "b2\n");
      const result = repo.adrift(
        [
          "decision",
          "record",
          "--outcome",
          "o",
          "--trivial",
          "--path",
          "src/a.ts",
          "--path",
          "src/b.ts",
          "--json",
        ],
        { env },
      );
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const { id } = JSON.parse(result.stdout) as { id: string };
      const shown = repo.adriftJson<{
        record: { basis: { touched_paths: string[]; uncommitted?: string[] } };
      }>(["show", id], { env });
      expect(shown.record.basis.touched_paths).toEqual(["src/a.ts", "src/b.ts"]);
      // What the author saw: a.ts gone and b.ts edited, both uncommitted.
      expect(shown.record.basis.uncommitted).toEqual(["src/a.ts", "src/b.ts"]);
    });
  },
);
