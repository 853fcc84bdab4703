import type { BlockContent, Paragraph, RootContent } from "mdast";
import type { PrCommentModel } from "../reports/pr-comment.js";
import { code, html, list, paragraph, renderMarkdown, strong, text } from "./mdast.js";
import { clip, flatten } from "./text.js";

/** GitHub refuses comments over 65,536 characters; adrift stays well below. */
export const PR_COMMENT_LIMIT = 60_000;

const MAX_PATHS_PER_ITEM = 20;

/** The hidden first line a bot finds its own sticky comment by. */
export function prCommentMarker(head: string): string {
  if (!/^[0-9a-f]{4,64}$/.test(head)) throw new Error(`not a commit id: ${head}`);
  return `<!-- adrift:pr-comment head=${head} -->`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const short = (s: string, max = 200) => clip(flatten(s, max * 4), max);

/** The one-line summary. */
export function summaryLine(model: PrCommentModel): string {
  const s = model.summary;
  return [
    plural(s.changed_files, "changed file"),
    `${s.covered} covered by a decision`,
    `${plural(s.made_stale, "decision")} made stale`,
    `${plural(s.new_records, "new record")}, ${s.incomplete} incomplete`,
    plural(s.open_questions, "open question"),
  ].join(" · ");
}

type Section = { title: string; items: BlockContent[][] };

function paths(list: string[]): string {
  const shown = list.slice(0, MAX_PATHS_PER_ITEM);
  const more = list.length - shown.length;
  return `${shown.join(", ")}${more > 0 ? `, and ${more} more` : ""}`;
}

function sections(model: PrCommentModel): Section[] {
  const p = (...c: Parameters<typeof paragraph>) => [paragraph(...c)];
  return [
    {
      title: "Decisions this PR makes stale",
      items: model.stale.map((s) =>
        p(
          code(s.id),
          ` ${short(s.outcome)} — paths: ${paths(
            s.paths.map((x) =>
              x.new_path ? `${x.path} → ${x.new_path}` : `${x.path} (${x.change})`,
            ),
          )}; commits: ${s.commits
            .slice(0, 10)
            .map((c) => `${c.hash.slice(0, 10)} ${short(c.subject, 80)}`)
            .join("; ")}${s.commits.length > 10 ? `; and ${s.commits.length - 10} more` : ""}`,
        ),
      ),
    },
    {
      title: "New and amended records",
      items: model.records.map((r) =>
        p(
          `${r.change} ${r.kind} `,
          code(r.id),
          ` ${short(r.outcome)}`,
          r.incomplete.length ? ` — incomplete: ${r.incomplete.map((i) => i.rule).join(", ")}` : "",
        ),
      ),
    },
    {
      title: "Changed paths no decision covers",
      items: model.uncovered.map((u) =>
        p(
          code(u.path),
          u.baseline === "baselined"
            ? " (in the baseline)"
            : u.baseline === "expired"
              ? " (baseline entry expired)"
              : "",
        ),
      ),
    },
    {
      title: "Open questions affecting this PR's stories and tasks",
      items: model.questions.map((q) =>
        p(code(q.id), ` ${short(q.question)} — answer: `, code(`adrift question answer ${q.id}`)),
      ),
    },
    {
      title: "Business rules without stories",
      items: model.rules_without_stories.map((r) => p(code(r.id), ` ${short(r.title)}`)),
    },
    {
      title: "ADR drafts awaiting review",
      items: model.drafts.map((d) =>
        p(
          code(d.path),
          ` (${plural(d.records, "record")}) — accept: `,
          code(`adrift adr accept ${d.path}`),
        ),
      ),
    },
    {
      title: "Drifted records this comment could not attribute (history unavailable)",
      items: model.unattributed.map((u) =>
        p(code(u.id), ` ${short(u.outcome)} — differs from its fingerprints: ${paths(u.paths)}`),
      ),
    },
  ].filter((s) => s.items.length > 0);
}

function itemSize(item: BlockContent[]): number {
  return renderMarkdown([list([item])]).length + 1;
}

function moreLine(n: number): Paragraph {
  return paragraph(`… and ${n} more`);
}

function assemble(model: PrCommentModel, all: Section[], shown: number[]): string {
  const blocks: RootContent[] = [
    html(prCommentMarker(model.head)),
    paragraph(strong(text("adrift")), `: ${summaryLine(model)}`),
  ];
  if (model.failing.length) blocks.push(paragraph(`Failing: ${model.failing.join(", ")}.`));
  for (const note of model.notices) blocks.push(paragraph(`Note: ${short(note, 400)}`));
  all.forEach((section, i) => {
    const n = shown[i]!;
    blocks.push(html(`<details><summary>${section.title} (${section.items.length})</summary>`));
    if (n > 0) blocks.push(list(section.items.slice(0, n)));
    if (n < section.items.length) blocks.push(moreLine(section.items.length - n));
    blocks.push(html("</details>"));
  });
  return renderMarkdown(blocks);
}

/**
 * The comment body: marker, summary, then one `<details>` per non-empty section. Items are
 * admitted round-robin across sections while they fit `limit`; each section that could not
 * show everything ends with "… and N more". Only the summary when there is nothing to say.
 */
export function renderPrComment(model: PrCommentModel, limit = PR_COMMENT_LIMIT): string {
  const all = sections(model);
  const cache = all.map(() => [] as number[]);
  const size = (i: number, j: number) => {
    cache[i]![j] ??= itemSize(all[i]!.items[j]!);
    return cache[i]![j]!;
  };
  const full = all.map((s) => s.items.length);
  const fixed = assemble(
    model,
    all,
    all.map(() => 0),
  ).length;
  let budget = limit - fixed - 64;
  for (let attempt = 0; attempt < 8; attempt++) {
    const shown = all.map(() => 0);
    let left = budget;
    for (let progress = true; progress; ) {
      progress = false;
      all.forEach((_, i) => {
        const next = shown[i]!;
        if (next < full[i]! && size(i, next) <= left) {
          left -= size(i, next);
          shown[i] = next + 1;
          progress = true;
        }
      });
    }
    const body = assemble(model, all, shown);
    if (body.length < limit) return body;
    budget = Math.floor(budget * 0.9);
  }
  return assemble(
    model,
    all,
    all.map(() => 0),
  );
}
