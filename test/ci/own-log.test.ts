// adrift's own log, read as a fresh clone of this branch reads it: every record rests on a
// commit this branch's history holds. A record made on a helper branch that was rebased before
// it was merged keeps the old commit as its basis; a local clone still has that object (so
// `adrift doctor` is healthy here), but a clone of the branch alone does not, and there doctor
// calls the clone too shallow (ADR-D011) and CI fails.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createContext } from "../../src/app/dependencies.js";
import { loadProject } from "../../src/app/log/load.js";
import { testEnv } from "../support/repo.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("adrift's own log", () => {
  it("rests every record on a commit of this branch's history", async () => {
    const ctx = await createContext(root, { env: testEnv() });
    const { state } = await loadProject(ctx);
    const history = new Set(
      execFileSync("git", ["rev-list", "HEAD"], { cwd: root, env: testEnv(), encoding: "utf8" })
        .trim()
        .split("\n"),
    );
    const outside = [...state.records.values()]
      .filter((r) => r.status !== "superseded" && r.basis?.revision)
      .filter((r) => !history.has(r.basis!.revision))
      .map((r) => `${r.id} at ${r.basis!.revision.slice(0, 12)}: ${r.card.outcome}`);
    // The fix for each: `adrift decision reverify <id> --note "…"` on this branch.
    expect(outside).toEqual([]);
    expect(state.records.size).toBeGreaterThan(100);
  });
});
