// A write dated ahead (a clock at 2999, or a forged date) never makes a later write lose
// silently: adrift orders its own writes after what they read, `validate` warns about the
// future-dated line, and `validate --against` fails a pull request that adds one.
import { describe, expect, it } from "vitest";
import { steppingClock } from "../../src/adapters/clock.js";
import { openRepository } from "../../src/index.js";
import { makeRepo, runCli, testEnv } from "../support/repo.js";

const FUTURE = new Date("2999-01-01T00:00:00Z");
const TODAY = new Date("2026-06-01T12:00:00Z");

const open = (dir: string, at: Date) =>
  openRepository(dir, { env: testEnv(), clock: steppingClock(at) });

describe("future-dated events", () => {
  it("a later amendment wins over one recorded with the clock at 2999; validate warns", async () => {
    const repo = makeRepo();
    const today = await open(repo.dir, TODAY);
    const { event } = await today.recordIntent({ outcome: "first", trigger: "t", trivial: true });
    const ahead = await open(repo.dir, FUTURE);
    await ahead.amendRecord(event.id, { outcome: "from 2999", reason: "clock ahead" });
    const later = await open(repo.dir, TODAY);
    await later.amendRecord(event.id, { outcome: "today's", reason: "the real one" });
    const shown = (await later.show(event.id)) as { record: { card: { outcome: string } } };
    expect(shown.record.card.outcome).toBe("today's");
    const report = await later.validate();
    const future = report.problems.filter((p) => p.code === "future_dated");
    // Only the line dated ahead, not the write ordered after it.
    expect(future).toHaveLength(1);
    expect(future[0]).toMatchObject({
      severity: "warning",
      message: expect.stringContaining("2999"),
    });
    expect(report.ok).toBe(true);
  });

  it.each(["cli", "embedded"])(
    "validate --against fails a pull request that adds a future-dated event (%s git)",
    async (adapter) => {
      const repo = makeRepo();
      const today = await open(repo.dir, TODAY);
      const { event } = await today.recordIntent({ outcome: "first", trigger: "t", trivial: true });
      const base = repo.commit("base");
      const ahead = await open(repo.dir, FUTURE);
      await ahead.amendRecord(event.id, { outcome: "pinned", reason: "pin it" });
      repo.commit("pin");
      const result = runCli(repo.dir, ["validate", "--against", base, "--json"], {
        env: testEnv({ ADRIFT_GIT: adapter }),
      });
      expect(result.code).toBe(2);
      const report = JSON.parse(result.stdout) as {
        problems: { code: string; severity: string }[];
      };
      expect(report.problems).toContainEqual(
        expect.objectContaining({ code: "future_dated", severity: "error" }),
      );
    },
  );
});
