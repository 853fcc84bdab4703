import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  LOG_SUFFIX,
  listLogFiles,
  logDirsRelative,
  normalizeLogDir,
} from "../../adapters/log-files.js";
import type { Problem } from "../../core/events/parse.js";
import type { ProjectState } from "../../core/project/state.js";
import type { AppContext } from "../dependencies.js";
import { logDirs } from "../log/load.js";
import { compareWithOld, type HistoryLine, historyLines } from "./append-only.js";
import { checkAuthorship } from "./authorship.js";
import { FETCH, logDirAt, resolveBase } from "./base.js";
import { checkBackDating, checkFutureDating } from "./dates.js";
import { findRevertedLines, type RevertedLines } from "./reverts.js";

async function readCurrent(root: string, file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.join(root, file));
  } catch {
    return undefined;
  }
}

/** git's object id of a blob with these bytes (SHA-1, or SHA-256 for a 64-digit `like`). */
function blobId(bytes: Buffer, like: string): string {
  return createHash(like.length === 64 ? "sha256" : "sha1")
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest("hex");
}

/** Marks a file whose lines at the base are all there and nothing was appended. */
const UNCHANGED = Number.POSITIVE_INFINITY;

const isLogIn = (dirs: readonly string[], file: string) =>
  file.endsWith(LOG_SUFFIX) && dirs.some((dir) => file.startsWith(`${dir}/`));

/**
 * `validate --against <rev>`: every log file at `rev` — wherever adrift read it as log then, in
 * `.decisions/` or in that revision's log dir — is still read as log, with every line unchanged
 * and in place; events appended since are not dated before their file's first commit, nor after
 * this clock (a date ahead of every later write would outrank them); and the
 * appended lines only one person may write (answers, changes of a user's decision) were
 * authored and committed by that person. What could not be checked is said in `notices`.
 */
export async function checkHistory(
  ctx: AppContext,
  rev: string,
  state: ProjectState,
  idTimes: readonly number[] = [],
): Promise<{ problems: Problem[]; notices: string[] }> {
  const shallow = await ctx.git.shallowCommits();
  const { base, notices } = await resolveBase(ctx, rev, shallow);
  if (shallow.size > 0)
    notices.push(
      `this clone is shallow: lines committed before its history begins cannot be attributed; to check everything, ${FETCH}`,
    );
  const root = ctx.git.location.root;
  const oldLogDir = normalizeLogDir(await logDirAt(ctx, base, notices));
  const newLogDir = normalizeLogDir(ctx.config.log_dir);
  const oldDirs = logDirsRelative(oldLogDir);
  const current = (await listLogFiles(logDirs(ctx))).map((file) =>
    path.relative(root, file).split(path.sep).join("/"),
  );
  const reading = new Set(current);
  const problems: Problem[] = [];
  const appendedFrom = new Map<string, number>();
  const oldFiles = (await ctx.git.listFiles(base)).filter((e) => isLogIn(oldDirs, e.path));
  // Looked for only when a line is gone: what revert commits since the base took out.
  let reverted: RevertedLines | undefined;
  const revertedIn = async (file: string) => {
    reverted ??= await findRevertedLines(
      ctx.git,
      base,
      (await ctx.git.resolveRevision("HEAD")) ?? base,
      oldFiles.map((e) => e.path),
    );
    return reverted.get(file);
  };
  for (const entry of oldFiles) {
    let file = entry.path;
    let gone = "the file was removed";
    if (!reading.has(file) && oldLogDir !== newLogDir && file.startsWith(`${oldLogDir}/`)) {
      // The log dir moved in this diff: the file counts where the new log dir has it.
      const moved = `${newLogDir}/${file.slice(oldLogDir.length + 1)}`;
      const change = `log_dir changed from ${oldLogDir} to ${newLogDir}`;
      if (reading.has(moved)) {
        notices.push(`${file} is read as ${moved} now (${change})`);
        file = moved;
      } else gone = `${change}: the file is no longer read as part of the log`;
    }
    const bytes = reading.has(file) ? await readCurrent(root, file) : undefined;
    // The same bytes as at the base: nothing to compare, nothing appended (no read from git).
    if (bytes && blobId(bytes, entry.oid) === entry.oid) {
      appendedFrom.set(file, UNCHANGED);
      continue;
    }
    const old = historyLines((await ctx.git.readFileAt(base, entry.path))?.toString("utf8") ?? "");
    const text = bytes?.toString("utf8");
    const now = text === undefined ? undefined : historyLines(text);
    let compared = compareWithOld(file, base, old, now, gone);
    if (compared.problems.some((p) => p.code === "line_removed")) {
      const taken = await revertedIn(entry.path);
      if (taken) compared = compareWithOld(file, base, old, now, gone, taken);
    }
    problems.push(...compared.problems);
    notices.push(...compared.notices);
    if (text !== undefined) appendedFrom.set(file, compared.appendedFrom);
  }
  for (const file of current) {
    const from = appendedFrom.get(file) ?? 0;
    if (from === UNCHANGED) continue;
    const now: HistoryLine[] = historyLines(
      (await readCurrent(root, file))?.toString("utf8") ?? "",
    );
    const appended = now.slice(from).map((line, k) => ({ line, number: from + k + 1 }));
    if (appended.length === 0) continue;
    problems.push(...(await checkBackDating(ctx.git, file, appended, shallow, notices)));
    problems.push(...checkFutureDating(file, appended, ctx.clock.now().getTime(), idTimes));
    problems.push(...(await checkAuthorship(ctx.git, state, file, appended, shallow, notices)));
  }
  return { problems, notices };
}
