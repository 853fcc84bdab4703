import { describe, expect, it } from "vitest";
import { checkAgentDraft, parseAgentDraft } from "../../../src/core/adr/agent-draft.js";
import type { AdriftError } from "../../../src/core/errors.js";
import type { RecordView } from "../../../src/core/project/state.js";

const record = (chosen: string, rejected: string[]): RecordView =>
  ({
    id: "01JAAAAAAAAAAAAAAAAAAAAAAA",
    card: {
      outcome: "o",
      trigger: "t",
      chosen_approach: chosen,
      selection_rationale: "r",
      constraints: "",
      validation_plan: "",
    },
    considered: rejected.map((approach) => ({ approach, rejected_because: "no" })),
  }) as unknown as RecordView;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as AdriftError;
  }
  throw new Error("not refused");
};

describe("an agent's draft is checked against the records", () => {
  const records = [record("Redis", ["Memcached"]), record("Kafka", [])];
  const draft = (extra: object = {}) =>
    parseAgentDraft({
      cluster: "workline:W",
      context: "Sessions are lost.",
      options: [{ name: "redis" }, { name: "Memcached", cons: ["Loses data"] }, { name: "Kafka" }],
      outcome: [
        { option: "Redis", why: "Cheap." },
        { option: "kafka ", why: "Ordered." },
      ],
      ...extra,
    });

  it("keeps the records' option names whatever case the agent wrote", () => {
    const content = checkAgentDraft(draft(), records);
    expect(content.options.map((o) => [o.name, o.chosen])).toEqual([
      ["Redis", true],
      ["Memcached", false],
      ["Kafka", true],
    ]);
    expect(content.outcome.map((c) => c.option)).toEqual(["Redis", "Kafka"]);
    expect(content.context).toEqual(["Sessions are lost."]);
  });

  it("refuses an option no record has, a rejected option chosen, and a chosen one left out", () => {
    const invented = refusal(() =>
      checkAgentDraft(
        draft({ options: [...draft().options, { name: "DynamoDB", pros: [], cons: [] }] }),
        records,
      ),
    );
    expect(invented.code).toBe("validation_failed");
    expect(invented.details).toEqual({ invented: ["DynamoDB"], dropped: [] });
    const flipped = refusal(() =>
      checkAgentDraft(draft({ outcome: [{ option: "Memcached", why: "x" }] }), records),
    );
    expect(flipped.details).toEqual({ invented: ["Memcached"], dropped: ["Redis", "Kafka"] });
  });

  it("takes a cluster with no options when its records have none", () => {
    const content = checkAgentDraft(
      parseAgentDraft({ cluster: "workline:W", context: [], options: [], outcome: [] }),
      [record("", [])],
    );
    expect(content.options).toEqual([]);
  });
});
