import type { AdriftEvent } from "../core/events/envelope.js";
import { renderPrComment } from "../core/render/pr-comment.js";
import { eventIdsOf } from "../core/reports/log-ids.js";
import {
  buildPrComment,
  type FailCondition,
  type PrCommentModel,
} from "../core/reports/pr-comment.js";
import { loadBaseline } from "./baseline.js";
import type { AppContext } from "./context.js";
import { type DiffRange, isAdriftFile, reportGit, resolveRange } from "./diff-range.js";
import { type LoadedProject, loadProject } from "./load.js";
import { loadReportInputs } from "./report-inputs.js";
import { stalenessForReports } from "./report-staleness.js";

/** Options of `pr-comment`. */
export type PrCommentOptions = { base: string; head?: string; failOn?: FailCondition[] };

/** The comment as data and as the Markdown body a bot posts. */
export type PrComment = { model: PrCommentModel; body: string };

/** Log events new in the range: in changed log files at head, not in those files at the merge base. */
async function addedEvents(ctx: AppContext, range: DiffRange, project: LoadedProject) {
  if (!range.from) return [];
  const logDir = ctx.config.log_dir.replace(/\/?$/, "/");
  const changedLogs = new Set(
    range.changed.filter((c) => c.path.startsWith(logDir)).map((c) => c.path),
  );
  if (changedLogs.size === 0) return [];
  const git = reportGit(ctx);
  const before = (await git.tree(range.from, logDir)).filter((t) => changedLogs.has(t.path));
  const blobs = await git.blobs(before.map((t) => t.oid));
  const known = new Set<string>();
  for (const entry of before) {
    const buffer = blobs.get(entry.oid);
    if (!buffer) continue;
    for (const id of eventIdsOf(buffer.toString("utf8"))) known.add(id);
  }
  return project.log.events.filter((e: AdriftEvent) => {
    const at = project.log.positions.get(e.id);
    return at !== undefined && changedLogs.has(at.file) && !known.has(e.id);
  });
}

/**
 * SPEC §4.3 pr-comment: coverage, staleness, new records, questions, rules and drafts of a
 * pull request (`base...head`), as a model and a sticky-comment body. Deterministic: the same
 * inputs give the same bytes. On a clone too shallow for the range, says what it could not tell.
 */
export async function prComment(ctx: AppContext, options: PrCommentOptions): Promise<PrComment> {
  const range = await resolveRange(ctx, options.base, options.head);
  const project = await loadProject(ctx);
  const git = reportGit(ctx);
  const [added, commits, staleness, inputs, worktreeHead] = await Promise.all([
    addedEvents(ctx, range, project),
    range.from ? git.commits(range.from, range.head) : Promise.resolve([]),
    stalenessForReports(ctx, project.state, range.head),
    loadReportInputs(ctx, project.state),
    git.resolve("HEAD"),
  ]);
  const model = buildPrComment(
    {
      base: range.base,
      head: range.head,
      ...(range.unavailable ? { unavailable: range.unavailable } : {}),
      changed: range.changed.filter((c) => !isAdriftFile(ctx, c.path)),
      commits,
      state: project.state,
      added,
      staleness:
        worktreeHead === range.head
          ? staleness
          : {
              ...staleness,
              notices: [
                ...staleness.notices,
                `the work tree is at ${worktreeHead?.slice(0, 12)}, not --head ${range.head.slice(0, 12)}: the log and staleness were read from the work tree`,
              ],
            },
      adrs: inputs.adrs,
      backlog: inputs.backlog,
      questions: inputs.questions,
      drafts: inputs.drafts,
      baseline: loadBaseline(ctx),
      today: ctx.clock.now().toISOString().slice(0, 10),
    },
    options.failOn ?? [],
  );
  return { model, body: renderPrComment(model) };
}
