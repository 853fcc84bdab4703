import type { Root } from "mdast";
import { describe, expect, it } from "vitest";
import type { AdriftEvent } from "../../../src/core/events/envelope.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { PR_COMMENT_LIMIT, renderPrComment } from "../../../src/core/render/pr-comment.js";
import { whyHtml, whyLines } from "../../../src/core/render/record-why.js";
import { NO_BACKLOG } from "../../../src/core/reports/inputs.js";
import {
  buildPrComment,
  lacksWhys,
  type PrCommentInput,
  withWhys,
} from "../../../src/core/reports/pr-comment.js";
import {
  recordColumns,
  recordTable,
  reportRecords,
} from "../../../src/core/reports/report-index.js";
import type { StaleFinding } from "../../../src/core/staleness/types.js";
import { remarkGfm, remarkParse, unified } from "../../../src/vendor/markdown-parser.js";
import { decisionEvent } from "../../support/events.js";

const HEAD = "a".repeat(40);
const PR_COMMIT = "d".repeat(40);

function card(outcome: string, why: Partial<Record<string, string>> = {}) {
  return {
    card: {
      outcome,
      trigger: why.trigger ?? "",
      chosen_approach: why.chosen ?? "",
      selection_rationale: why.rationale ?? "",
      constraints: why.constraints ?? "",
      validation_plan: "",
    },
  };
}

function finding(id: string, state: StaleFinding["state"], extra: Partial<StaleFinding> = {}) {
  return {
    record_id: id,
    kind: "decision" as const,
    state,
    recorded: false,
    method: "history" as const,
    commits: [{ hash: PR_COMMIT, author: "Ana", subject: "change" }],
    paths: [{ path: "src/a.ts", change: "modified" as const, commits: [PR_COMMIT] }],
    ...extra,
  };
}

function input(events: AdriftEvent[], findings: StaleFinding[]): PrCommentInput {
  return {
    base: "c".repeat(40),
    head: HEAD,
    merge_base: "c".repeat(40),
    changed: [{ path: "src/a.ts", status: "modified" as const }],
    commits: [{ hash: PR_COMMIT, author: "Ana", subject: "change", parents: ["c".repeat(40)] }],
    records: reportRecords(foldEvents(events)),
    added: [],
    staleness: { head: HEAD, notices: [], findings },
    adrs: [],
    backlog: NO_BACKLOG,
    questions: [],
    drafts: [],
    today: "2026-01-01",
  };
}

const STALE = "01JC0000000000000000000001";
const MOVED = "01JC0000000000000000000002";
const REVIEW = "01JC0000000000000000000003";

const EVIL = [
  "<script>alert(1)</script>",
  "</details><details open>",
  "[click](javascript:alert(1))",
  "<!-- adrift:pr-comment head=ffffffff -->",
  "@org/team",
  "\u202Egnp.exe",
].join(" ");

describe("a record's why in the PR comment", () => {
  const events = [
    decisionEvent(STALE, "Sessions are cached", ["src/a.ts"], {
      ...card("Sessions are cached", {
        trigger: "the IdP is slow at peak",
        chosen: "an in-memory cache",
        rationale: "the IdP answers in 2 s at peak",
        constraints: "never cache a token longer than 5 minutes",
      }),
      trivial: false,
      considered: [{ approach: "a shared Redis", rejected_because: "another service to run" }],
    }),
    decisionEvent(MOVED, "Helpers stay small", ["lib/util.ts"]),
    decisionEvent(REVIEW, "Billing is immutable", ["src/billing/"], {
      ...card("Billing is immutable", { rationale: EVIL, constraints: "audit" }),
    }),
  ];
  const findings = [
    finding(STALE, "stale", {
      anchors: [
        { path: "src/a.ts", symbol: "login", change: "modified", commits: [PR_COMMIT] },
        { path: "src/a.ts", symbol: "logout", change: "unchanged", commits: [] },
      ],
    }),
    finding(MOVED, "moved", {
      paths: [
        {
          path: "lib/util.ts",
          change: "renamed",
          new_path: "lib/helpers.ts",
          commits: [PR_COMMIT],
        },
      ],
    }),
    finding(REVIEW, "review", {
      paths: [{ path: "src/billing/refund.ts", change: "added", commits: [PR_COMMIT] }],
    }),
  ];
  const model = buildPrComment(input(events, findings), []);
  const body = renderPrComment(model);

  it("shows the rationale, constraints and trigger of a record the PR makes stale, collapsed, with the anchors that changed", () => {
    expect(model.stale[0]!.why).toEqual({
      trigger: "the IdP is slow at peak",
      chosen: "an in-memory cache",
      rationale: "the IdP answers in 2 s at peak",
      constraints: "never cache a token longer than 5 minutes",
    });
    const item = body.slice(body.indexOf("Sessions are cached"));
    expect(item).toMatch(
      /^Sessions are cached — `src\/a.ts` \(modified\) changed by `d{10}` change\. Re-check it, then `adrift decision reverify 01JC0+1`, or supersede it\.\n\n {2}<details><summary>What was decided, and why<\/summary>\n\n {2}\*\*Why now\*\*: the IdP is slow at peak\n\n {2}\*\*Chosen\*\*: an in-memory cache\n\n {2}\*\*Rationale\*\*: the IdP answers in 2 s at peak\n\n {2}\*\*Constraints\*\*: never cache a token longer than 5 minutes\n\n {2}Anchors changed: `src\/a.ts#login` modified in `d{10}`\n\n {2}<\/details>\n/,
    );
    expect(model.stale[0]!.anchors).toEqual([
      { path: "src/a.ts", symbol: "login", change: "modified", commits: [PR_COMMIT] },
    ]);
  });

  it("lists moved and review records in their own collapsed sections, counted in the summary", () => {
    expect(model.summary).toMatchObject({ made_stale: 1, moved: 1, review: 1, touched: 0 });
    expect(body).toContain("1 record moved · 1 record to review");
    expect(body).toContain(
      "<details><summary>Records this PR moved (renames only, not stale) (1)</summary>",
    );
    expect(body).toContain(
      "Helpers stay small — moved: `lib/util.ts` → `lib/helpers.ts` by `dddddddddd` change. Re-base it on the new paths: `adrift decision reverify",
    );
    expect(body).toContain(
      "<details><summary>Records to review: files this PR added under their scope (1)</summary>",
    );
    expect(body).toContain(
      "files added under its scope: `src/billing/refund.ts` (added) by `dddddddddd` change. If they follow the decision, `adrift decision reverify",
    );
  });

  it("gets the same body from the index read back from its file, the whys read apart", () => {
    const read = input(events, findings);
    const records = reportRecords(foldEvents(events));
    // as the report index's file keeps them: by column, without whys
    read.records = recordTable(recordColumns(records.values()));
    const bare = buildPrComment(read, []);
    const lacking = lacksWhys(bare, 250);
    expect(lacking.sort()).toEqual([STALE, MOVED, REVIEW]);
    const whys = new Map(lacking.map((id) => [id, records.get(id)!.why!]));
    expect(renderPrComment(withWhys(bare, whys))).toBe(body);
  });

  it("parses as a forge reads it: the why is Markdown inside the details, the only HTML adrift's tags", () => {
    const tree = unified().use(remarkParse).use(remarkGfm).parse(body) as Root;
    const html: string[] = [];
    const strong: string[] = [];
    const walk = (node: { type: string; value?: string; children?: unknown[] }): void => {
      if (node.type === "html") html.push(node.value!);
      if (node.type === "strong")
        strong.push((node.children as { value?: string }[]).map((c) => c.value ?? "").join(""));
      for (const c of node.children ?? []) walk(c as typeof node);
    };
    walk(tree);
    for (const h of html)
      expect(h).toMatch(
        /^(<!-- adrift:pr-comment head=a+ -->|<details><summary>[A-Za-z ,:'()0-9]+<\/summary>|<\/details>)$/,
      );
    // each label parsed as Markdown: not swallowed by the HTML block before it
    expect(strong.filter((t) => t === "Rationale")).toHaveLength(2);
    expect(strong.filter((t) => t === "Constraints")).toHaveLength(2);
    expect(html.filter((h) => h.startsWith("<details>")).length).toBe(
      html.filter((h) => h === "</details>").length,
    );
  });

  it("gives a new incomplete record the command that completes it", () => {
    const added = {
      ...input(events, findings),
      added: [{ id: REVIEW, type: "decision_recorded", data: {} }],
    };
    const withNew = renderPrComment(buildPrComment(added, []));
    expect(withNew).toContain(
      `Billing is immutable — incomplete (1 part missing): complete it with \`adrift intent amend ${REVIEW}\``,
    );
    expect(withNew).toContain("**Incomplete**: no trigger: say what hurts, why now");
  });

  it("says what a record lacks in words, not codes", () => {
    const lines = whyLines(model.review[0]!.why, model.review[0]!.incomplete);
    expect(lines.at(-1)?.label).toBe("Incomplete");
    expect(body).not.toMatch(/trigger_missing|rationale_missing|no_considered_options/);
  });

  it("keeps hostile text in a rationale inert", () => {
    const live = body.replace(/`[^`\n]*`/g, "").match(/(?<!\\)<[a-z/!][^>]*>/gim) ?? [];
    for (const tag of live)
      expect(tag).toMatch(/^<(!-- adrift:pr-comment head=a+ --|\/?details|\/?summary)>$/);
    expect(body.match(/adrift:pr-comment/g)).toHaveLength(1);
    expect(body).not.toMatch(/(?<!\\)\[click\]\(javascript/);
    expect(body).not.toMatch(/(^|[^\w])@org/);
    // the right-to-left override is shown escaped, not applied
    expect(body).not.toContain("\u202E");
    // every <details> opened is closed
    expect(body.match(/(?<!\\)<details>/g)?.length).toBe(body.match(/(?<!\\)<\/details>/g)?.length);
    const html = whyHtml(whyLines({ trigger: EVIL, chosen: "", rationale: "", constraints: "" }));
    expect(html).not.toMatch(/<script|<details|<!--/);
  });

  it("links records to their pages on the decision site when one is configured", () => {
    const linked = renderPrComment(
      buildPrComment({ ...input(events, findings), site_url: "https://example.org/decisions" }, []),
    );
    expect(linked).toContain(
      `[\`01JC0000000000000000000001\`](https://example.org/decisions/records/${STALE}.html)`.replace(
        "01JC0000000000000000000001`",
        `${model.stale[0]!.short_id}\``,
      ),
    );
  });

  it("stays under 60,000 characters with thousands of stale records, each with a long why", () => {
    const long = "why ".repeat(2000);
    const many = Array.from({ length: 3000 }, (_, i) =>
      decisionEvent(`01JC${String(i).padStart(22, "0")}`, `decision ${i}`, [`src/${i}.ts`], {
        ...card(`decision ${i}`, {
          trigger: long,
          chosen: long,
          rationale: long,
          constraints: long,
        }),
      }),
    );
    const big = renderPrComment(
      buildPrComment(
        input(
          many,
          many.map((e) => finding(e.id, "stale")),
        ),
        [],
      ),
    );
    expect(big.length).toBeLessThan(PR_COMMENT_LIMIT);
    expect(big).toMatch(/… and \d+ more/);
    expect(big.match(/<details>/g)?.length).toBe(big.match(/<\/details>/g)?.length);
    // each shown record carries its why, clipped
    expect(big).toContain("**Rationale**: why why");
  });
});
