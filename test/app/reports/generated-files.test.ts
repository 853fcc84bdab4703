import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createContext } from "../../../src/app/dependencies.js";
import { refreshGeneratedFiles } from "../../../src/app/reports/generated-files.js";
import { adrsOnTwoBranches, makeRepo, testEnv } from "../../support/repo.js";

describe("refreshGeneratedFiles", () => {
  it("leaves the index alone while a merge waits on its conflict, and rewrites it once committed", async () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    const { beta } = adrsOnTwoBranches(repo);
    // The index merges (one line per ADR, merge=union); another file conflicts.
    repo.commit("main's notes", { "notes.txt": "main\n" });
    repo.git("checkout", "-q", "b");
    repo.commit("b's notes", { "notes.txt": "b\n" });
    repo.git("checkout", "-q", "main");
    const merge = spawnSync("git", ["merge", "--no-edit", "b"], { cwd: repo.dir, env: testEnv() });
    expect(merge.status).toBe(1);
    const conflicted = repo.read("docs/adr/README.md");
    expect(conflicted).not.toContain("<<<<<<<");

    const ctx = await createContext(repo.dir, { env: testEnv() });
    expect(await refreshGeneratedFiles(ctx)).toEqual({
      written: [],
      skipped: "a merge is in progress",
    });
    expect(repo.read("docs/adr/README.md")).toBe(conflicted);

    repo.git("checkout", "--ours", "notes.txt");
    repo.git("checkout", "HEAD", "--", "docs/adr/README.md");
    repo.commit("merge b, keeping main's index");
    expect(await refreshGeneratedFiles(ctx)).toEqual({ written: ["docs/adr/README.md"] });
    expect(repo.read("docs/adr/README.md")).toContain(beta.path.split("/").at(-1));
    expect(await refreshGeneratedFiles(ctx)).toEqual({ written: [] });
  });
});
