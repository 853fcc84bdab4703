import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/index.js";
import { expectFailure, logSnapshot } from "../../support/log-snapshot.js";
import { makeRepo, testEnv } from "../../support/repo.js";

type Refusal = {
  code: string;
  message: string;
  details: { issues: { did_you_mean?: string[] }[] };
};

describe.each(["cli", "embedded"])(
  "misspelt fields are refused, never dropped (%s git adapter)",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("the library refuses unknown fields of recordIntent, recordDecision and amendRecord with the nearest known one, writing nothing", async () => {
      const repo = makeRepo();
      repo.commit("init", { "src/a.ts": "export const a = 1;\n" });
      const lib = await openRepository(repo.dir, { env });
      const { id } = await lib.recordIntent({ outcome: "Sign webhooks", trivial: true });
      const before = logSnapshot(repo.dir);
      const refused = async (work: Promise<unknown>) => {
        const error = (await work.then(
          () => undefined,
          (e: unknown) => e,
        )) as Refusal | undefined;
        expect(error?.code).toBe("validation_failed");
        return error!;
      };

      const trigger = await refused(
        lib.recordIntent({ outcome: "x", trgger: "pain" } as Parameters<
          typeof lib.recordIntent
        >[0]),
      );
      expect(trigger.message).toContain('unknown field "trgger" — did you mean trigger?');
      expect(trigger.details.issues[0]!.did_you_mean).toEqual(["trigger"]);

      // The event's own shape: basis wraps what the library takes at the top level.
      const basis = await refused(
        lib.recordDecision({
          outcome: "Keep a",
          basis: { touched_paths: ["src/a.ts"] },
        } as Parameters<typeof lib.recordDecision>[0]),
      );
      expect(basis.message).toContain("did you mean touched_paths?");

      const deep = await refused(
        lib.recordDecision({
          outcome: "Keep a",
          touched_paths: ["src/a.ts"],
          considered: [{ approach: "b", rejected_becuase: "slow" }],
        } as unknown as Parameters<typeof lib.recordDecision>[0]),
      );
      expect(deep.message).toContain("did you mean considered[0].rejected_because?");

      const amend = await refused(
        lib.amendRecord(id, { outcom: "y" } as Parameters<typeof lib.amendRecord>[1]),
      );
      expect(amend.message).toContain("did you mean outcome?");
      expect(logSnapshot(repo.dir)).toBe(before);

      // A field given as undefined is absent, as it always was.
      await expect(
        lib.recordIntent({ outcome: "z", trigger: undefined, trivial: true }),
      ).resolves.toMatchObject({ id: expect.any(String) });
    });

    it("the library refuses misspelt names of the backlog's inputs too, writing nothing", async () => {
      const repo = makeRepo();
      const lib = await openRepository(repo.dir, { env });
      const rule = await lib.addRule({ title: "Cents", text: "integer cents" });
      const epic = await lib.addEpic({ title: "Billing" });
      const story = await lib.addStory({ title: "Pay", epic_id: epic.id });
      const question = await lib.askQuestion({ question: "Half up?" });
      const before = logSnapshot(repo.dir);
      const cases: [() => Promise<unknown>, string][] = [
        [() => lib.addRule({ title: "x", txt: "y" } as never), "did you mean text?"],
        [() => lib.addEpic({ title: "x", descripton: "y" } as never), "did you mean description?"],
        [() => lib.addStory({ title: "x", epic: epic.id } as never), "did you mean epic_id?"],
        [
          () => lib.amendStory(story.id, { definition_of_dome: ["y"] } as never),
          "did you mean definition_of_done?",
        ],
        [() => lib.addTask({ title: "x", story: story.id } as never), "did you mean story_id?"],
        [
          () => lib.askQuestion({ question: "x", sugestion: "y" } as never),
          "did you mean suggestion?",
        ],
        [
          () => lib.askQuestion({ question: "x", affects: { rule: [rule.id] } } as never),
          "did you mean affects.rules?",
        ],
        [() => lib.answerQuestion(question.id, { anwser: "yes" } as never), "did you mean answer?"],
      ];
      for (const [work, hint] of cases)
        await expect(work()).rejects.toMatchObject({
          code: "validation_failed",
          message: expect.stringContaining(hint),
        });
      expect(logSnapshot(repo.dir)).toBe(before);
    });

    it("intent record --file refuses a misspelt field with the nearest known one, writing nothing", () => {
      const repo = makeRepo();
      const typo = JSON.stringify({ card: { outcome: "x", trgger: "pain" }, trivial: true });
      const { error } = expectFailure(
        { ...repo, adrift: (args, options) => repo.adrift(args, { ...options, input: typo, env }) },
        ["intent", "record", "--file", "-"],
        { exit: 2, code: "validation_failed" },
      );
      expect(error.message).toContain(
        'card.trgger: unknown field "trgger" — did you mean card.trigger?',
      );
      const flat = JSON.stringify({ outcome: "x", trivial: true });
      const nested = expectFailure(
        { ...repo, adrift: (args, options) => repo.adrift(args, { ...options, input: flat, env }) },
        ["intent", "record", "--file", "-"],
        { exit: 2, code: "validation_failed" },
      );
      expect(nested.error.message).toContain("did you mean card.outcome?");
    });
  },
);
