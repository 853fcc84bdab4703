// The items of the PR comment's sections, as mdast phrasing: records, files and commits are
// links to the forge when it is known (plain inline code otherwise), user text is neutralised.
import type { BlockContent, PhrasingContent } from "mdast";
import { type ForgeLinks, forgeLinks } from "../reports/forge.js";
import type { Named, PrCommentModel } from "../reports/pr-comment.js";
import type { PrPath } from "../reports/pr-stale.js";
import type { AnchorChange, ChangeCommit } from "../staleness/types.js";
import { whyBlocks, whyLines } from "./record-why.js";
import {
  code,
  html,
  type JoinableCode,
  joinableCode,
  sentence,
  type Words,
  words,
} from "./report-md.js";
import { quotePath, safeText } from "./terminal.js";
import { clip, flatten } from "./text.js";

const MAX_PATHS_PER_ITEM = 20;
const MAX_COMMITS_PER_ITEM = 10;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** User text cut to one line of at most `max` characters, control characters escaped. */
export const short = (s: string, max = 200) => safeText(clip(flatten(s, max * 4), max));

const w = words;

type Phrase = PhrasingContent | string | Words | JoinableCode;

/** How items name records, files and commits: linked when the forge is known. */
export class ItemLinks {
  private readonly links: ForgeLinks | undefined;
  constructor(private readonly model: PrCommentModel) {
    this.links = model.forge ? forgeLinks(model.forge) : undefined;
  }

  /** Inline code of `value`, as the label of a link to `url` when there is one. */
  private link(value: string, url: string | undefined): PhrasingContent | JoinableCode {
    return url ? { type: "link", url, children: [code(value)] } : joinableCode(value);
  }

  /**
   * A record by its short id, linked to its page on the decision site when one is configured
   * (`site.url`), else to its line in the log at the head.
   */
  record(r: Named & { id?: string }): PhrasingContent | JoinableCode {
    const site = this.model.site_url;
    const url =
      site && r.id && /^[0-9A-Za-z]+$/.test(r.id)
        ? `${site}/records/${r.id}.html`
        : this.links && r.location
          ? this.links.file(r.location.file, this.model.head, r.location.line)
          : undefined;
    return this.link(r.short_id, url);
  }

  /** A file at the head (a deleted one at the merge base, where it still is). */
  file(path: string, deleted = false): PhrasingContent | JoinableCode {
    const rev = deleted ? this.model.merge_base : this.model.head;
    const url = this.links && rev ? this.links.file(path, rev) : undefined;
    return this.link(quotePath(path), url);
  }

  /** A commit by its first ten characters. */
  commit(hash: string): PhrasingContent | JoinableCode {
    return this.link(hash.slice(0, 10), this.links?.commit(hash));
  }

  /** Paths with what happened to them, each linked: `a` (modified), `b` → `c`, and N more. */
  paths(list: readonly PrPath[], omitted = 0): Phrase[] {
    const out: Phrase[] = [];
    list.slice(0, MAX_PATHS_PER_ITEM).forEach((p, i) => {
      if (i > 0) out.push(w(", "));
      if (p.new_path) out.push(this.file(p.path, true), w(" → "), this.file(p.new_path));
      else {
        out.push(this.file(p.path, p.change === "deleted"));
        if (p.change) out.push(w(` (${p.change})`));
      }
    });
    const more = Math.max(0, list.length - MAX_PATHS_PER_ITEM) + omitted;
    if (more > 0) out.push(w(`, and ${more} more`));
    return out;
  }

  /** Commits with their subjects, each linked, and N more. */
  commits(list: readonly ChangeCommit[], omitted = 0): Phrase[] {
    const out: Phrase[] = [];
    list.slice(0, MAX_COMMITS_PER_ITEM).forEach((c, i) => {
      if (i > 0) out.push(w("; "));
      out.push(this.commit(c.hash), ` ${short(c.subject, 80)}`);
    });
    const more = Math.max(0, list.length - MAX_COMMITS_PER_ITEM) + omitted;
    if (more > 0) out.push(w(`; and ${more} more`));
    return out;
  }
}

/** What to do about a stale record: re-check it, then re-verify or supersede it. */
function remedy(r: Named): Phrase[] {
  return [
    w(". Re-check it, then "),
    joinableCode(`adrift decision reverify ${r.short_id}`),
    w(", or supersede it."),
  ];
}

/** One paragraph (see `sentence`: adrift's words printed as they are, user text escaped). */
const item = (...children: Phrase[]): BlockContent[] => [sentence(...children)];

/** How an anchor changed, in words: `src/a.ts#login` modified, → `src/b.ts#signIn`. */
function anchorPhrases(l: ItemLinks, anchors: readonly AnchorChange[]): Phrase[] {
  const out: Phrase[] = [];
  anchors.slice(0, MAX_PATHS_PER_ITEM).forEach((a, i) => {
    if (i > 0) out.push(w(", "));
    out.push(joinableCode(`${a.path}#${a.symbol}`), w(` ${a.change}`));
    if (a.change === "moved" || a.change === "renamed")
      out.push(w(" to "), joinableCode(`${a.new_path ?? a.path}#${a.new_symbol ?? a.symbol}`));
    if (a.commits[0]) out.push(w(" in "), l.commit(a.commits[0]));
  });
  if (anchors.length > MAX_PATHS_PER_ITEM)
    out.push(w(`, and ${anchors.length - MAX_PATHS_PER_ITEM} more`));
  return out;
}

/**
 * The collapsed part of a record's item: its why (trigger, chosen approach, rationale,
 * constraints, what it lacks in words) and the anchors that changed. Nothing when there is
 * nothing to show. The summary is adrift's fixed words; user text is escaped Markdown inside.
 */
export function whyDetails(
  l: ItemLinks,
  r: Named,
  anchors: readonly AnchorChange[] = [],
): BlockContent[] {
  const blocks = whyBlocks(whyLines(r.why, r.incomplete ?? []));
  if (anchors.length > 0)
    blocks.push(sentence(w("Anchors changed: "), ...anchorPhrases(l, anchors)));
  if (blocks.length === 0) return [];
  return [
    html("<details><summary>What was decided, and why</summary>"),
    ...blocks,
    html("</details>"),
  ];
}

/** An item of "Records this PR makes stale". */
export function madeStaleItem(l: ItemLinks, s: PrCommentModel["stale"][number]): BlockContent[] {
  const head = [w(`${s.kind} `), l.record(s), ` ${short(s.outcome)}`, w(" — ")];
  const details = whyDetails(l, s, s.anchors);
  if (s.by === "mark")
    return [
      ...item(
        ...head,
        ...(s.paths.length > 0
          ? [w("marked stale in this PR: "), ...l.paths(s.paths)]
          : [w("marked stale by hand in this PR")]),
        ...remedy(s),
      ),
      ...details,
    ];
  return [
    ...item(
      ...head,
      ...l.paths(s.paths, s.omitted_paths),
      w(" changed by "),
      ...l.commits(s.commits, s.omitted_commits),
      ...remedy(s),
    ),
    ...details,
  ];
}

/** An item of "Records this PR moved": where its files went, and how to re-base it there. */
export function movedItem(l: ItemLinks, r: PrCommentModel["moved"][number]): BlockContent[] {
  return [
    ...item(
      w(`${r.kind} `),
      l.record(r),
      ` ${short(r.outcome)}`,
      w(" — moved: "),
      ...l.paths(r.paths, r.omitted_paths),
      w(" by "),
      ...l.commits(r.commits),
      w(". Re-base it on the new paths: "),
      joinableCode(`adrift decision reverify ${r.short_id}`),
    ),
    ...whyDetails(l, r, r.anchors),
  ];
}

/** An item of "Records to review": the files added under its scope, and how to settle it. */
export function reviewItem(l: ItemLinks, r: PrCommentModel["review"][number]): BlockContent[] {
  return [
    ...item(
      w(`${r.kind} `),
      l.record(r),
      ` ${short(r.outcome)}`,
      w(" — files added under its scope: "),
      ...l.paths(r.paths, r.omitted_paths),
      w(" by "),
      ...l.commits(r.commits),
      w(". If they follow the decision, "),
      joinableCode(`adrift decision reverify ${r.short_id}`),
      w("; if not, narrow its scope."),
    ),
    ...whyDetails(l, r, r.anchors),
  ];
}

/** An item of "Already stale on the base branch". */
export function alreadyStaleItem(
  l: ItemLinks,
  s: PrCommentModel["already_stale"][number],
): BlockContent[] {
  const head = [w(`${s.kind} `), l.record(s), ` ${short(s.outcome)}`, w(" — ")];
  const why: Phrase[] =
    s.since === "commits" && s.commits.length > 0
      ? [w("stale on the base branch since "), ...l.commits(s.commits)]
      : s.since === "content"
        ? [
            w("its files on the base branch already differ from what it saw: "),
            ...l.paths(s.paths.map((path) => ({ path }))),
          ]
        : [w("marked stale in the log before this PR")];
  return [...item(...head, ...why, ...remedy(s)), ...whyDetails(l, s)];
}

/** An item of "New and amended records". */
export function recordItem(l: ItemLinks, r: PrCommentModel["records"][number]): BlockContent[] {
  return [
    ...item(
      w(`${r.change} ${r.kind} `),
      l.record(r),
      ` ${short(r.outcome)}`,
      ...(r.incomplete.length
        ? [
            w(` — incomplete (${plural(r.incomplete.length, "part")} missing): complete it with `),
            joinableCode(`adrift intent amend ${r.short_id}`),
          ]
        : []),
      ...(r.proposed
        ? [
            w(" — proposed by an agent, not confirmed by a person: "),
            joinableCode(`adrift intent confirm ${r.short_id}`),
          ]
        : []),
    ),
    ...whyDetails(l, r),
  ];
}

/** An item of "Changed files no decision covers". */
export function uncoveredItem(
  l: ItemLinks,
  u: PrCommentModel["uncovered"][number],
): BlockContent[] {
  // No empty text after the link: it would print nothing, yet the serializer escapes it twice
  // (to peek at it, then to print it), which doubled the cost of this, the longest section.
  return u.baseline === "baselined"
    ? item(l.file(u.path), w(" (in the baseline)"))
    : u.baseline === "expired"
      ? item(l.file(u.path), w(" (baseline entry expired)"))
      : item(l.file(u.path));
}

/** An item of "Open questions affecting this PR's stories and tasks". */
export function questionItem(q: PrCommentModel["questions"][number]): BlockContent[] {
  return item(
    code(q.id),
    ` ${short(q.question)} — answer: `,
    code(`adrift question answer ${q.id}`),
  );
}

/** An item of "Business rules without stories". */
export function ruleItem(r: PrCommentModel["rules_without_stories"][number]): BlockContent[] {
  return item(code(r.id), ` ${short(r.title)}`);
}

/** An item of "ADR drafts awaiting review". */
export function draftItem(l: ItemLinks, d: PrCommentModel["drafts"][number]): BlockContent[] {
  return item(
    l.file(d.path),
    w(` (${plural(d.records, "record")}) — accept: `),
    code(`adrift adr accept ${d.path}`),
  );
}

/** An item of the records a shallow clone could not attribute. */
export function unattributedItem(
  l: ItemLinks,
  u: PrCommentModel["unattributed"][number],
): BlockContent[] {
  return [
    ...item(
      l.record(u),
      ` ${short(u.outcome)}`,
      w(" — "),
      ...(u.paths.length > 0
        ? [w("differs from its fingerprints: "), ...l.paths(u.paths.map((path) => ({ path })))]
        : [w("marked stale in the log")]),
    ),
    ...whyDetails(l, u),
  ];
}

/** An item of the records the PR changed only outside their anchors. */
export function touchedItem(l: ItemLinks, r: PrCommentModel["touched"][number]): BlockContent[] {
  return [
    ...item(
      l.record(r),
      ` ${short(r.outcome)}`,
      w(" — its anchors are unchanged in "),
      ...l.paths(r.paths.map((path) => ({ path }))),
    ),
    ...whyDetails(l, r),
  ];
}

/** The one-line summary. */
export function summaryLine(model: PrCommentModel): string {
  const s = model.summary;
  const parts =
    model.merge_base === null
      ? ["changed files unknown (history does not reach the merge base)"]
      : [
          plural(s.changed_files, "changed file"),
          `${s.covered} covered${s.covered_by_made_stale > 0 ? ` (${s.covered_by_made_stale} by decisions this PR makes stale)` : ""}`,
          `${s.uncovered} uncovered`,
          `${plural(s.made_stale, "record")} made stale`,
        ];
  if (model.merge_base === null && model.unattributed.length > 0)
    parts.push(`${plural(model.unattributed.length, "stale record")} not attributed`);
  if (s.already_stale > 0) parts.push(`${s.already_stale} already stale on the base branch`);
  parts.push(
    `${plural(s.new_records, "new record")}, ${s.incomplete} incomplete`,
    plural(s.open_questions, "open question"),
  );
  if (s.proposed > 0) parts.push(`${s.proposed} proposed by an agent, waiting for a person`);
  if (s.moved > 0) parts.push(`${plural(s.moved, "record")} moved`);
  if (s.review > 0) parts.push(`${plural(s.review, "record")} to review`);
  if (s.touched > 0) parts.push(`${plural(s.touched, "record")} touched outside their anchors`);
  return parts.join(" · ");
}
