import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

describe("an ambiguous id prefix, as a reader types one", () => {
  it("names the records it matches, with their outcomes, so the reader can pick one", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
    repo.adrift(["init"]);
    const outcomes = [
      "Numbers come from the folder",
      "Config is read by a hook",
      "Dates are ISO 8601",
    ];
    const ids = outcomes.map(
      (outcome) =>
        repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", outcome, "--trivial"])
          .id,
    );
    // ULIDs made in one run share their first characters (the time).
    const prefix = ids[0]!.slice(0, 6);
    expect(ids.every((id) => id.startsWith(prefix))).toBe(true);
    const shown = repo.adrift(["show", prefix]);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toMatch(/matches 4 ids \(/); // the three records and the session
    expect(shown.stderr).toContain("(session)");
    for (const [i, id] of ids.entries())
      expect(shown.stderr).toContain(`${id.slice(0, 10)} ${outcomes[i]}`);
    expect(shown.stderr).toContain("give more characters");
  });
});
