import type { BlockContent, List, RootContent } from "mdast";
import type { PrCommentModel } from "../reports/pr-comment.js";
import {
  alreadyStaleItem,
  draftItem,
  ItemLinks,
  madeStaleItem,
  movedItem,
  questionItem,
  recordItem,
  reviewItem,
  ruleItem,
  short,
  summaryLine,
  touchedItem,
  unattributedItem,
  uncoveredItem,
} from "./pr-comment-items.js";
import { MAX_ITEMS_PER_SECTION, PR_COMMENT_LIMIT } from "./pr-comment-limits.js";
import { html, paragraph, renderMarkdown, strong, text } from "./report-md.js";

export { MAX_ITEMS_PER_SECTION, PR_COMMENT_LIMIT } from "./pr-comment-limits.js";

/** The hidden first line a bot finds its own sticky comment by. */
export function prCommentMarker(head: string): string {
  if (!/^[0-9a-f]{4,64}$/.test(head)) throw new Error(`not a commit id: ${head}`);
  return `<!-- adrift:pr-comment head=${head} -->`;
}

export { summaryLine };

/**
 * A section: its title, how many items it has, how many can be shown (MAX_ITEMS_PER_SECTION at
 * most), and how to build the nodes of its item `k`: built only when the body reaches it.
 */
type Section = { title: string; count: number; cap: number; item: (k: number) => BlockContent[] };

function section<T>(title: string, list: readonly T[], item: (t: T) => BlockContent[]): Section {
  const cap = Math.min(list.length, MAX_ITEMS_PER_SECTION);
  return { title, count: list.length, cap, item: (k) => item(list[k]!) };
}

/**
 * The sections, in the order a reviewer reads them: what this PR does first, what it inherits
 * last. A new section is one more entry here (and a count in the summary line, if it has one).
 */
function sections(model: PrCommentModel): Section[] {
  const l = new ItemLinks(model);
  return [
    section("Records this PR makes stale", model.stale, (s) => madeStaleItem(l, s)),
    section("New and amended records", model.records, (r) => recordItem(l, r)),
    section("Records this PR moved (renames only, not stale)", model.moved ?? [], (r) =>
      movedItem(l, r),
    ),
    section("Records to review: files this PR added under their scope", model.review ?? [], (r) =>
      reviewItem(l, r),
    ),
    section("Changed files no decision covers", model.uncovered, (u) => uncoveredItem(l, u)),
    section("Open questions affecting this PR's stories and tasks", model.questions, questionItem),
    section("Business rules without stories", model.rules_without_stories, ruleItem),
    section("ADR drafts awaiting review", model.drafts, (d) => draftItem(l, d)),
    section("Already stale on the base branch", model.already_stale, (s) => alreadyStaleItem(l, s)),
    section(
      "Stale records this comment could not attribute (history unavailable)",
      model.unattributed,
      (u) => unattributedItem(l, u),
    ),
    section("Records touched outside their anchors (not stale)", model.touched ?? [], (r) =>
      touchedItem(l, r),
    ),
  ].filter((s) => s.count > 0);
}

/**
 * A bullet list of items: an item of one paragraph is one line; an item of several blocks (a
 * record and its collapsed why) is spread, its blocks apart, so the HTML of `<details>` ends
 * before the Markdown inside it starts.
 */
function bulletList(items: BlockContent[][]): List {
  return {
    type: "list",
    ordered: false,
    spread: false,
    children: items.map((children) => ({
      type: "listItem",
      spread: children.length > 1,
      children,
    })),
  };
}

/**
 * An item as it is joined into its section: one line, or several lines followed by a blank one
 * (an HTML block inside an item ends only at a blank line: the next item must not join it).
 */
const asJoined = (rendered: string): string => {
  const item = rendered.replace(/\n+$/, "");
  return item.includes("\n") ? `${item}\n` : item;
};

/** Rendered items of a section's first items (one serializer call), each as `asJoined` has it. */
function renderLines(items: BlockContent[][]): string[] {
  if (items.length === 0) return [];
  // Every item starts a line with "- "; its other lines are indented (item text is flattened).
  const lines = renderMarkdown([bulletList(items)])
    .replace(/\n+$/, "")
    .split(/\n+(?=- )/);
  if (lines.length === items.length) return lines.map(asJoined);
  // Never expected: render one by one.
  return items.map((item) => asJoined(renderMarkdown([bulletList([item])])));
}

/** A lower bound of an item's rendered size: its raw text (escaping only adds characters). */
function rawSize(item: BlockContent[]): number {
  let n = 3;
  const walk = (node: unknown) => {
    const v = (node as { value?: string }).value;
    if (typeof v === "string") n += v.length;
    for (const c of (node as { children?: unknown[] }).children ?? []) walk(c);
  };
  for (const block of item) walk(block);
  return n;
}

/** How many items are rendered by one serializer call when the body reaches past those rendered. */
const RENDER_CHUNK = 32;

/**
 * A section's rendered lines, built and rendered a chunk at a time as the body reaches them: the
 * items past what fits `limit` are never built nor rendered. An item is rendered only if the raw
 * sizes of the items before it (a lower bound of their lines: escaping only adds characters) fit
 * the room the sections share, so no item that could never be shown is rendered.
 */
class Lines {
  private readonly nodes: BlockContent[][] = [];
  private readonly sizes: number[] = [];
  private readonly lines: string[] = [];
  private bound = 0;

  constructor(
    private readonly section: Section,
    private readonly room: number,
  ) {}

  /** Builds item `nodes.length`, unless it can never be shown; false when it was not built. */
  private build(): boolean {
    const k = this.nodes.length;
    if (k >= this.section.cap || this.bound > Math.max(0, this.room)) return false;
    const item = this.section.item(k);
    const size = rawSize(item);
    this.bound += size;
    this.sizes.push(size);
    this.nodes.push(item);
    return true;
  }

  /**
   * The rendered line of item `k` (the next one not rendered, or one rendered already), or
   * undefined when it can never be shown. With `left` characters left in the body, the items
   * rendered with it are those whose raw sizes, from `k` on, fit `left`: the next ones could
   * not be shown after it (`left` only shrinks), and are rendered when asked for, if ever.
   */
  at(k: number, left: number): string | undefined {
    if (k >= this.lines.length) {
      if (!this.has(k)) return undefined;
      let end = k + 1;
      for (let sum = this.sizes[k]!; end < k + RENDER_CHUNK && this.has(end); end++) {
        sum += this.sizes[end]!;
        if (sum > left) break;
      }
      this.lines.push(...renderLines(this.nodes.slice(k, end)));
    }
    return this.lines[k];
  }

  /** Whether item `k` is built (building those before it first), i.e. whether it may be shown. */
  private has(k: number): boolean {
    while (this.nodes.length <= k) if (!this.build()) return false;
    return true;
  }

  /** The first `n` lines (all rendered already). */
  first(n: number): string[] {
    return this.lines.slice(0, n);
  }
}

function more(n: number): string {
  return `… and ${n} more`;
}

function opening(section: Section): string {
  return `<details><summary>${section.title} (${section.count})</summary>`;
}

/**
 * The comment body: marker, summary, then one `<details>` per non-empty section. Items are
 * admitted round-robin across sections while they fit `limit`; each section that could not
 * show everything ends with "… and N more". Only the summary when there is nothing to say.
 * Every item is serialized by mdast-util-to-markdown; sections are joined as the serializer
 * joins blocks (a blank line between), so the size of the body is known before it is built.
 */
export function renderPrComment(model: PrCommentModel, limit = PR_COMMENT_LIMIT): string {
  const header: RootContent[] = [
    html(prCommentMarker(model.head)),
    paragraph(strong(text("adrift")), `: ${summaryLine(model)}`),
  ];
  if (model.failing.length) header.push(paragraph(`Failing: ${model.failing.join(", ")}.`));
  for (const u of model.unevaluated)
    header.push(paragraph(`Could not evaluate: ${u.gate} — ${short(u.reason, 400)}.`));
  for (const note of model.notices) header.push(paragraph(`Note: ${short(note, 400)}`));
  const head = renderMarkdown(header).trimEnd();
  const all = sections(model);
  // Fixed cost of each section: its tags, blank lines and a possible "… and N more".
  const frame = all.map((s) => opening(s).length + "</details>".length + more(s.count).length + 12);
  let left = limit - head.length - 2 - frame.reduce((a, b) => a + b, 0);
  const lines = all.map((section) => new Lines(section, left));
  const shown = all.map(() => 0);
  for (let progress = true; progress; ) {
    progress = false;
    all.forEach((_, i) => {
      const line = lines[i]!.at(shown[i]!, left);
      if (line !== undefined && line.length + 1 <= left) {
        left -= line.length + 1;
        shown[i]!++;
        progress = true;
      }
    });
  }
  const parts = [head];
  all.forEach((section, i) => {
    const block = [opening(section)];
    // (a last item of several lines ends with a blank line of its own: the join adds one)
    if (shown[i]! > 0) block.push(lines[i]!.first(shown[i]!).join("\n").replace(/\n+$/, ""));
    if (shown[i]! < section.count) block.push(more(section.count - shown[i]!));
    block.push("</details>");
    parts.push(block.join("\n\n"));
  });
  return `${parts.join("\n\n")}\n`;
}
