import { describe, expect, it } from "vitest";
import type { ReviewItem } from "../../src/core/review/review-item.js";
import { logEvents } from "../support/mcp.js";
import { makeRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

const filler = (name: string) =>
  Array.from({ length: 8 }, (_, i) => `  const ${name}${i} = ${i};`).join("\n");
const CODE = [
  "export function keep(x: number): number {",
  filler("k"),
  "  return x + 1;",
  "}",
  "",
  "export function other(y: number): number {",
  filler("o"),
  "  return y * 2;",
  "}",
  "",
].join("\n");

describe.each(ADAPTERS)("adrift review of anchored records (%s adapter)", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});

  it("shows the hunk inside the anchor, counts the one outside, and narrows with decision anchor", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": CODE });
    const record = (outcome: string, path: string) =>
      repo.adriftJson<{ id: string }>(
        ["decision", "record", "--outcome", outcome, "--trivial", "--path", path],
        { env },
      ).id;
    const anchored = record("keep adds one", "src/a.ts#keep");
    const whole = record("a.ts stays small", "src/a.ts");
    repo.commit("record");
    repo.commit("change both functions", {
      "src/a.ts": CODE.replace("return x + 1;", "return x + 2;").replace("y * 2", "y * 3"),
    });

    const items = repo.adriftJson<{ items: ReviewItem[] }>(["review"], { env }).items;
    const item = items.find((i) => i.id === anchored)!;
    expect(item.anchors).toEqual([
      expect.objectContaining({ path: "src/a.ts", symbol: "keep", change: "modified" }),
    ]);
    const [file] = item.files;
    expect(file!.outside_anchors).toBe(1);
    const changed = file!.hunks!.flatMap((h) => h.lines.filter((l) => l.op !== " "));
    expect(changed).toEqual([
      { op: "-", text: "  return x + 1;" },
      { op: "+", text: "  return x + 2;" },
    ]);
    // The whole-file record sees both hunks, and offers narrowing to an anchor.
    const wholeItem = items.find((i) => i.id === whole)!;
    expect(wholeItem.files[0]!.hunks).toHaveLength(2);
    expect(wholeItem.actions.find((a) => a.action === "narrow")!.command).toBe(
      `adrift decision anchor ${whole.slice(0, 10)} --path '<file#Symbol>'`,
    );

    const verdict = {
      id: whole,
      action: "narrow",
      paths: ["src/a.ts#other"],
      reason: "about other",
    };
    const applied = repo.adrift(["review", "--apply", "-"], {
      env,
      input: JSON.stringify(verdict),
    });
    expect(applied.stderr).toBe("");
    expect(applied.code).toBe(0);
    const anchoredEvent = logEvents(repo.dir).at(-1)!;
    expect(anchoredEvent).toMatchObject({
      type: "decision_anchored",
      data: { decision_id: whole, note: "about other" },
    });
    // Narrowed, not re-verified: other changed too, so it is still to review.
    const after = repo.adriftJson<{ items: ReviewItem[] }>(["review", whole], { env }).items[0]!;
    expect(after.anchors).toEqual([
      expect.objectContaining({ symbol: "other", change: "modified" }),
    ]);
  });

  it("leaves a record touched only outside its anchors to --include touched, with those hunks", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": CODE });
    const { id } = repo.adriftJson<{ id: string }>(
      ["decision", "record", "--outcome", "keep adds one", "--trivial", "--path", "src/a.ts#keep"],
      { env },
    );
    repo.commit("record");
    repo.commit("change other only", { "src/a.ts": CODE.replace("y * 2", "y * 3") });
    expect(repo.adriftJson<{ items: ReviewItem[] }>(["review"], { env }).items).toEqual([]);
    const [item] = repo.adriftJson<{ items: ReviewItem[] }>(["review", "--include", "touched"], {
      env,
    }).items;
    expect(item).toMatchObject({ id, state: "touched" });
    expect(item!.files[0]!.outside_anchors).toBe(1);
    expect(item!.files[0]!.hunks).toHaveLength(1);
  });
});
