import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/index.js";
import { logEvents } from "../../support/mcp.js";
import { propertyOptions } from "../../support/property.js";
import { makeRepo, testEnv } from "../../support/repo.js";

/** Three committed decisions, all stale, and the library on the repository. */
async function threeStale() {
  const repo = makeRepo();
  const files = { "src/a.ts": "a\n", "src/b.ts": "b\n", "src/c.ts": "c\n" };
  repo.commit("code", files);
  const ids = Object.keys(files).map(
    (file) =>
      repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", file, "--path", file]).id,
  );
  repo.commit("record");
  repo.commit("change all", { "src/a.ts": "a2\n", "src/b.ts": "b2\n", "src/c.ts": "c2\n" });
  return { repo, ids, lib: await openRepository(repo.dir, { env: testEnv() }) };
}

describe("review --apply's verdicts, all checked before any is written", () => {
  it("property: a file with any bad verdict writes nothing and names every bad line", async () => {
    const { repo, ids, lib } = await threeStale();
    const before = logEvents(repo.dir).length;
    const good = (id: string) =>
      fc.constantFrom(
        { id, action: "reverify", note: "checked" },
        { id, action: "skip" },
        { id, action: "amend", changes: { constraints: "none" } },
      );
    const bad = fc.constantFrom<Record<string, unknown>>(
      { id: ids[0], action: "reverify" },
      { id: ids[0], action: "reverify", note: "   " },
      { id: "01ZZZZZZZZ", action: "skip" },
      { id: ids[1], action: "confirm" },
      { id: ids[2], action: "supersede", by: ids[2] },
      { id: ids[2], action: "supersede" },
      { id: ids[1], action: "amend", changes: {} },
      { id: ids[0], action: "narrow", paths: ["src/a.ts#x", "src/b.ts"] },
      { id: ids[0], action: "frobnicate" },
      { id: ids[0], action: "reverify", note: "ok", extra: 1 },
    );
    const entry = fc.oneof(
      fc.record({ ok: fc.constant(true), value: fc.constantFrom(...ids).chain(good) }),
      fc.record({ ok: fc.constant(false), value: bad }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 6 }).filter((list) => list.some((e) => !e.ok)),
        async (list) => {
          // One verdict per record: a second good one for a record is a problem too, so only
          // the first good verdict of each record counts as good.
          const seen = new Set<string>();
          const expectedBad = list.flatMap((e, i) => {
            const id = String((e.value as { id: string }).id);
            const action = (e.value as { action: string }).action;
            if (!e.ok) return [i + 1];
            if (action === "skip") return [];
            if (seen.has(id)) return [i + 1];
            seen.add(id);
            return [];
          });
          const text = list.map((e) => JSON.stringify(e.value)).join("\n");
          const error = await lib.applyReviewVerdicts(text).then(
            () => undefined,
            (e: { code: string; details: { problems: { line: number }[] } }) => e,
          );
          expect(error?.code).toBe("validation_failed");
          const lines = [...new Set(error!.details.problems.map((p) => p.line))].sort(
            (a, b) => a - b,
          );
          // A bad verdict for a record that also has a good one may hide or be the duplicate:
          // every line reported is a bad or duplicate one, and every outright bad one is reported.
          for (const line of lines) expect(expectedBad).toContain(line);
          for (const [i, e] of list.entries()) if (!e.ok) expect(lines).toContain(i + 1);
          expect(logEvents(repo.dir)).toHaveLength(before);
        },
      ),
      propertyOptions({ numRuns: 40 }),
    );
  });
});
