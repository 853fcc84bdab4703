import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/index.js";
import { makeRepo, testEnv } from "../support/repo.js";

describe("concurrent writes from one process", () => {
  it("serialise on the clone's lock without stalling, into one session and one file", async () => {
    const repo = makeRepo();
    const lib = await openRepository(repo.dir, { env: testEnv() });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        lib.recordIntent({ outcome: `outcome ${i}`, trigger: "t", trivial: true }),
      ),
    );
    // A blocking wait would hold the event loop while this very process holds the lock: a live
    // holder is never broken, so the wait would end in an error instead of these results.
    const sessions = new Set(results.map((r) => r.event.session_id));
    expect(sessions.size).toBe(1);
    const listed = await lib.list();
    expect(listed.map((r) => r.card.outcome).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `outcome ${i}`).sort(),
    );
  });
});
