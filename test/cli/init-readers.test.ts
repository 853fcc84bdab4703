import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "adrift init in a repository that has its own files, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("says it updated an existing .gitattributes, keeping its lines, rather than that it created one", () => {
      const repo = makeRepo();
      repo.commit("attributes", { ".gitattributes": "* text=auto\r\n*.png binary" });
      const first = repo.adrift(["init"], { env });
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/^updated +\.gitattributes$/m);
      expect(first.stdout).not.toMatch(/^created +\.gitattributes$/m);
      expect(repo.read(".gitattributes")).toMatch(
        /^\* text=auto\r\n\*\.png binary\n\.decisions\/log\//,
      );
      const again = repo.adriftJson<{ created: string[]; updated: string[]; kept: string[] }>(
        ["init"],
        { env },
      );
      expect(again.kept).toContain(".gitattributes");
      expect(again.updated).toEqual([]);
      // A repository without one: created.
      const fresh = makeRepo();
      const made = fresh.adriftJson<{ created: string[]; updated: string[] }>(["init"], { env });
      expect(made.created).toContain(".gitattributes");
      expect(made.updated).toEqual([]);
    });
  },
);
