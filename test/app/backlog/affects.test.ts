import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/app/repository.js";
import { makeRepo, testEnv } from "../../support/repo.js";

const logText = (dir: string) => {
  const logDir = path.join(dir, ".decisions/log");
  return readdirSync(logDir)
    .map((f) => readFileSync(path.join(logDir, f), "utf8"))
    .join("");
};

describe("a decision's affects", () => {
  it("names stories by key or prefix and is stored as ids; an unknown one is refused with nothing written", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    const lib = await openRepository(repo.dir, { env: testEnv() });
    await lib.addEpic({ title: "Checkout", key: "EP-1" });
    const story = await lib.addStory({ title: "Pay by card", epic_id: "EP-1", key: "ST-7" });
    const decided = await lib.recordDecision({
      outcome: "card payments retry once",
      touched_paths: ["src/a.ts"],
      trivial: true,
      affects: { rules: [], stories: ["ST-7"], tasks: [] },
    });
    const data = decided.event.data as { affects: { stories: string[] } };
    expect(data.affects.stories).toEqual([story.id]);

    const before = logText(repo.dir);
    await expect(
      lib.recordDecision({
        outcome: "names a story nobody created",
        touched_paths: ["src/a.ts"],
        trivial: true,
        affects: { rules: [], stories: ["ST-404"], tasks: [] },
      }),
    ).rejects.toMatchObject({ code: "unknown_reference" });
    expect(logText(repo.dir)).toBe(before);
  });
});
