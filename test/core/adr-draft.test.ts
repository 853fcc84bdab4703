import { readFileSync } from "node:fs";
import fc from "fast-check";
import type { ListItem, Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { readFrontMatter, stringifyFrontMatter } from "../../src/app/adr/front-matter.js";
import { parseMarkdown } from "../../src/app/adr/markdown.js";
import type { RecordView } from "../../src/core/project/state.js";
import { buildDraft } from "../../src/core/render/adr-draft.js";
import { fillTemplate } from "../../src/core/render/mdast.js";

const TEMPLATE = readFileSync(new URL("../../templates/adr-draft.md", import.meta.url), "utf8");
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
        };
        const doc = buildDraft({
          id: "01JDRAFT",
          date: "2026-01-01",
          cluster,
          records: [record],
          worklineTitles: new Map(),
        });
        const text = `${stringifyFrontMatter(doc.front)}\n${fillTemplate(TEMPLATE, doc.blocks)}`;
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
          "Consequences",
          "Confirmation",
          "Provenance",
        ]);
        expect(items).toContain(`${approach} — rejected because: ${reason}`);
      }),
      { numRuns: 150 },
    );
  });
});
