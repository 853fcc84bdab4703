import { describe, expect, it } from "vitest";
import { parseVerdicts } from "../../../src/core/review/verdicts.js";

describe("review --apply verdicts with a misspelt field", () => {
  it("names the nearest field of the verdict's action, at any depth", () => {
    const { verdicts, problems } = parseVerdicts(
      [
        JSON.stringify({ id: "01A", action: "reverify", notes: "checked" }),
        JSON.stringify({ id: "01B", action: "amend", changes: { outcom: "x" } }),
        JSON.stringify({ id: "01C", action: "skip", reson: "later" }),
      ].join("\n"),
    );
    expect(verdicts).toEqual([]);
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [1, expect.stringContaining('notes: unknown field "notes" — did you mean note?')],
      [
        2,
        expect.stringContaining(
          'changes.outcom: unknown field "outcom" — did you mean changes.outcome?',
        ),
      ],
      [3, expect.stringContaining('reson: unknown field "reson" — did you mean reason?')],
    ]);
  });
});
