import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { ReviewTerminal } from "../../../src/app/review/session.js";
import { openRepository } from "../../../src/index.js";
import { logEvents } from "../../support/mcp.js";
import { makeRepo, testEnv } from "../../support/repo.js";

const CODE = `${Array.from({ length: 30 }, (_, i) => `export const line${i} = ${i}; // ${"x".repeat(90)}`).join("\n")}\n`;

/** Two committed decisions made stale by one commit, and the library opened on the repo. */
async function twoStale() {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": CODE, "src/b.ts": CODE });
  const record = (outcome: string, file: string) =>
    repo.adriftJson<{ id: string }>([
      ...["decision", "record", "--outcome", outcome, "--chosen", "consts", "--path", file],
      ...["--rationale", `a long rationale ${"that goes on ".repeat(30)}`],
    ]).id;
  const a = record("Lines are constants", "src/a.ts");
  const b = record("B stays flat", "src/b.ts");
  repo.commit("record");
  repo.commit("change both", {
    "src/a.ts": CODE.replace("line6 = 6", "line6 = 60"),
    "src/b.ts": CODE.replace("line9 = 9", "line9 = 90"),
  });
  return { repo, a, b, lib: await openRepository(repo.dir, { env: testEnv() }) };
}

/** A terminal over real streams: the keys are typed ahead, the output collected. */
function terminal(keys: string, edit: ReviewTerminal["edit"] = async (text) => text) {
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = "";
  output.on("data", (chunk) => {
    printed += chunk;
  });
  input.end(keys);
  const term: ReviewTerminal = { input, output, paint: (_c, t) => t, width: 80, edit };
  return { term, printed: () => printed };
}

describe("the interactive review (in-process, real streams)", () => {
  it("shows each record in 80 columns with its progress, re-verifies with the note, skips", async () => {
    const { repo, a, lib } = await twoStale();
    const { term, printed } = terminal("x" + "r" + "checked line6\u007f6 is constant\r" + " ");
    const summary = await lib.reviewSession(term);
    expect(summary).toEqual({ total: 2, shown: 2, done: { reverify: 1, skip: 1 }, quit: false });
    const text = printed();
    expect(text).toContain(`── 1 of 2 ── stale decision ${a.slice(0, 10)} ─`);
    expect(text).toContain("── 2 of 2 ──");
    expect(text).toContain("-export const line6 = 6;");
    expect(text).toContain("Commits     ");
    expect(text).toContain("r re-verify  s supersede  a amend  n narrow  e $EDITOR  space skip");
    for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    expect(text).toMatch(/reviewed 2 of 2: 1 reverify, 1 skip/);
    const reverified = logEvents(repo.dir).filter((e) => e.type === "decision_reverified");
    expect(reverified.map((e) => e.data)).toEqual([
      expect.objectContaining({ decision_id: a, note: "checked line6 is constant" }),
    ]);
  });

  it("refuses a re-verification without a note, amends a field, edits in $EDITOR, and quits", async () => {
    const { repo, a, b, lib } = await twoStale();
    const edited: string[] = [];
    const edit = async (text: string) => {
      edited.push(text);
      return text.replace(
        "## constraints\n# constraints the approach must respect\n",
        "## constraints\n# x\nno runtime cost\n",
      );
    };
    const keys = "r\r" + "a" + "r" + "measured: constants inline\r" + "e" + "q";
    const { term, printed } = terminal(keys, edit);
    const summary = await lib.reviewSession(term);
    expect(summary).toMatchObject({ shown: 1, quit: true, done: { amend: 1, edit: 1 } });
    expect(printed()).toContain("not re-verified: a re-verification says what was checked");
    expect(edited[0]).toContain(
      "## selection_rationale\n# why this approach and not the considered ones\nmeasured: constants inline",
    );
    const amended = logEvents(repo.dir).filter((e) => e.type === "intent_card_amended");
    expect(amended.map((e) => e.data)).toEqual([
      {
        target_id: a,
        changes: { selection_rationale: "measured: constants inline" },
        reason: "amended in review",
      },
      { target_id: a, changes: { constraints: "no runtime cost" }, reason: "edited in review" },
    ]);
    expect(
      logEvents(repo.dir).some(
        (e) =>
          JSON.stringify(e.data).includes(b) &&
          e.type !== "decision_recorded" &&
          e.type !== "decision_marked_stale",
      ),
    ).toBe(false);
  });

  it("supersedes by a new decision typed in, and narrows the next record's scope", async () => {
    const { repo, a, b, lib } = await twoStale();
    const keys =
      "s" + "n\r" + "Lines are computed\r" + "generator\r" + "fewer edits\r" + "n" + "src/b.ts\r";
    const { term } = terminal(keys);
    const summary = await lib.reviewSession(term);
    expect(summary.done).toEqual({ supersede: 1, narrow: 1 });
    const events = logEvents(repo.dir);
    const created = events.filter((e) => e.type === "decision_recorded").at(-1)!;
    expect(created.data).toMatchObject({
      card: {
        outcome: "Lines are computed",
        chosen_approach: "generator",
        selection_rationale: "fewer edits",
      },
      basis: { touched_paths: ["src/a.ts"] },
    });
    expect(events.find((e) => e.type === "decision_superseded")!.data).toEqual({
      decision_id: a,
      superseded_by: created.id,
    });
    expect(events.filter((e) => e.type === "intent_card_amended").map((e) => e.data)).toEqual([
      { target_id: b, changes: { touched_paths: ["src/b.ts"] }, reason: "narrowed in review" },
    ]);
  });

  it("in an agent's session, r proposes (the record stays stale) and c is refused", async () => {
    const { repo, a } = await twoStale();
    const agent = await openRepository(repo.dir, { env: testEnv({ CLAUDECODE: "1" }) });
    const first = terminal("r" + "read the diff\r" + "q");
    expect((await agent.reviewSession(first.term)).done).toEqual({ proposed: 1 });
    expect(first.printed()).toContain(`proposed the re-verification of ${a}`);
    const [proposal] = logEvents(repo.dir).filter((e) => e.type === "decision_reverify_proposed");
    expect(proposal).toMatchObject({ actor: { kind: "agent" }, data: { note: "read the diff" } });
    const second = terminal("c" + "q");
    const summary = await agent.reviewSession(second.term);
    expect(summary.done).toEqual({});
    expect(second.printed()).toContain("Proposed    by claude-code");
    expect(second.printed()).toMatch(/error: an agent \(claude-code\) cannot confirm/);
    expect(logEvents(repo.dir).some((e) => e.type === "decision_reverified")).toBe(false);
  });

  it("n names the symbols the change touches, and narrows to one with decision anchor", async () => {
    const repo = makeRepo();
    const code =
      "export function keep() {\n  return 1;\n}\n\nexport class Other {\n  run() {\n    return 2;\n  }\n}\n";
    repo.commit("code", { "src/a.ts": code });
    const { id } = repo.adriftJson<{ id: string }>([
      ...["decision", "record", "--outcome", "a.ts", "--trivial", "--path", "src/a.ts"],
    ]);
    repo.commit("record");
    repo.commit("change run", { "src/a.ts": code.replace("return 2", "return 3") });
    const lib = await openRepository(repo.dir, { env: testEnv() });
    const { term, printed } = terminal("n" + "src/a.ts#Other.run\r");
    expect((await lib.reviewSession(term)).done).toEqual({ narrow: 1 });
    expect(printed()).toContain("the change touches: src/a.ts#Other.run\n");
    expect(logEvents(repo.dir).at(-1)).toMatchObject({
      type: "decision_anchored",
      data: {
        decision_id: id,
        basis: { anchors: [expect.objectContaining({ symbol: "Other.run" })] },
      },
    });
  });
});
