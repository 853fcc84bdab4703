import { type Stats, statSync } from "node:fs";
import path from "node:path";
import { stateDir } from "../../adapters/local-state.js";
import { listLogFiles, logDirsOf } from "../../adapters/log-files.js";
import { readLog } from "../../adapters/log-store.js";
import { openValidatedFiles } from "../../adapters/validated-files.js";
import type { AdriftEvent } from "../../core/events/envelope.js";
import { foldEvents } from "../../core/project/fold.js";
import type { OrderedLog } from "../../core/project/order.js";
import type { ProjectState } from "../../core/project/state.js";
import { futureEventsError, unreadableLines } from "../../core/project/unreadable-lines.js";
import type { AppContext } from "../dependencies.js";
import { committedOrderFrom } from "./committed-order.js";
import { noteNewestId } from "./newest-seen.js";

/** The log as read and the state folded from it. */
export type LoadedProject = { state: ProjectState; log: OrderedLog & { files: string[] } };

/** The directories whose `*.events.ndjson` files make the log: `.decisions/` and the log dir. */
export function logDirs(ctx: AppContext): string[] {
  return logDirsOf(ctx.git.location.root, ctx.config.log_dir);
}

/** What this process appended (as the writer reports it): events, file, bytes, its stat around. */
export type OwnAppend = {
  events: readonly AdriftEvent[];
  file: string;
  appended: number;
  stats?: { before: Stats; after: Stats };
};

/** The cache of log files validated by earlier reads, under the clone's git dir. */
function validatedFilesOf(ctx: AppContext) {
  return openValidatedFiles(path.join(stateDir(ctx.git.location.gitDir), "validated-files.json"));
}

/** A log file's name as reads key it: relative to the root, forward slashes. */
const logName = (ctx: AppContext, file: string) =>
  path.relative(ctx.git.location.root, file).split(path.sep).join("/");

/**
 * Reads the whole log and folds it. Files validated by an earlier read and unchanged since
 * are trusted (see validated-files.ts) unless `checkEveryLine`, which `validate` uses. A line from a newer adrift stops every command but
 * `validate` (which lists it with the other problems): folding without it could mislead. The
 * lines that could not be read are left out of the fold and told to `ctx.onUnreadable`.
 */
export async function loadProject(
  ctx: AppContext,
  options: { allowFutureEvents?: boolean; checkEveryLine?: boolean } = {},
): Promise<LoadedProject> {
  const validatedFiles = options.checkEveryLine ? undefined : validatedFilesOf(ctx);
  const log = await readLog(logDirs(ctx), ctx.git.location.root, {
    validatedFiles,
    committedOrder: committedOrderFrom(ctx.git),
    ...(ctx.progress ? { progress: ctx.progress } : {}),
  });
  if (!options.allowFutureEvents) {
    const refusal = futureEventsError(log);
    if (refusal) throw refusal;
  }
  const unreadable = unreadableLines(log.problems);
  if (unreadable.length > 0) ctx.onUnreadable?.(unreadable);
  noteNewestId(ctx, log.events);
  const { setAsideMarkIds } = await import("../staleness/marks-set-aside.js");
  return {
    state: foldEvents(log.events, undefined, { setAside: await setAsideMarkIds(ctx) }),
    log,
  };
}

/** Each log file's size (absolute path → bytes): what an append by this process changes. */
export type LogSizes = Map<string, number>;

export async function logSizes(ctx: AppContext): Promise<LogSizes> {
  const sizes: LogSizes = new Map();
  for (const file of await listLogFiles(logDirs(ctx))) {
    try {
      sizes.set(file, statSync(file).size);
    } catch {
      // gone meanwhile: absent from the sizes, so any comparison with them fails
    }
  }
  return sizes;
}

/**
 * The state after this process appended `written` (`appended` bytes to `file`) to the log that
 * `loaded` was read from (`before`: its sizes then), without reading the log again: the written
 * events folded onto the state. Only when that is what reading again would give — no other file
 * changed, the file grew by exactly the append, its last line was whole before, and every
 * written id sorts after the log's last (the fold follows id order) — else the log is read again.
 */
export async function stateAfterAppend(
  ctx: AppContext,
  loaded: LoadedProject,
  before: LogSizes,
  append: OwnAppend,
): Promise<ProjectState> {
  const { events, file, appended } = append;
  const now = await logSizes(ctx);
  const last = loaded.log.events.at(-1)?.id ?? "";
  const name = path.relative(ctx.git.location.root, file);
  const othersUnchanged =
    [...now].every(([f, size]) => f === file || before.get(f) === size) &&
    [...before.keys()].every((f) => now.has(f));
  const trusted =
    othersUnchanged &&
    now.get(file) === (before.get(file) ?? 0) + appended &&
    loaded.log.problems.every((p) => p.file !== name) &&
    events.every((e) => e.id > last);
  if (!trusted) return (await loadProject(ctx)).state;
  await trustAppend(ctx, append, [...now.keys()]);
  return foldEvents(events, loaded.state);
}

/**
 * Leaves the file this process appended to trusted by the next read, as that read would have
 * left it after validating it: when it was trusted just before the append and the lines
 * appended validate cleanly, each exactly its event's JSON. The next command then reads it
 * without the schemas instead of validating again what this one just validated.
 */
async function trustAppend(
  ctx: AppContext,
  append: OwnAppend,
  files: readonly string[],
): Promise<void> {
  const { events, file, appended, stats } = append;
  if (!stats) return;
  const lines = Buffer.from(events.map((e) => `${JSON.stringify(e)}\n`).join(""));
  if (lines.length !== appended) return; // a torn last line was sealed first
  const name = logName(ctx, file);
  const { parseLogBuffer } = await import("../../adapters/log-parse.js");
  const parsed = parseLogBuffer(lines, name, { checkCanonical: true });
  if (!parsed.canonical || parsed.lines.length !== events.length) return;
  const validated = validatedFilesOf(ctx);
  await validated.prepare?.(true);
  validated.rememberAppend(name, stats.before, stats.after, appended);
  validated.save(files.map((f) => logName(ctx, f)));
}
