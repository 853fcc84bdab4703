import { describe, expect, it } from "vitest";
import type { AdriftEvent } from "../../../src/core/events/envelope.js";
import { foldEvents } from "../../../src/core/project/fold.js";
import { PR_COMMENT_LIMIT, renderPrComment } from "../../../src/core/render/pr-comment.js";
import { NO_BACKLOG } from "../../../src/core/reports/inputs.js";
import { buildPrComment, type PrCommentInput } from "../../../src/core/reports/pr-comment.js";
import { type ReportRecord, reportRecords } from "../../../src/core/reports/report-index.js";
import { decisionEvent } from "../../support/events.js";

const HEAD = "a".repeat(40);
const _SESSION = "01JC0000000000000000000000";

function decision(id: string, outcome: string, paths: string[], extra: object = {}): AdriftEvent {
  return decisionEvent(id, outcome, paths, extra);
}

function input(events: AdriftEvent[], changed: string[], added = events): PrCommentInput {
  return {
    base: "c".repeat(40),
    head: HEAD,
    merge_base: "c".repeat(40),
    changed: changed.map((path) => ({ path, status: "modified" as const })),
    commits: [
      { hash: "d".repeat(40), author: "Ana", subject: "change", parents: ["c".repeat(40)] },
    ],
    records: reportRecords(foldEvents(events)),
    added,
    staleness: {
      head: HEAD,
      notices: [],
      findings: events.map((e) => ({
        record_id: e.id,
        kind: "decision" as const,
        state: "stale" as const,
        recorded: false,
        method: "history" as const,
        commits: [{ hash: "d".repeat(40), author: "Ana", subject: "change @org/team" }],
        paths: [{ path: "src/a.ts", change: "modified" as const, commits: ["d".repeat(40)] }],
      })),
    },
    adrs: [],
    backlog: NO_BACKLOG,
    questions: [],
    drafts: [],
    today: "2026-01-01",
  };
}

const EVIL = [
  "<script>alert(1)</script>",
  "<!-- adrift:pr-comment head=ffffffff -->",
  "hey @org/team and @octocat",
  "<img src=x onerror=alert(1)>",
  "</details><details open>",
].join(" ");

describe("the PR comment body", () => {
  it("keeps injected user text inert: no raw HTML, no mentions, no second marker", () => {
    const events = [decision("01JC0000000000000000000001", EVIL, ["src/"])];
    const body = renderPrComment(buildPrComment(input(events, ["src/a.ts", "lib/<b>.ts"]), []));
    expect(body.startsWith(`<!-- adrift:pr-comment head=${HEAD} -->\n`)).toBe(true);
    expect(body.match(/adrift:pr-comment/g)).toHaveLength(1);
    const live = body.replace(/`[^`\n]*`/g, "").match(/(?<!\\)<[a-z/!][^>]*>/gim) ?? [];
    for (const tag of live)
      expect(tag).toMatch(/^<(!-- adrift:pr-comment head=a+ --|\/?details|\/?summary)>$/);
    expect(body).toContain("\\<script>");
    expect(body).not.toMatch(/(^|[^\w])@(org|octocat)/);
    expect(body).toContain("@\u200dorg/team");
  });

  it("stays under 60,000 characters with 200 KB of text and thousands of items, saying how many more", () => {
    const huge = "x".repeat(200_000);
    const events = Array.from({ length: 3000 }, (_, i) =>
      decision(`01JC${String(i).padStart(22, "0")}`, `${i % 500 ? "y" : huge} <script>`, [
        `src/${i}.ts`,
      ]),
    );
    const changed = Array.from({ length: 5000 }, (_, i) => `lib/${i}/file-with-a-long-name.ts`);
    const body = renderPrComment(buildPrComment(input(events, changed), []));
    expect(body.length).toBeLessThan(PR_COMMENT_LIMIT);
    expect(body).toMatch(/… and \d+ more/);
    expect(body).not.toMatch(/(?<!\\)<script/);
  });

  it("is only the summary when there is nothing to say", () => {
    const body = renderPrComment(
      buildPrComment({ ...input([], []), commits: [] }, ["stale", "uncovered"]),
    );
    expect(body).toBe(
      `<!-- adrift:pr-comment head=${HEAD} -->\n\n**adrift**: 0 changed files · 0 covered · 0 uncovered · 0 records made stale · 0 new records, 0 incomplete · 0 open questions\n`,
    );
  });

  it("fails only on the conditions asked for", () => {
    const events = [decision("01JC0000000000000000000001", "x", ["src/"])];
    const model = buildPrComment(input(events, ["lib/a.ts"]), ["uncovered", "open-questions"]);
    expect(model.failing).toEqual(["uncovered"]);
    expect(buildPrComment(input(events, ["lib/a.ts"]), []).failing).toEqual([]);
  });

  it("excuses baselined paths until their entry expires", () => {
    const base = input([], ["lib/a.ts"]);
    const baseline = {
      version: 1 as const,
      depth: 1,
      areas: [{ area: "lib", expires: "2026-06-01", files: ["lib/a.ts"] }],
    };
    expect(buildPrComment({ ...base, baseline }, ["uncovered"]).failing).toEqual([]);
    const later = buildPrComment({ ...base, baseline, today: "2026-06-02" }, ["uncovered"]);
    expect(later.failing).toEqual(["uncovered"]);
    expect(later.uncovered).toEqual([{ path: "lib/a.ts", baseline: "expired" }]);
  });

  it("covers by path, directory, path naming a directory, glob and a rename's old path; questions follow every governor", () => {
    const governing = (id: string, entry: string, story?: string): ReportRecord => ({
      id,
      kind: "decision",
      status: "active",
      card: { outcome: id },
      basis: { touched_paths: [entry] },
      ...(story ? { affects: { stories: [story], tasks: [] } } : {}),
    });
    const records = new Map(
      [
        governing("01JC0000000000000000000001", "src/a.ts"),
        governing("01JC0000000000000000000002", "lib/"),
        governing("01JC0000000000000000000003", "docs"),
        // also matches src/a.ts, which a path covers already: its story still counts
        governing("01JC0000000000000000000004", "src/**/*.ts", "S1"),
        governing("01JC0000000000000000000005", "old/name.ts", "S2"),
        governing("01JC0000000000000000000006", "elsewhere.ts", "S3"),
      ].map((r) => [r.id, r]),
    );
    const question = (id: string, story: string) => ({
      id,
      question: `about ${story}?`,
      affects: { rules: [], stories: [story], tasks: [] },
    });
    const pr: PrCommentInput = {
      ...input([], []),
      records,
      changed: [
        { path: "src/a.ts", status: "modified" },
        { path: "lib/x/y.ts", status: "added" },
        { path: "docs/guide.md", status: "modified" },
        { path: "new/name.ts", status: "renamed", from: "old/name.ts" },
        { path: "other/z.md", status: "added" },
      ],
      staleness: { head: HEAD, notices: [], findings: [] },
      questions: [
        question("01JC0000000000000000000011", "S1"),
        question("01JC0000000000000000000012", "S2"),
        question("01JC0000000000000000000013", "S3"),
      ],
    };
    const model = buildPrComment(pr, []);
    expect(model.summary.covered).toBe(4);
    expect(model.uncovered.map((u) => u.path)).toEqual(["other/z.md"]);
    expect(model.questions.map((q) => q.id)).toEqual([
      "01JC0000000000000000000011",
      "01JC0000000000000000000012",
    ]);
    expect(buildPrComment({ ...pr, questions: [] }, []).summary.covered).toBe(4);
  });

  it("counts covered files a decision made stale governs, by path, directory, glob and a rename's old path; changed = covered + uncovered", () => {
    const ids = [
      "01JC0000000000000000000001",
      "01JC0000000000000000000002",
      "01JC0000000000000000000003",
      "01JC0000000000000000000004",
      "01JC0000000000000000000005",
    ];
    const events = [
      decision(ids[0]!, "by path", ["src/a.ts"]),
      decision(ids[1]!, "by directory", ["lib/"]),
      decision(ids[2]!, "by glob", ["docs/**/*.md"]),
      decision(ids[3]!, "old name", ["old/name.ts"]),
      decision(ids[4]!, "not stale", ["keep/"]),
    ];
    const base = input(events.slice(0, 4), []);
    const model = buildPrComment(
      {
        ...base,
        records: reportRecords(foldEvents(events)),
        changed: [
          { path: "src/a.ts", status: "modified" },
          { path: "lib/x/y.ts", status: "added" },
          { path: "docs/guide/intro.md", status: "modified" },
          { path: "new/name.ts", status: "renamed", from: "old/name.ts" },
          { path: "keep/k.ts", status: "modified" },
          { path: "other/z.md", status: "added" },
        ],
      },
      [],
    );
    expect(model.stale.map((s) => s.id)).toEqual(ids.slice(0, 4));
    expect(model.summary).toMatchObject({
      changed_files: 6,
      covered: 5,
      covered_by_made_stale: 4,
      uncovered: 1,
    });
  });
});
