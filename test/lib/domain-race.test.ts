// Domain rules that read the log before writing hold under concurrent writers in one clone: of
// several CLI processes and library callers racing for the same action, exactly one succeeds and
// the others get the domain's refusal (never a second success), and the log stays valid.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openRepository, type Repository } from "../../src/index.js";
import { propertyOptions } from "../support/property.js";
import { makeRepo, runCli, runCliAsync, testEnv } from "../support/repo.js";

/** The actions raced for; each is taken once and refused with its code afterwards. */
const ACTIONS = [
  "answer",
  "start",
  "verdict",
  "key",
  "taskKey",
  "supersede",
  "acceptA",
  "acceptB",
] as const;
type Action = (typeof ACTIONS)[number];

const REFUSED: Record<Action, readonly string[]> = {
  answer: ["already_answered"],
  start: ["invalid_transition"],
  verdict: ["invalid_transition"],
  key: ["conflict"],
  taskKey: ["conflict"],
  supersede: ["conflict"],
  // the draft is gone once accepted (not_found), or seen accepted (conflict)
  acceptA: ["not_found", "conflict"],
  acceptB: ["not_found", "conflict"],
};

type Fixture = {
  dir: string;
  question: string;
  decision: string;
  successors: string[];
  drafts: { A: string; B: string };
};

/** A clone with a question, TK-1 to start, TK-2 in review, a decision and two ADR drafts. */
async function fixture(): Promise<Fixture> {
  const repo = makeRepo();
  const lib = await openRepository(repo.dir, { env: testEnv() });
  await lib.addRule({ title: "Refunds", text: "7 days", key: "RN-1" });
  await lib.addEpic({ title: "Refunds", key: "EP-1" });
  const story = await lib.addStory({
    title: "Refund",
    epic_id: "EP-1",
    key: "ST-1",
    business_rule_ids: ["RN-1"],
    functional_requirements: ["GET /refunds"],
    definition_of_done: ["green"],
    definition_of_ready: ["agreed"],
  });
  await lib.addTask({ title: "one", story_id: story.id, key: "TK-1" });
  await lib.addTask({ title: "two", story_id: story.id, key: "TK-2" });
  await lib.transitionTask("TK-2", "in_progress");
  await lib.transitionTask("TK-2", "in_review");
  const question = (await lib.askQuestion({ question: "Round half up?" })).id;
  const intent = (outcome: string, tags?: string[]) =>
    lib.recordIntent({ outcome, trigger: "t", trivial: true, ...(tags ? { tags } : {}) } as never);
  const decision = (await intent("the old way")).event.id;
  const successors: string[] = [];
  for (let i = 0; i < 4; i++) successors.push((await intent(`new way ${i}`)).event.id);
  const decided = (outcome: string, tags: string[]) =>
    lib.recordIntent({
      outcome,
      trigger: "t",
      chosen_approach: outcome,
      selection_rationale: "r",
      trivial: true,
      tags,
    } as never);
  const alpha = (await decided("alpha", ["alpha"])).id;
  const beta = (await decided("beta", ["beta"])).id;
  // Records alone wait for a cluster unless asked for.
  const drafts = (await lib.draftAdrs({ by: "tag", records: [alpha, beta] })).drafts as {
    path: string;
  }[];
  const find = (tag: string) => drafts.find((d) => d.path.includes(tag))!.path;
  return {
    dir: repo.dir,
    question,
    decision,
    successors,
    drafts: { A: find("alpha"), B: find("beta") },
  };
}

type Outcome = { ok: true; value: unknown } | { ok: false; code: string };

/** One writer of `action`, the i-th: the CLI's arguments and the library call. */
function writer(f: Fixture, action: Action, i: number) {
  switch (action) {
    case "answer":
      return {
        args: ["question", "answer", f.question, "--answer", `answer ${i}`],
        call: (lib: Repository) => lib.answerQuestion(f.question, { answer: `answer ${i}` }),
      };
    case "start":
      return {
        args: ["task", "start", "TK-1"],
        call: (lib: Repository) => lib.transitionTask("TK-1", "in_progress"),
      };
    case "verdict":
      return {
        args: ["verdict", "TK-2", "changes_requested"],
        call: (lib: Repository) => lib.recordVerdict("TK-2", "changes_requested"),
      };
    case "key":
      return {
        args: ["rule", "add", `Rule ${i}`, "--key", "RN-9", "--text", "t"],
        call: (lib: Repository) => lib.addRule({ title: `Rule ${i}`, text: "t", key: "RN-9" }),
      };
    case "taskKey":
      return {
        args: ["task", "add", `Task ${i}`, "--story", "ST-1", "--key", "TK-9"],
        call: (lib: Repository) =>
          lib.addTask({ title: `Task ${i}`, story_id: "ST-1", key: "TK-9" }),
      };
    case "supersede": {
      const by = f.successors[i % f.successors.length]!;
      return {
        args: ["decision", "supersede", f.decision, "--by", by],
        call: (lib: Repository) => lib.supersedeDecision(f.decision, by),
      };
    }
    case "acceptA":
    case "acceptB": {
      const draft = action === "acceptA" ? f.drafts.A : f.drafts.B;
      return { args: ["adr", "accept", draft], call: (lib: Repository) => lib.acceptAdr(draft) };
    }
  }
}

async function run(f: Fixture, action: Action, i: number, viaCli: boolean): Promise<Outcome> {
  const { args, call } = writer(f, action, i);
  if (viaCli) {
    const result = await runCliAsync(f.dir, [...args, "--json"]);
    if (result.code === 0) return { ok: true, value: JSON.parse(result.stdout) };
    return { ok: false, code: JSON.parse(result.stderr).error.code };
  }
  try {
    const lib = await openRepository(f.dir, { env: testEnv() });
    return { ok: true, value: await call(lib) };
  } catch (error) {
    return { ok: false, code: String((error as { code?: unknown }).code ?? error) };
  }
}

describe("concurrent writers in one clone", () => {
  it("one success per action, the others refused with the domain's code, the log valid", async () => {
    const racers = fc.record(
      Object.fromEntries(
        ACTIONS.map((a) => [a, fc.array(fc.boolean(), { minLength: 2, maxLength: 3 })]),
      ) as Record<Action, fc.Arbitrary<boolean[]>>,
    );
    await fc.assert(
      fc.asyncProperty(racers, async (plan) => {
        const f = await fixture();
        const jobs = ACTIONS.flatMap((action) =>
          plan[action].map((viaCli, i) =>
            run(f, action, i, viaCli).then((outcome) => ({ action, outcome })),
          ),
        );
        const results = await Promise.all(jobs);
        for (const action of ACTIONS) {
          const mine = results.filter((r) => r.action === action).map((r) => r.outcome);
          const wins = mine.filter((o) => o.ok);
          expect(wins, `${action}: ${JSON.stringify(mine)}`).toHaveLength(1);
          for (const o of mine)
            if (!o.ok) expect(REFUSED[action], `${action}: ${o.code}`).toContain(o.code);
        }
        const validate = runCli(f.dir, ["validate", "--json"]);
        expect(validate.code, validate.stdout + validate.stderr).toBe(0);
        // Every acknowledged write is in the log, and the two ADRs have two numbers.
        const lib = await openRepository(f.dir, { env: testEnv() });
        const { state } = await lib.load();
        const answered = state.questions.get(f.question)!;
        expect(answered.status).toBe("answered");
        const win = (action: Action) =>
          results.find((r) => r.action === action && r.outcome.ok)!.outcome as {
            value: Record<string, unknown>;
          };
        expect(answered.answer?.decision_id).toBe(win("answer").value.decision_id);
        expect(state.records.get(f.decision)!.superseded_by).toBe(
          win("supersede").value.superseded_by,
        );
        const numbers = [...state.adrs.values()].map((a) => a.number).sort();
        expect(numbers).toEqual([1, 2]);
        const tasks = [...state.tasks.values()];
        expect(tasks.find((t) => t.key === "TK-1")!.status).toBe("in_progress");
        expect(tasks.find((t) => t.key === "TK-2")!.cycles).toBe(1);
        expect([...state.rules.values()].filter((r) => r.key === "RN-9")).toHaveLength(1);
        expect(tasks.filter((t) => t.key === "TK-9")).toHaveLength(1);
      }),
      propertyOptions({ numRuns: 2 }),
    );
  }, 600_000);
});
