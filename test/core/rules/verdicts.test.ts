import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AdriftError } from "../../../src/core/errors.js";
import type {
  TaskStatus,
  TaskView,
  Verdict,
  VerdictView,
} from "../../../src/core/project/backlog-types.js";
import {
  assertVoice,
  consolidateVerdicts,
  qaRound,
  verdictEffect,
} from "../../../src/core/rules/verdicts.js";
import { propertyOptions } from "../../support/property.js";

const task = (status: TaskStatus, cycles = 0): TaskView => ({
  id: "01JTASK",
  story_id: "01JSTORY",
  title: "t",
  status,
  cycles,
  verdicts: [],
  round: [],
  at: "2026-01-01T00:00:00Z",
});

describe("verdicts (seed 0214 §6)", () => {
  const cases: [TaskStatus, number, Verdict, number, string, boolean?][] = [
    ["in_review", 0, "approved", 3, "done", false],
    ["in_review", 0, "changes_requested", 3, "in_progress", true],
    ["in_review", 2, "changes_requested", 3, "in_progress", true],
    ["in_review", 3, "changes_requested", 3, "blocked", true],
    ["in_review", 0, "changes_requested", 0 + 1, "in_progress", true],
    ["in_review", 1, "changes_requested", 1, "blocked", true],
    ["in_review", 3, "needs_user_decision", 3, "parked", false],
    ["in_review", 0, "needs_user_decision", 3, "parked", false],
    ["todo", 0, "approved", 3, "invalid_transition"],
    ["in_progress", 0, "changes_requested", 3, "invalid_transition"],
    ["parked", 0, "needs_user_decision", 3, "invalid_transition"],
    ["blocked", 4, "changes_requested", 10, "invalid_transition"],
    ["done", 0, "approved", 3, "invalid_transition"],
  ];
  it.each(cases)(
    "%s with %i cycles, %s, limit %i → %s",
    (status, cycles, verdict, limit, expected, counted) => {
      let result: string;
      try {
        const effect = verdictEffect(task(status, cycles), verdict, limit);
        result = effect.to;
        expect(effect.cycle_counted).toBe(counted);
        expect(effect.cycles).toBe(cycles + (counted ? 1 : 0));
      } catch (error) {
        result = (error as AdriftError).code;
      }
      expect(result).toBe(expected);
    },
  );
});

const voice = (verdict: Verdict, specialty?: string): VerdictView => ({
  event_id: `01J${specialty ?? "X"}`,
  verdict,
  ...(specialty ? { specialty } : {}),
  at: "2026-01-01T00:00:00Z",
  actor: { kind: "agent", name: "qa" },
});

describe("QA lead consolidation (one voice per specialty, one result per round)", () => {
  it("needs_user_decision beats changes_requested, which beats approved", () => {
    expect(consolidateVerdicts([voice("approved"), voice("needs_user_decision")])).toBe(
      "needs_user_decision",
    );
    expect(consolidateVerdicts([voice("changes_requested"), voice("needs_user_decision")])).toBe(
      "needs_user_decision",
    );
    expect(consolidateVerdicts([voice("approved"), voice("changes_requested")])).toBe(
      "changes_requested",
    );
    expect(consolidateVerdicts([voice("approved"), voice("approved")])).toBe("approved");
    expect(consolidateVerdicts([])).toBeUndefined();
  });

  it("the result does not depend on the order the voices came in", () => {
    const verdicts = fc.constantFrom<Verdict>(
      "approved",
      "changes_requested",
      "needs_user_decision",
    );
    fc.assert(
      fc.property(fc.array(verdicts, { minLength: 1, maxLength: 6 }), (list) => {
        const voices = list.map((v) => voice(v));
        const reversed = [...voices].reverse();
        expect(consolidateVerdicts(reversed)).toBe(consolidateVerdicts(voices));
        // The result is one of the voices.
        expect(list).toContain(consolidateVerdicts(voices));
      }),
      propertyOptions({ numRuns: 200 }),
    );
  });

  it("a round is complete when every configured specialty has spoken; with none, at the first voice", () => {
    const inReview = task("in_review");
    expect(qaRound(inReview, ["api", "security"])).toMatchObject({
      pending: ["api", "security"],
      voices: [],
    });
    const half = { ...inReview, round: [voice("approved", "api")] };
    const partial = qaRound(half, ["api", "security"]);
    expect(partial.pending).toEqual(["security"]);
    expect(partial.consolidated).toBeUndefined();
    const full = { ...half, round: [...half.round, voice("needs_user_decision", "security")] };
    expect(qaRound(full, ["api", "security"])).toMatchObject({
      pending: [],
      consolidated: "needs_user_decision",
    });
    expect(qaRound({ ...inReview, round: [voice("approved")] }, []).consolidated).toBe("approved");
    expect(qaRound(inReview, []).consolidated).toBeUndefined();
  });

  it("refuses a voice without its specialty, of an unknown one, or heard twice in a round", () => {
    const half = { ...task("in_review"), round: [voice("approved", "api")] };
    const code = (specialty: string | undefined, list: string[]) => {
      try {
        assertVoice(half, specialty, list);
        return "ok";
      } catch (error) {
        return (error as AdriftError).code;
      }
    };
    expect(code(undefined, ["api", "security"])).toBe("usage");
    expect(code("secruity", ["api", "security"])).toBe("usage");
    expect(code("api", ["api", "security"])).toBe("conflict");
    expect(code("security", ["api", "security"])).toBe("ok");
    expect(code(undefined, [])).toBe("ok");
  });
});
