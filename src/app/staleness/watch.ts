import path from "node:path";
import { type Watcher, watchPaths } from "../../adapters/watch.js";
import type { StaleFinding } from "../../core/staleness/types.js";
import type { AppContext } from "../dependencies.js";
import { asSystem } from "../recording/actor.js";
import { type ReportTarget, refreshGeneratedFiles } from "../reports/generated-files.js";
import { runStale } from "./stale.js";

/** What the watcher tells its caller. */
export type WatchEvents = {
  /** a record newly marked stale, with its finding */
  onMarked(finding: StaleFinding): void;
  /** a generated file (the ADR index, a report) was rewritten */
  onGenerated?(file: string): void;
  /** a pass failed (the watcher keeps going) */
  onError(error: unknown): void;
};

/** What the watcher keeps current besides staleness: reports to rewrite (the index always). */
export type WatchOptions = { reports?: readonly ReportTarget[] };

/**
 * The files that move when commits, merges, pulls, rebases and checkouts happen, the log, and
 * the ADR directory (an ADR edited by hand changes the index; the index's own rewrite there
 * ends in a pass that writes nothing).
 */
export function watchedPaths(ctx: AppContext): string[] {
  const { gitDir, commonDir, root } = ctx.git.location;
  return [
    path.join(gitDir, "HEAD"),
    path.join(gitDir, "logs", "HEAD"),
    path.join(commonDir, "refs"),
    path.join(commonDir, "packed-refs"),
    path.join(root, ctx.config.log_dir),
    path.join(root, ctx.config.adr_dir),
  ];
}

/** One pass: marks newly stale records and reports each, then regenerates generated files. */
async function pass(ctx: AppContext, events: WatchEvents, options: WatchOptions): Promise<void> {
  try {
    const result = await runStale(asSystem(ctx, "adrift-watch"), { record: true });
    const marked = new Set(result.marked);
    for (const finding of result.findings)
      if (marked.has(finding.record_id)) events.onMarked(finding);
  } catch (error) {
    events.onError(error);
  }
  // After the marks: a report shows them, and the marks' own log change ends in a no-op pass.
  try {
    const { written } = await refreshGeneratedFiles(ctx, options.reports);
    for (const file of written) events.onGenerated?.(file);
  } catch (error) {
    events.onError(error);
  }
}

/**
 * Watches the repository, marking records stale as the code moves and keeping the ADR index and
 * the given reports current; resolves once watching. The watcher's `gone` settles when the
 * repository's folder or git dir is removed: it has stopped and written nothing there.
 */
export async function watchStaleness(
  ctx: AppContext,
  events: WatchEvents,
  options: WatchOptions = {},
): Promise<Watcher> {
  await pass(ctx, events, options);
  const { root, gitDir } = ctx.git.location;
  // A deleted repository stops the watcher (see `Watcher.gone`) instead of failing every pass.
  return watchPaths(watchedPaths(ctx), () => pass(ctx, events, options), {
    required: [root, gitDir],
  });
}
