import { describe, expect, it } from "vitest";
import { foldEvents } from "../../../src/core/project/fold.js";
import { decisionGovernors } from "../../../src/core/reports/governors.js";
import {
  type ReportRecord,
  recordColumns,
  recordTable,
  reportRecords,
} from "../../../src/core/reports/report-index.js";
import { decisionEvent, eventFactory } from "../../support/events.js";

/**
 * A record without its absent fields, to compare records built two ways; without its why, which
 * the columns leave to a file of their own (read only for the records a comment names).
 */
const plain = (r: ReportRecord | undefined) =>
  JSON.parse(JSON.stringify(r ? { ...r, why: undefined } : null));

describe("the report index's records", () => {
  it("read back from columns as the folded state gives them, looked up or walked", () => {
    const { started, make } = eventFactory();
    const incomplete = make("intent_card_recorded", {
      card: { outcome: "no trigger yet", trigger: "" },
    });
    const events = [
      started,
      incomplete,
      decisionEvent("01JC0000000000000000000001", "scoped", ["src/", "lib/**/*.ts"]),
      decisionEvent("01JC0000000000000000000002", "linked", ["a.ts"], {
        affects: { rules: [], stories: ["S1"], tasks: ["T1"] },
      }),
      decisionEvent("01JC0000000000000000000003", "unscoped", []),
    ];
    const records = reportRecords(foldEvents(events));
    const table = recordTable(JSON.parse(JSON.stringify(recordColumns(records.values()))));
    expect([...table.values()].map(plain)).toEqual([...records.values()].map(plain));
    for (const id of records.keys()) expect(plain(table.get(id))).toEqual(plain(records.get(id)));
    expect(table.get("01JC0000000000000000000009")).toBeUndefined();
    expect(table.governors?.()).toEqual(decisionGovernors(records.values()));
    expect(table.governors?.().map((g) => g.id)).toEqual([
      "01JC0000000000000000000001",
      "01JC0000000000000000000002",
    ]);
    expect(table.get(incomplete.id)?.incomplete?.map((i) => i.rule)).toContain("trigger_missing");
  });
});
