import { readFileSync } from "node:fs";
import fc from "fast-check";
import type { ListItem, Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { readFrontMatter, stringifyFrontMatter } from "../../../src/app/adr/front-matter.js";
import { parseMarkdown } from "../../../src/app/adr/markdown.js";
import type { RecordView } from "../../../src/core/project/state.js";
import {
  buildDraft,
  commonArea,
  renderDraftBody,
  titleOf,
} from "../../../src/core/render/adr-draft.js";
import { propertyOptions } from "../../support/property.js";

const TEMPLATE = readFileSync(new URL("../../../templates/adr-draft.md", import.meta.url), "utf8");
const DANGEROUS = [..."#<>[]()*_`\\|!&;-+=~:/ab 1.@{}\"'"];
const textArb = fc
  .string({ unit: fc.constantFrom(...DANGEROUS), minLength: 1, maxLength: 40 })
  .map((s) => s.trim().replace(/\s+/g, " "))
  .filter((s) => s.length > 0);

function recordOf(outcome: string, approach: string, reason: string): RecordView {
  return {
    id: "01JAAAAAAAAAAAAAAAAAAAAAAA",
    kind: "intent",
    card: {
      outcome,
      trigger: "t",
      chosen_approach: "c",
      selection_rationale: "r",
      constraints: "",
      validation_plan: "",
    },
    considered: [{ approach, rejected_because: reason }],
    trivial: false,
    tags: ["x"],
    findings: [],
    session_id: "01JSSSSSSSSSSSSSSSSSSSSSSS",
    actor: { kind: "human", name: "Ana" },
    at: "2026-01-01T00:00:00.000Z",
    amendments: [],
    status: "active",
    consent: "confirmed",
    confirmations: [],
    stale_marks: [],
    reverifications: [],
    reverify_proposals: [],
    supersedes: [],
  };
}

describe("draft rendering", () => {
  it("escapes any card text: it parses back to the same text and never to markup", async () => {
    await fc.assert(
      fc.asyncProperty(textArb, textArb, textArb, async (outcome, approach, reason) => {
        const record = recordOf(outcome, approach, reason);
        const cluster = {
          key: "tag:x",
          criterion: "tag" as const,
          shared: ["x"],
          record_ids: [record.id],
          placements: [{ record_id: record.id, reason: "tag" as const, tag: "x" }],
        };
        const doc = buildDraft({
          id: "01JDRAFT",
          date: "2026-01-01",
          cluster,
          records: [record],
          worklineTitles: new Map(),
        });
        const text = `${stringifyFrontMatter(doc.front)}\n${renderDraftBody(TEMPLATE, doc.blocks)}`;
        expect(readFrontMatter(text, "d.md").data.title).toBe(outcome);
        const tree: Root = await parseMarkdown(text);
        const headings: string[] = [];
        const items: string[] = [];
        visit(tree, (node) => {
          expect(["html", "image", "definition", "linkReference"]).not.toContain(node.type);
          // GFM turns literal e-mail addresses and www/http URLs into links; nothing else may be one.
          if (node.type === "link")
            expect((node as { url: string }).url).toMatch(/^(mailto:|https?:\/\/)/);
          if (node.type === "heading") headings.push(textOf(node));
          if (node.type === "listItem") items.push(textOf((node as ListItem).children[0]!));
        });
        expect(headings).toEqual([
          outcome,
          "Context and Problem Statement",
          "Considered Options",
          "Decision Outcome",
          "Provenance",
        ]);
        expect(items).toContain(`${approach} — rejected because: ${reason}`);
      }),
      propertyOptions({ numRuns: 150 }),
    );
  });
});

describe("draft titles and bodies", () => {
  const cluster = (
    criterion: "tag" | "workline" | "paths" | "record",
    ids: string[],
    shared: string[] = [],
  ) => ({
    key: `${criterion}:k`,
    criterion,
    shared,
    record_ids: ids,
    placements: [],
  });
  const withPaths = (id: string, outcome: string, paths: string[]) => ({
    ...recordOf(outcome, "a", "b"),
    id,
    basis: { revision: "0".repeat(40), touched_paths: paths },
  });

  it("says what the records decided together: workline, the one outcome, the common area, the tag", () => {
    const long = `Sessions survive an IdP outage of up to ${"two ".repeat(40)}hours`;
    const one = withPaths("01A", long, ["src/auth/session.ts"]);
    const two = withPaths("01B", "Tokens rotate daily", ["src/auth/tokens/"]);
    const titles = new Map([["W1", "Auth survives IdP outages"]]);
    expect(titleOf(cluster("workline", ["01A", "01B"], ["W1"]), [one, two], titles)).toBe(
      "Auth survives IdP outages",
    );
    // The one record's outcome, whole: never cut with "…".
    expect(titleOf(cluster("paths", ["01A"]), [one], titles)).toBe(long.replace(/\s+/g, " "));
    expect(titleOf(cluster("tag", ["01A", "01B"], ["auth"]), [one, two], titles)).toBe(
      "Decisions on src/auth/",
    );
    const elsewhere = withPaths("01C", "Logs are JSON", ["lib/log.ts"]);
    expect(titleOf(cluster("tag", ["01A", "01C"], ["auth"]), [one, elsewhere], titles)).toBe(
      "Decisions tagged auth",
    );
    expect(commonArea([["src/api/**/*.ts"], ["src/api/v1/users.ts"]])).toBe("src/api/");
    expect(commonArea([["package.json"], ["package.json"]])).toBe("package.json");
    expect(commonArea([["a/x.ts"], ["b/y.ts"]])).toBeUndefined();
  });

  it("leaves out sections with nothing in them and carries no boilerplate; notes go under their record", () => {
    const record = { ...recordOf("Cache sessions", "redis", "ops cost"), considered: [] };
    record.card.validation_plan = "";
    const doc = buildDraft({
      id: "01JDRAFT",
      date: "2026-01-01",
      cluster: cluster("record", [record.id]),
      records: [record],
      worklineTitles: new Map(),
      recordNotes: new Map([
        [record.id, ["Proposed by an agent: no person has confirmed it yet."]],
      ]),
    });
    const body = renderDraftBody(TEMPLATE, doc.blocks);
    expect(body).not.toMatch(
      /Nothing recorded|stands alone|belong together|Consequences|Confirmation/,
    );
    expect(body).toContain("## Decision Outcome\n\nChosen option: **c**, because r");
    expect(body).toContain("  - Proposed by an agent: no person has confirmed it yet.");
    expect(body).toContain("**Incomplete:**");
  });
});
