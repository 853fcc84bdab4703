import { readFileSync } from "node:fs";
import fc from "fast-check";
import type { ListItem, Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { readFrontMatter, stringifyFrontMatter } from "../../../src/app/adr/front-matter.js";
import { parseMarkdown } from "../../../src/app/adr/markdown.js";
import type { RecordView } from "../../../src/core/project/state.js";
import { recordOptions } from "../../../src/core/render/adr-content.js";
import {
  buildDraft,
  renderDraftBody,
  titleOf,
  uniqueTitle,
} from "../../../src/core/render/adr-draft.js";
import { detectLanguage, sentence } from "../../../src/core/render/adr-words.js";
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
          title: outcome,
          language: "en",
          worklineTitles: new Map(),
        });
        const text = `${stringifyFrontMatter(doc.front)}\n${renderDraftBody(TEMPLATE, doc.blocks, doc.headings)}`;
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
          "Pros and Cons of the Options",
          ...recordOptions([record]).map((o) => o.name),
          "Provenance",
        ]);
        expect(items).toContain(`Bad: ${sentence(reason)}`);
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

  it("names the question: the workline, else the outcome the records share; an answer stands for its question", () => {
    const one = withPaths("01A", "Sessions outlive an IdP outage", ["src/auth/session.ts"]);
    const two = withPaths("01B", "Tokens rotate daily", ["src/auth/tokens/"]);
    const titles = new Map([["W1", "Auth survives IdP outages"]]);
    expect(titleOf(cluster("workline", ["01A", "01B"], ["W1"]), [one, two], titles)).toBe(
      "Auth survives IdP outages",
    );
    // After an ADR of the workline took its title, what is left is titled by its own outcomes.
    expect(
      titleOf(cluster("workline", ["01B"], ["W1"]), [two], titles, { worklineTaken: true }),
    ).toBe("Tokens rotate daily");
    expect(titleOf(cluster("paths", ["01A", "01B"]), [one, two], titles)).toBe(
      "Sessions outlive an IdP outage; Tokens rotate daily",
    );
    const answer = {
      ...withPaths("01C", "ok", []),
      card: { ...one.card, outcome: "ok", chosen_approach: "" },
    };
    const answers = new Map([
      ["01C", { question: "Should admins see the banner?", answered_by: "Ana", answer: "ok" }],
    ]);
    expect(titleOf(cluster("record", ["01C"]), [answer], titles, { answers })).toBe(
      "Should admins see the banner?",
    );
    const taken = new Set(["tokens rotate daily"]);
    expect(uniqueTitle("Tokens rotate daily", [two], taken)).toBe("Tokens rotate daily — c");
    taken.add("tokens rotate daily — c");
    expect(uniqueTitle("Tokens rotate daily", [two], taken)).toBe("Tokens rotate daily (2)");
  });

  it("leaves out sections with nothing in them and carries no boilerplate; notes go under their record", () => {
    const record = { ...recordOf("Cache sessions", "redis", "ops cost"), considered: [] };
    record.card.validation_plan = "";
    const doc = buildDraft({
      id: "01JDRAFT",
      date: "2026-01-01",
      cluster: cluster("record", [record.id]),
      records: [record],
      title: "Cache sessions",
      language: "en",
      worklineTitles: new Map(),
      recordNotes: new Map([
        [record.id, ["Proposed by an agent: no person has confirmed it yet."]],
      ]),
    });
    const body = renderDraftBody(TEMPLATE, doc.blocks, doc.headings);
    expect(body).not.toMatch(/Nothing recorded|stands alone|belong together|Confirmation|because/);
    expect(body).toContain("## Decision Outcome\n\nChosen option: **c**. R.");
    expect(body).toContain("  - Proposed by an agent: no person has confirmed it yet.");
    expect(body).toContain("(incomplete: no considered options)");
  });

  it("writes headings and glue words in the records' language", () => {
    const ru = {
      ...recordOf("Платежи не теряются", "Повторять сразу", "перегружает банк"),
      card: {
        outcome: "Платежи не теряются",
        trigger: "Банк отвечает таймаутом",
        chosen_approach: "Очередь повторов",
        selection_rationale: "не перегружаем банк",
        constraints: "Не списывать деньги дважды",
        validation_plan: "Нагрузочный тест",
      },
    };
    const doc = buildDraft({
      id: "01JDRAFT",
      date: "2026-01-01",
      cluster: cluster("record", [ru.id]),
      records: [ru],
      title: "Платежи не теряются",
      language: "ru",
      worklineTitles: new Map(),
    });
    const body = renderDraftBody(TEMPLATE, doc.blocks, doc.headings);
    expect(body).toContain("## Факторы решения\n\n- Не списывать деньги дважды.");
    expect(body).toContain("Выбранный вариант: **Очередь повторов**. Не перегружаем банк.");
    // Nothing English but the ids and the author.
    expect(body.replace(/`[^`]*`|Ana/g, "")).not.toMatch(/[A-Za-z]{2,}/);
  });
});

describe("the records' language", () => {
  it("is Russian, Portuguese or English by their words, English when in doubt", () => {
    expect(detectLanguage(["Платежи не теряются при сбое банка", "Redis"])).toBe("ru");
    expect(detectLanguage(["O pool não esgota em picos de carga", "Limite de 50 conexões"])).toBe(
      "pt",
    );
    expect(detectLanguage(["Cache sessions", "no new infrastructure", "load test", "do it"])).toBe(
      "en",
    );
    expect(detectLanguage(["Use Redis", "e"])).toBe("en");
  });
});
